import {
  AgentState,
  ComponentError,
  Coordinates,
  ENV_STATE_KEYS,
  EnvLifecycle,
  StateError,
  ValidationError,
  type ActionProcessor,
  type EnvState,
  type NDArray,
  type ObservationModel,
} from "@plume/core-types";
import { DiscreteGridActions } from "@plume/actions-discrete";
import { ConcentrationSensor } from "@plume/sensors-concentration";
import { Box, Discrete, Generator } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import { ConstantWindField, GaussianPlume, PlumeEnv, SparseGoalReward } from "../src/index.js";
import { expectError } from "./helpers.js";

const FLOAT32_EPS = 2 ** -23;

describe("PlumeEnv defaults (the reference's)", () => {
  const env = new PlumeEnv();
  it("128x128 grid, source at the centre, sigma 12, goal radius float32 eps, 1000 steps", () => {
    expect(env.gridSize.toTuple()).toEqual([128, 128]);
    expect(env.sourceLocation.toTuple()).toEqual([64, 64]);
    expect(env.goalLocation).toBe(env.sourceLocation);
    expect(env.goalRadius).toBe(FLOAT32_EPS);
    expect(env.maxSteps).toBe(1000);
    expect(env.plume).toBeInstanceOf(GaussianPlume);
    expect((env.plume as GaussianPlume).sigma).toBe(12);
    expect(env.wind).toBeUndefined();
  });
  it("ConcentrationSensor, 4 discrete actions, sparse reward; spaces are the components'", () => {
    expect(env.sensor).toBeInstanceOf(ConcentrationSensor);
    expect(env.actionProcessor).toBeInstanceOf(DiscreteGridActions);
    expect(env.rewardFunction).toBeInstanceOf(SparseGoalReward);
    expect(env.actionSpace).toBe(env.actionProcessor.actionSpace);
    expect(env.observationSpace).toBe(env.sensor.observationSpace);
    expect(String(env.actionSpace)).toBe("Discrete(4)");
    expect(String(env.observationSpace)).toBe("Box(0.0, 1.0, (1,), float32)");
  });
  it("metadata, render mode, no generator before reset, unwrapped is itself", () => {
    expect(env.metadata).toEqual({ render_modes: ["human", "rgb_array"], render_fps: 30 });
    expect(PlumeEnv.metadata).toBe(env.metadata);
    expect(env.renderMode).toBeNull();
    expect(env.npRandom).toBeUndefined();
    expect(env.unwrapped).toBe(env);
    expect(env.lifecycleState).toBe(EnvLifecycle.CREATED);
    expect(typeof (env as unknown as { seed: unknown }).seed).not.toBe("function");
  });
  it("an injected plume supplies the grid and source defaults; a plume over another grid is rejected", () => {
    const plume = new GaussianPlume({ gridSize: [20, 10], sourceLocation: [3, 7], sigma: 2 });
    const env = new PlumeEnv({ plume });
    expect(env.gridSize.toTuple()).toEqual([20, 10]);
    expect(env.sourceLocation.toTuple()).toEqual([3, 7]);
    expect(new PlumeEnv({ plume, sourceLocation: [1, 1] }).sourceLocation.toTuple()).toEqual([1, 1]);
    expectError(() => new PlumeEnv({ plume, gridSize: [10, 10] }), ValidationError, "plume");
  });

  it("goalRadius 0 means float32 epsilon", () => {
    expect(new PlumeEnv({ goalRadius: 0, gridSize: [8, 8] }).goalRadius).toBe(FLOAT32_EPS);
    expect(new PlumeEnv({ goalRadius: 2.5, gridSize: [8, 8] }).goalRadius).toBe(2.5);
  });
});

