import { AgentState, ConfigurationError, Coordinates, GridSize, ValidationError, isPlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CardinalAction,
  DiscreteGridActions,
  DiscreteGridActionsOptionsSchema,
  EightDirectionAction,
  EightDirectionActions,
  discretePlugin,
  eightDirectionPlugin,
  plugin,
  plugins,
} from "../src/index.js";
import { FOREIGN_ACTIONS, expectPlumeError, gridAndState } from "./helpers.js";

const grid = new GridSize(10, 8);
const at = (x: number, y: number, extra: Partial<{ orientation: number; step_count: number; total_reward: number; goal_reached: boolean }> = {}) =>
  new AgentState({ position: new Coordinates(x, y), ...extra });

describe("DiscreteGridActions", () => {
  it("moves UP (+y), RIGHT (+x), DOWN (-y), LEFT (-x) by the step size", () => {
    const actions = new DiscreteGridActions({ stepSize: 2 });
    const start = at(5, 4);
    expect(actions.processAction(CardinalAction.UP, start, grid).position.toJSON()).toEqual([5, 6]);
    expect(actions.processAction(CardinalAction.RIGHT, start, grid).position.toJSON()).toEqual([7, 4]);
    expect(actions.processAction(CardinalAction.DOWN, start, grid).position.toJSON()).toEqual([5, 2]);
    expect(actions.processAction(CardinalAction.LEFT, start, grid).position.toJSON()).toEqual([3, 4]);
  });

  it("clamps each axis to [0, size - 1], including partial moves", () => {
    const actions = new DiscreteGridActions({ stepSize: 3 });
    expect(actions.processAction(0, at(0, 6), grid).position.toJSON()).toEqual([0, 7]);
    expect(actions.processAction(1, at(8, 0), grid).position.toJSON()).toEqual([9, 0]);
    expect(actions.processAction(2, at(4, 1), grid).position.toJSON()).toEqual([4, 0]);
    expect(actions.processAction(3, at(2, 7), grid).position.toJSON()).toEqual([0, 7]);
    expect(actions.processAction(0, at(0, 0), new GridSize(1, 1)).position.toJSON()).toEqual([0, 0]);
  });

  it("returns a new state, keeps orientation and counters, and leaves the input alone", () => {
    const actions = new DiscreteGridActions();
    const start = at(0, 0, { orientation: 45, step_count: 7, total_reward: -1.5, goal_reached: true });
    const snapshot = JSON.stringify(start);
    const next = actions.processAction(CardinalAction.LEFT, start, grid);
    expect(next).not.toBe(start);
    expect(next).toBeInstanceOf(AgentState);
    expect(next.toJSON()).toEqual({ ...start.toJSON(), position: [0, 0] });
    expect(JSON.stringify(start)).toBe(snapshot);
  });

  it("has a stable Discrete(4) action space and validateAction equal to contains", () => {
    const actions = new DiscreteGridActions();
    expect(actions.actionSpace).toBe(actions.actionSpace);
    expect(actions.actionSpace).toBeInstanceOf(Discrete);
    expect(actions.actionSpace.n).toBe(4);
    for (const value of [0, 1, 2, 3, 4, ...FOREIGN_ACTIONS]) {
      expect(actions.validateAction(value)).toBe(actions.actionSpace.contains(value));
    }
  });

  it("rejects actions outside the space with a ValidationError naming `action`", () => {
    const actions = new DiscreteGridActions();
    for (const value of [4, ...FOREIGN_ACTIONS]) {
      expectPlumeError(() => actions.processAction(value as number, at(1, 1), grid), ValidationError, "action");
    }
  });

  it("reports JSON metadata like the reference", () => {
    const metadata = new DiscreteGridActions({ stepSize: 2 }).getMetadata();
    expect(metadata).toEqual({
      type: "discrete_grid",
      modality: "absolute_cardinal",
      parameters: { step_size: 2, n_actions: 4, action_names: ["UP", "RIGHT", "DOWN", "LEFT"] },
      movement_model: "4-directional cardinal movement (absolute directions)",
      orientation_dependent: false,
    });
    expect(JSON.parse(JSON.stringify(metadata))).toEqual(metadata);
  });
});

describe("EightDirectionActions", () => {
  const moves: Record<keyof typeof EightDirectionAction, [number, number]> = {
    N: [0, 1],
    NE: [1, 1],
    E: [1, 0],
    SE: [1, -1],
    S: [0, -1],
    SW: [-1, -1],
    W: [-1, 0],
    NW: [-1, 1],
    STAY: [0, 0],
  };

  it("moves in the seed's 8 directions and stays on 8", () => {
    const actions = new EightDirectionActions({ stepSize: 2 });
    const start = at(5, 4);
    for (const [name, [dx, dy]] of Object.entries(moves)) {
      const action = EightDirectionAction[name as keyof typeof EightDirectionAction];
      expect(actions.processAction(action, start, grid).position.toJSON(), name).toEqual([5 + 2 * dx, 4 + 2 * dy]);
    }
  });

  it("clamps each axis separately (a diagonal into a wall slides along it)", () => {
    const actions = new EightDirectionActions({ stepSize: 2 });
    expect(actions.processAction(EightDirectionAction.NE, at(9, 3), grid).position.toJSON()).toEqual([9, 5]);
    expect(actions.processAction(EightDirectionAction.SW, at(1, 0), grid).position.toJSON()).toEqual([0, 0]);
    expect(actions.processAction(EightDirectionAction.NW, at(0, 7), grid).position.toJSON()).toEqual([0, 7]);
  });

  it("STAY returns a new, equal state", () => {
    const actions = new EightDirectionActions();
    const start = at(3, 3, { step_count: 2 });
    const next = actions.processAction(EightDirectionAction.STAY, start, grid);
    expect(next).not.toBe(start);
    expect(next.equals(start)).toBe(true);
  });

  it("agrees with the cardinal processor on N, E, S, W", () => {
    const eight = new EightDirectionActions({ stepSize: 3 });
    const four = new DiscreteGridActions({ stepSize: 3 });
    const pairs = [
      [EightDirectionAction.N, CardinalAction.UP],
      [EightDirectionAction.E, CardinalAction.RIGHT],
      [EightDirectionAction.S, CardinalAction.DOWN],
      [EightDirectionAction.W, CardinalAction.LEFT],
    ] as const;
    for (const [e, c] of pairs) {
      for (const start of [at(0, 0), at(9, 7), at(4, 4)]) {
        expect(eight.processAction(e, start, grid).equals(four.processAction(c, start, grid))).toBe(true);
      }
    }
  });

  it("has a stable Discrete(9) space, total validateAction and typed errors", () => {
    const actions = new EightDirectionActions();
    expect(actions.actionSpace).toBe(actions.actionSpace);
    expect(actions.actionSpace.n).toBe(9);
    for (const value of [0, 8, 9, ...FOREIGN_ACTIONS]) {
      expect(actions.validateAction(value)).toBe(actions.actionSpace.contains(value));
    }
    expectPlumeError(() => actions.processAction(9, at(1, 1), grid), ValidationError, "action");
    expect(actions.getMetadata()).toMatchObject({ type: "eight_direction_stay", orientation_dependent: false });
  });
});

