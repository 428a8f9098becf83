import { AgentState, ConfigurationError, Coordinates, GridSize, ValidationError, isPlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ContinuousActions, ContinuousActionsOptionsSchema, continuousPlugin, plugin, plugins } from "../src/index.js";
import { expectPlumeError, gridAndState } from "./helpers.js";

const grid = new GridSize(20, 10);
const v = (vx: number, vy: number) => ndarray("float32", [2], new Float32Array([vx, vy]));
const at = (x: number, y: number) => new AgentState({ position: new Coordinates(x, y), orientation: 30, step_count: 4 });

describe("ContinuousActions", () => {
  it("moves by round(v * maxSpeed) per axis", () => {
    const actions = new ContinuousActions({ maxSpeed: 4 });
    expect(actions.processAction(v(1, -1), at(10, 5), grid).position.toJSON()).toEqual([14, 1]);
    expect(actions.processAction(v(0.6, 0.2), at(10, 5), grid).position.toJSON()).toEqual([12, 6]);
    expect(actions.processAction(v(0, 0), at(10, 5), grid).position.toJSON()).toEqual([10, 5]);
  });

  it("rounds ties half to even, like the reference's Python round", () => {
    const actions = new ContinuousActions(); // maxSpeed 2
    expect(actions.displacement(v(0.25, 0.75))).toEqual([0, 2]); // 0.5 -> 0, 1.5 -> 2
    expect(actions.displacement(v(-0.25, -0.75))).toEqual([0, -2]);
    const three = new ContinuousActions({ maxSpeed: 3 });
    expect(three.displacement(v(0.5, -0.5))).toEqual([2, -2]); // 1.5 -> 2, -1.5 -> -2
    expect(three.displacement(v(5 / 6, 1 / 2 / 3))).toEqual([2, 0]); // 2.5 -> 2, 0.5 -> 0
  });

  it("multiplies in float32 as NumPy 2 does (float32 element x Python float)", () => {
    // float32(1/6) * 3.0 is 0.5000000149 in float64 but exactly 0.5 in float32, so NumPy rounds it to 0.
    expect(new ContinuousActions({ maxSpeed: 3 }).displacement(v(1 / 6, -1 / 6))).toEqual([0, 0]);
  });

  it("clamps each axis into the grid", () => {
    const actions = new ContinuousActions({ maxSpeed: 5 });
    expect(actions.processAction(v(1, 1), at(18, 8), grid).position.toJSON()).toEqual([19, 9]);
    expect(actions.processAction(v(-1, -1), at(2, 1), grid).position.toJSON()).toEqual([0, 0]);
    expect(actions.processAction(v(-1, 1), at(0, 0), new GridSize(1, 1)).position.toJSON()).toEqual([0, 0]);
  });

  it("returns a new state, keeps orientation and counters, and never modifies the action", () => {
    const actions = new ContinuousActions();
    const start = at(3, 3);
    const action = v(0.5, -0.5);
    const next = actions.processAction(action, start, grid);
    expect(next).not.toBe(start);
    expect(next.orientation).toBe(30);
    expect(next.step_count).toBe(4);
    expect(Array.from(action.data)).toEqual([0.5, -0.5]);
  });

  it("has a stable Box(-1, 1, (2,), float32) space", () => {
    const actions = new ContinuousActions();
    expect(actions.actionSpace).toBe(actions.actionSpace);
    expect(actions.actionSpace).toBeInstanceOf(Box);
    expect(String(actions.actionSpace)).toBe("Box(-1.0, 1.0, (2,), float32)");
  });

  it("rejects NaN, infinities, out-of-range values, wrong shapes and non-arrays", () => {
    const actions = new ContinuousActions();
    const bad: unknown[] = [
      v(Number.NaN, 0),
      v(0, Infinity),
      v(-Infinity, 0),
      v(1.0001, 0),
      v(0, -1.5),
      ndarray("float32", [3], new Float32Array([0, 0, 0])),
      ndarray("float32", [1, 2], new Float32Array([0, 0])),
      ndarray("float64", [2], new Float64Array([0, 0])),
      [0, 0],
      new Float32Array([0, 0]),
      0,
      null,
      undefined,
      "0,0",
      {},
    ];
    for (const action of bad) {
      expect(actions.validateAction(action)).toBe(false);
      expect(actions.validateAction(action)).toBe(actions.actionSpace.contains(action));
      expectPlumeError(() => actions.processAction(action as never, at(1, 1), grid), ValidationError, "action");
    }
    // exact bounds and castable integer dtypes are actions
    expect(actions.validateAction(v(-1, 1))).toBe(true);
    expect(actions.validateAction(ndarray("int8", [2], new Int8Array([-1, 1])))).toBe(true);
    expect(actions.processAction(ndarray("int8", [2], new Int8Array([-1, 1])) as never, at(5, 5), grid).position.toJSON()).toEqual([3, 7]);
  });

  it("reports JSON metadata", () => {
    const metadata = new ContinuousActions({ maxSpeed: 1.5 }).getMetadata();
    expect(metadata).toMatchObject({ type: "continuous", parameters: { max_speed: 1.5 }, movement_model: "velocity_control", orientation_dependent: false });
    expect(JSON.parse(JSON.stringify(metadata))).toEqual(metadata);
  });
});

