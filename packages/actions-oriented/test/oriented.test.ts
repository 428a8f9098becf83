import {
  AgentState,
  ConfigurationError,
  Coordinates,
  GridSize,
  StateError,
  ValidationError,
  isPlugin,
  type PointLike,
  type VectorField,
} from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  OrientedAction,
  OrientedGridActions,
  OrientedRunTumbleActions,
  RunTumbleAction,
  SurgeCastAction,
  SurgeCastActions,
  orientedPlugin,
  plugin,
  plugins,
  runTumblePlugin,
  stepAlongHeading,
  surgeCastPlugin,
} from "../src/index.js";
import { FOREIGN_ACTIONS, expectPlumeError, gridAndState } from "./helpers.js";

const grid = new GridSize(20, 20);
const at = (x: number, y: number, orientation = 0) =>
  new AgentState({ position: new Coordinates(x, y), orientation, step_count: 5, total_reward: -2, goal_reached: false });

/** The reference's ConstantWindField: vx = speed cos(deg), vy = -speed sin(deg), stored as float32. */
function constantWind(directionDeg: number, speed: number): VectorField {
  const theta = directionDeg * (Math.PI / 180);
  const vector = Float32Array.of(speed * Math.cos(theta), -speed * Math.sin(theta));
  return { sample: (_position: PointLike) => vector.slice() };
}

describe("heading geometry (values computed with Python/NumPy 2.4)", () => {
  it.each([
    [[3, 3], 60, 1, [4, 4]], // x = 3.5 -> 4 (ties to even)
    [[2, 2], 60, 1, [2, 3]], // x = 2.5 -> 2 (ties to even; Math.round would give 3)
    [[2, 2], 30, 1, [3, 2]],
    [[5, 5], 45, 1, [6, 6]],
    [[5, 5], 135, 3, [3, 7]],
    [[5, 5], 225, 2, [4, 4]],
    [[4, 4], 120, 1, [4, 5]],
    [[4, 4], 300, 1, [4, 3]],
    [[1, 1], 150, 1, [0, 2]],
    [[10, 10], 210, 5, [6, 8]],
  ] as const)("from %j heading %d step %d -> %j", (from, heading, step, expected) => {
    expect(stepAlongHeading(Coordinates.fromJSON(from), heading, step, grid).toJSON()).toEqual(expected);
  });

  it("uses the grid's y sign: heading 90 is +y", () => {
    expect(stepAlongHeading(new Coordinates(5, 5), 90, 2, grid).toJSON()).toEqual([5, 7]);
    expect(stepAlongHeading(new Coordinates(5, 5), 270, 2, grid).toJSON()).toEqual([5, 3]);
  });
});

describe("OrientedGridActions", () => {
  const actions = new OrientedGridActions({ stepSize: 3 });

  it("FORWARD moves along the heading; turns rotate by 90 degrees in place", () => {
    expect(actions.processAction(OrientedAction.FORWARD, at(5, 5, 0), grid).position.toJSON()).toEqual([8, 5]);
    expect(actions.processAction(OrientedAction.FORWARD, at(5, 5, 90), grid).position.toJSON()).toEqual([5, 8]);
    expect(actions.processAction(OrientedAction.FORWARD, at(5, 5, 180), grid).position.toJSON()).toEqual([2, 5]);
    expect(actions.processAction(OrientedAction.FORWARD, at(5, 5, 270), grid).position.toJSON()).toEqual([5, 2]);
    const left = actions.processAction(OrientedAction.TURN_LEFT, at(5, 5, 270), grid);
    expect([left.position.toJSON(), left.orientation]).toEqual([[5, 5], 0]);
    const right = actions.processAction(OrientedAction.TURN_RIGHT, at(5, 5, 0), grid);
    expect([right.position.toJSON(), right.orientation]).toEqual([[5, 5], 270]);
    expect(actions.processAction(OrientedAction.TURN_RIGHT, at(5, 5, 45.5), grid).orientation).toBe(315.5);
  });

  it("clamps a forward move per axis and keeps the counters", () => {
    const next = actions.processAction(OrientedAction.FORWARD, at(18, 1, 315), grid);
    expect(next.position.toJSON()).toEqual([19, 0]);
    expect(next.orientation).toBe(315);
    expect(next.step_count).toBe(5);
    expect(next.total_reward).toBe(-2);
  });

  it("has a stable Discrete(3) space, total validateAction, typed errors and the reference's metadata", () => {
    expect(actions.actionSpace).toBe(actions.actionSpace);
    expect(actions.actionSpace).toBeInstanceOf(Discrete);
    for (const value of [0, 2, 3, ...FOREIGN_ACTIONS]) expect(actions.validateAction(value)).toBe(actions.actionSpace.contains(value));
    expectPlumeError(() => actions.processAction(3, at(1, 1), grid), ValidationError, "action");
    const metadata = actions.getMetadata();
    expect(metadata).toEqual({
      type: "oriented_grid",
      modality: "forward_turn",
      parameters: { step_size: 3, n_actions: 3, action_names: ["FORWARD", "TURN_LEFT", "TURN_RIGHT"], turn_angle_degrees: 90 },
      movement_model: "3-action surge/turn control (orientation-relative)",
      orientation_dependent: true,
    });
    expect(JSON.parse(JSON.stringify(metadata))).toEqual(metadata);
  });
});

