/**
 * A minimal n-dimensional array: `{ dtype, shape, data }`, row-major, with a typed array of the dtype.
 * Structurally compatible with scijs `ndarray` (`data`, `shape`, `dtype`) and convertible to a
 * TensorFlow.js tensor with `tf.tensor(a.data, a.shape)`.
 */
import { ValidationError } from "./errors.js";

export interface DTypeArrayMap {
  float32: Float32Array;
  float64: Float64Array;
  int8: Int8Array;
  int16: Int16Array;
  int32: Int32Array;
  int64: BigInt64Array;
  uint8: Uint8Array;
  uint16: Uint16Array;
  uint32: Uint32Array;
  uint64: BigUint64Array;
  bool: Uint8Array;
}

export type DType = keyof DTypeArrayMap;
export type FloatDType = "float32" | "float64";
export type IntDType = "int8" | "int16" | "int32" | "int64" | "uint8" | "uint16" | "uint32" | "uint64";
export type BigIntDType = "int64" | "uint64";
/** The dtypes whose elements are JavaScript numbers (not bigints). */
export type NumberDType = Exclude<DType, BigIntDType>;

export const DTYPES: readonly DType[] = Object.freeze([
  "float32",
  "float64",
  "int8",
  "int16",
  "int32",
  "int64",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "bool",
]);

export interface NDArray<D extends DType = DType> {
  readonly dtype: D;
  readonly shape: readonly number[];
  readonly data: DTypeArrayMap[D];
}

export interface DTypeInfo {
  readonly kind: "f" | "i" | "u" | "b";
  readonly bits: number;
  /** Smallest and largest representable value (finite extremes for floats). */
  readonly min: number;
  readonly max: number;
}

const DTYPE_INFO: Readonly<Record<DType, DTypeInfo>> = Object.freeze({
  float32: { kind: "f", bits: 32, min: -3.4028234663852886e38, max: 3.4028234663852886e38 },
  float64: { kind: "f", bits: 64, min: -Number.MAX_VALUE, max: Number.MAX_VALUE },
  int8: { kind: "i", bits: 8, min: -128, max: 127 },
  int16: { kind: "i", bits: 16, min: -32768, max: 32767 },
  int32: { kind: "i", bits: 32, min: -2147483648, max: 2147483647 },
  // 64-bit extremes are not representable as numbers; 2 ** 63 and 2 ** 64 are the nearest doubles
  // (the same values the decimal literals round to), written so that no literal loses precision.
  int64: { kind: "i", bits: 64, min: -(2 ** 63), max: 2 ** 63 },
  uint8: { kind: "u", bits: 8, min: 0, max: 255 },
  uint16: { kind: "u", bits: 16, min: 0, max: 65535 },
  uint32: { kind: "u", bits: 32, min: 0, max: 4294967295 },
  uint64: { kind: "u", bits: 64, min: 0, max: 2 ** 64 },
  bool: { kind: "b", bits: 8, min: 0, max: 1 },
});

export function isDType(value: unknown): value is DType {
  return typeof value === "string" && Object.prototype.hasOwnProperty.call(DTYPE_INFO, value);
}

export function dtypeInfo(dtype: DType): DTypeInfo {
  return DTYPE_INFO[dtype];
}

export function isBigIntDType(dtype: DType): dtype is BigIntDType {
  return dtype === "int64" || dtype === "uint64";
}

/** Number of elements of an array with this shape (1 for a scalar shape `[]`). */
export function shapeSize(shape: readonly number[]): number {
  let size = 1;
  for (const dim of shape) size *= dim;
  return size;
}

export function assertShape(shape: unknown, parameter = "shape"): asserts shape is readonly number[] {
  if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0)) {
    throw ValidationError.invalid(parameter, "an array of non-negative integers", shape);
  }
}

export function shapesEqual(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((dim, i) => dim === b[i]);
}

