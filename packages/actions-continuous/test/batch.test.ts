import { GridSize, hasActionBatch, ndarray } from "@plume/core-types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ContinuousActions } from "../src/index.js";
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

const v = (vx: number, vy: number) => ndarray("float32", [2], Float32Array.of(vx, vy));

/** Velocities: exact ties for the speeds below (v * s = k + 0.5), the bounds, zeros and any float32 in [-1, 1]. */
const component = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.5, -0.5, 0.25, -0.25, 0.75, -0.75, 0.125, -0.375, 1 / 6, 5 / 6, -5 / 6, 0.1, 0.3),
  fc.float({ min: -1, max: 1, noNaN: true }),
);
/** Near-ties for `maxSpeed`: float32((k + 0.5) / maxSpeed), whose float32 product with the speed decides the rounding. */
const nearTie = (maxSpeed: number) =>
  fc.integer({ min: -4, max: 4 }).map((k) => Math.max(-1, Math.min(1, Math.fround((k + 0.5) / maxSpeed))));

/** Speeds: small, tie-friendly, large enough to leave any grid, and the float32 maximum. */
const speed = fc.oneof(
  fc.constantFrom(1, 2, 3, 4, 5, 0.5, 1.5, 2.5, 100, 1e6, 3.4028234663852886e38),
  fc.double({ min: 0.01, max: 50, noNaN: true }),
);

/** The flattened Box actions: (vx, vy) of env i at [2 i, 2 i + 1]. */
function flat(values: readonly (readonly [number, number])[], kind: "array" | "float32" | "float64"): ArrayLike<number> {
  const numbers = values.flat();
  return kind === "array" ? numbers : kind === "float32" ? Float32Array.from(numbers) : Float64Array.from(numbers);
}

describe("ContinuousActions.processActionBatch", () => {
  it("is detected by hasActionBatch", () => {
    expect(hasActionBatch(new ContinuousActions())).toBe(true);
  });

  it("equals processAction per listed env, bit for bit, and leaves the rest alone", () => {
    fc.assert(
      fc.property(
        speed.chain((maxSpeed) => {
          const axis = fc.oneof(component, nearTie(maxSpeed));
          return withPerEnv(batchCase, () => fc.tuple(axis, axis)).map((x) => ({ ...x, maxSpeed }));
        }),
        fc.constantFrom<"array" | "float32" | "float64">("array", "float32", "float64"),
        ({ c, values, maxSpeed }, kind) => {
          const actions = new ContinuousActions({ maxSpeed });
          // float32 actions, as the Box holds them
          const velocities = values.map(([a, b]) => [Math.fround(a), Math.fround(b)] as const);
          const agents = agentBatch(c.envs);
          const before = snapshot(agents);
          const { indices, count } = indicesOf(c);
          actions.processActionBatch(flat(velocities, kind), agents, batchContext({ grid: c.grid }), indices, count);
          expectAgentsMatch(agents, before, c.listed, (i) => {
            const [vx, vy] = velocities[i]!;
            return actions.processAction(v(vx, vy), agentStateOf(c.envs[i]!), c.grid);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("casts float64 actions to float32 first, as the float32 Box action does", () => {
    fc.assert(
      fc.property(
        withPerEnv(batchCase, () => fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))),
        speed,
        ({ c, values }, maxSpeed) => {
          const actions = new ContinuousActions({ maxSpeed });
          const agents = agentBatch(c.envs);
          const before = snapshot(agents);
          const { indices, count } = indicesOf(c);
          actions.processActionBatch(flat(values, "float64"), agents, batchContext({ grid: c.grid }), indices, count);
          expectAgentsMatch(agents, before, c.listed, (i) => {
            const [vx, vy] = values[i]!;
            return actions.processAction(v(vx, vy), agentStateOf(c.envs[i]!), c.grid);
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it("multiplies in float32 (float32(1/6) * 3 is exactly 0.5, which rounds to 0)", () => {
    const grid = new GridSize(9, 9);
    const actions = new ContinuousActions({ maxSpeed: 3 });
    const agents = agentBatch([{ x: 4, y: 4, orientation: 0, stepCount: 0, totalReward: 0 }]);
    actions.processActionBatch(flat([[1 / 6, -1 / 6]], "float32"), agents, batchContext({ grid }), Int32Array.of(0), 1);
    expect([agents.x[0], agents.y[0]]).toEqual([4, 4]);
  });

  it("rounds exact ties half to even and clamps targets off the grid", () => {
    const grid = new GridSize(1, 7);
    const actions = new ContinuousActions({ maxSpeed: 3 });
    const velocities = [[0.5, 0.5], [-0.5, -0.5], [1 / 6, 5 / 6], [1, -1], [0, 1]] as const;
    const envs = velocities.map((_, i) => ({ x: 0, y: i + 1, orientation: 0, stepCount: 0, totalReward: 0 }));
    const agents = agentBatch(envs);
    const listed = [4, 2, 0, 3, 1];
    actions.processActionBatch(flat(velocities, "float32"), agents, batchContext({ grid }), Int32Array.from(listed), 5);
    // y: 1 + round(1.5) = 3, 2 + round(-1.5) = 0, 3 + round(2.5) = 5, 4 - 3 = 1, 5 + 3 = 8 -> 6; x stays 0 (width 1)
    expect(Array.from(agents.y)).toEqual([3, 0, 5, 1, 6]);
    expect(Array.from(agents.x)).toEqual([0, 0, 0, 0, 0]);
  });

  it("touches only the listed envs (count = 0 changes nothing; indices past count are ignored)", () => {
    const grid = new GridSize(8, 8);
    const envs = Array.from({ length: 4 }, (_, i) => ({ x: 2 * i, y: 7 - i, orientation: 45, stepCount: i, totalReward: 1 }));
    const actions = new ContinuousActions();
    const velocities = flat([[1, 1], [-1, -1], [0.5, -0.5], [1, 0]], "float32");
    const agents = agentBatch(envs);
    const before = snapshot(agents);
    actions.processActionBatch(velocities, agents, batchContext({ grid }), Int32Array.of(2, 1), 0);
    expect(agents).toEqual(before);
    actions.processActionBatch(velocities, agents, batchContext({ grid }), Int32Array.of(2, 1), 1);
    expectAgentsMatch(agents, before, [2], () => actions.processAction(v(0.5, -0.5), agentStateOf(envs[2]!), grid));
  });
});
