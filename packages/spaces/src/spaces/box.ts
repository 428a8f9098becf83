/**
 * Gymnasium's `Box`: the Cartesian product of closed intervals, possibly unbounded.
 */
import {
  ValidationError,
  allocate,
  isBigIntDType,
  isNDArray,
  ndarray,
  parseWithSchema,
  shapeSize,
  shapesEqual,
  type DType,
  type DTypeArrayMap,
  type NDArray,
} from "@plume/core-types";
import * as z from "zod";
import {
  canCast,
  castScalar,
  floatRange,
  intRange,
  kindOf,
  toBigInt,
  typedFrom,
  type Scalar,
} from "./internal/dtype.js";
import { allClose, compactValues, readNumericInput, type FlatInput } from "./internal/numeric.js";
import { npArray, npScalar, pyShape } from "./internal/repr.js";
import {
  DTypeSchema,
  NumericInputSchema,
  SeedOptionSchema,
  ShapeSchema,
  type NumericInput,
} from "./internal/schemas.js";
import type { BoxJSON, JSONNumber } from "./json-types.js";
import { Space, isPresent, type SpaceSeed } from "./space.js";

export interface BoxOptions<D extends DType = DType> {
  /** Lower bounds: one value for every element, or an array (nested, typed or NDArray) of the shape. `-Infinity` = unbounded. */
  readonly low: NumericInput;
  /** Upper bounds, like `low`. `Infinity` = unbounded. */
  readonly high: NumericInput;
  /** The sample shape; inferred from array bounds, `[1]` when both bounds are scalars. */
  readonly shape?: readonly number[];
  /** Element dtype, default `"float32"` as in Gymnasium. */
  readonly dtype?: D;
  /** An integer seed, or a Generator to use as is. */
  readonly seed?: SpaceSeed;
}

export const BoxOptionsSchema = z
  .object({
    /** Lower bounds: a number (every element) or an array / NDArray of the box's shape; `-Infinity` for unbounded. Required. */
    low: NumericInputSchema,
    /** Upper bounds, like `low`; `Infinity` for unbounded. Required. */
    high: NumericInputSchema,
    /** The shape. Default: the shape of `low` or `high` when either is an array, else `[1]`. */
    shape: ShapeSchema.optional(),
    /** The element type. Default `"float32"`. */
    dtype: DTypeSchema.optional(),
    /** Seeds the space's own generator (an integer in [0, 2**32 - 1], or a `Generator` used as is). Default: unseeded (OS entropy on first `sample`). */
    seed: SeedOptionSchema.optional(),
  })
  .strict();

export const BoxJSONSchema = z
  .object({
    type: z.literal("Box"),
    dtype: DTypeSchema,
    shape: ShapeSchema,
    low: z.union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))]),
    high: z.union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))]),
  })
  .strict();

type Side = "low" | "high";

function describeDType(dtype: DType): string {
  const kind = kindOf(dtype);
  if (kind === "f") {
    const [min, max] = floatRange(dtype);
    return `${dtype} range [${min}, ${max}]`;
  }
  const [min, max] = intRange(dtype);
  return `${dtype} range [${min}, ${max}]`;
}

/**
 * Typed arrays of bounds shared by every Box whose bounds on one side are one value (`new Box({ low: 0,
 * high: 1, shape: [2048, 2048] })` holds no bound arrays of its own). Safe to share: a Box never writes
 * its bound arrays after construction, and `low` / `high` hand out copies. Held weakly.
 */
const uniformValues = new Map<string, WeakRef<DTypeArrayMap[DType]>>();
/** The frozen all-true and all-false `boundedBelow` / `boundedAbove` arrays, shared likewise. */
const uniformFlags = new Map<string, WeakRef<readonly boolean[]>>();
const forget = new FinalizationRegistry<{ map: Map<string, WeakRef<object>>; key: string }>(({ map, key }) => {
  if (map.get(key)?.deref() === undefined) map.delete(key);
});

function shared<T extends object>(map: Map<string, WeakRef<T>>, key: string, make: () => T): T {
  const cached = map.get(key)?.deref();
  if (cached !== undefined) return cached;
  const made = make();
  map.set(key, new WeakRef(made));
  forget.register(made, { map: map as Map<string, WeakRef<object>>, key });
  return made;
}

function scalarKey(value: Scalar): string {
  if (typeof value === "bigint") return `${value}n`;
  return Object.is(value, -0) ? "-0" : String(value);
}

