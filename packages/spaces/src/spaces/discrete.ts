/**
 * Gymnasium's `Discrete`: the integers {start, ..., start + n - 1}. Samples are plain numbers.
 */
import { parseWithSchema, type NDArray } from "@plume/core-types";
import * as z from "zod";
import { checkMaskArray, normalisedAt, validIndicesOfMask, validIndicesOfProbability } from "./internal/masks.js";
import { SafeIntSchema, SeedOptionSchema } from "./internal/schemas.js";
import type { DiscreteJSON } from "./json-types.js";
import { Space, assertSingleMask, isPresent, type SpaceSeed } from "./space.js";

export interface DiscreteOptions {
  /** The number of elements, a positive integer. */
  readonly n: number;
  /** The smallest element, default 0. */
  readonly start?: number;
  readonly seed?: SpaceSeed;
}

export const DiscreteOptionsSchema = z
  .object({
    /** Number of elements: an integer >= 1. Required. */
    n: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    /** The smallest element: elements are `start, ..., start + n - 1`. Default 0. */
    start: SafeIntSchema.optional(),
    /** Seeds the space's own generator (an integer in [0, 2**32 - 1], or a `Generator` used as is). Default: unseeded (OS entropy on first `sample`). */
    seed: SeedOptionSchema.optional(),
  })
  .strict()
  .refine((o) => (o.start ?? 0) + o.n - 1 <= Number.MAX_SAFE_INTEGER, {
    message: "expected start + n - 1 to be a safe integer",
    path: ["start"],
  });

export const DiscreteJSONSchema = z
  .object({ type: z.literal("Discrete"), n: z.number(), start: z.number() })
  .strict();

/**
 * A finite set of consecutive integers.
 *
 * ```ts
 * const actions = new Discrete(4);               // {0, 1, 2, 3}
 * const offsets = new Discrete(9, { start: -4 }); // {-4, ..., 4}
 * actions.sample(ndarray("int8", [4], [1, 0, 1, 0])); // masked: 0 or 2
 * ```
 *
 * `contains` accepts JavaScript numbers that are integers in range; bigints and booleans are not
 * members (convert int64 elements with `Number()`).
 */
export class Discrete extends Space<number> {
  readonly n: number;
  readonly start: number;
  readonly shape: readonly number[] = Object.freeze([]);
  readonly dtype = "int64" as const;

  constructor(n: number | DiscreteOptions, options: Omit<DiscreteOptions, "n"> = {}) {
    super();
    const input = typeof n === "object" && n !== null ? n : { ...options, n };
    const opts = parseWithSchema(DiscreteOptionsSchema, input, { what: "Discrete options" });
    this.n = opts.n;
    this.start = opts.start ?? 0;
    this.initSeed(opts.seed);
    if (new.target === Discrete) Object.freeze(this);
  }

  get isNpFlattenable(): boolean {
    return true;
  }

  /**
   * `start + integers(n)`. With an int8 `mask` of shape [n] (1 = allowed), a uniformly chosen
   * allowed value (`start` when none is); with a float64 `probability` of shape [n], a value
   * drawn with those probabilities.
   */
  sample(mask?: NDArray<"int8"> | null, probability?: NDArray<"float64"> | null): number {
    assertSingleMask(mask, probability);
    if (isPresent(mask)) {
      const valid = validIndicesOfMask(checkMaskArray(mask, "mask", "int8", [this.n]), "mask");
      if (valid.length === 0) return this.start;
      return this.start + (valid[this.npRandom.choice(valid.length)] as number);
    }
    if (isPresent(probability)) {
      const p = checkMaskArray(probability, "probability", "float64", [this.n]);
      const valid = validIndicesOfProbability(p, "probability");
      return this.start + (valid[this.npRandom.choice(valid.length, normalisedAt(p, valid))] as number);
    }
    return this.start + this.npRandom.integers(this.n);
  }

  contains(value: unknown): value is number {
    return (
      typeof value === "number" && Number.isInteger(value) && value >= this.start && value < this.start + this.n
    );
  }

  equals(other: unknown): boolean {
    return other instanceof Discrete && other.n === this.n && other.start === this.start;
  }

  toJSON(): DiscreteJSON {
    return { type: "Discrete", n: this.n, start: this.start };
  }

  static fromJSON(json: unknown): Discrete {
    const data = parseWithSchema(DiscreteJSONSchema, json, { what: "Discrete JSON" });
    return new Discrete({ n: data.n, start: data.start });
  }

  copy(): Discrete {
    const copy = new Discrete({ n: this.n, start: this.start });
    this.copyGeneratorTo(copy);
    return copy;
  }

  toString(): string {
    return this.start !== 0 ? `Discrete(${this.n}, start=${this.start})` : `Discrete(${this.n})`;
  }
}