describe("OrientedRunTumbleActions", () => {
  it("RUN moves along the heading and draws nothing", () => {
    const actions = new OrientedRunTumbleActions({ stepSize: 2 });
    const next = actions.processAction(RunTumbleAction.RUN, at(5, 5, 90), grid);
    expect(next.position.toJSON()).toEqual([5, 7]);
    expect(next.orientation).toBe(90);
  });

  it("TUMBLE draws uniform(0, 360) from the injected generator, then moves along the new heading", () => {
    const actions = new OrientedRunTumbleActions({ stepSize: 2 });
    actions.setRng(Generator.fromSeed(123));
    // numpy: default_rng(123).uniform(0, 360) x3
    const expected = [245.64667076933165, 19.375566768800162, 79.3295541981401];
    let state = at(10, 10, 0);
    for (const heading of expected) {
      const next = actions.processAction(RunTumbleAction.TUMBLE, state, grid);
      expect(next.orientation).toBe(heading);
      expect(next.position.equals(stepAlongHeading(state.position, heading, 2, grid))).toBe(true);
      state = next;
    }
  });

  it("is reproducible given the generator, and differs across seeds", () => {
    const run = (seed: number) => {
      const actions = new OrientedRunTumbleActions();
      actions.setRng(Generator.fromSeed(seed));
      let state = at(10, 10);
      const trace: number[] = [];
      for (let i = 0; i < 20; i++) {
        state = actions.processAction(i % 3 === 0 ? 0 : 1, state, grid);
        trace.push(state.orientation, state.position.x, state.position.y);
      }
      return trace;
    };
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
  });

  it("throws StateError naming rng for a TUMBLE before setRng, and rejects a non-generator", () => {
    const actions = new OrientedRunTumbleActions();
    expectPlumeError(() => actions.processAction(RunTumbleAction.TUMBLE, at(1, 1), grid), StateError, "rng");
    expect(actions.processAction(RunTumbleAction.RUN, at(1, 1), grid).position.toJSON()).toEqual([2, 1]);
    expectPlumeError(() => actions.setRng({} as never), ValidationError, "rng");
    expectPlumeError(() => actions.processAction(2, at(1, 1), grid), ValidationError, "action");
  });

  it("reports JSON metadata declaring orientation dependence", () => {
    const metadata = new OrientedRunTumbleActions({ stepSize: 2 }).getMetadata();
    expect(metadata).toMatchObject({ type: "oriented_run_tumble", modality: "run_tumble", orientation_dependent: true });
    expect(metadata.parameters).toEqual({ step_size: 2, n_actions: 2, action_names: ["RUN", "TUMBLE"] });
    expect(JSON.parse(JSON.stringify(metadata))).toEqual(metadata);
  });
});