function sharedValues(dtype: DType, size: number, value: Scalar): DTypeArrayMap[DType] {
  return shared(uniformValues, `${dtype}:${size}:${scalarKey(value)}`, () => {
    const out = allocate(dtype, size);
    (out as unknown as { fill(value: Scalar): unknown }).fill(isBigIntDType(dtype) ? toBigInt(value) : Number(value));
    return out;
  });
}

/** Per-element bounded flags: one boolean when every element is alike (materialized only when read). */
type Flags = readonly boolean[] | boolean;

function sharedFlags(size: number, bounded: boolean): readonly boolean[] {
  return shared(uniformFlags, `${size}:${bounded}`, () => Object.freeze(new Array<boolean>(size).fill(bounded)));
}

function flagsArray(flags: Flags, size: number): readonly boolean[] {
  return typeof flags === "boolean" ? sharedFlags(size, flags) : flags;
}

/**
 * One bound of `castBound`: NaN is rejected, an infinite bound on its own side is "unbounded" (signed
 * integer dtypes store the dtype's extreme, unsigned and bool dtypes refuse it), a finite value must fit
 * the dtype. Returns the value to cast.
 */
function checkedBound(value: Scalar, unbounded: boolean, side: Side, dtype: DType): Scalar {
  if (typeof value === "number" && Number.isNaN(value)) {
    throw ValidationError.invalid(side, `numbers (no NaN) for every ${side} bound`, value);
  }
  const kind = kindOf(dtype);
  if (unbounded) {
    if (kind === "i") {
      const [imin, imax] = intRange(dtype);
      return side === "low" ? imin : imax;
    }
    if (kind === "u" || kind === "b") {
      throw ValidationError.invalid(side, `finite ${side} bounds: ${dtype} has no ${side === "low" ? "-inf" : "inf"}`, value);
    }
    return value;
  }
  let outOfRange: boolean;
  if (typeof value === "number" && !Number.isFinite(value)) outOfRange = true;
  else if (kind === "f") {
    const [fmin, fmax] = floatRange(dtype);
    outOfRange = value < fmin || value > fmax;
  } else {
    const [imin, imax] = intRange(dtype);
    outOfRange = value < imin || value > imax;
  }
  if (outOfRange) {
    throw ValidationError.invalid(
      side,
      `${side === "low" ? "-Infinity or " : ""}values within the ${describeDType(dtype)}${side === "high" ? " or Infinity" : ""}`,
      value,
    );
  }
  return value;
}

/**
 * Gymnasium's `_cast_low` / `_cast_high` (each bound as `checkedBound` says), then cast to the dtype.
 * A scalar bound is checked once, and its values and flags are the shared arrays of that value; array
 * bounds are cast straight into a typed array. `uniform` is the cast value of a scalar bound.
 */
function castBound(
  input: FlatInput,
  side: Side,
  dtype: DType,
  shape: readonly number[],
): { values: DTypeArrayMap[DType]; bounded: Flags; uniform: Scalar | undefined } {
  const size = shapeSize(shape);
  if (input.shape !== undefined && !shapesEqual(input.shape, shape)) {
    throw ValidationError.invalid(side, `an array of shape [${shape.join(", ")}] (the Box shape)`, input.shape);
  }
  const unboundedValue = side === "low" ? -Infinity : Infinity;
  if (input.shape === undefined) {
    const value = input.values[0] as Scalar;
    const unbounded = value === unboundedValue;
    // Nothing to check in an empty Box (Gymnasium's checks run over np.full(shape, bound): no elements).
    if (size === 0) return { values: allocate(dtype, 0), bounded: [], uniform: undefined };
    const cast = castScalar(checkedBound(value, unbounded, side, dtype), dtype);
    return { values: sharedValues(dtype, size, cast), bounded: !unbounded, uniform: cast };
  }
  const out = allocate(dtype, size);
  const sink = out as unknown as Scalar[];
  const big = isBigIntDType(dtype);
  const flags = new Uint8Array(size);
  let boundedCount = 0;
  for (let i = 0; i < size; i++) {
    const value = input.values[i] as Scalar;
    const unbounded = value === unboundedValue;
    const cast = castScalar(checkedBound(value, unbounded, side, dtype), dtype);
    sink[i] = big ? toBigInt(cast) : Number(cast);
    if (!unbounded) {
      flags[i] = 1;
      boundedCount += 1;
    }
  }
  const bounded = size > 0 && boundedCount === size ? true : size > 0 && boundedCount === 0 ? false : Object.freeze(Array.from(flags, (f) => f === 1));
  return { values: out, bounded, uniform: undefined };
}

