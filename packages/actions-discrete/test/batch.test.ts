import { GridSize, hasActionBatch, type ActionProcessor } from "@plume/core-types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiscreteGridActions, EightDirectionActions } from "../src/index.js";
import {
  agentBatch,
  agentStateOf,
  batchCase,
  batchContext,
  expectAgentsMatch,
  indicesOf,
  snapshot,
  withPerEnv,
} from "@plume/test-support/batch";

type BatchProcessor = ActionProcessor<number> & {
  processActionBatch: NonNullable<DiscreteGridActions["processActionBatch"]>;
};

const processors: readonly [name: string, make: (stepSize: number) => BatchProcessor, n: number][] = [
  ["DiscreteGridActions", (stepSize) => new DiscreteGridActions({ stepSize }), 4],
  ["EightDirectionActions", (stepSize) => new EightDirectionActions({ stepSize }), 9],
];

describe.each(processors)("%s.processActionBatch", (_name, make, n) => {
  it("is detected by hasActionBatch", () => {
    expect(hasActionBatch(make(1))).toBe(true);
  });

  it("equals processAction per listed env, bit for bit, and leaves the rest alone", () => {
    fc.assert(
      fc.property(
        withPerEnv(batchCase, () => fc.integer({ min: 0, max: n - 1 })),
        fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 5 }), fc.constantFrom(2 ** 31, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER)),
        fc.constantFrom<"array" | "float32" | "float64" | "int32">("array", "float32", "float64", "int32"),
        ({ c, values }, stepSize, kind) => {
          const actions = make(stepSize);
          const agents = agentBatch(c.envs);
          const before = snapshot(agents);
          const { indices, count } = indicesOf(c);
          const typed =
            kind === "array"
              ? values
              : kind === "float32"
                ? Float32Array.from(values)
                : kind === "float64"
                  ? Float64Array.from(values)
                  : Int32Array.from(values);
          actions.processActionBatch(typed, agents, batchContext({ grid: c.grid }), indices, count);
          expectAgentsMatch(agents, before, c.listed, (i) =>
            actions.processAction(values[i] as number, agentStateOf(c.envs[i]!), c.grid),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("covers every action from every corner of 1x1, 1xN, Nx1 and larger grids", () => {
    for (const [w, h] of [[1, 1], [1, 5], [5, 1], [4, 3]] as const) {
      const grid = new GridSize(w, h);
      for (const stepSize of [1, 2, 7]) {
        const actions = make(stepSize);
        const corners = [[0, 0], [w - 1, 0], [0, h - 1], [w - 1, h - 1]] as const;
        const envs = corners.flatMap(([x, y]) =>
          Array.from({ length: n }, () => ({ x, y, orientation: 90, stepCount: 3, totalReward: -1 })),
        );
        const values = envs.map((_, i) => i % n);
        const agents = agentBatch(envs);
        const before = snapshot(agents);
        const listed = envs.map((_, i) => i);
        actions.processActionBatch(values, agents, batchContext({ grid }), Int32Array.from(listed), listed.length);
        expectAgentsMatch(agents, before, listed, (i) => actions.processAction(values[i]!, agentStateOf(envs[i]!), grid));
      }
    }
  });

  it("touches only the listed envs (count = 0 changes nothing; indices past count are ignored)", () => {
    const grid = new GridSize(6, 6);
    const envs = Array.from({ length: 5 }, (_, i) => ({ x: i, y: 5 - i, orientation: 0, stepCount: i, totalReward: 0 }));
    const actions = make(1);
    const values = [1, 1, 1, 1, 1];
    const agents = agentBatch(envs);
    const before = snapshot(agents);
    actions.processActionBatch(values, agents, batchContext({ grid }), Int32Array.of(3, 0, 1), 0);
    expect(agents).toEqual(before);
    actions.processActionBatch(values, agents, batchContext({ grid }), Int32Array.of(3, 0, 1), 1);
    expectAgentsMatch(agents, before, [3], (i) => actions.processAction(values[i]!, agentStateOf(envs[i]!), grid));
  });
});
