/** Broken RewardFunctions, one per `rew.*` check id (CHECKS.md §3 "catches"). */
import { Coordinates, type AgentState, type ConcentrationField, type PlumeFieldInput, type RewardFunction, type RewardMetadata } from "@plume/core-types";
import { checkRewardFunction, type RewardFunctionOptions } from "../../src/index.js";
import { SparseGoalReward, StepPenaltyReward } from "../reference/rewards.js";
import { BatchSparseGoalReward } from "../reference/batch.js";
import type { FixtureTable } from "./harness.js";

type RF = RewardFunction<unknown>;
const run = (create: () => RF, options: RewardFunctionOptions = {}) => (extra: Record<string, unknown> = {}) => checkRewardFunction(create, { ...options, ...extra });

const MOVES: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

/** A reward built from parts of the sparse goal reward. */
function reward(compute: (prev: AgentState, action: unknown, next: AgentState, field: PlumeFieldInput) => unknown, metadata?: () => unknown, extra: Record<string, unknown> = {}): RF {
  const base = new SparseGoalReward(new Coordinates(50, 50), 5);
  return {
    computeReward: (p: AgentState, a: unknown, n: AgentState, f: PlumeFieldInput) => compute(p, a, n, f) as number,
    getMetadata: () => (metadata ?? (() => base.getMetadata()))() as RewardMetadata,
    ...extra,
  } as RF;
}
const sparse = new SparseGoalReward(new Coordinates(50, 50), 5);
const base = (p: AgentState, a: unknown, n: AgentState, f: PlumeFieldInput) => sparse.computeReward(p, a, n, f);
const noRange = () => ({ type: "plain", parameters: {} });

