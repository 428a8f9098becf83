/** Shared pieces of the composite spaces (Tuple, Dict, OneOf, Sequence). */
import * as z from "zod";
import type { Generator } from "../../random/index.js";
import { Space } from "../space.js";

/** The exclusive bound of subspace seeds Gymnasium draws: `np.iinfo(np.int32).max`. */
export const INT32_MAX = 2147483647;

export const SpaceInstanceSchema = z.custom<Space<unknown>>((value) => value instanceof Space, {
  message: "expected a Space instance (Box, Discrete, Dict, ...)",
});

/**
 * Seeds for subspaces drawn from a freshly seeded parent: `integers(INT32_MAX)` once per
 * subspace, as Gymnasium's composite spaces do.
 */
export function drawSubseeds(rng: Generator, count: number): number[] {
  return Array.from({ length: count }, () => rng.integers(INT32_MAX));
}
