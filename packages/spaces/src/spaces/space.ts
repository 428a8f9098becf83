/**
 * The common base of every space: Gymnasium's `Space`, with its own NumPy-compatible generator.
 */
import { MAX_SEED, ValidationError, type DType, type SpaceLike } from "@plume/core-types";
import { Generator, assertSeed } from "../random/index.js";
import type { SpaceJSON } from "./json-types.js";

/**
 * What `seed()` accepts: an integer in [0, 2**32 - 1] (or nothing, for OS entropy); composite
 * spaces also take a structure of seeds (an array for Tuple / Sequence / OneOf, an object keyed
 * like the space for Dict).
 */
export type SeedInput =
  | number
  | null
  | undefined
  | readonly SeedInput[]
  | { readonly [key: string]: SeedInput };

/**
 * What `seed()` returns, as in Gymnasium: the seed used (the 128-bit OS entropy as a bigint for an
 * unseeded call), or the structure of the subspaces' seeds for composite spaces.
 */
export type SeedResult = number | bigint | readonly SeedResult[] | { readonly [key: string]: SeedResult };

/** The `seed` constructor option: an integer seed, or a Generator the space uses as is (not copied). */
export type SpaceSeed = number | Generator;

/** The element type of a space: `SampleOf<Box<"float32">>` is `NDArray<"float32">`. */
export type SampleOf<S> = S extends Space<infer T> ? T : never;

export const SEED_EXPECTED = `an integer in [0, ${MAX_SEED}]`;

/**
 * Gymnasium's `Space[T]`: `sample`, `contains`, `seed`, equality and (de)serialisation.
 * Spaces are immutable except for their generator, which `seed()` replaces.
 */
export abstract class Space<T = unknown> implements SpaceLike<T> {
  #rng: Generator | undefined;

  /** Shape of a sample, or undefined for spaces without one (Dict, Tuple, Text, ...). */
  abstract readonly shape: readonly number[] | undefined;
  /** Element dtype of a sample, or undefined for composite spaces. */
  abstract readonly dtype: DType | undefined;
  /** Whether `flatten` turns samples into a single vector (Gymnasium's `is_np_flattenable`). */
  abstract get isNpFlattenable(): boolean;

  /**
   * The space's generator (Gymnasium's `np_random`). Seeded lazily from OS entropy on first use,
   * like Gymnasium, when the space was never seeded.
   */
  get npRandom(): Generator {
    if (this.#rng === undefined) this.seed();
    if (this.#rng === undefined) this.#rng = Generator.fromSeed();
    return this.#rng;
  }

  /**
   * Seeds the space's generator: `Generator(PCG64(SeedSequence(seed)))`, OS entropy without a seed.
   * Returns the seed (or the drawn entropy). Composite spaces override this to seed their subspaces.
   */
  seed(seed?: SeedInput): SeedResult {
    if (seed !== undefined && seed !== null && typeof seed !== "number") {
      throw ValidationError.invalid("seed", SEED_EXPECTED, seed);
    }
    return this.seedSelf(seed);
  }

  /** Gymnasium's `Space.seed` on this space alone: replaces the generator and returns the seed. */
  protected seedSelf(seed: number | null | undefined): number | bigint {
    if (seed === undefined || seed === null) {
      const rng = Generator.fromSeed();
      this.#rng = rng;
      const entropy = rng.seedSequence.entropy;
      return typeof entropy === "bigint" ? entropy : 0n;
    }
    assertSeed(seed, "seed");
    this.#rng = Generator.fromSeed(seed);
    return seed;
  }

  /** Applies the `seed` constructor option (call at the end of a constructor, as Gymnasium does). */
  protected initSeed(seed: SpaceSeed | SeedInput): void {
    if (seed === undefined || seed === null) return;
    if (seed instanceof Generator) this.#rng = seed;
    else this.seed(seed);
  }

  /** Gives `target` an independent copy of this space's generator (Python's `deepcopy(np_random)`). */
  protected copyGeneratorTo(target: Space<unknown>): void {
    target.#rng = this.#rng?.clone();
  }

  /**
   * A random element. Where Gymnasium supports it, `mask` restricts the values and `probability`
   * weights them (at most one of the two); their form depends on the space.
   */
  abstract sample(mask?: unknown, probability?: unknown): T;

  /** Gymnasium's `contains` (`x in space`). */
  abstract contains(value: unknown): value is T;

  /** Structural equality (Gymnasium's `__eq__`). */
  abstract equals(other: unknown): boolean;

  /** A JSON description that `spaceFromJSON` (or the class's `fromJSON`) reads back. */
  abstract toJSON(): SpaceJSON;

  /** A structurally equal space with an independent copy of the generator state (Python's `deepcopy`). */
  abstract copy(): Space<T>;

  /** Gymnasium's `repr`, e.g. `Box(0.0, 1.0, (2,), float32)`. */
  abstract toString(): string;
}

/** Throws Gymnasium's "only one of mask or probability" error. */
export function assertSingleMask(mask: unknown, probability: unknown): void {
  if (mask !== undefined && mask !== null && probability !== undefined && probability !== null) {
    throw new ValidationError("only one of `mask` or `probability` can be provided", {
      parameter: "probability",
      expected: "mask or probability, not both",
      received: probability,
    });
  }
}

export function isPresent<V>(value: V | null | undefined): value is V {
  return value !== undefined && value !== null;
}
