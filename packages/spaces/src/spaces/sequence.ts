/**
 * Gymnasium's `Sequence`: finite sequences of any length of elements of a feature space.
 */
import { ValidationError, isNDArray, parseWithSchema, type NDArray } from "@plume/core-types";
import * as z from "zod";
import { Generator } from "../random/index.js";
import { concatenate, unstack, type StackedSample } from "./batch.js";
import { kindOf, type Scalar } from "./internal/dtype.js";
import { SpaceInstanceSchema, drawSubseeds } from "./internal/composite.js";
import { spaceFromJSON } from "./json.js";
import type { SequenceJSON } from "./json-types.js";
import { SEED_EXPECTED, Space, assertSingleMask, isPresent, type SampleOf, type SeedInput, type SeedResult } from "./space.js";

/** An array of feature samples, or with `stack: true` the stacked value (see `concatenate`). */
export type SequenceSample<S, Stack extends boolean> = Stack extends true ? StackedSample<S> : readonly SampleOf<S>[];

export interface SequenceOptions<Stack extends boolean = boolean> {
  /** Stack the elements into one value (arrays gain a leading axis), default false. */
  readonly stack?: Stack;
  /** An integer, `[ownSeed, featureSeed]`, or a Generator for the Sequence itself. */
  readonly seed?: number | Generator | readonly [SeedInput, SeedInput];
}

export const SequenceOptionsSchema = z
  .object({
    /** The space of each element. Required. */
    space: SpaceInstanceSchema,
    /** Samples as one stacked array (Gymnasium's `stack=True`) instead of a list. Default `false`. */
    stack: z.boolean().optional(),
    /** Seeds the space and its subspaces: an integer, a `Generator`, or `[own seed, element space's seed]`. Default: unseeded (OS entropy on first `sample`). */
    seed: z
      .union([
        z.custom<number>((v) => typeof v === "number", { message: `expected ${SEED_EXPECTED}` }),
        z.instanceof(Generator),
        z.array(z.unknown()).readonly(),
      ])
      .optional(),
  })
  .strict();

export const SequenceJSONSchema = z
  .object({ type: z.literal("Sequence"), space: z.unknown(), stack: z.boolean() })
  .strict();

/**
 * `[length, featureMask]` for `Sequence.sample`: the length as a number, an integer NDArray of
 * allowed lengths (one is chosen uniformly) or null for `geometric(0.25)`; the feature mask
 * (or probability) is passed to every element's `sample`.
 */
export type SequenceMask = readonly [length: number | NDArray | null | undefined, feature: unknown];

/**
 * Sequences of feature-space samples.
 *
 * ```ts
 * const trail = new Sequence(new Box({ low: 0, high: 1, shape: [2] }));
 * trail.sample(); // readonly NDArray<"float32">[] with geometric(0.25) elements
 * const stacked = new Sequence(new Discrete(4), { stack: true });
 * stacked.sample(); // NDArray<"int64"> of shape [length]
 * ```
 */
export class Sequence<S extends Space<unknown> = Space<unknown>, Stack extends boolean = false> extends Space<
  SequenceSample<S, Stack>