describe("SurgeCastActions", () => {
  it("SURGE picks the most upwind cardinal move (the reference wind's y sign is opposite the grid's)", () => {
    const cases: [number, number, number][] = [
      [0, 1, 3], // wind blows toward +x -> upwind is -x -> LEFT
      [180, 1, 1], // toward -x -> RIGHT
      [90, 1, 0], // direction 90 gives vy = -1 -> upwind +y -> UP
      [270, 1, 2], // vy = +1 -> DOWN
      [30, 0.8, 3], // (0.69, -0.4): upwind (-0.69, 0.4) -> LEFT
      [60, 0.8, 0], // (0.4, -0.69): upwind (-0.4, 0.69) -> UP
    ];
    for (const [direction, speed, expected] of cases) {
      const actions = new SurgeCastActions({ windField: constantWind(direction, speed) });
      expect(actions.upwindAction(new Coordinates(3, 3)), `wind ${direction}`).toBe(expected);
      const next = actions.processAction(SurgeCastAction.SURGE, at(10, 10), grid);
      const [dx, dy] = ([[0, 1], [1, 0], [0, -1], [-1, 0]] as const)[expected] as readonly [number, number];
      expect(next.position.toJSON()).toEqual([10 + dx, 10 + dy]);
    }
  });

  it("surges UP without wind, with a tiny wind, or with a broken wind sample; ties go to the first action", () => {
    expect(new SurgeCastActions().upwindAction({ x: 0, y: 0 })).toBe(0);
    expect(new SurgeCastActions({ windField: { sample: () => Float32Array.of(1e-9, 0) } }).upwindAction({ x: 0, y: 0 })).toBe(0);
    expect(new SurgeCastActions({ windField: { sample: () => Float32Array.of(Number.NaN, 1) } }).upwindAction({ x: 0, y: 0 })).toBe(0);
    const throwing: VectorField = {
      sample: () => {
        throw new Error("no data");
      },
    };
    expect(new SurgeCastActions({ windField: throwing }).upwindAction({ x: 0, y: 0 })).toBe(0);
    // wind (-1, -1): upwind (1, 1) scores UP = RIGHT = 1 -> UP (argmax takes the first)
    expect(new SurgeCastActions({ windField: { sample: () => Float32Array.of(-1, -1) } }).upwindAction({ x: 0, y: 0 })).toBe(0);
    // wind (1, 1): upwind (-1, -1) scores DOWN = LEFT = 1 -> DOWN
    expect(new SurgeCastActions({ windField: { sample: () => Float32Array.of(1, 1) } }).upwindAction({ x: 0, y: 0 })).toBe(2);
  });

  it("samples the wind at the current position", () => {
    const seen: PointLike[] = [];
    const field: VectorField = {
      sample: (p) => {
        seen.push({ x: p.x, y: p.y });
        return p.x < 5 ? Float32Array.of(-1, 0) : Float32Array.of(1, 0);
      },
    };
    const actions = new SurgeCastActions({ windField: field });
    expect(actions.processAction(0, at(2, 2), grid).position.toJSON()).toEqual([3, 2]);
    expect(actions.processAction(0, at(7, 2), grid).position.toJSON()).toEqual([6, 2]);
    expect(seen).toEqual([{ x: 2, y: 2 }, { x: 7, y: 2 }]);
  });

  it("CAST picks one of the other three with rng.integers(0, 3), in action order", () => {
    const actions = new SurgeCastActions({ windField: constantWind(0, 1) }); // upwind LEFT (3)
    actions.setRng(Generator.fromSeed(5));
    // numpy: default_rng(5).integers(0, 3) x12
    const draws = [2, 2, 0, 2, 1, 1, 1, 0, 2, 0, 0, 1];
    for (const draw of draws) expect(actions.primitiveAction(SurgeCastAction.CAST, at(5, 5))).toBe([0, 1, 2][draw]);
    const upActions = new SurgeCastActions(); // upwind UP (0): candidates RIGHT, DOWN, LEFT
    upActions.setRng(Generator.fromSeed(5));
    for (const draw of draws) expect(upActions.primitiveAction(SurgeCastAction.CAST, at(5, 5))).toBe([1, 2, 3][draw]);
  });

  it("delegates the move to a base processor and forwards setRng to it", () => {
    const calls: number[] = [];
    const rngs: unknown[] = [];
    const base = {
      actionSpace: new Discrete(4),
      processAction: (a: number, s: AgentState) => {
        calls.push(a);
        return s.withPosition(s.position.offset(100, 0));
      },
      validateAction: (a: unknown): a is number => new Discrete(4).contains(a),
      getMetadata: () => ({ type: "custom_cardinal", orientation_dependent: false }),
      setRng: (rng: unknown) => rngs.push(rng),
    };
    const actions = new SurgeCastActions({ base, windField: constantWind(180, 1) });
    const rng = Generator.fromSeed(1);
    actions.setRng(rng);
    expect(rngs).toEqual([rng]);
    expect(actions.processAction(0, at(1, 1), new GridSize(200, 5)).position.toJSON()).toEqual([101, 1]);
    expect(calls).toEqual([1]);
    expect(actions.stepSize).toBeUndefined();
    expect(actions.getMetadata().parameters).toMatchObject({ base: "custom_cardinal" });
  });

  it("uses stepSize for the built-in cardinal moves and clamps them", () => {
    const actions = new SurgeCastActions({ stepSize: 4, windField: constantWind(90, 1) }); // SURGE = UP
    expect(actions.processAction(0, at(3, 17), grid).position.toJSON()).toEqual([3, 19]);
  });

  it("setWindField replaces or removes the wind", () => {
    const actions = new SurgeCastActions();
    actions.setWindField(constantWind(0, 1));
    expect(actions.upwindAction({ x: 0, y: 0 })).toBe(3);
    actions.setWindField(undefined);
    expect(actions.upwindAction({ x: 0, y: 0 })).toBe(0);
    expectPlumeError(() => actions.setWindField({} as never), ValidationError, "windField");
  });

  it("throws typed errors: bad action, CAST without a generator, bad base", () => {
    const actions = new SurgeCastActions();
    expectPlumeError(() => actions.processAction(2, at(1, 1), grid), ValidationError, "action");
    expectPlumeError(() => actions.processAction(SurgeCastAction.CAST, at(1, 1), grid), StateError, "rng");
    expect(actions.processAction(SurgeCastAction.SURGE, at(1, 1), grid).position.toJSON()).toEqual([1, 2]);
    expectPlumeError(() => new SurgeCastActions({ base: new OrientedGridActions() }), ValidationError, "base");
    expectPlumeError(() => new SurgeCastActions({ base: new SurgeCastActions() }), ValidationError, "base");
    expectPlumeError(() => new SurgeCastActions({ windField: 3 as never }), ValidationError, "windField");
    const base = new SurgeCastActions({}); // not cardinal: Discrete(2)
    expect(base.actionSpace.n).toBe(2);
  });
});

