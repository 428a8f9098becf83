/**
 * Long runs on one instance (issue 20, class 1): how many calls, and which of them are compared with a
 * fresh instance — every one of the first 200, then every third, so that a run past a 1,000-call warm-up
 * stays within the per-module time budget while a counter, an annealed weight or a cache still shows.
 */
import { Generator } from "@plume/spaces";
import { cornersAndEdges, type AgentSpec, type GridSpec } from "./arbitraries.js";
import { exactDiff } from "./probes/values.js";

/** Calls on one instance in the history checks: "thousands of calls", past warm-ups of 500, 1,000 or 2,000. */
export const HISTORY_CALLS = 2500;

/** Whether call `k` (0-based) of a long run is compared with a fresh instance. */
export function compared(k: number): boolean {
  return k < 200 || k % 3 === 0;
}

/**
 * A cheap seeded source of the varied inputs of a long run (fast-check's generators cost about 0.2 ms per
 * structured value, too much for thousands of calls in plugin CI): draws from `@plume/spaces`' generator.
 */
export class LongRunDraws {
  readonly #rng: Generator;

  constructor(seed: number) {
    this.#rng = Generator.fromSeed(seed >>> 0);
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + this.#rng.integers(0, hi - lo + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.#rng.random() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.#rng.integers(0, items.length)] as T;
  }

  /** A grid: small and odd ones most of the time, else one of `ladder`. */
  grid(ladder: readonly GridSpec[], small = 64): GridSpec {
    if (ladder.length > 0 && this.chance(1 / 3)) return this.pick(ladder);
    if (this.chance(0.25)) return this.pick<GridSpec>([[1, 1], [1, 7], [7, 1], [3, 3], [10, 10], [13, 9]]);
    return [this.int(1, small), this.int(1, small)];
  }

  /** A position on `g`, biased to its corners and edges (so that cells repeat across grids). */
  pos(g: GridSpec): [number, number] {
    if (this.chance(0.5)) return this.pick(cornersAndEdges(g));
    return [this.int(0, g[0] - 1), this.int(0, g[1] - 1)];
  }

  /** Step counts as `arb.stepCount`: 0, 1, around and past 1,000, up to 5,000. */
  stepCount(): number {
    if (this.chance(0.3)) return this.pick([0, 1, 999, 1000, 1001, 4999]);
    return this.chance(0.5) ? this.int(0, 200) : this.int(0, 5000);
  }

  /** Orientations as `arb.orientation`. */
  orientation(): number {
    return this.chance(0.6) ? this.pick([0, 45, 90, 180, 270, 359.999]) : this.#rng.random() * 359.999;
  }

  /** A float in [lo, hi). */
  uniform(lo: number, hi: number): number {
    return lo + (hi - lo) * this.#rng.random();
  }

  /** A seed in [0, 2^32 - 1]. */
  seed(): number {
    return this.chance(0.2) ? this.pick([0, 1, 42, 0xffffffff]) : this.int(0, 0xffffffff);
  }

  /** An agent on `g` at `step_count`. */
  agent(g: GridSpec, step_count = this.stepCount()): AgentSpec {
    const [x, y] = this.pos(g);
    return { x, y, orientation: this.orientation(), step_count, total_reward: this.chance(0.5) ? 0 : this.uniform(-1000, 1000), goal_reached: this.chance(0.5) };
  }
}

/** What one call gave (`undefined`: it touched hidden randomness, which another check reports). */
export type Outcome = { readonly value: unknown } | undefined;

/** The first call of a long run on one instance that a fresh instance answers differently. */
export interface HistoryDifference<C> {
  readonly index: number;
  readonly input: C;
  readonly got: unknown;
  readonly want: unknown;
  readonly diff: string;
}

/**
 * Feeds `inputs` to one instance (`onUsed`) and compares the `compared` calls with a fresh instance
 * each (`onFresh`). Inputs on which two fresh instances already disagree are skipped: that is
 * nondeterminism, another check's finding, not history.
 */
export function historyDifference<C>(inputs: readonly C[], onUsed: (input: C) => Outcome, onFresh: (input: C) => Outcome, what: string): HistoryDifference<C> | undefined {
  for (let k = 0; k < inputs.length; k++) {
    const input = inputs[k] as C;
    const got = onUsed(input);
    if (!compared(k)) continue;
    const want = onFresh(input);
    if (got === undefined || want === undefined) continue;
    const diff = exactDiff(got.value, want.value, what);
    if (diff === undefined) continue;
    const again = onFresh(input);
    if (again === undefined || exactDiff(want.value, again.value) !== undefined) continue;
    return { index: k, input, got: got.value, want: want.value, diff };
  }
  return undefined;
}
