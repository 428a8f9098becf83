/**
 * Gymnasium's `Box`: the Cartesian product of closed intervals, possibly unbounded.
 */
import {
  ValidationError,
  isNDArray,
  ndarray,
  parseWithSchema,
  shapeSize,
  shapesEqual,
  type DType,
  type DTypeArrayMap,
  type NDArray,
} from "@plume/core-types";
import { z } from "zod";
import {
  canCast,
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
    low: NumericInputSchema,
    high: NumericInputSchema,
    shape: ShapeSchema.optional(),
    dtype: DTypeSchema.optional(),
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
 * Gymnasium's `_cast_low` / `_cast_high`: NaN is rejected, an infinite bound on its own side is
 * "unbounded" (signed integer dtypes store the dtype's extreme, unsigned and bool dtypes refuse
 * it), finite values must fit the dtype; values are then cast to the dtype.
 */
function castBound(
  input: FlatInput,
  side: Side,
  dtype: DType,
  shape: readonly number[],
): { values: DTypeArrayMap[DType]; bounded: boolean[] } {
  const size = shapeSize(shape);
  if (input.shape !== undefined && !shapesEqual(input.shape, shape)) {
    throw ValidationError.invalid(side, `an array of shape [${shape.join(", ")}] (the Box shape)`, input.shape);
  }
  const kind = kindOf(dtype);
  const source = input.shape === undefined ? Array.from({ length: size }, () => input.values[0] as Scalar) : input.values;
  const bounded: boolean[] = [];
  const cast: Scalar[] = [];
  const [fmin, fmax] = kind === "f" ? floatRange(dtype) : [0, 0];
  const [imin, imax] = kind === "f" ? [0n, 0n] : intRange(dtype);
  for (let i = 0; i < size; i++) {
    let value = source[i] as Scalar;
    if (typeof value === "number" && Number.isNaN(value)) {
      throw ValidationError.invalid(side, `numbers (no NaN) for every ${side} bound`, value);
    }
    const unboundedValue = side === "low" ? -Infinity : Infinity;
    const isUnbounded = value === unboundedValue;
    bounded.push(!isUnbounded);
    if (isUnbounded) {
      if (kind === "i") value = side === "low" ? imin : imax;
      else if (kind === "u" || kind === "b") {
        throw ValidationError.invalid(
          side,
          `finite ${side} bounds: ${dtype} has no ${side === "low" ? "-inf" : "inf"}`,
          value,
        );
      }
    } else {
      const outOfRange =
        typeof value === "number" && !Number.isFinite(value)
          ? true
          : kind === "f"
            ? value < fmin || value > fmax
            : value < imin || value > imax;
      if (outOfRange) {
        throw ValidationError.invalid(
          side,
          `${side === "low" ? "-Infinity or " : ""}values within the ${describeDType(dtype)}${side === "high" ? " or Infinity" : ""}`,
          value,
        );
      }
    }
    cast.push(value);
  }
  return { values: typedFrom(dtype, cast), bounded };
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
  /** Per element: false where the low bound was -Infinity. */
  readonly boundedBelow: readonly boolean[];
  /** Per element: false where the high bound was Infinity. */
  readonly boundedAbove: readonly boolean[];
  readonly #low: DTypeArrayMap[D];
  readonly #high: DTypeArrayMap[D];

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
    for (let i = 0; i < lows.length; i++) {
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
    this.boundedBelow = Object.freeze(lowCast.bounded);
    this.boundedAbove = Object.freeze(highCast.bounded);
    this.initSeed(opts.seed);
    if (new.target === Box) Object.freeze(this);
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
    const below = this.boundedBelow.every(Boolean);
    const above = this.boundedAbove.every(Boolean);
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
    return (
      other instanceof Box &&
      shapesEqual(this.shape, other.shape) &&
      this.dtype === other.dtype &&
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

