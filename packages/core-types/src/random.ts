/**
 * The structural view of a seeded random generator that components receive from the environment
 * (`envState.rng`, `ActionProcessor.setRng`). `@plume/spaces` exports a NumPy-compatible `Generator`
 * (SeedSequence -> PCG64) that satisfies it; core-types does not depend on it.
 *
 * Contract for every member: the value depends only on the generator's state, and each call advances
 * that state exactly as NumPy's `Generator` does for the same call, so seeded streams match the reference.
 * Components must draw all their randomness from such a generator, never from `Math.random`.
 *
 * Deliberately minimal: scalar draws only. Generators usually offer more (the `@plume/spaces` `Generator`
 * has a NumPy-shaped `state` snapshot that the contract kit reads to compare generator states); code
 * that needs such members should narrow to the concrete type rather than widen this interface.
 */
export interface RandomGenerator {
  /** A float64 in [0, 1) (NumPy `random()`). */
  random(): number;
  /** An integer in [low, high), or in [0, low) when `high` is omitted (NumPy `integers`). */
  integers(low: number, high?: number): number;
  /** A float64 in [low, high) (NumPy `uniform`). */
  uniform(low: number, high: number): number;
  /** A draw from N(0, 1) (NumPy `standard_normal`, ziggurat). */
  standardNormal(): number;
  /** A draw from N(loc, scale²) (NumPy `normal`). */
  normal(loc: number, scale: number): number;
}
