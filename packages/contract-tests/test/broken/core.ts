/** Broken oracles, one per `core.*` check id (CHECKS.md §9). */
import { AgentState, Coordinates, GridSize } from "@plume/core-types";
import { checkCore, type CoreOracles } from "../../src/index.js";
import type { FixtureTable } from "./harness.js";

const run = (oracles: Partial<CoreOracles>) => (extra: Record<string, unknown> = {}) => checkCore({ oracles, ...extra });

/** A mulberry32 generator: seeded and reproducible, but not NumPy's PCG64 stream. */
function toyGenerator(seed: number) {
  let state = seed >>> 0;
  return {
    random(): number {
      let t = (state = (state + 0x6d2b79f5) >>> 0);
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

export const CORE_FIXTURES: FixtureTable = {
  "core.grid-contains": {
    what: "inclusive upper bounds",
    run: run({
      createGrid: (w, h) => {
        const g = new GridSize(w, h);
        return Object.assign(Object.create(g) as GridSize, { contains: (p: { x: number; y: number }) => p.x >= 0 && p.x <= w && p.y >= 0 && p.y <= h });
      },
    }),
  },
  "core.grid-validation": {
    what: "width 0 accepted",
    run: run({
      createGrid: (w, h) => (w <= 0 || h <= 0 ? (Object.assign(Object.create(new GridSize(1, 1)) as GridSize, { width: w, height: h }) as GridSize) : new GridSize(w, h)),
    }),
  },
  "core.coordinates": {
    what: "equality that ignores y",
    run: run({
      createCoordinates: (x, y) => {
        const c = new Coordinates(x, y);
        return { x: c.x, y: c.y, equals: (o: unknown) => (o as { x: number }).x === x, toKey: () => `${x}`, distanceTo: (p) => c.distanceTo(p) };
      },
    }),
  },
  "core.distance": {
    what: "the squared distance (not a metric)",
    run: run({ distance: (a, b) => (a.x - b.x) ** 2 + (a.y - b.y) ** 2 }),
  },
  "core.seeded-rng": {
    what: "a reproducible generator that is not NumPy's",
    run: run({ generator: toyGenerator }),
  },
  "core.movement-vectors": {
    what: "UP as (0, -1) (screen coordinates)",
    run: run({
      movementVectors: [
        [0, -1],
        [1, 0],
        [0, 1],
        [-1, 0],
      ],
    }),
  },
  "core.agent-counters": {
    what: "rewards accumulated in float32",
    run: run({
      createAgent: (x, y) => {
        interface Counters {
          step_count: number;
          total_reward: number;
          withStepIncremented(): Counters;
          withRewardAdded(r: number): Counters;
        }
        const wrap = (s: AgentState): Counters => ({
          step_count: s.step_count,
          total_reward: s.total_reward,
          withStepIncremented: () => wrap(s.withStepIncremented()),
          withRewardAdded: (r: number) => wrap(s.with({ total_reward: Math.fround(s.total_reward + r) })),
        });
        return wrap(new AgentState({ position: [x, y] }));
      },
    }),
  },
  "core.config-frozen": {
    what: "a config that is not frozen",
    run: run({ config: (input) => ({ gridSize: input.gridSize ?? [32, 32], goalRadius: input.goalRadius ?? 0 }) }),
  },
};