describe("PlumeEnv constructor validation", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["zero-size grid", { gridSize: [0, 10] }, "gridSize.width"],
    ["negative height", { gridSize: [10, -1] }, "gridSize.height"],
    ["fractional grid", { gridSize: [10.5, 10] }, "gridSize.width"],
    ["source outside", { gridSize: [10, 10], sourceLocation: [10, 3] }, "sourceLocation"],
    ["negative source", { gridSize: [10, 10], sourceLocation: [-1, 3] }, "sourceLocation"],
    ["start outside", { gridSize: [10, 10], startLocation: [3, 10] }, "startLocation"],
    ["negative radius", { goalRadius: -1 }, "goalRadius"],
    ["NaN radius", { goalRadius: Number.NaN }, "goalRadius"],
    ["zero max steps", { maxSteps: 0 }, "maxSteps"],
    ["fractional max steps", { maxSteps: 2.5 }, "maxSteps"],
    ["sigma 0", { plumeParams: { sigma: 0 } }, "plumeParams.sigma"],
    ["bad render mode", { renderMode: "rgb" }, "renderMode"],
    ["unknown key", { grid_size: [8, 8] }, "grid_size"],
    ["not a sensor", { sensor: { observationSpace: new Discrete(2) } }, "sensor"],
    ["not an action processor", { action: new ConcentrationSensor() }, "action"],
    ["not a reward", { reward: {} }, "reward"],
    ["not a plume", { plume: 3 }, "plume"],
  ];
  for (const [name, options, parameter] of cases) {
    it(`${name} -> ValidationError naming ${parameter}`, () => {
      const error = expectError(() => new PlumeEnv(options as never), ValidationError, parameter);
      expect(error.message).toContain(parameter);
      expect(error.expected).toBeTruthy();
    });
  }
});

describe("PlumeEnv lifecycle", () => {
  it("CREATED -> READY -> TRUNCATED -> READY -> CLOSED", () => {
    const env = new PlumeEnv({ gridSize: [16, 16], maxSteps: 3, startLocation: [0, 0] });
    expect(env.lifecycleState).toBe("CREATED");
    expectError(() => env.step(0), StateError);
    env.reset({ seed: 1 });
    expect(env.lifecycleState).toBe("READY");
    env.step(0);
    env.step(0);
    const [, , terminated, truncated] = env.step(0);
    expect([terminated, truncated]).toEqual([false, true]);
    expect(env.lifecycleState).toBe("TRUNCATED");
    const error = expectError(() => env.step(0), StateError);
    expect(error.message).toMatch(/reset/);
    expect(env.stepCount).toBe(3);
    env.reset();
    expect(env.lifecycleState).toBe("READY");
    expect(env.stepCount).toBe(0);
    env.close();
    expect(env.lifecycleState).toBe("CLOSED");
    expectError(() => env.reset(), StateError);
    expectError(() => env.reset({ seed: 3 }), StateError);
    expectError(() => env.step(0), StateError);
    env.close();
    env.close();
    expect(env.lifecycleState).toBe("CLOSED");
  });

  it("close works from CREATED and is idempotent; reset is repeatable", () => {
    const env = new PlumeEnv({ gridSize: [8, 8] });
    env.close();
    env.close();
    expectError(() => env.reset(), StateError);
    const env2 = new PlumeEnv({ gridSize: [8, 8] });
    env2.reset({ seed: 1 });
    env2.reset({ seed: 1 });
    env2.reset();
    expect(env2.episodeCount).toBe(3);
  });

  it("TERMINATED on reaching the goal; step then throws until reset", () => {
    const env = new PlumeEnv({ gridSize: [8, 8], sourceLocation: [4, 4], startLocation: [4, 3] });
    env.reset({ seed: 0 });
    const [obs, reward, terminated, truncated, info] = env.step(0); // UP: (4, 4)
    expect([reward, terminated, truncated]).toEqual([1, true, false]);
    expect(info.goal_reached).toBe(true);
    expect(info.distance_to_goal).toBe(0);
    expect(Array.from((obs as NDArray).data as Float32Array)).toEqual([1]);
    expect(env.lifecycleState).toBe("TERMINATED");
    expect(env.agentState?.goal_reached).toBe(true);
    expectError(() => env.step(1), StateError);
    env.reset({ seed: 0 });
    expect(env.agentState?.goal_reached).toBe(false);
  });

  it("terminated and truncated can both be true on the last step", () => {
    const env = new PlumeEnv({ gridSize: [8, 8], sourceLocation: [4, 4], startLocation: [4, 3], maxSteps: 1 });
    env.reset();
    const [, , terminated, truncated] = env.step(0);
    expect([terminated, truncated]).toEqual([true, true]);
    expect(env.lifecycleState).toBe("TERMINATED");
  });

  it("a start on the goal is not terminal until a step is taken (1x1 grid)", () => {
    const env = new PlumeEnv({ gridSize: [1, 1] });
    const [, info] = env.reset({ seed: 5 });
    expect(info.agent_position).toEqual([0, 0]);
    expect(info.goal_reached).toBe(false);
    const [, reward, terminated] = env.step(2);
    expect([reward, terminated]).toEqual([1, true]);
  });
});