> {
  readonly featureSpace: S;
  readonly stack: Stack;
  readonly shape = undefined;
  readonly dtype = undefined;

  constructor(space: S, options: SequenceOptions<Stack> = {}) {
    super();
    const opts = parseWithSchema(SequenceOptionsSchema, { ...options, space }, { what: "Sequence options" });
    this.featureSpace = opts.space as S;
    this.stack = (opts.stack ?? false) as Stack;
    this.initSeed(opts.seed as SeedInput | Generator | undefined);
    if (new.target === Sequence) Object.freeze(this);
  }

  /** Sequences have no fixed size, so they never flatten to one vector. */
  get isNpFlattenable(): boolean {
    return false;
  }

  /**
   * Gymnasium's seeding: an integer seeds the Sequence, draws the feature space's seed
   * (`integers(INT32_MAX)`), re-seeds the Sequence with the integer and seeds the feature space;
   * `[own, feature]` seeds both directly. Returns `[own, feature]`.
   */
  override seed(seed?: SeedInput): SeedResult[] {
    if (seed === undefined || seed === null) return [this.seedSelf(undefined), this.featureSpace.seed()];
    if (typeof seed === "number") {
      const own = this.seedSelf(seed);
      const [featureSeed] = drawSubseeds(this.npRandom, 1);
      this.seedSelf(seed);
      return [own, this.featureSpace.seed(featureSeed)];
    }
    if (Array.isArray(seed)) {
      if (seed.length !== 2) throw ValidationError.invalid("seed", "an array [sequenceSeed, featureSeed]", seed);
      const [own, feature] = seed as readonly SeedInput[];
      if (own !== undefined && own !== null && typeof own !== "number") throw ValidationError.invalid("seed[0]", SEED_EXPECTED, own);
      return [this.seedSelf(own), this.featureSpace.seed(feature)];
    }
    throw ValidationError.invalid("seed", `${SEED_EXPECTED} or an array [sequenceSeed, featureSeed]`, seed);
  }

  /**
   * Length `geometric(0.25)` (from the Sequence's generator) unless the mask gives one, then one
   * `featureSpace.sample(...)` per element; stacked when `stack` is true.
   */
  sample(mask?: SequenceMask | null, probability?: SequenceMask | null): SequenceSample<S, Stack> {
    assertSingleMask(mask, probability);
    let items: unknown[];
    if (isPresent(mask)) {
      const [lengthMask, feature] = this.#readMask(mask, "mask");
      const length = this.#length(lengthMask, "mask[0]");
      items = Array.from({ length }, () => this.featureSpace.sample(feature));
    } else if (isPresent(probability)) {
      const [lengthMask, feature] = this.#readMask(probability, "probability");
      const length = this.#length(lengthMask, "probability[0]");
      items = Array.from({ length }, () => this.featureSpace.sample(undefined, feature));
    } else {
      const length = this.npRandom.geometric(0.25);
      items = Array.from({ length }, () => this.featureSpace.sample());
    }
    if (this.stack) return concatenate(this.featureSpace, items as SampleOf<S>[]) as SequenceSample<S, Stack>;
    return items as unknown as SequenceSample<S, Stack>;
  }

  #readMask(mask: unknown, parameter: string): readonly [unknown, unknown] {
    if (!Array.isArray(mask) || mask.length !== 2) {
      throw ValidationError.invalid(parameter, "a pair [length mask or null, feature mask or null]", mask);
    }
    return mask as unknown as readonly [unknown, unknown];
  }

  #length(lengthMask: unknown, parameter: string): number {
    if (!isPresent(lengthMask)) return this.npRandom.geometric(0.25);
    if (typeof lengthMask === "number") {
      if (!Number.isSafeInteger(lengthMask) || lengthMask < 0) throw ValidationError.invalid(parameter, "a non-negative integer length", lengthMask);
      return lengthMask;
    }
    if (isNDArray(lengthMask)) {
      const kind = kindOf(lengthMask.dtype);
      if (lengthMask.shape.length !== 1 || kind === "f" || kind === "b" || lengthMask.data.length === 0) {
        throw ValidationError.invalid(parameter, "a non-empty 1-D integer NDArray of allowed lengths", lengthMask);
      }
      const lengths = Array.from(lengthMask.data as ArrayLike<Scalar>, Number);
      if (lengths.some((l) => l < 0)) throw ValidationError.invalid(parameter, "non-negative lengths", lengthMask);
      return lengths[this.npRandom.choice(lengths.length)] as number;
    }
    throw ValidationError.invalid(parameter, "a length, an integer NDArray of lengths, or null", lengthMask);
  }

  /** An array of feature-space members (with `stack`, a stacked value whose elements are members). */
  contains(value: unknown): value is SequenceSample<S, Stack> {
    if (this.stack) {
      const items = unstack(this.featureSpace, value);
      return items !== undefined && items.every((item) => this.featureSpace.contains(item));
    }
    return Array.isArray(value) && value.every((item) => this.featureSpace.contains(item));
  }

  equals(other: unknown): boolean {
    return other instanceof Sequence && other.stack === this.stack && this.featureSpace.equals(other.featureSpace);
  }

  toJSON(): SequenceJSON {
    return { type: "Sequence", space: this.featureSpace.toJSON(), stack: this.stack };
  }

  static fromJSON(json: unknown): Sequence<Space<unknown>, boolean> {
    const data = parseWithSchema(SequenceJSONSchema, json, { what: "Sequence JSON" });
    return new Sequence<Space<unknown>, boolean>(spaceFromJSON(data.space), { stack: data.stack });
  }

  copy(): Sequence<S, Stack> {
    const copy = new Sequence<S, Stack>(this.featureSpace.copy() as S, { stack: this.stack });
    this.copyGeneratorTo(copy);
    return copy;
  }

  toString(): string {
    return `Sequence(${String(this.featureSpace)}, stack=${this.stack ? "True" : "False"})`;
  }
}
