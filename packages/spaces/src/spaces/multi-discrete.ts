/**
 * Gymnasium's `MultiDiscrete`: the Cartesian product of Discrete spaces, as an integer NDArray.
 */
import {
  ValidationError,
  isNDArray,
  ndarray,
  parseWithSchema,
  shapeSize,
  shapesEqual,
  type DTypeArrayMap,
  type IntDType,
  type NDArray,
} from "@plume/core-types";
import * as z from "zod";
import { castScalar, intRange, isIntDType, kindOf, toBigInt, typedFrom, type Scalar } from "./internal/dtype.js";
import { checkMaskArray, normalisedAt, validIndicesOfMask, validIndicesOfProbability, type MaskKind } from "./internal/masks.js";
import { readNumericInput, nestValues } from "./internal/numeric.js";
import { npArray } from "./internal/repr.js";
import { IntDTypeSchema, NumericInputSchema, SeedOptionSchema, ShapeSchema, type NumericInput } from "./internal/schemas.js";
import type { JSONNumber, MultiDiscreteJSON } from "./json-types.js";
import { Space, assertSingleMask, isPresent, type SpaceSeed } from "./space.js";

export interface MultiDiscreteOptions<D extends IntDType = IntDType> {
  /** The number of values of each element (positive integers): a list, nested list, typed array or NDArray. */
  readonly nvec: NumericInput;
  /** Integer dtype of samples, default `"int64"`. */
  readonly dtype?: D;
  /** The smallest value of each element (same shape as nvec), default zeros. */
  readonly start?: NumericInput;
  readonly seed?: SpaceSeed;
}

export const MultiDiscreteOptionsSchema = z
  .object({
    /** The number of values of each element (positive integers, any shape). Required. */
    nvec: NumericInputSchema,
    /** The integer element type. Default `"int64"`. */
    dtype: IntDTypeSchema.optional(),
    /** The smallest value of each element, shaped like `nvec`. Default: zeros. */
    start: NumericInputSchema.optional(),
    /** Seeds the space's own generator (an integer in [0, 2**32 - 1], or a `Generator` used as is). Default: unseeded (OS entropy on first `sample`). */
    seed: SeedOptionSchema.optional(),
  })
  .strict();

const JSONNumberSchema = z.union([z.number(), z.string().regex(/^-?\d+$/)]);

export const MultiDiscreteJSONSchema = z
  .object({
    type: z.literal("MultiDiscrete"),
    dtype: IntDTypeSchema,
    shape: ShapeSchema,
    nvec: z.array(JSONNumberSchema),
    start: z.array(JSONNumberSchema),
  })
  .strict();

/**
 * A nested mask for MultiDiscrete: for a 1-D `nvec`, an array with one int8 NDArray of length
 * `nvec[i]` per element (float64 for `probability`); nested arrays for more axes.
 */
export type MultiDiscreteMask = NDArray | readonly MultiDiscreteMask[];

function isOptionsObject(value: unknown): value is MultiDiscreteOptions {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !isNDArray(value) &&
    !ArrayBuffer.isView(value) &&
    "nvec" in value
  );
}

