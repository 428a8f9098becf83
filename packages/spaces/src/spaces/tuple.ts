/**
 * Gymnasium's `Tuple`: the Cartesian product of spaces; samples are arrays with one element per space.
 */
import { ValidationError, parseWithSchema } from "@plume/core-types";
import * as z from "zod";
import { Generator } from "../random/index.js";
import { SpaceInstanceSchema, drawSubseeds } from "./internal/composite.js";
import { spaceFromJSON } from "./json.js";
import type { TupleJSON } from "./json-types.js";
import { SEED_EXPECTED, Space, assertSingleMask, isPresent, type SampleOf, type SeedInput, type SeedResult } from "./space.js";

export type TupleSample<S extends readonly Space<unknown>[]> = { readonly [I in keyof S]: SampleOf<S[I]> };

export interface TupleOptions {
  /** An integer (subspace seeds are drawn from it), an array with one seed per subspace, or a Generator for the Tuple itself. */
  readonly seed?: number | Generator | readonly SeedInput[];
}

export const TupleOptionsSchema = z
  .object({
    /** The element spaces, in order. Required. */
    spaces: z.array(SpaceInstanceSchema).readonly(),
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

export const TupleJSONSchema = z.object({ type: z.literal("Tuple"), spaces: z.array(z.unknown()) }).strict();

/**
 * A fixed-length product of spaces.
 *
 * ```ts
 * const space = new Tuple([new Discrete(3), new Box({ low: 0, high: 1, shape: [2] })]);
 * const [choice, point] = space.sample(); // [number, NDArray<"float32">]
 * ```
 */
export class Tuple<const S extends readonly Space<unknown>[] = readonly Space<unknown>[]> extends Space<TupleSample<S>> {
  readonly spaces: S;
  readonly shape = undefined;
  readonly dtype = undefined;

  constructor(spaces: S, options: TupleOptions = {}) {
    super();
    const opts = parseWithSchema(TupleOptionsSchema, { ...options, spaces }, { what: "Tuple options" });
    this.spaces = Object.freeze([...opts.spaces]) as unknown as S;
    this.initSeed(opts.seed as SeedInput | Generator | undefined);
    if (new.target === Tuple) Object.freeze(this);
  }

  get length(): number {
    return this.spaces.length;
  }

  /** The subspace at `index`. */
  at(index: number): Space<unknown> | undefined {
    return this.spaces.at(index);
  }

  get isNpFlattenable(): boolean {
    return this.spaces.every((s) => s.isNpFlattenable);
  }

  /**
   * Gymnasium's seeding: nothing seeds every subspace from OS entropy; an integer seeds the
   * Tuple, then each subspace with `integers(INT32_MAX)` drawn from it; an array gives each
   * subspace its own seed. Returns the subspaces' seeds.
   */
  override seed(seed?: SeedInput): SeedResult[] {
    if (seed === undefined || seed === null) return this.spaces.map((s) => s.seed());
    if (typeof seed === "number") {
      this.seedSelf(seed);
      const subseeds = drawSubseeds(this.npRandom, this.spaces.length);
      return this.spaces.map((s, i) => s.seed(subseeds[i]));
    }
    if (Array.isArray(seed)) {
      if (seed.length !== this.spaces.length) {
        throw ValidationError.invalid("seed", `an array of ${this.spaces.length} seeds (one per subspace)`, seed);
      }
      return this.spaces.map((s, i) => s.seed((seed as readonly SeedInput[])[i]));
    }
    throw ValidationError.invalid("seed", `${SEED_EXPECTED} or an array of seeds, one per subspace`, seed);
  }

  /** One sample per subspace; `mask` / `probability` are arrays with one entry (or null) per subspace. */
  sample(mask?: readonly unknown[] | null, probability?: readonly unknown[] | null): TupleSample<S> {
    assertSingleMask(mask, probability);
    if (isPresent(mask)) {
      this.#checkLength(mask, "mask");
      return this.spaces.map((s, i) => s.sample(mask[i])) as unknown as TupleSample<S>;
    }
    if (isPresent(probability)) {
      this.#checkLength(probability, "probability");
      return this.spaces.map((s, i) => s.sample(undefined, probability[i])) as unknown as TupleSample<S>;
    }
    return this.spaces.map((s) => s.sample()) as unknown as TupleSample<S>;
  }

  #checkLength(value: unknown, parameter: string): void {
    if (!Array.isArray(value) || value.length !== this.spaces.length) {
      throw ValidationError.invalid(parameter, `an array of ${this.spaces.length} entries (one per subspace, null for none)`, value);
    }
  }

  contains(value: unknown): value is TupleSample<S> {
    return (
      Array.isArray(value) && value.length === this.spaces.length && this.spaces.every((s, i) => s.contains(value[i]))
    );
  }

  equals(other: unknown): boolean {
    return (
      other instanceof Tuple &&
      other.spaces.length === this.spaces.length &&
      this.spaces.every((s, i) => s.equals(other.spaces[i]))
    );
  }

  toJSON(): TupleJSON {
    return { type: "Tuple", spaces: this.spaces.map((s) => s.toJSON()) };
  }

  static fromJSON(json: unknown): Tuple {
    const data = parseWithSchema(TupleJSONSchema, json, { what: "Tuple JSON" });
    return new Tuple(data.spaces.map((s) => spaceFromJSON(s)));
  }

  copy(): Tuple<S> {
    const copy = new Tuple(this.spaces.map((s) => s.copy()) as unknown as S);
    this.copyGeneratorTo(copy);
    return copy;
  }

  toString(): string {
    return `Tuple(${this.spaces.map(String).join(", ")})`;
  }
}
