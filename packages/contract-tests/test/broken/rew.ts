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
    alsoFails: ["rew.metadata-type", "rew.metadata-json", "rew.determinism", "rew.order-independence", "rew.declared-range", "rew.goal-boundary"],
  },
  "rew.arity": {
    what: "computeReward(...args), whose length is 0",
    run: run(() => reward((p, a, n, f) => base(p, a, n, f), undefined, { computeReward: (...args: [AgentState, unknown, AgentState, PlumeFieldInput]) => base(...args) })),
  },
  "rew.numeric-scalar": {
    what: "Float32Array.of(r)",
    run: run(() => reward((p, a, n, f) => Float32Array.of(base(p, a, n, f)))),
    alsoFails: ["rew.finite", "rew.accepts-box-action", "rew.accepts-field-object"],
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
    alsoFails: ["rew.finite", "rew.declared-range"],
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
    alsoFails: ["rew.finite", "rew.accepts-box-action", "rew.declared-range", "rew.goal-boundary"],
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