describe("options", () => {
  it("default to step size 1", () => {
    expect(new OrientedGridActions().stepSize).toBe(1);
    expect(new OrientedRunTumbleActions().stepSize).toBe(1);
    expect(new SurgeCastActions().stepSize).toBe(1);
  });

  it.each([0, -1, Number.NaN, Infinity, "1", null])("reject stepSize %s naming the option", (stepSize) => {
    for (const Ctor of [OrientedGridActions, OrientedRunTumbleActions, SurgeCastActions]) {
      expectPlumeError(() => new Ctor({ stepSize: stepSize as number }), ValidationError, "stepSize");
    }
    for (const p of plugins) expectPlumeError(() => p.create({ stepSize }, { path: "action.options" }), ConfigurationError, "action.options.stepSize");
  });

  it("accept fractional steps for heading moves (rounded per axis) but not for the cardinal surge/cast moves", () => {
    expect(new OrientedGridActions({ stepSize: 1.5 }).processAction(0, at(2, 2), grid).position.toJSON()).toEqual([4, 2]);
    expectPlumeError(() => new SurgeCastActions({ stepSize: 1.5 }), ValidationError, "stepSize");
  });

  it("reject stepSize together with a base, and unknown keys", () => {
    const base = { actionSpace: new Discrete(4), processAction: (_a: number, s: AgentState) => s, validateAction: (a: unknown): a is number => a === 0, getMetadata: () => ({ type: "b" }) };
    expectPlumeError(() => new SurgeCastActions({ base, stepSize: 2 }), ValidationError, "stepSize");
    expectPlumeError(() => new OrientedGridActions({ step_size: 2 } as never), ValidationError, "step_size");
  });
});