describe("options", () => {
  it("default to step size 1", () => {
    expect(new DiscreteGridActions().stepSize).toBe(1);
    expect(new EightDirectionActions().stepSize).toBe(1);
    expect(DiscreteGridActionsOptionsSchema.parse({})).toEqual({ stepSize: 1 });
  });

  it.each([0, -1, 1.5, Number.NaN, Infinity, "2", null])("reject stepSize %s naming the option", (stepSize) => {
    for (const Ctor of [DiscreteGridActions, EightDirectionActions]) {
      const error = expectPlumeError(() => new Ctor({ stepSize: stepSize as number }), ValidationError, "stepSize");
      expect(error.message).toContain("stepSize");
    }
  });

  it("reject unknown keys (typos) by name", () => {
    expectPlumeError(() => new DiscreteGridActions({ step_size: 2 } as never), ValidationError, "step_size");
  });

  it("through the plugin descriptors: ConfigurationError naming the config path", () => {
    expectPlumeError(() => discretePlugin.create({ stepSize: 0 }), ConfigurationError, "options.stepSize");
    expectPlumeError(
      () => eightDirectionPlugin.create({ stepSize: -3 }, { path: "action.options" }),
      ConfigurationError,
      "action.options.stepSize",
    );
  });
});

describe("plugins", () => {
  it("are action plugins that build the processors", () => {
    expect(plugin).toBe(discretePlugin);
    expect(plugins.map((p) => p.name)).toEqual(["discrete", "eight_direction"]);
    for (const p of plugins) expect(isPlugin(p, "action")).toBe(true);
    const built = discretePlugin.create({ stepSize: 4 });
    expect(built).toBeInstanceOf(DiscreteGridActions);
    expect(built.stepSize).toBe(4);
    expect(eightDirectionPlugin.create()).toBeInstanceOf(EightDirectionActions);
  });
});

describe("properties", () => {
  const processors = [
    new DiscreteGridActions(),
    new DiscreteGridActions({ stepSize: 3 }),
    new EightDirectionActions(),
    new EightDirectionActions({ stepSize: 5 }),
  ];

  it("stay in bounds, move by at most the step per axis, and carry every other field over", () => {
    fc.assert(
      fc.property(gridAndState, fc.constantFrom(...processors), fc.nat(8), ({ grid: g, state }, proc, raw) => {
        const action = raw % proc.actionSpace.n;
        const next = proc.processAction(action, state, g);
        expect(g.contains(next.position)).toBe(true);
        expect(Number.isInteger(next.position.x) && Number.isInteger(next.position.y)).toBe(true);
        expect(Math.abs(next.position.x - state.position.x)).toBeLessThanOrEqual(proc.stepSize);
        expect(Math.abs(next.position.y - state.position.y)).toBeLessThanOrEqual(proc.stepSize);
        expect(next.orientation).toBe(state.orientation);
        expect(next.step_count).toBe(state.step_count);
        expect(next.total_reward).toBe(state.total_reward);
        expect(next.goal_reached).toBe(state.goal_reached);
        expect(next).not.toBe(state);
      }),
      { numRuns: 200 },
    );
  });

  it("are deterministic and pure", () => {
    fc.assert(
      fc.property(gridAndState, fc.constantFrom(...processors), fc.nat(8), ({ grid: g, state }, proc, raw) => {
        const action = raw % proc.actionSpace.n;
        const before = JSON.stringify(state);
        const a = proc.processAction(action, state, g);
        const b = proc.processAction(action, state, g);
        expect(a.equals(b)).toBe(true);
        expect(JSON.stringify(state)).toBe(before);
      }),
      { numRuns: 100 },
    );
  });

  it("equal the unclamped move whenever it lands inside the grid", () => {
    fc.assert(
      fc.property(gridAndState, fc.nat(3), ({ grid: g, state }, action) => {
        const proc = processors[1] as DiscreteGridActions;
        const [dx, dy] = ([[0, 3], [3, 0], [0, -3], [-3, 0]] as const)[action] as readonly [number, number];
        const target = { x: state.position.x + dx, y: state.position.y + dy };
        const next = proc.processAction(action, state, g);
        if (g.contains(target)) expect(next.position.toJSON()).toEqual([target.x, target.y]);
        else expect(next.position.equals(g.clamp(target))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