function jsonNumber(value: Scalar): JSONNumber {
  if (typeof value === "number") return value;
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

function readIntegers(input: NumericInput, parameter: string, dtype: IntDType): { shape: readonly number[]; values: bigint[] } {
  const read = readNumericInput(input, parameter);
  const [min, max] = intRange(dtype);
  const values = read.values.map((v) => {
    if (typeof v === "number" && !Number.isInteger(v)) throw ValidationError.invalid(parameter, "integers", v);
    const big = toBigInt(v);
    if (big < min || big > max) throw ValidationError.invalid(parameter, `integers within the ${dtype} range [${min}, ${max}]`, v);
    return big;
  });
  return { shape: read.shape ?? [], values };
}

/**
 * The product of `nvec.length` discrete spaces: samples are NDArrays of `dtype` (default int64)
 * with `start[i] <= x[i] < start[i] + nvec[i]`.
 *
 * ```ts
 * const space = new MultiDiscrete([3, 5, 2]); // MultiDiscrete<"int64">
 * space.sample(); // NDArray<"int64"> (BigInt64Array data)
 * ```
 */
export class MultiDiscrete<D extends IntDType = "int64"> extends Space<NDArray<D>> {
  readonly dtype: NoInfer<D>;
  readonly shape: readonly number[];
  readonly #nvec: DTypeArrayMap[D];
  readonly #start: DTypeArrayMap[D];
  /** start + nvec (exclusive end), exact. */
  readonly #end: readonly bigint[];

  constructor(nvec: NumericInput | MultiDiscreteOptions<D>, options: Omit<MultiDiscreteOptions<D>, "nvec"> = {}) {
    super();
    const input = isOptionsObject(nvec) ? nvec : { ...options, nvec };
    const opts = parseWithSchema(MultiDiscreteOptionsSchema, input, { what: "MultiDiscrete options" });
    const dtype = (opts.dtype ?? "int64") as D;
    const counts = readIntegers(opts.nvec, "nvec", dtype);
    counts.values.forEach((v) => {
      if (v <= 0n) throw ValidationError.invalid("nvec", "positive counts", v);
    });
    const starts =
      opts.start === undefined
        ? { shape: counts.shape, values: counts.values.map(() => 0n) }
        : readIntegers(opts.start, "start", dtype);
    if (!shapesEqual(starts.shape, counts.shape)) {
      throw ValidationError.invalid("start", `an array of the shape of nvec [${counts.shape.join(", ")}]`, starts.shape);
    }
    const [, max] = intRange(dtype);
    const end = counts.values.map((n, i) => {
      const e = (starts.values[i] as bigint) + n;
      if (e - 1n > max) throw ValidationError.invalid("start", `start + nvec - 1 within the ${dtype} range (max ${max})`, starts.values[i]);
      return e;
    });
    this.dtype = dtype;
    this.shape = Object.freeze([...counts.shape]);
    this.#nvec = typedFrom(dtype, counts.values);
    this.#start = typedFrom(dtype, starts.values);
    this.#end = Object.freeze(end);
    this.initSeed(opts.seed);
    if (new.target === MultiDiscrete) Object.freeze(this);
  }

  /** The counts (a copy). */
  get nvec(): NDArray<D> {
    return ndarray(this.dtype, this.shape, this.#nvec.slice() as DTypeArrayMap[D]);
  }

  /** The smallest values (a copy). */
  get start(): NDArray<D> {
    return ndarray(this.dtype, this.shape, this.#start.slice() as DTypeArrayMap[D]);
  }

  get isNpFlattenable(): boolean {
    return true;
  }

  /** Number of elements along the first axis (Gymnasium's `len`). */
  get length(): number {
    return this.shape[0] ?? 1;
  }

  /**
   * `(random(shape) * nvec).astype(dtype) + start`. A `mask` (nested like nvec, one int8 NDArray
   * of length nvec[i] per element) picks uniformly among allowed values (start[i] when none);
   * a `probability` (float64 arrays) draws with those weights.
   */
  sample(mask?: MultiDiscreteMask | null, probability?: MultiDiscreteMask | null): NDArray<D> {
    assertSingleMask(mask, probability);
    const size = shapeSize(this.shape);
    const nvec = this.#nvec as ArrayLike<Scalar>;
    const start = this.#start as ArrayLike<Scalar>;
    if (isPresent(mask) || isPresent(probability)) {
      const kind: MaskKind = isPresent(mask) ? "mask" : "probability";
      const values: Scalar[] = [];
      this.#applyMask((isPresent(mask) ? mask : probability) as MultiDiscreteMask, kind, 0, 0, values, kind);
      return ndarray(this.dtype, this.shape, typedFrom(this.dtype, values));
    }
    const rng = this.npRandom;
    const draws = new Float64Array(size);
    for (let i = 0; i < size; i++) draws[i] = rng.random();
    const values: Scalar[] = [];
    for (let i = 0; i < size; i++) {
      const scaled = castScalar((draws[i] as number) * Number(nvec[i]), this.dtype);
      const s = start[i] as Scalar;
      values.push(typeof scaled === "bigint" ? scaled + toBigInt(s) : castScalar(scaled + Number(s), this.dtype));
    }
    return ndarray(this.dtype, this.shape, typedFrom(this.dtype, values));
  }

  #applyMask(sub: MultiDiscreteMask, kind: MaskKind, depth: number, offset: number, out: Scalar[], path: string): void {
    if (depth < this.shape.length) {
      const dim = this.shape[depth] as number;
      if (!Array.isArray(sub) || sub.length !== dim) {
        throw ValidationError.invalid(path, `an array of ${dim} ${depth + 1 < this.shape.length ? "nested arrays" : "NDArrays"}`, sub);
      }
      const stride = shapeSize(this.shape.slice(depth + 1));
      (sub as readonly MultiDiscreteMask[]).forEach((item, i) =>
        this.#applyMask(item, kind, depth + 1, offset + i * stride, out, `${path}[${i}]`),
      );
      return;
    }
    const n = Number((this.#nvec as ArrayLike<Scalar>)[offset]);
    const start = (this.#start as ArrayLike<Scalar>)[offset] as Scalar;
    const add = (index: number): Scalar => (typeof start === "bigint" ? start + BigInt(index) : start + index);
    if (kind === "mask") {
      const valid = validIndicesOfMask(checkMaskArray(sub, path, "int8", [n]), path);
      out.push(valid.length === 0 ? start : add(valid[this.npRandom.choice(valid.length)] as number));
      return;
    }
    const p = checkMaskArray(sub, path, "float64", [n]);
    const valid = validIndicesOfProbability(p, path);
    out.push(add(valid[this.npRandom.choice(valid.length, normalisedAt(p, valid))] as number));
  }

  /**
   * An NDArray of the space's shape with integer (or bool) elements in [start, start + nvec).
   * Gymnasium also accepts float arrays holding in-range values; Plume requires an integer dtype.
   */
  contains(value: unknown): value is NDArray<D> {
    if (!isNDArray(value) || kindOf(value.dtype) === "f" || !shapesEqual(value.shape, this.shape)) return false;
    const data = value.data as ArrayLike<Scalar>;
    const start = this.#start as ArrayLike<Scalar>;
    for (let i = 0; i < data.length; i++) {
      const x = data[i] as Scalar;
      if (!(x >= (start[i] as Scalar) && x < (this.#end[i] as bigint))) return false;
    }
    return true;
  }

  equals(other: unknown): boolean {
    if (!(other instanceof MultiDiscrete) || other.dtype !== this.dtype || !shapesEqual(other.shape, this.shape)) return false;
    const a = this.#nvec as ArrayLike<Scalar>;
    const b = other.#nvec as ArrayLike<Scalar>;
    const c = this.#start as ArrayLike<Scalar>;
    const d = other.#start as ArrayLike<Scalar>;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i] || c[i] !== d[i]) return false;
    return true;
  }

  toJSON(): MultiDiscreteJSON {
    return {
      type: "MultiDiscrete",
      dtype: this.dtype,
      shape: [...this.shape],
      nvec: Array.from(this.#nvec as ArrayLike<Scalar>, jsonNumber),
      start: Array.from(this.#start as ArrayLike<Scalar>, jsonNumber),
    };
  }

  static fromJSON(json: unknown): MultiDiscrete<IntDType> {
    const data = parseWithSchema(MultiDiscreteJSONSchema, json, { what: "MultiDiscrete JSON" });
    const parse = (v: number | string): Scalar => (typeof v === "number" ? v : BigInt(v));
    if (!isIntDType(data.dtype)) throw ValidationError.invalid("dtype", "an integer dtype", data.dtype);
    const size = shapeSize(data.shape);
    if (data.nvec.length !== size || data.start.length !== size) {
      throw ValidationError.invalid("nvec", `${size} values for shape [${data.shape.join(", ")}]`, data.nvec.length);
    }
    return new MultiDiscrete<IntDType>({
      nvec: nestValues(data.nvec.map(parse), data.shape),
      start: nestValues(data.start.map(parse), data.shape),
      dtype: data.dtype,
    });
  }

  copy(): MultiDiscrete<D> {
    const copy = new MultiDiscrete<D>({
      nvec: nestValues(Array.from(this.#nvec as ArrayLike<Scalar>), this.shape),
      start: nestValues(Array.from(this.#start as ArrayLike<Scalar>), this.shape),
      dtype: this.dtype,
    });
    this.copyGeneratorTo(copy);
    return copy;
  }

  toString(): string {
    const kind = kindOf(this.dtype);
    const nvec = npArray(Array.from(this.#nvec as ArrayLike<Scalar>), this.shape, kind);
    const start = Array.from(this.#start as ArrayLike<Scalar>);
    if (start.some((s) => s !== 0 && s !== 0n)) return `MultiDiscrete(${nvec}, start=${npArray(start, this.shape, kind)})`;
    return `MultiDiscrete(${nvec})`;
  }
}