describe("plugins", () => {
  it("are action plugins named oriented, run_tumble and surge_cast", () => {
    expect(plugin).toBe(orientedPlugin);
    expect(plugins.map((p) => p.name)).toEqual(["oriented", "run_tumble", "surge_cast"]);
    for (const p of plugins) expect(isPlugin(p, "action")).toBe(true);
    expect(orientedPlugin.create({ stepSize: 3 })).toBeInstanceOf(OrientedGridActions);
    expect(runTumblePlugin.create({ stepSize: 2 }).stepSize).toBe(2);
    expect(surgeCastPlugin.create()).toBeInstanceOf(SurgeCastActions);
  });
});

describe("properties", () => {
  it("every processor stays in bounds, returns integer positions and keeps the counters", () => {
    const rng = Generator.fromSeed(11);
    const oriented = new OrientedGridActions({ stepSize: 3 });
    const tumble = new OrientedRunTumbleActions({ stepSize: 2.5 });
    tumble.setRng(rng);
    const surge = new SurgeCastActions({ stepSize: 2, windField: constantWind(33, 0.7) });
    surge.setRng(rng);
    const processors = [oriented, tumble, surge];
    fc.assert(
      fc.property(gridAndState, fc.constantFrom(0, 1, 2), fc.nat(2), ({ grid: g, state }, which, raw) => {
        const proc = processors[which] as OrientedGridActions;
        const action = raw % proc.actionSpace.n;
        const next = proc.processAction(action, state, g);
        expect(g.contains(next.position)).toBe(true);
        expect(Number.isInteger(next.position.x) && Number.isInteger(next.position.y)).toBe(true);
        expect(next.step_count).toBe(state.step_count);
        expect(next.total_reward).toBe(state.total_reward);
        expect(next.goal_reached).toBe(state.goal_reached);
        expect(next).not.toBe(state);
        expect(next.orientation >= 0 && next.orientation < 360).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("a forward move lands within stepSize + 1 cells and equals the unclamped rounding when inside the grid", () => {
    fc.assert(
      fc.property(gridAndState, fc.double({ min: 0.5, max: 6, noNaN: true }), ({ grid: g, state }, step) => {
        const next = new OrientedGridActions({ stepSize: step }).processAction(0, state, g);
        expect(next.position.distanceTo(state.position)).toBeLessThanOrEqual(step + 1);
        expect(next.orientation).toBe(state.orientation);
      }),
      { numRuns: 100 },
    );
  });

  it("four left turns (or four right turns) restore a 90-degree-multiple heading without moving", () => {
    const actions = new OrientedGridActions();
    fc.assert(
      fc.property(gridAndState, fc.constantFrom(0, 90, 180, 270), fc.constantFrom(1, 2), ({ grid: g, state }, heading, turn) => {
        let s = state.withOrientation(heading);
        for (let i = 0; i < 4; i++) s = actions.processAction(turn, s, g);
        expect(s.orientation).toBe(heading);
        expect(s.position.equals(state.position)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it("run-and-tumble trajectories depend only on the generator state", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.array(fc.constantFrom(0, 1), { minLength: 1, maxLength: 30 }), (seed, acts) => {
        const trace = () => {
          const actions = new OrientedRunTumbleActions({ stepSize: 2 });
          actions.setRng(Generator.fromSeed(seed));
          let s = at(10, 10);
          return acts.map((a) => (s = actions.processAction(a, s, grid)).toJSON());
        };
        expect(trace()).toEqual(trace());
      }),
      { numRuns: 30 },
    );
  });
});