describe("PlumeEnv input validation never breaks the env", () => {
  const badActions: unknown[] = [-1, 4, 100, 1.5, Number.NaN, "0", null, undefined, true, [0], Infinity];
  for (const action of badActions) {
    it(`action ${String(typeof action === "string" ? JSON.stringify(action) : action)} -> ValidationError, nothing changes`, () => {
      const env = new PlumeEnv({ gridSize: [16, 16] });
      env.reset({ seed: 42 });
      env.step(1);
      const before = { agent: env.agentState, steps: env.stepCount, state: env.npRandom?.state };
      const error = expectError(() => env.step(action as number), ValidationError, "action");
      expect(error.expected).toContain("Discrete(4)");
      expect(env.agentState).toBe(before.agent);
      expect(env.stepCount).toBe(before.steps);
      expect(env.npRandom?.state).toEqual(before.state);
      expect(env.lifecycleState).toBe("READY");
      const [, , , , info] = env.step(0);
      expect(info.step_count).toBe(2);
    });
  }

  const badSeeds: unknown[] = [-1, 2 ** 32, 1.5, Number.NaN, "7", 7n, Infinity, null];
  for (const seed of badSeeds) {
    it(`seed ${String(seed)} -> ValidationError naming seed, nothing changes`, () => {
      const env = new PlumeEnv({ gridSize: [16, 16] });
      expectError(() => env.reset({ seed: seed as number }), ValidationError, "seed");
      expect(env.lifecycleState).toBe("CREATED");
      expect(env.npRandom).toBeUndefined();
      env.reset({ seed: 3 });
      env.step(0);
      const before = { agent: env.agentState, rng: env.npRandom?.state, episodes: env.episodeCount };
      expectError(() => env.reset({ seed: seed as number }), ValidationError, "seed");
      expect(env.agentState).toBe(before.agent);
      expect(env.npRandom?.state).toEqual(before.rng);
      expect(env.episodeCount).toBe(before.episodes);
      expect(env.stepCount).toBe(1);
      env.step(1);
    });
  }

  it("accepts seeds 0 and 2^32 - 1, and rejects unknown reset keys by name", () => {
    const env = new PlumeEnv({ gridSize: [16, 16] });
    expect(env.reset({ seed: 0 })[1].seed).toBe(0);
    expect(env.reset({ seed: 2 ** 32 - 1 })[1].seed).toBe(2 ** 32 - 1);
    expect(() => env.reset({ options: {} })).not.toThrow();
    expect(() => env.reset({ seed: 1, options: {} })).not.toThrow();
    expectError(() => env.reset({ sed: 1 } as never), ValidationError, "sed");
    expectError(() => env.reset({ options: 3 } as never), ValidationError, "options");
  });
});

