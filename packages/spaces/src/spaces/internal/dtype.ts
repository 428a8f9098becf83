/**
 * NumPy dtype rules the spaces need: safe casting (`np.can_cast`), type promotion
 * (`np.promote_types` / `np.result_type`), exact integer ranges and `astype` conversions.
 */
import { allocate, dtypeInfo, isBigIntDType, type DType, type DTypeArrayMap, type IntDType } from "@plume/core-types";

export type Scalar = number | bigint;

export const INT_DTYPES: readonly IntDType[] = Object.freeze([
  "int8",
  "int16",
  "int32",
  "int64",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
]);

export type DTypeKind = "f" | "i" | "u" | "b";

/** [kind, bits] of a dtype, from core-types' dtype table (the single source of dtype facts). */
function kindBits(dtype: DType): readonly [DTypeKind, number] {
  const info = dtypeInfo(dtype);
  return [info.kind, info.bits];
}

export function kindOf(dtype: DType): DTypeKind {
  return kindBits(dtype)[0];
}

export function bitsOf(dtype: DType): number {
  return kindBits(dtype)[1];
}

export function isIntDType(value: unknown): value is IntDType {
  return typeof value === "string" && (INT_DTYPES as readonly string[]).includes(value);
}

export function isFloatKind(dtype: DType): boolean {
  return kindOf(dtype) === "f";
}

/** Exact [min, max] of an integer or bool dtype, as bigints. */
export function intRange(dtype: DType): readonly [bigint, bigint] {
  const [kind, bits] = kindBits(dtype);
  if (kind === "b") return [0n, 1n];
  if (kind === "u") return [0n, (1n << BigInt(bits)) - 1n];
  if (kind === "i") return [-(1n << BigInt(bits - 1)), (1n << BigInt(bits - 1)) - 1n];
  throw new TypeError(`intRange: ${dtype} is not an integer dtype`);
}

/** `np.finfo(dtype).min/max` for float dtypes, as numbers. */
export function floatRange(dtype: DType): readonly [number, number] {
  if (dtype === "float32") return [-3.4028234663852886e38, 3.4028234663852886e38];
  return [-Number.MAX_VALUE, Number.MAX_VALUE];
}

function intDType(kind: "i" | "u", bits: number): DType {
  return `${kind === "i" ? "int" : "uint"}${bits}` as DType;
}

/** `np.promote_types(a, b)`. */
export function promoteTypes(a: DType, b: DType): DType {
  if (a === b) return a;
  const [ka, ba] = kindBits(a);
  const [kb, bb] = kindBits(b);
  if (ka === "b") return b;
  if (kb === "b") return a;
  if (ka === "f" || kb === "f") {
    if (ka === "f" && kb === "f") return ba >= bb ? a : b;
    const [fBits, iBits] = ka === "f" ? [ba, bb] : [bb, ba];
    if (fBits === 64) return "float64";
    // float32 holds 8- and 16-bit integers exactly; wider integers promote to float64.
    return iBits <= 16 ? "float32" : "float64";
  }
  if (ka === kb) return ba >= bb ? a : b;
  // one signed, one unsigned
  const [sBits, uBits] = ka === "i" ? [ba, bb] : [bb, ba];
  if (sBits > uBits) return intDType("i", sBits);
  if (uBits === 64) return "float64";
  return intDType("i", uBits * 2);
}

/** `np.result_type(*dtypes)` for dtypes (not values). */
export function resultType(dtypes: readonly DType[]): DType {
  if (dtypes.length === 0) return "float64";
  return dtypes.reduce((acc, d) => promoteTypes(acc, d));
}

/** `np.can_cast(from, to)` with the default "safe" casting. */
export function canCast(from: DType, to: DType): boolean {
  return promoteTypes(from, to) === to;
}

const TWO63 = 2 ** 63;
const TWO64 = 2 ** 64;

/**
 * NumPy's `astype` of one value to `dtype`: floats round (float32), floats truncate toward zero
 * into integers (C casts), integers wrap into narrower integer types, anything non-zero is `True`.
 */
export function castScalar(value: Scalar, dtype: DType): Scalar {
  const [kind, bits] = kindBits(dtype);
  if (kind === "f") {
    const n = Number(value);
    return bits === 32 ? Math.fround(n) : n;
  }
  if (kind === "b") return typeof value === "bigint" ? (value === 0n ? 0 : 1) : value === 0 ? 0 : 1;
  let big: bigint;
  if (typeof value === "bigint") {
    big = value;
  } else {
    if (!Number.isFinite(value)) {
      // NaN and infinities: what x86 produces for out-of-range conversions (INT64_MIN), as NumPy does.
      big = -(1n << 63n);
    } else {
      const t = Math.trunc(value);
      if (bits === 64 && kind === "i" && (t >= TWO63 || t < -TWO63)) big = -(1n << 63n);
      else if (bits === 64 && kind === "u" && (t >= TWO64 || t < -TWO63)) big = 1n << 63n;
      else big = BigInt(t);
    }
  }
  const wrapped = kind === "i" ? BigInt.asIntN(bits, big) : BigInt.asUintN(bits, big);
  return bits === 64 ? wrapped : Number(wrapped);
}

/** A typed array of `dtype` holding `values` cast with `castScalar`. */
export function typedFrom<D extends DType>(dtype: D, values: ArrayLike<Scalar>): DTypeArrayMap[D] {
  const out = allocate(dtype, values.length);
  castInto(dtype, values, out, 0);
  return out;
}

/** Writes `values` cast with `castScalar` into `out` (a typed array of `dtype`) from index `offset`. */
export function castInto(dtype: DType, values: ArrayLike<Scalar>, out: DTypeArrayMap[DType], offset: number): void {
  const big = isBigIntDType(dtype);
  const sink = out as unknown as Scalar[];
  for (let i = 0; i < values.length; i++) {
    const v = castScalar(values[i] as Scalar, dtype);
    sink[offset + i] = big ? toBigInt(v) : Number(v);
  }
}

export function toNumber(value: Scalar): number {
  return typeof value === "bigint" ? Number(value) : value;
}

export function toBigInt(value: Scalar): bigint {
  return typeof value === "bigint" ? value : BigInt(value);
}