describe("options", () => {
  it("default maxSpeed to 2", () => {
    expect(new ContinuousActions().maxSpeed).toBe(2);
    expect(ContinuousActionsOptionsSchema.parse({})).toEqual({ maxSpeed: 2 });
  });

  it.each([0, -1, Number.NaN, Infinity, 1e39, "2", null])("reject maxSpeed %s naming the option", (maxSpeed) => {
    expectPlumeError(() => new ContinuousActions({ maxSpeed: maxSpeed as number }), ValidationError, "maxSpeed");
    expectPlumeError(() => continuousPlugin.create({ maxSpeed }, { path: "action.options" }), ConfigurationError, "action.options.maxSpeed");
  });

  it("reject unknown keys", () => {
    expectPlumeError(() => new ContinuousActions({ max_speed: 2 } as never), ValidationError, "max_speed");
  });
});

describe("plugin", () => {
  it("is the action plugin named continuous", () => {
    expect(plugin).toBe(continuousPlugin);
    expect(plugins).toEqual([continuousPlugin]);
    expect(isPlugin(plugin, "action")).toBe(true);
    expect(plugin.name).toBe("continuous");
    expect(plugin.create({ maxSpeed: 1 }).maxSpeed).toBe(1);
  });
});

describe("properties", () => {
  const unit = fc.float({ min: -1, max: 1, noNaN: true });

  it("stay in bounds with integer positions, move at most ceil(maxSpeed) per axis, and keep other fields", () => {
    fc.assert(
      fc.property(gridAndState, unit, unit, fc.double({ min: 0.1, max: 10, noNaN: true }), ({ grid: g, state }, vx, vy, maxSpeed) => {
        const actions = new ContinuousActions({ maxSpeed });
        const next = actions.processAction(v(vx, vy), state, g);
        expect(g.contains(next.position)).toBe(true);
        expect(Math.abs(next.position.x - state.position.x)).toBeLessThanOrEqual(Math.ceil(maxSpeed));
        expect(Math.abs(next.position.y - state.position.y)).toBeLessThanOrEqual(Math.ceil(maxSpeed));
        expect(next.orientation).toBe(state.orientation);
        expect(next.total_reward).toBe(state.total_reward);
      }),
      { numRuns: 200 },
    );
  });

  it("equal the unclamped rounded move when it stays inside, and are deterministic", () => {
    fc.assert(
      fc.property(gridAndState, unit, unit, ({ grid: g, state }, vx, vy) => {
        const actions = new ContinuousActions({ maxSpeed: 2 });
        const [dx, dy] = actions.displacement(v(vx, vy));
        expect(Math.abs(dx - vx * 2)).toBeLessThanOrEqual(0.5 + 1e-6);
        expect(Math.abs(dy - vy * 2)).toBeLessThanOrEqual(0.5 + 1e-6);
        const a = actions.processAction(v(vx, vy), state, g);
        expect(a.equals(actions.processAction(v(vx, vy), state, g))).toBe(true);
        const target = { x: state.position.x + dx, y: state.position.y + dy };
        expect(a.position.equals(g.clamp(target))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("validateAction equals contains for space samples and arbitrary pairs", () => {
    const actions = new ContinuousActions();
    actions.actionSpace.seed(7);
    for (let i = 0; i < 50; i++) expect(actions.validateAction(actions.actionSpace.sample())).toBe(true);
    fc.assert(
      fc.property(fc.float({ noDefaultInfinity: false }), fc.float(), (a, b) => {
        const action = v(a, b);
        expect(actions.validateAction(action)).toBe(Math.abs(a) <= 1 && Math.abs(b) <= 1);
      }),
      { numRuns: 100 },
    );
  });
});