function jsonNumber(value: Scalar, bounded: boolean, side: Side): JSONNumber {
  if (!bounded) return side === "low" ? "-inf" : "inf";
  if (typeof value === "bigint") {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
  }
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  if (Object.is(value, -0)) return "-0.0";
  return value;
}

function parseJSONNumber(value: JSONNumber, parameter: string): Scalar {
  if (typeof value === "number") return value;
  if (value === "inf") return Infinity;
  if (value === "-inf") return -Infinity;
  if (value === "-0.0") return -0;
  if (/^-?\d+$/.test(value)) return BigInt(value);
  throw ValidationError.invalid(parameter, 'a number, "inf", "-inf" or a decimal integer string', value);
}

let readUniformBounds: (box: Box<DType>) => { low: Scalar; high: Scalar } | undefined;

/**
 * The cast value of every low bound and of every high bound when each side was given as one scalar;
 * undefined otherwise. For `batchSpace` (not exported from the package).
 */
export function uniformBoundsOf(box: Box<DType>): { low: Scalar; high: Scalar } | undefined {
  return readUniformBounds(box);
}

/**
 * A (possibly unbounded) box in R^n: samples are NDArrays of `shape` and `dtype` with
 * `low <= x <= high` element-wise.
 *
 * ```ts
 * const box = new Box({ low: -1, high: 1, shape: [2], dtype: "float32" }); // Box<"float32">
 * box.seed(0);
 * box.sample(); // NDArray<"float32">
 * ```
 */
export class Box<D extends DType = "float32"> extends Space<NDArray<D>> {
  readonly dtype: NoInfer<D>;
  readonly shape: readonly number[];
  readonly #below: Flags;
  readonly #above: Flags;
  readonly #low: DTypeArrayMap[D];
  readonly #high: DTypeArrayMap[D];
  /** The cast value of every low (high) bound when it was given as one scalar, else undefined. */
  readonly #uniformLow: Scalar | undefined;
  readonly #uniformHigh: Scalar | undefined;

  static {
    readUniformBounds = (box) => {
      const low = box.#uniformLow;
      const high = box.#uniformHigh;
      return low === undefined || high === undefined ? undefined : { low, high };
    };
  }

  constructor(options: BoxOptions<D>) {
    super();
    const opts = parseWithSchema(BoxOptionsSchema, options, { what: "Box options" });
    const dtype = (opts.dtype ?? "float32") as D;
    const low = readNumericInput(opts.low, "low");
    const high = readNumericInput(opts.high, "high");
    let shape: readonly number[];
    if (opts.shape !== undefined) shape = [...opts.shape];
    else if (low.shape !== undefined && high.shape !== undefined) {
      if (!shapesEqual(low.shape, high.shape)) {
        throw ValidationError.invalid("high", `an array of the shape of low [${low.shape.join(", ")}]`, high.shape);
      }
      shape = low.shape;
    } else shape = low.shape ?? high.shape ?? [1];
    this.dtype = dtype;
    this.shape = Object.freeze([...shape]);
    const lowCast = castBound(low, "low", dtype, this.shape);
    const highCast = castBound(high, "high", dtype, this.shape);
    const lows = lowCast.values as ArrayLike<Scalar>;
    const highs = highCast.values as ArrayLike<Scalar>;
    // Two scalar bounds: every element compares alike, so the first one says it.
    const compared = lowCast.uniform !== undefined && highCast.uniform !== undefined ? Math.min(1, lows.length) : lows.length;
    for (let i = 0; i < compared; i++) {
      if ((lows[i] as Scalar) > (highs[i] as Scalar)) {
        throw ValidationError.invalid(
          "low",
          `low <= high for every element (low[${i}] = ${lows[i]} > high[${i}] = ${highs[i]})`,
          lows[i],
        );
      }
    }
    this.#low = lowCast.values as DTypeArrayMap[D];
    this.#high = highCast.values as DTypeArrayMap[D];
    this.#below = lowCast.bounded;
    this.#above = highCast.bounded;
    this.#uniformLow = lowCast.uniform;
    this.#uniformHigh = highCast.uniform;
    this.initSeed(opts.seed);
    if (new.target === Box) Object.freeze(this);
  }

