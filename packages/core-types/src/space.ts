import type { DType } from "./ndarray.js";

/**
 * The structural view of a Gymnasium space that protocols in this package refer to.
 * `@plume/spaces` implements it (Box, Discrete, Dict, ...); core-types does not depend on it.
 */
export interface SpaceLike<T = unknown> {
  /** Shape of a sample, or undefined for spaces without one (Dict, Tuple, Text, ...). */
  readonly shape: readonly number[] | undefined;
  /** Element dtype of a sample, or undefined for composite spaces. */
  readonly dtype: DType | undefined;
  /** Whether the space can be flattened to a single Box-like vector. */
  readonly isNpFlattenable: boolean;
  /** Gymnasium's `contains`: dtype, shape and bounds rules. */
  contains(value: unknown): value is T;
  /** A random element, drawn from the space's own seeded generator. */
  sample(): T;
  /** Re-seeds the space's generator (composite spaces derive child seeds as Gymnasium does). */
  seed(seed?: number): unknown;
  /** Structural equality with another space. */
  equals(other: unknown): boolean;
  /** A JSON-serialisable description that the space's `fromJSON` reads back. */
  toJSON(): unknown;
}