/** A zero-filled typed array of `length` elements of `dtype`. */
export function allocate<D extends DType>(dtype: D, length: number): DTypeArrayMap[D] {
  switch (dtype) {
    case "float32":
      return new Float32Array(length) as DTypeArrayMap[D];
    case "float64":
      return new Float64Array(length) as DTypeArrayMap[D];
    case "int8":
      return new Int8Array(length) as DTypeArrayMap[D];
    case "int16":
      return new Int16Array(length) as DTypeArrayMap[D];
    case "int32":
      return new Int32Array(length) as DTypeArrayMap[D];
    case "int64":
      return new BigInt64Array(length) as DTypeArrayMap[D];
    case "uint8":
    case "bool":
      return new Uint8Array(length) as DTypeArrayMap[D];
    case "uint16":
      return new Uint16Array(length) as DTypeArrayMap[D];
    case "uint32":
      return new Uint32Array(length) as DTypeArrayMap[D];
    case "uint64":
      return new BigUint64Array(length) as DTypeArrayMap[D];
    default:
      throw ValidationError.invalid("dtype", `one of ${DTYPES.join(", ")}`, dtype);
  }
}

/** The dtype whose typed-array constructor made `data`, or undefined (Uint8Array reads as uint8). */
export function dtypeOfTypedArray(data: unknown): DType | undefined {
  if (data instanceof Float32Array) return "float32";
  if (data instanceof Float64Array) return "float64";
  if (data instanceof Int8Array) return "int8";
  if (data instanceof Int16Array) return "int16";
  if (data instanceof Int32Array) return "int32";
  if (data instanceof BigInt64Array) return "int64";
  if (data instanceof Uint8Array) return "uint8";
  if (data instanceof Uint16Array) return "uint16";
  if (data instanceof Uint32Array) return "uint32";
  if (data instanceof BigUint64Array) return "uint64";
  return undefined;
}

function storageMatches(dtype: DType, data: unknown): boolean {
  const storage = dtypeOfTypedArray(data);
  return storage === dtype || (dtype === "bool" && storage === "uint8");
}

/** Builds an NDArray, checking that `data` is the right typed array and length for `shape`. */
export function ndarray<D extends DType>(
  dtype: D,
  shape: readonly number[],
  data?: DTypeArrayMap[D] | ArrayLike<number> | ArrayLike<bigint>,
): NDArray<D> {
  if (!isDType(dtype)) throw ValidationError.invalid("dtype", `one of ${DTYPES.join(", ")}`, dtype);
  assertShape(shape);
  const size = shapeSize(shape);
  let storage: DTypeArrayMap[D];
  if (data === undefined) {
    storage = allocate(dtype, size);
  } else if (storageMatches(dtype, data)) {
    storage = data as DTypeArrayMap[D];
  } else {
    storage = allocate(dtype, data.length);
    const big = isBigIntDType(dtype);
    for (let i = 0; i < data.length; i++) {
      const value = data[i] as number | bigint;
      (storage as unknown as Array<number | bigint>)[i] = big ? BigInt(value) : Number(value);
    }
  }
  if (storage.length !== size) {
    throw ValidationError.invalid("data", `${size} elements for shape [${shape.join(", ")}]`, storage.length);
  }
  return Object.freeze({ dtype, shape: Object.freeze([...shape]), data: storage });
}

export function isNDArray(value: unknown): value is NDArray {
  if (value === null || typeof value !== "object") return false;
  const candidate = value as Partial<NDArray>;
  return (
    isDType(candidate.dtype) &&
    Array.isArray(candidate.shape) &&
    storageMatches(candidate.dtype, candidate.data) &&
    (candidate.data as ArrayLike<unknown>).length === shapeSize(candidate.shape)
  );
}

/** The elements as plain numbers (bigints converted), in row-major order. */
export function toNumbers(array: NDArray): number[] {
  return Array.from(array.data as ArrayLike<number | bigint>, (v) => Number(v));
}

/** The elements as nested arrays following `shape` (a number for a scalar shape). */
export function toNested(array: NDArray): unknown {
  const flat = toNumbers(array);
  const build = (depth: number, offset: number): unknown => {
    if (depth === array.shape.length) return flat[offset];
    const stride = shapeSize(array.shape.slice(depth + 1));
    return Array.from({ length: array.shape[depth] ?? 0 }, (_, i) => build(depth + 1, offset + i * stride));
  };
  return build(0, 0);
}