  /** Per element: false where the low bound was -Infinity (frozen). */
  get boundedBelow(): readonly boolean[] {
    return flagsArray(this.#below, this.#low.length);
  }

  /** Per element: false where the high bound was Infinity (frozen). */
  get boundedAbove(): readonly boolean[] {
    return flagsArray(this.#above, this.#high.length);
  }

  /** The lower bounds, cast to the dtype (a copy). */
  get low(): NDArray<D> {
    return ndarray(this.dtype, this.shape, this.#low.slice() as DTypeArrayMap[D]);
  }

  /** The upper bounds, cast to the dtype (a copy). */
  get high(): NDArray<D> {
    return ndarray(this.dtype, this.shape, this.#high.slice() as DTypeArrayMap[D]);
  }

  get isNpFlattenable(): boolean {
    return true;
  }

  /** Gymnasium's `is_bounded(manner)`: `"both"` (default), `"below"` or `"above"`. */
  isBounded(manner: "both" | "below" | "above" = "both"): boolean {
    const below = typeof this.#below === "boolean" ? this.#below : this.#below.every(Boolean);
    const above = typeof this.#above === "boolean" ? this.#above : this.#above.every(Boolean);
    if (manner === "both") return below && above;
    if (manner === "below") return below;
    if (manner === "above") return above;
    throw ValidationError.invalid("manner", '"both", "below" or "above"', manner);
  }

  /**
   * Gymnasium's sampling, draw for draw: a float64 work array filled group by group (unbounded
   * elements from `normal()`, lower-bounded from `exponential() + low`, upper-bounded from
   * `-exponential() + high`, bounded from `uniform(low, high)`), each group in row-major order;
   * integer dtypes sample [low, high + 1), floor, clip to the dtype, then everything is cast.
   * Box supports neither `mask` nor `probability`.
   */
  sample(mask?: null, probability?: null): NDArray<D> {
    if (isPresent(mask)) {
      throw new ValidationError("Box.sample cannot be given a mask", {
        parameter: "mask",
        expected: "no mask (null or undefined)",
        received: mask,
      });
    }
    if (isPresent(probability)) {
      throw new ValidationError("Box.sample cannot be given a probability", {
        parameter: "probability",
        expected: "no probability (null or undefined)",
        received: probability,
      });
    }
    const rng = this.npRandom;
    const kind = kindOf(this.dtype);
    const lows = this.#low as ArrayLike<Scalar>;
    const highs = this.#high as ArrayLike<Scalar>;
    const size = lows.length;
    const work = new Float64Array(size);
    const highWork = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      const h = highs[i] as Scalar;
      // integer dtypes: high.astype("int64") + 1, wrapping like NumPy's int64 arithmetic
      highWork[i] = kind === "f" ? Number(h) : Number(BigInt.asIntN(64, BigInt.asIntN(64, toBigInt(h)) + 1n));
    }
    const below = this.boundedBelow;
    const above = this.boundedAbove;
    for (let i = 0; i < size; i++) if (!below[i] && !above[i]) work[i] = rng.normal(0, 1);
    for (let i = 0; i < size; i++) if (below[i] && !above[i]) work[i] = rng.exponential(1) + Number(lows[i]);
    for (let i = 0; i < size; i++) if (!below[i] && above[i]) work[i] = -rng.exponential(1) + (highWork[i] as number);
    for (let i = 0; i < size; i++) {
      if (below[i] && above[i]) work[i] = rng.uniform(Number(lows[i]), highWork[i] as number);
    }
    if (kind === "f") return ndarray(this.dtype, this.shape, typedFrom(this.dtype, work));
    for (let i = 0; i < size; i++) work[i] = Math.floor(work[i] as number);
    if (kind === "i" || kind === "u") {
      const [min, max] = intRange(this.dtype);
      const lo = kind === "i" ? Number(min + 2n) : Number(min);
      const hi = kind === "i" ? Number(max - 2n) : Number(max);
      for (let i = 0; i < size; i++) work[i] = Math.min(Math.max(work[i] as number, lo), hi);
    }
    const out = typedFrom(this.dtype, work);
    if (this.dtype === "int64") {
      // float64 lacks integer precision near the int64 extremes: clip again to the bounds.
      const big = out as unknown as BigInt64Array;
      for (let i = 0; i < size; i++) {
        const v = big[i] as bigint;
        const lo = lows[i] as bigint;
        const hi = highs[i] as bigint;
        big[i] = v < lo ? lo : v > hi ? hi : v;
      }
    }
    return ndarray(this.dtype, this.shape, out);
  }

  /**
   * Gymnasium's rule: an NDArray whose dtype casts safely to the Box dtype (`np.can_cast`), of
   * the Box shape, with every element in [low, high] (NaN never is).
   */
  contains(value: unknown): value is NDArray<D> {
    if (!isNDArray(value)) return false;
    if (!canCast(value.dtype, this.dtype) || !shapesEqual(value.shape, this.shape)) return false;
    const data = value.data as ArrayLike<Scalar>;
    const lows = this.#low as ArrayLike<Scalar>;
    const highs = this.#high as ArrayLike<Scalar>;
    for (let i = 0; i < data.length; i++) {
      const x = data[i] as Scalar;
      if (!(x >= (lows[i] as Scalar) && x <= (highs[i] as Scalar))) return false;
    }
    return true;
  }

  /** Gymnasium's `__eq__`: same shape and dtype, bounds `np.allclose`. */
  equals(other: unknown): boolean {
    if (!(other instanceof Box) || !shapesEqual(this.shape, other.shape) || this.dtype !== other.dtype) return false;
    // Boxes of the same shape and dtype with the same scalar bounds share their bound arrays.
    if (this.#low === other.#low && this.#high === other.#high) return true;
    return (
      allClose(this.#low as ArrayLike<Scalar>, other.#low as ArrayLike<Scalar>) &&
      allClose(this.#high as ArrayLike<Scalar>, other.#high as ArrayLike<Scalar>)
    );
  }

  /** The bounds with infinities where the Box is unbounded (what the constructor was given, cast). */
  #boundInputs(): { low: Scalar[]; high: Scalar[] } {
    const lows = Array.from(this.#low as ArrayLike<Scalar>, (v, i) => (this.boundedBelow[i] ? v : -Infinity));
    const highs = Array.from(this.#high as ArrayLike<Scalar>, (v, i) => (this.boundedAbove[i] ? v : Infinity));
    return { low: lows, high: highs };
  }

  toJSON(): BoxJSON {
    const { low, high } = this.#boundInputs();
    const encode = (values: Scalar[], side: Side) => {
      const compact = compactValues(values, [values.length]);
      const bounded = side === "low" ? this.boundedBelow : this.boundedAbove;
      if (!Array.isArray(compact)) return jsonNumber(compact as Scalar, bounded[0] ?? true, side);
      return values.map((v, i) => jsonNumber(v, bounded[i] ?? true, side));
    };
    return { type: "Box", dtype: this.dtype, shape: [...this.shape], low: encode(low, "low"), high: encode(high, "high") };
  }

  /** Reads `toJSON()` output back (the generator is not part of the JSON). */
  static fromJSON(json: unknown): Box<DType> {
    const data = parseWithSchema(BoxJSONSchema, json, { what: "Box JSON" });
    const decode = (value: JSONNumber | readonly JSONNumber[], side: Side) => {
      if (!Array.isArray(value)) return parseJSONNumber(value as JSONNumber, side);
      const values = (value as readonly JSONNumber[]).map((v) => parseJSONNumber(v, side));
      return compactValues(values, data.shape);
    };
    return new Box({ low: decode(data.low, "low"), high: decode(data.high, "high"), shape: data.shape, dtype: data.dtype });
  }

  copy(): Box<D> {
    const { low, high } = this.#boundInputs();
    const copy = new Box<D>({
      low: compactValues(low, this.shape),
      high: compactValues(high, this.shape),
      shape: this.shape,
      dtype: this.dtype,
    });
    this.copyGeneratorTo(copy);
    return copy;
  }

  toString(): string {
    const kind = kindOf(this.dtype);
    const f32 = this.dtype === "float32";
    const repr = (data: ArrayLike<Scalar>) => {
      const values = Array.from(data);
      if (values.length > 0 && values.every((v) => v === values[0])) return npScalar(values[0] as Scalar, kind, f32);
      return npArray(values, this.shape, kind, f32);
    };
    return `Box(${repr(this.#low as ArrayLike<Scalar>)}, ${repr(this.#high as ArrayLike<Scalar>)}, ${pyShape(this.shape)}, ${this.dtype})`;
  }
}