export const REW_FIXTURES: FixtureTable = {
  "rew.batch-agrees": {
    what: "a batch that measures the distance from the previous cell (prevX, prevY) instead of the new one",
    run: run(() => {
      const r = new BatchSparseGoalReward(new Coordinates(7, 5), 1.5);
      r.computeRewardBatch = (out, _actions, agents, _context, indices, count) => {
        for (let k = 0; k < count; k++) {
          const i = indices[k] as number;
          out[i] = new Coordinates(agents.prevX[i] as number, agents.prevY[i] as number).distanceTo(r.goal) <= r.radius ? 1 : 0;
        }
      };
      return r;
    }),
    ungated: () => checkRewardFunction(() => new SparseGoalReward(), { numRuns: 10 }),
  },
  "rew.protocol-shape": {
    what: "missing getMetadata",
    run: run(() => ({ computeReward: (p: AgentState, a: unknown, n: AgentState, f: PlumeFieldInput) => base(p, a, n, f) }) as unknown as RF),
    alsoFails: ["rew.goal-transitions", "rew.metadata-type", "rew.metadata-json", "rew.determinism", "rew.order-independence", "rew.declared-range", "rew.goal-boundary"],
  },
  "rew.arity": {
    what: "computeReward(...args), whose length is 0",
    run: run(() => reward((p, a, n, f) => base(p, a, n, f), undefined, { computeReward: (...args: [AgentState, unknown, AgentState, PlumeFieldInput]) => base(...args) })),
  },
  "rew.numeric-scalar": {
    what: "Float32Array.of(r)",
    run: run(() => reward((p, a, n, f) => Float32Array.of(base(p, a, n, f)))),
    alsoFails: ["rew.goal-transitions", "rew.finite", "rew.accepts-box-action", "rew.accepts-field-object"],
  },
  "rew.finite": {
    what: "log(concentration), which is -Infinity where the field is 0",
    run: run(() => reward((_p, _a, n, f) => Math.log((f as ConcentrationField).sample(n.position.x, n.position.y)), noRange)),
    alsoFails: ["rew.accepts-field-object"],
  },
  "rew.determinism": {
    what: "a shaping term based on Date.now()",
    run: run(() => reward((p, a, n, f) => base(p, a, n, f) + 0 * Date.now())),
  },
  "rew.order-independence": {
    what: "an undeclared novelty bonus backed by a private visited set",
    run: run(() => {
      const visited = new Set<string>();
      return reward(
        (p, a, n, f) => {
          const key = `${n.position.x},${n.position.y}`;
          const bonus = visited.has(key) ? 0 : 0.5;
          visited.add(key);
          return base(p, a, n, f) + bonus;
        },
        () => ({ ...sparse.getMetadata(), reward_range: [0, 1.5] }),
      );
    }),
    alsoFails: ["rew.determinism"],
  },
  "rew.order-independence#anneal": {
    what: "an undeclared shaping weight that anneals after 1,000 calls",
    run: run(() => {
      let calls = 0;
      return reward((p, a, n, f) => {
        calls += 1;
        const weight = calls > 1000 ? 0.05 : 0.1;
        const field = f as ConcentrationField;
        return base(p, a, n, f) + weight * (field.sample(n.position.x, n.position.y) - field.sample(p.position.x, p.position.y));
      }, () => ({ type: "annealed", parameters: {} }));
    }),
  },
  "rew.order-independence#cached-peak": {
    what: "a field's peak scanned once and cached, so a stronger later field is normalised by the old peak",
    run: run(() => {
      let peak: number | undefined;
      return reward((_p, _a, n, f) => {
        const field = f as ConcentrationField;
        if (peak === undefined) {
          const g = field.gridSize;
          peak = 0;
          if (g !== undefined) for (let y = 0; y < g.height; y++) for (let x = 0; x < g.width; x++) peak = Math.max(peak, field.sample(x, y));
          if (!(peak > 0)) peak = 1;
        }
        return field.sample(n.position.x, n.position.y) / peak;
      }, noRange);
    }),
  },
  "rew.order-independence#stateful-reset": {
    what: "a declared-stateful novelty bonus whose reset() forgets to clear the visit counts",
    run: run(() => {
      const visits = new Map<string, number>();
      return reward(
        (_p, _a, n) => {
          const key = `${n.position.x},${n.position.y}`;
          const k = (visits.get(key) ?? 0) + 1;
          visits.set(key, k);
          return 0.1 / Math.sqrt(k);
        },
        () => ({ type: "novelty", parameters: {}, stateful: true }),
        { reset: () => undefined },
      );
    }),
    alsoFails: ["rew.determinism"],
  },
  "rew.finite#table-256": {
    what: "a visit table sized for 256x256 grids (NaN past its end)",
    run: run(() => {
      const table = new Uint16Array(256 * 256);
      return reward(
        (_p, _a, n) => {
          const i = n.position.y * 256 + n.position.x;
          return 0.1 / Math.sqrt((table[i] as number) + 1);
        },
        () => ({ type: "count_table", parameters: {}, reward_range: [0, 1] }),
      );
    }),
    alsoFails: ["rew.declared-range"],
  },
  "rew.finite#odds-at-source": {
    what: "odds shaping c / (1 - c), Infinity where the plume reaches 1 (its source, a plateau)",
    run: run(() =>
      reward((_p, _a, n, f) => {
        const c = (f as ConcentrationField).sample(n.position.x, n.position.y);
        return c / (1 - c);
      }, noRange),
    ),
    alsoFails: ["rew.accepts-field-object", "rew.order-independence"],
  },
  "rew.goal-transitions": {
    what: "a potential -1/d(next, goal) that is -Infinity on the declared goal cell",
    run: run(() =>
      reward(
        (p, _a, n) => -1 / n.position.distanceTo({ x: 20, y: 12 }) + 1 / p.position.distanceTo({ x: 20, y: 12 }),
        () => ({ type: "potential", parameters: { goal: [20, 12] } }),
      ),
    ),
    ungated: () => checkRewardFunction(() => reward((p, a, n, f) => base(p, a, n, f), noRange)),
  },
  "rew.goal-transitions#bonus-out-of-range": {
    what: "a goal bonus of 10 with reward_range [-1, 1] (only given on the goal)",
    run: run(() =>
      reward(
        (_p, _a, n) => (n.position.x === 30 && n.position.y === 4 ? 10 : -0.01),
        () => ({ type: "goal_bonus", parameters: {}, goal_position: [30, 4], goal_radius: 0, reward_range: [-1, 1] }),
      ),
    ),
    alsoFails: ["rew.goal-boundary"],
  },
  "rew.batch-agrees#manhattan": {
    what: "a batch measuring the goal distance as |dx| + |dy|, with the goal declared in parameters.goal",
    run: run(() => {
      const r = new BatchSparseGoalReward(new Coordinates(7, 5), 1.5);
      const meta = r.getMetadata();
      r.getMetadata = () => ({ type: meta.type, parameters: { goal: [7, 5], goalRadius: 1.5 } });
      r.computeRewardBatch = (out, _actions, agents, _context, indices, count) => {
        for (let k = 0; k < count; k++) {
          const i = indices[k] as number;
          out[i] = Math.abs((agents.x[i] as number) - 7) + Math.abs((agents.y[i] as number) - 5) <= 1.5 ? 1 : 0;
        }
      };
      return r;
    }),
  },
  "rew.purity": {
    what: "normalising the field's array in place",
    run: run(() =>
      reward((p, a, n, f) => {
        const arr = (f as ConcentrationField).fieldArray;
        if (arr !== undefined) arr[0] = 0.5;
        return base(p, a, n, f);
      }),
    ),
  },
  "rew.accepts-box-action": {
    what: "MOVES[action] -> undefined -> NaN for Box actions",
    run: run(() => reward((p, a, n, f) => base(p, a, n, f) + (MOVES[a as number]?.[0] ?? Number.NaN) * 0)),
    alsoFails: ["rew.goal-transitions", "rew.finite", "rew.declared-range"],
  },
  "rew.accepts-field-object": {
    what: "indexing plumeField[y] on the object",
    run: run(() =>
      reward((p, a, n, f) => {
        const row = (f as unknown as Record<number, unknown>)[n.position.y];
        const c = f instanceof Float32Array ? (f[0] as number) : (row as number);
        return base(p, a, n, f) + c * 0;
      }),
    ),
    alsoFails: ["rew.goal-transitions", "rew.finite", "rew.accepts-box-action", "rew.declared-range", "rew.goal-boundary"],
  },
  "rew.accepts-field-array": {
    what: "calling .sample on an array",
    run: run(() => reward((p, a, n, f) => base(p, a, n, f) + 0 * (f as ConcentrationField).sample(n.position.x, n.position.y))),
  },
  "rew.metadata-type": {
    what: "metadata null",
    run: run(() => reward((p, a, n, f) => base(p, a, n, f), () => null)),
  },
  "rew.metadata-json": {
    what: "a Date in the metadata",
    run: run(() => reward((p, a, n, f) => base(p, a, n, f), () => ({ ...sparse.getMetadata(), parameters: { created: new Date(0) } }))),
  },
  "rew.declared-range": {
    what: "a step penalty declared with range [0, 1]",
    run: run(() => {
      const r = new StepPenaltyReward();
      return reward((p, a, n, f) => r.computeReward(p, a, n, f), () => ({ ...r.getMetadata(), reward_range: [0, 1] }));
    }),
    ungated: () => checkRewardFunction(() => reward((p, a, n, f) => base(p, a, n, f), noRange)),
  },
  "rew.goal-boundary": {
    what: "< instead of <= (the boundary is exclusive)",
    run: run(() => reward((_p, _a, n) => (n.position.distanceTo({ x: 50, y: 50 }) < 5 ? 1 : 0))),
    ungated: () => checkRewardFunction(() => reward((p, a, n, f) => base(p, a, n, f), noRange)),
  },
};