describe("PlumeEnv seeding and info", () => {
  it("a seeded reset re-creates the generator: Generator.fromSeed(seed), start = (integers(0, W), integers(0, H))", () => {
    const env = new PlumeEnv({ gridSize: [50, 30] });
    const [, info] = env.reset({ seed: 123 });
    const rng = Generator.fromSeed(123);
    const x = rng.integers(0, 50);
    const y = rng.integers(0, 30);
    expect(info.agent_position).toEqual([x, y]);
    expect(env.npRandom?.state).toEqual(rng.state);
    // An unseeded reset continues the stream.
    const [, info2] = env.reset();
    expect(info2.agent_position).toEqual([rng.integers(0, 50), rng.integers(0, 30)]);
    expect("seed" in info2).toBe(false);
  });

  it("same seed -> same episode on any instance", () => {
    const a = new PlumeEnv({ gridSize: [32, 32] });
    const b = new PlumeEnv({ gridSize: [32, 32] });
    expect(a.reset({ seed: 9 })).toEqual(b.reset({ seed: 9 }));
    for (const action of [0, 1, 2, 3, 3, 0]) expect(a.step(action)).toEqual(b.step(action));
  });

  it("reset and step info keys", () => {
    const env = new PlumeEnv({ gridSize: [32, 32] });
    const [, info] = env.reset({ seed: 4 });
    expect(Object.keys(info)).toEqual([
      "agent_position",
      "agent_xy",
      "goal_location",
      "source_location",
      "step_count",
      "episode_count",
      "total_reward",
      "goal_reached",
      "seed",
    ]);
    expect(info).toMatchObject({ goal_location: [16, 16], source_location: [16, 16], step_count: 0, episode_count: 1, seed: 4 });
    const [, , , , stepInfo] = env.step(1);
    expect(Object.keys(stepInfo)).toEqual([
      "agent_position",
      "agent_xy",
      "goal_location",
      "source_location",
      "step_count",
      "episode_count",
      "total_reward",
      "goal_reached",
      "distance_to_goal",
      "seed",
    ]);
    expect(stepInfo.agent_xy).toEqual(stepInfo.agent_position);
    expect(stepInfo.agent_xy).not.toBe(stepInfo.agent_position);
    const [x, y] = stepInfo.agent_position;
    expect(stepInfo.distance_to_goal).toBe(Math.sqrt((x - 16) ** 2 + (y - 16) ** 2));
    // After an unseeded reset the seed key is gone from reset and step infos.
    env.reset();
    expect("seed" in env.step(0)[4]).toBe(false);
  });

  it("total_reward accumulates in float64 like the reference", () => {
    const env = new PlumeEnv({
      gridSize: [20, 20],
      startLocation: [0, 0],
      reward: { computeReward: () => -0.01, getMetadata: () => ({ type: "penalty" }) },
    });
    env.reset();
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const [, reward, , , info] = env.step(i % 4);
      total += reward;
      expect(info.total_reward).toBe(total);
    }
  });
});

/** Components that record what the env does with them. */
function spyComponents(log: string[]) {
  const sensorStates: EnvState[] = [];
  const plume = new GaussianPlume({ gridSize: [10, 10], sourceLocation: [5, 5], sigma: 3 });
  const wind = new ConstantWindField({ directionDeg: 90, speed: 2 });
  const base = new DiscreteGridActions();
  const rngs: unknown[] = [];
  const action: ActionProcessor<number> = {
    get actionSpace() {
      return base.actionSpace;
    },
    processAction: (a, s, g) => {
      log.push(`process(${a})`);
      return base.processAction(a, s, g);
    },
    validateAction: (a): a is number => {
      log.push(`validate(${String(a)})`);
      return base.validateAction(a);
    },
    getMetadata: () => base.getMetadata(),
    setRng: (rng) => {
      rngs.push(rng);
      log.push("setRng");
    },
  };
  const sensor: ObservationModel<NDArray<"float32">> = {
    observationSpace: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
    getObservation: (state) => {
      sensorStates.push(state);
      log.push(`observe(step ${state.step_count})`);
      return new ConcentrationSensor().getObservation(state);
    },
    getMetadata: () => ({ type: "spy" }),
    reset: () => void log.push("sensor.reset"),
  };
  const spyPlume = {
    gridSize: plume.gridSize,
    fieldArray: plume.fieldArray,
    sample: (x: number, y: number) => plume.sample(x, y),
    reset: (seed?: number) => void log.push(`plume.reset(${String(seed)})`),
    advanceToStep: (k: number) => void log.push(`plume.advance(${k})`),
  };
  const spyWind = {
    sample: () => wind.sample(),
    reset: (seed?: number) => void log.push(`wind.reset(${String(seed)})`),
    advanceToStep: (k: number) => void log.push(`wind.advance(${k})`),
  };
  const reward = {
    computeReward: (prev: AgentState, _a: unknown, next: AgentState, field: unknown) => {
      log.push(`reward(prev ${prev.position.toKey()}, next ${next.position.toKey()}, field ${field === spyPlume})`);
      return 0;
    },
    getMetadata: () => ({ type: "spy" }),
  };
  return { action, sensor, plume: spyPlume, wind: spyWind, reward, sensorStates, rngs };
}

