/**
 * Gymnasium's `MultiBinary`: int8 arrays of 0s and 1s of a fixed shape.
 */
import { ValidationError, isNDArray, ndarray, parseWithSchema, shapeSize, shapesEqual, type NDArray } from "@plume/core-types";
import * as z from "zod";
import { kindOf, type Scalar } from "./internal/dtype.js";
import { checkMaskArray } from "./internal/masks.js";
import { pyShape } from "./internal/repr.js";
import { SeedOptionSchema } from "./internal/schemas.js";
import type { MultiBinaryJSON } from "./json-types.js";
import { Space, assertSingleMask, isPresent, type SpaceSeed } from "./space.js";

export interface MultiBinaryOptions {
  /** A length, or a shape (positive integers). */
  readonly n: number | readonly number[];
  readonly seed?: SpaceSeed;
}

const PositiveInt = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const MultiBinaryOptionsSchema = z
  .object({
    /** The shape: a positive integer (a vector of `n` bits) or an array of them. Required. */
    n: z.union([PositiveInt, z.array(PositiveInt).readonly()]),
    /** Seeds the space's own generator (an integer in [0, 2**32 - 1], or a `Generator` used as is). Default: unseeded (OS entropy on first `sample`). */
    seed: SeedOptionSchema.optional(),
  })
  .strict();

export const MultiBinaryJSONSchema = z
  .object({ type: z.literal("MultiBinary"), n: z.union([z.number(), z.array(z.number())]) })
  .strict();

/**
 * Binary arrays of shape `n`: samples are `NDArray<"int8">` of fair coin tosses.
 *
 * ```ts
 * const flags = new MultiBinary(5);
 * flags.sample(ndarray("int8", [5], [0, 1, 2, 2, 2])); // 0, 1, then three random bits
 * ```
 */
export class MultiBinary extends Space<NDArray<"int8">> {
  /** As given: a length or a shape. */
  readonly n: number | readonly number[];
  readonly shape: readonly number[];
  readonly dtype = "int8" as const;

  constructor(n: number | readonly number[] | MultiBinaryOptions, options: Omit<MultiBinaryOptions, "n"> = {}) {
    super();
    const input = typeof n === "object" && n !== null && !Array.isArray(n) ? n : { ...options, n };
    const opts = parseWithSchema(MultiBinaryOptionsSchema, input, { what: "MultiBinary options" });
    this.n = typeof opts.n === "number" ? opts.n : Object.freeze([...opts.n]);
    this.shape = Object.freeze(typeof opts.n === "number" ? [opts.n] : [...opts.n]);
    this.initSeed(opts.seed);
    if (new.target === MultiBinary) Object.freeze(this);
  }

  get isNpFlattenable(): boolean {
    return true;
  }

  /**
   * `integers(0, 2, size=shape, dtype=int8)`. An int8 `mask` of the shape fixes elements to 0 or
   * 1 and leaves those marked 2 random; a float64 `probability` of the shape gives each element's
   * chance of being 1 (`random() <= p`).
   */
  sample(mask?: NDArray<"int8"> | null, probability?: NDArray<"float64"> | null): NDArray<"int8"> {
    assertSingleMask(mask, probability);
    const size = shapeSize(this.shape);
    const rng = this.npRandom;
    if (isPresent(mask)) {
      const m = checkMaskArray(mask, "mask", "int8", this.shape);
      m.data.forEach((v) => {
        if (v !== 0 && v !== 1 && v !== 2) throw ValidationError.invalid("mask", "mask values 0, 1 or 2", v);
      });
      const draws = rng.fillIntegers(new Int8Array(size), 0, 2, "int8");
      return ndarray("int8", this.shape, Int8Array.from(m.data, (v, i) => (v === 2 ? (draws[i] as number) : v)));
    }
    if (isPresent(probability)) {
      const p = checkMaskArray(probability, "probability", "float64", this.shape);
      p.data.forEach((v) => {
        if (!(v >= 0 && v <= 1)) throw ValidationError.invalid("probability", "probabilities in [0, 1]", v);
      });
      const out = new Int8Array(size);
      for (let i = 0; i < size; i++) out[i] = rng.random() <= (p.data[i] as number) ? 1 : 0;
      return ndarray("int8", this.shape, out);
    }
    return ndarray("int8", this.shape, rng.fillIntegers(new Int8Array(size), 0, 2, "int8"));
  }

  /**
   * An NDArray of the shape whose elements are all 0 or 1. Gymnasium also accepts float arrays of
   * 0.0 / 1.0; Plume requires an integer or bool dtype.
   */
  contains(value: unknown): value is NDArray<"int8"> {
    if (!isNDArray(value) || kindOf(value.dtype) === "f" || !shapesEqual(value.shape, this.shape)) return false;
    const data = value.data as ArrayLike<Scalar>;
    for (let i = 0; i < data.length; i++) {
      const x = data[i];
      if (x !== 0 && x !== 1 && x !== 0n && x !== 1n) return false;
    }
    return true;
  }

  equals(other: unknown): boolean {
    return other instanceof MultiBinary && shapesEqual(other.shape, this.shape);
  }

  toJSON(): MultiBinaryJSON {
    return { type: "MultiBinary", n: typeof this.n === "number" ? this.n : [...this.n] };
  }

  static fromJSON(json: unknown): MultiBinary {
    const data = parseWithSchema(MultiBinaryJSONSchema, json, { what: "MultiBinary JSON" });
    return new MultiBinary(data.n);
  }

  copy(): MultiBinary {
    const copy = new MultiBinary(this.n);
    this.copyGeneratorTo(copy);
    return copy;
  }

  toString(): string {
    return `MultiBinary(${typeof this.n === "number" ? this.n : pyShape(this.n)})`;
  }
}
