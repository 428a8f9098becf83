/**
 * Gymnasium's `OneOf`: an element of exactly one of several spaces, tagged with that space's index.
 */
import { ValidationError, parseWithSchema } from "@plume/core-types";
import * as z from "zod";
import { Generator } from "../random/index.js";
import { SpaceInstanceSchema, drawSubseeds } from "./internal/composite.js";
import { spaceFromJSON } from "./json.js";
import type { OneOfJSON } from "./json-types.js";
import { SEED_EXPECTED, Space, assertSingleMask, isPresent, type SampleOf, type SeedInput, type SeedResult } from "./space.js";

/** `[index, sample of spaces[index]]`. */
export type OneOfSample<S extends readonly Space<unknown>[]> = readonly [number, SampleOf<S[number]>];

export interface OneOfOptions {
  /** An integer, `[ownSeed, ...one seed per subspace]`, or a Generator for the OneOf itself. */
  readonly seed?: number | Generator | readonly SeedInput[];
}

export const OneOfOptionsSchema = z
  .object({
    /** The alternatives (at least one space). Required. */
    spaces: z.array(SpaceInstanceSchema).min(1, { message: "expected at least one space" }).readonly(),
    /** Seeds the space and its subspaces: an integer, a `Generator`, or one seed per subspace. Default: unseeded (OS entropy on first `sample`). */
    seed: z
      .union([
        z.custom<number>((v) => typeof v === "number", { message: `expected ${SEED_EXPECTED}` }),
        z.instanceof(Generator),
        z.array(z.unknown()).readonly(),
      ])
      .optional(),
  })
  .strict();

export const OneOfJSONSchema = z.object({ type: z.literal("OneOf"), spaces: z.array(z.unknown()).min(1) }).strict();

/**
 * The direct sum of spaces: a sample is `[i, x]` with `x` from `spaces[i]`.
 *
 * ```ts
 * const space = new OneOf([new Discrete(2), new Box({ low: -1, high: 1, shape: [2] })]);
 * const [which, value] = space.sample();
 * ```
 */
export class OneOf<const S extends readonly Space<unknown>[] = readonly Space<unknown>[]> extends Space<OneOfSample<S>> {
  readonly spaces: S;
  readonly shape = undefined;
  readonly dtype = undefined;

  constructor(spaces: S, options: OneOfOptions = {}) {
    super();
    const opts = parseWithSchema(OneOfOptionsSchema, { ...options, spaces }, { what: "OneOf options" });
    this.spaces = Object.freeze([...opts.spaces]) as unknown as S;
    this.initSeed(opts.seed as SeedInput | Generator | undefined);
    if (new.target === OneOf) Object.freeze(this);
  }

  get length(): number {
    return this.spaces.length;
  }

  at(index: number): Space<unknown> | undefined {
    return this.spaces.at(index);
  }

  get isNpFlattenable(): boolean {
    return this.spaces.every((s) => s.isNpFlattenable);
  }

  /**
   * Gymnasium's seeding. An integer seeds the OneOf, draws one `integers(INT32_MAX)` per subspace,
   * re-seeds the OneOf with the same integer (so its stream does not depend on how it was seeded)
   * and seeds the subspaces; an array is `[own seed, ...subspace seeds]`. Returns `[own, ...subspaces]`.
   */
  override seed(seed?: SeedInput): SeedResult[] {
    if (seed === undefined || seed === null) return [this.seedSelf(undefined), ...this.spaces.map((s) => s.seed())];
    if (typeof seed === "number") {
      const own = this.seedSelf(seed);
      const subseeds = drawSubseeds(this.npRandom, this.spaces.length);
      this.seedSelf(seed);
      return [own, ...this.spaces.map((s, i) => s.seed(subseeds[i]))];
    }
    if (Array.isArray(seed)) {
      if (seed.length !== this.spaces.length + 1) {
        throw ValidationError.invalid("seed", `an array of ${this.spaces.length + 1} seeds (the OneOf's, then one per subspace)`, seed);
      }
      const [own, ...rest] = seed as readonly SeedInput[];
      if (own !== undefined && own !== null && typeof own !== "number") throw ValidationError.invalid("seed[0]", SEED_EXPECTED, own);
      return [this.seedSelf(own), ...this.spaces.map((s, i) => s.seed(rest[i]))];
    }
    throw ValidationError.invalid("seed", `${SEED_EXPECTED} or an array of seeds`, seed);
  }

  /**
   * `index = integers(0, len(spaces))`, then `spaces[index].sample(...)`; `mask` / `probability`
   * are arrays with one entry (or null) per subspace, of which the chosen one is used.
   */
  sample(mask?: readonly unknown[] | null, probability?: readonly unknown[] | null): OneOfSample<S> {
    const index = this.npRandom.integers(0, this.spaces.length);
    const space = this.spaces[index] as Space<unknown>;
    assertSingleMask(mask, probability);
    if (isPresent(mask)) {
      this.#checkLength(mask, "mask");
      return [index, space.sample(mask[index])] as unknown as OneOfSample<S>;
    }
    if (isPresent(probability)) {
      this.#checkLength(probability, "probability");
      return [index, space.sample(undefined, probability[index])] as unknown as OneOfSample<S>;
    }
    return [index, space.sample()] as unknown as OneOfSample<S>;
  }

  #checkLength(value: unknown, parameter: string): void {
    if (!Array.isArray(value) || value.length !== this.spaces.length) {
      throw ValidationError.invalid(parameter, `an array of ${this.spaces.length} entries (one per subspace, null for none)`, value);
    }
  }

  contains(value: unknown): value is OneOfSample<S> {
    if (!Array.isArray(value) || value.length !== 2) return false;
    const [index, x] = value as [unknown, unknown];
    return (
      typeof index === "number" &&
      Number.isInteger(index) &&
      index >= 0 &&
      index < this.spaces.length &&
      (this.spaces[index] as Space<unknown>).contains(x)
    );
  }

  equals(other: unknown): boolean {
    return (
      other instanceof OneOf &&
      other.spaces.length === this.spaces.length &&
      this.spaces.every((s, i) => s.equals(other.spaces[i]))
    );
  }

  toJSON(): OneOfJSON {
    return { type: "OneOf", spaces: this.spaces.map((s) => s.toJSON()) };
  }

  static fromJSON(json: unknown): OneOf {
    const data = parseWithSchema(OneOfJSONSchema, json, { what: "OneOf JSON" });
    return new OneOf(data.spaces.map((s) => spaceFromJSON(s)));
  }

  copy(): OneOf<S> {
    const copy = new OneOf(this.spaces.map((s) => s.copy()) as unknown as S);
    this.copyGeneratorTo(copy);
    return copy;
  }

  toString(): string {
    return `OneOf(${this.spaces.map(String).join(", ")})`;
  }
}