describe("PlumeEnv step data flow (design.md §2)", () => {
  it("reset hooks, then validate -> process -> advance -> reward -> observe", () => {
    const log: string[] = [];
    const c = spyComponents(log);
    const env = new PlumeEnv({
      gridSize: [10, 10],
      sourceLocation: [5, 5],
      startLocation: [2, 2],
      action: c.action,
      sensor: c.sensor,
      plume: c.plume,
      wind: c.wind,
      reward: c.reward,
    });
    env.reset({ seed: 11 });
    expect(log).toEqual(["setRng", "plume.reset(11)", "wind.reset(11)", "sensor.reset", "observe(step 0)"]);
    expect(c.rngs[0]).toBe(env.npRandom);
    log.length = 0;
    env.step(1);
    expect(log).toEqual([
      "validate(1)",
      "process(1)",
      "plume.advance(1)",
      "wind.advance(1)",
      "reward(prev 2,2, next 3,2, field true)",
      "observe(step 1)",
    ]);
    const state = c.sensorStates.at(-1) as EnvState;
    expect(Object.keys(state).sort()).toEqual([...ENV_STATE_KEYS].sort());
    expect(state.plume_field).toBe(c.plume.fieldArray);
    expect(state.concentration_field).toBe(c.plume);
    expect(state.wind_field).toBe(c.wind);
    expect(state.rng).toBe(env.npRandom);
    expect(state.agent_state.position.toTuple()).toEqual([3, 2]);
    expect(state.agent_state.step_count).toBe(1);
    expect(state.step_count).toBe(1);
    expect(state.goal_location.toTuple()).toEqual([5, 5]);
    expect(state.grid_size).toBe(env.gridSize);
    expect(state.max_steps).toBe(1000);
  });

  it("an env without wind passes wind_field undefined; unseeded resets pass no seed to the hooks", () => {
    const log: string[] = [];
    const c = spyComponents(log);
    const env = new PlumeEnv({ gridSize: [10, 10], sensor: c.sensor, plume: c.plume });
    env.reset();
    expect(log).toContain("plume.reset(undefined)");
    expect("wind_field" in (c.sensorStates[0] as EnvState)).toBe(true);
    expect((c.sensorStates[0] as EnvState).wind_field).toBeUndefined();
  });

  it("a processor that leaves the grid, or a sensor that throws, gives ComponentError and changes nothing", () => {
    const base = new DiscreteGridActions();
    const broken: ActionProcessor<number> = {
      actionSpace: base.actionSpace,
      validateAction: (a): a is number => base.validateAction(a),
      processAction: (_a, s) => s.withPosition(new Coordinates(-1, 0)),
      getMetadata: () => base.getMetadata(),
    };
    const env = new PlumeEnv({ gridSize: [8, 8], action: broken });
    env.reset({ seed: 1 });
    const agent = env.agentState;
    const error = expectError(() => env.step(0), ComponentError);
    expect(error.component).toBe("action");
    expect(env.agentState).toBe(agent);
    expect(env.stepCount).toBe(0);

    let fail = false;
    const sensor: ObservationModel<NDArray<"float32">> = {
      observationSpace: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
      getObservation: (s) => {
        if (fail) throw new TypeError("boom");
        return new ConcentrationSensor().getObservation(s);
      },
      getMetadata: () => ({ type: "flaky" }),
    };
    const env2 = new PlumeEnv({ gridSize: [8, 8], sensor });
    env2.reset({ seed: 2 });
    const before = env2.agentState;
    fail = true;
    expect(expectError(() => env2.step(0), ComponentError).message).toContain("boom");
    expect(env2.agentState).toBe(before);
    expect(env2.stepCount).toBe(0);
    fail = false;
    expect(env2.step(0)[4].step_count).toBe(1);
  });

  it("a reward that is not a finite number is a ComponentError", () => {
    const env = new PlumeEnv({
      gridSize: [8, 8],
      reward: { computeReward: () => Number.NaN, getMetadata: () => ({ type: "nan" }) },
    });
    env.reset({ seed: 1 });
    expect(expectError(() => env.step(0), ComponentError).component).toBe("reward");
    expect(env.stepCount).toBe(0);
  });

  it("observations are fresh arrays (no aliasing between steps)", () => {
    const env = new PlumeEnv({ gridSize: [16, 16], startLocation: [0, 0] });
    const [first] = env.reset();
    const value = first.data[0];
    env.step(0);
    env.step(1);
    expect(first.data[0]).toBe(value);
  });
});
