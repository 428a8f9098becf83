/**
 * `make("PlumeNav-v0", kwargs)` with the reference's kwargs (`create_plume_env`: the direct route, the
 * switch to the selector and its defaults and validation) or Plume's options, never both; the kwargs
 * translator registry for plume models; the kwargs types per id.
 */
import { ConfigurationError, ValidationError, type NDArray } from "@plume/core-types";
import { AntennaeArraySensor, ConcentrationSensor } from "@plume/sensors-concentration";
import { WindVectorSensor, plugins as windPlugins } from "@plume/sensors-wind";
import { OrientedGridActions, OrientedRunTumbleActions, plugins as orientedPlugins } from "@plume/actions-oriented";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ConstantWindField,
  GaussianPlume,
  PlumeEnv,
  PlumeSearchEnv,
  SparseGoalReward,
  StepPenaltyReward,
  TimeLimit,
  make,
  makeAsync,
  registerKwargsTranslator,
  registerPlugins,
  translatePlumeNavKwargs,
  type PlumeNavKwargs,
} from "../src/index.js";
import { expectError } from "./helpers.js";

const quiet = { warn: () => undefined };
/** The raw env `make` builds. */
function raw(kwargs: PlumeNavKwargs): PlumeEnv<unknown, unknown> {
  return make("PlumeNav-v0", kwargs, quiet).unwrapped as PlumeEnv<unknown, unknown>;
}

describe("the reference's direct route: PlumeEnv(**kwargs)", () => {
  it("takes its snake_case parameter names, with the direct defaults (sigma 12, goal radius float32 eps, centre goal)", () => {
    const env = raw({ grid_size: [32, 16], max_steps: 25, goal_radius: 3, start_location: [1, 1] });
    expect(env.gridSize.toTuple()).toEqual([32, 16]);
    expect([env.maxSteps, env.goalRadius, env.startLocation?.toTuple()]).toEqual([25, 3, [1, 1]]);
    expect(env.sourceLocation.toTuple()).toEqual([16, 8]);
    expect((env.plume as GaussianPlume).sigma).toBe(12);
    const d = raw({ grid_size: [8, 8], source_location: [4, 4], plume_params: { sigma: 5 } });
    expect([(d.plume as GaussianPlume).sigma, d.goalRadius]).toEqual([5, 2 ** -23]);
  });

  it("injected components: sensor_model, action_model, reward_fn, plume, wind_field", () => {
    const sensor = new WindVectorSensor();
    const wind = new ConstantWindField({ directionDeg: 90 });
    const action = new OrientedGridActions();
    const env = raw({ grid_size: [10, 10], sensor_model: sensor, wind_field: wind, action_model: action });
    expect([env.sensor, env.wind, env.actionProcessor]).toEqual([sensor, wind, action]);
  });

  it("null means Python's None: the parameter's default", () => {
    const env = raw({ grid_size: null, source_location: null, max_steps: null });
    expect([env.gridSize.toTuple(), env.sourceLocation.toTuple(), env.maxSteps]).toEqual([[128, 128], [64, 64], 1000]);
  });

  it("errors name the snake_case kwarg", () => {
    expectError(() => make("PlumeNav-v0", { grid_size: [0, 4] }), ValidationError, "grid_size.width");
    expectError(() => make("PlumeNav-v0", { grid_size: [8, 8], source_location: [9, 1] }), ValidationError, "source_location");
    expectError(() => make("PlumeNav-v0", { render_mode: "window" as never }), ValidationError, "render_mode");
  });
});

describe("the switch to the selector", () => {
  // oriented, run_tumble and wind_vector come from optional packages: make() builds them once registered.
  let unregister: () => void = () => undefined;
  beforeAll(() => {
    unregister = registerPlugins(orientedPlugins, windPlugins);
  });
  afterAll(() => unregister());

  const selectorKeys: [string, unknown][] = [
    ["goal_location", [3, 3]],
    ["action_type", "discrete"],
    ["observation_type", "concentration"],
    ["reward_type", "sparse"],
    ["plume_sigma", 20],
    ["step_size", 1],
    ["enable_wind", false],
    ["wind_direction_deg", 0],
    ["wind_speed", 1],
    ["wind_vector", null],
    ["wind_noise_std", 0],
  ];
  for (const [key, value] of selectorKeys) {
    it(`${key} alone switches to the selector's defaults (sigma 20, goal radius 5, goal (64, 64) clamped)`, () => {
      const build = translatePlumeNavKwargs({ grid_size: [40, 100], [key]: value });
      expect(build.route).toBe("selector");
      const env = raw({ grid_size: [40, 100], [key]: value } as PlumeNavKwargs);
      expect(env.goalRadius).toBe(5);
      expect((env.plume as GaussianPlume).sigma).toBe(20);
      if (key !== "goal_location") expect(env.goalLocation.toTuple()).toEqual([39, 64]);
    });
  }

  it("a string plume switches too; a component plume alone stays direct", () => {
    expect(translatePlumeNavKwargs({ plume: "static" }).route).toBe("selector");
    expect(translatePlumeNavKwargs({ plume: new GaussianPlume({ gridSize: [8, 8], sourceLocation: [1, 1] }) }).route).toBe("direct");
    expect(translatePlumeNavKwargs({ grid_size: [8, 8], max_steps: 3 }).route).toBe("direct");
  });

  it("builds what the reference's selector builds", () => {
    const env = raw({ grid_size: [64, 64], observation_type: "antennae", action_type: "oriented", reward_type: "step_penalty", step_size: 2, max_steps: 300 });
    const sensor = env.sensor as AntennaeArraySensor;
    expect([sensor.nSensors, sensor.sensorDistance]).toEqual([2, 2]);
    expect(env.actionProcessor).toBeInstanceOf(OrientedGridActions);
    const reward = env.rewardFunction as StepPenaltyReward;
    expect([reward.goalReward, reward.stepPenalty, reward.goalRadius]).toEqual([1, 0.01, 5]);
    expect(env.maxSteps).toBe(300);
    expect(raw({ action_type: "run_tumble" }).actionProcessor).toBeInstanceOf(OrientedRunTumbleActions);
    expect(raw({ reward_type: "sparse" }).rewardFunction).toBeInstanceOf(SparseGoalReward);
    expect(raw({ observation_type: "concentration" }).sensor).toBeInstanceOf(ConcentrationSensor);
  });

  it("wind: only with enable_wind or the wind sensor; direction, speed and vector as given", () => {
    expect(raw({ wind_direction_deg: 45 }).wind).toBeUndefined();
    const enabled = raw({ enable_wind: true, wind_direction_deg: 90, wind_speed: 2 }).wind as ConstantWindField;
    expect(Array.from(enabled.sample())).toEqual(Array.from(new ConstantWindField({ directionDeg: 90, speed: 2 }).sample()));
    const sensor = raw({ observation_type: "wind_vector", wind_vector: [0.5, -0.25], wind_noise_std: 0.1 });
    expect(Array.from((sensor.wind as ConstantWindField).sample())).toEqual([0.5, -0.25]);
    expect((sensor.sensor as WindVectorSensor).noiseStd).toBe(0.1);
    expect(Array.from((raw({ observation_type: "wind_vector" }).wind as ConstantWindField).sample())).toEqual([1, -0]);
  });

  it("source_location and plume_params are read as goal_location and plume_sigma (when those are absent)", () => {
    const env = raw({ grid_size: [20, 20], source_location: [3, 4], plume_params: { sigma: 7 }, step_size: 1 });
    expect(env.goalLocation.toTuple()).toEqual([3, 4]);
    expect((env.plume as GaussianPlume).sigma).toBe(7);
    const both = raw({ grid_size: [20, 20], source_location: [3, 4], goal_location: [5, 6], plume_params: { sigma: 7 }, plume_sigma: 9 });
    expect(both.goalLocation.toTuple()).toEqual([5, 6]);
    expect((both.plume as GaussianPlume).sigma).toBe(9);
    // goal_location given as None hides source_location: the goal is the implicit one.
    expect(raw({ grid_size: [20, 20], source_location: [3, 4], goal_location: null }).goalLocation.toTuple()).toEqual([19, 19]);
  });

  it("an explicit goal must lie inside the grid (only the implicit one is clamped); so must the start", () => {
    expectError(() => make("PlumeNav-v0", { grid_size: [32, 32], goal_location: [40, 1] }), ValidationError, "goal_location");
    expectError(() => make("PlumeNav-v0", { grid_size: [32, 32], source_location: [40, 1], step_size: 1 }), ValidationError, "source_location");
    expectError(() => make("PlumeNav-v0", { grid_size: [32, 32], start_location: [0, 32], step_size: 1 }), ValidationError, "start_location");
  });

  it("validates like the reference (and a little more strictly), naming the kwarg", () => {
    const bad: [PlumeNavKwargs, string][] = [
      [{ action_type: "teleport" as never }, "action_type"],
      [{ observation_type: "vision" as never }, "observation_type"],
      [{ reward_type: "dense" as never }, "reward_type"],
      [{ goal_radius: -1, step_size: 1 }, "goal_radius"],
      [{ plume_sigma: 0 }, "plume_sigma"],
      [{ step_size: 0 }, "step_size"],
      [{ step_size: 1.5 }, "step_size"],
      [{ max_steps: 0, step_size: 1 }, "max_steps"],
      [{ wind_noise_std: -0.1 }, "wind_noise_std"],
      [{ wind_vector: [1] as never }, "wind_vector"],
      [{ grid_size: [0, 10], step_size: 1 }, "grid_size.width"],
      [{ plume: "smoke" as never }, "plume"],
      [{ step_size: 1, plume_params: { sigma: -1 } }, "plume_params.sigma"],
      [{ step_size: 1, sensor_model: new ConcentrationSensor() } as never, "sensor_model"],
    ];
    for (const [kwargs, parameter] of bad) expectError(() => make("PlumeNav-v0", kwargs), ValidationError, parameter);
  });

  it("goal radius 0 means float32 epsilon on both routes; warn_deprecated is accepted and ignored", () => {
    expect(raw({ goal_radius: 0, step_size: 1 }).goalRadius).toBe(2 ** -23);
    expect(raw({ goal_radius: 0 }).goalRadius).toBe(2 ** -23);
    expect(raw({ warn_deprecated: true, step_size: 1 }).goalRadius).toBe(5);
  });

  it("removed kwargs fail as in the reference: plume_type, video_*", () => {
    expect(expectError(() => make("PlumeNav-v0", { plume_type: "gaussian" } as never), ValidationError, "plume_type").message).toContain('plume: "static"');
    expect(expectError(() => make("PlumeNav-v0", { video_path: "x.avi" } as never), ValidationError, "video_path").expected).toBe("movie_path");
  });

  it("movie kwargs need a registered translator", () => {
    const error = expectError(() => make("PlumeNav-v0", { plume: "movie", movie_path: "a.zarr" }), ValidationError);
    expect(error.message).toMatch(/translator/);
  });
});

describe("selector kwargs whose plugins come from optional packages", () => {
  it("make() without their plugins registered is a ConfigurationError naming the kwarg, the package, registerPlugins and makeAsync", () => {
    const oriented = expectError(() => make("PlumeNav-v0", { grid_size: [16, 16], action_type: "oriented" }, quiet), ConfigurationError, "action_type");
    expect(oriented.message).toContain("@plume/actions-oriented");
    expect(oriented.message).toContain("registerPlugins");
    expect(oriented.message).toContain("makeAsync");
    expect(oriented.received).toBe("oriented");
    const wind = expectError(() => make("PlumeNav-v0", { observation_type: "wind_vector" }, quiet), ConfigurationError, "observation_type");
    expect(wind.message).toContain("@plume/sensors-wind");
    // The plugins @plume/env ships need nothing: antennae (sensors-concentration), discrete, step_penalty.
    expect(raw({ grid_size: [16, 16], observation_type: "antennae", reward_type: "step_penalty" }).sensor).toBeInstanceOf(AntennaeArraySensor);
  });

  it("makeAsync() imports those packages (Node), so the same kwargs build with nothing registered", async () => {
    const env = await makeAsync("PlumeNav-v0", { grid_size: [16, 16], observation_type: "wind_vector", action_type: "run_tumble", wind_noise_std: 0.1 }, quiet);
    const built = env.unwrapped as PlumeEnv<unknown, unknown>;
    expect(built.actionProcessor).toBeInstanceOf(OrientedRunTumbleActions);
    expect((built.sensor as WindVectorSensor).noiseStd).toBe(0.1);
    expect(String(env)).toMatch(/^TimeLimit<OrderEnforcing<PassiveEnvChecker<PlumeEnv\(/);
    // Still nothing registered: make() keeps asking for them.
    expectError(() => make("PlumeNav-v0", { action_type: "run_tumble" }, quiet), ConfigurationError, "action_type");
    // Bad kwargs are reported by the build, as make() reports them.
    await expect(makeAsync("PlumeNav-v0", { action_type: "sideways" } as never, quiet)).rejects.toThrow(/action_type/);
  });

  it("makeAsync() honours importModule for those packages (a bundle maps names to literal imports)", async () => {
    const asked: string[] = [];
    const importModule = (specifier: string) => {
      asked.push(specifier);
      return specifier === "@plume/actions-oriented" ? Promise.resolve({ plugins: orientedPlugins }) : Promise.reject(new Error(`not mapped: ${specifier}`));
    };
    const env = await makeAsync("PlumeNav-v0", { grid_size: [16, 16], action_type: "oriented" }, { ...quiet, importModule });
    expect((env.unwrapped as PlumeEnv<unknown, unknown>).actionProcessor).toBeInstanceOf(OrientedGridActions);
    expect(asked).toEqual(["@plume/actions-oriented"]);
  });
});

describe("Plume's options or the reference's kwargs, never both", () => {
  it("camelCase options build the env as before", () => {
    const env = raw({ gridSize: [16, 16], maxSteps: 7 });
    expect([env.gridSize.toTuple(), env.maxSteps]).toEqual([[16, 16], 7]);
  });

  it("mixing the two namings is an error naming both", () => {
    const error = expectError(() => make("PlumeNav-v0", { gridSize: [8, 8], max_steps: 5 } as never), ValidationError, "gridSize");
    expect(error.message).toContain("max_steps");
    expect(error.message).toContain("one or the other");
  });

  it("an unknown kwarg gets the closest name, in either naming", () => {
    expect(expectError(() => make("PlumeNav-v0", { girdSize: [8, 8] } as never), ValidationError, "girdSize").message).toContain('did you mean "gridSize"');
    expect(expectError(() => make("PlumeNav-v0", { action_typ: "oriented" } as never), ValidationError, "action_typ").message).toContain('did you mean "action_type"');
    expect(expectError(() => make("PlumeNav-v0", { gridsize: [8, 8] } as never), ValidationError, "gridsize").message).toMatch(/did you mean "(gridSize|grid_size)"/);
  });

  it("PlumeSearch-v0 takes the reference's names for its options too", () => {
    const env = make("PlumeSearch-v0", { grid_size: [12, 8], source_location: [6, 4], max_steps: 50 }, quiet).unwrapped as PlumeSearchEnv;
    expect([env.gridSize.toTuple(), env.sourceLocation.toTuple(), env.maxSteps]).toEqual([[12, 8], [6, 4], 50]);
    expectError(() => make("PlumeSearch-v0", { sensor_model: new ConcentrationSensor() } as never), ValidationError, "sensor_model");
    expectError(() => make("PlumeSearch-v0", { gridSize: [8, 8], max_steps: 5 } as never), ValidationError, "gridSize");
  });

  it("kwargs are typed per id: typos and mixed namings fail to compile", () => {
    // @ts-expect-error -- a misspelt Plume option
    expect(() => make("PlumeNav-v0", { gridSise: [8, 8] })).toThrow(ValidationError);
    // @ts-expect-error -- a misspelt reference kwarg
    expect(() => make("PlumeNav-v0", { action_typ: "oriented" })).toThrow(ValidationError);
    // @ts-expect-error -- the two namings mixed
    expect(() => make("PlumeNav-v0", { gridSize: [8, 8], max_steps: 5 })).toThrow(ValidationError);
    // @ts-expect-error -- a value outside the reference's choices
    expect(() => make("PlumeNav-v0", { action_type: "teleport" })).toThrow(ValidationError);
    // @ts-expect-error -- PlumeSearchEnv has no sensor option
    expect(() => make("PlumeSearch-v0", { sensor_model: new ConcentrationSensor() })).toThrow(ValidationError);
    const typed: NDArray<"float32"> = make("PlumeNav", { grid_size: [8, 8] }, quiet).reset({ seed: 1 })[0];
    expect(typed.dtype).toBe("float32");
  });
});

describe("episode length", () => {
  it("kwargs that set max_steps (or maxSteps) set the time limit too, so long episodes are not cut at the spec's 1000", () => {
    for (const kwargs of [{ max_steps: 1500 }, { maxSteps: 1500 }, { max_steps: 1500, step_size: 1 }] as PlumeNavKwargs[]) {
      const env = make("PlumeNav-v0", kwargs, quiet) as unknown as TimeLimit;
      expect(env.maxEpisodeSteps).toBe(1500);
      expect(env.spec?.maxEpisodeSteps).toBe(1500);
    }
    expect((make("PlumeNav-v0", {}, quiet) as unknown as TimeLimit).maxEpisodeSteps).toBe(1000);
    expect((make("PlumeNav-v0", { max_steps: 1500 }, { maxEpisodeSteps: 10 }) as unknown as TimeLimit).maxEpisodeSteps).toBe(10);
  });
});

describe("kwargs translators for plume models", () => {
  it("a registered translator receives its kwargs and the selector's geometry, and its config parts build the env", () => {
    const seen: unknown[] = [];
    const unregister = registerKwargsTranslator({
      plume: "wide_gaussian",
      kwargs: ["wide_sigma_factor"],
      toConfig: (kwargs, context) => {
        seen.push({ kwargs, context });
        return { plume: { type: "gaussian", options: { sigma: 10 * (kwargs["wide_sigma_factor"] as number) } }, goalRadius: 2 };
      },
    });
    try {
      const env = raw({ plume: "wide_gaussian", wide_sigma_factor: 3, grid_size: [30, 20], goal_location: [5, 5] } as never);
      expect((env.plume as GaussianPlume).sigma).toBe(30);
      expect(env.goalRadius).toBe(2);
      expect(seen).toEqual([{ kwargs: { wide_sigma_factor: 3 }, context: { gridSize: [30, 20], goalLocation: [5, 5] } }]);
      expect(expectError(() => make("PlumeNav-v0", { plume: "wide_gaussian", wide_sigma_factr: 3 } as never), ValidationError, "wide_sigma_factr").message).toMatch(/is not a parameter|did you mean/);
      // Its kwargs belong to its plume only (the reference would silently ignore movie_* without plume="movie").
      expectError(() => translatePlumeNavKwargs({ wide_sigma_factor: 2 } as never), ValidationError, "wide_sigma_factor");
      expectError(() => make("PlumeNav-v0", { plume: "static", wide_sigma_factor: 2 } as never), ValidationError, "wide_sigma_factor");
      expectError(() => registerKwargsTranslator({ plume: "wide_gaussian", kwargs: [], toConfig: () => ({ plume: "gaussian" }) }), ValidationError, "plume");
      expectError(() => registerKwargsTranslator({ plume: "other", kwargs: ["step_size"], toConfig: () => ({ plume: "gaussian" }) }), ValidationError, "kwargs");
    } finally {
      unregister();
    }
    expectError(() => make("PlumeNav-v0", { plume: "wide_gaussian" } as never), ValidationError, "plume");
  });
});

describe("render(mode) through make's wrappers", () => {
  it("returns the rgb_array frame for an env made without a render mode", () => {
    const env = make("PlumeNav-v0", { grid_size: [8, 6] }, quiet);
    env.reset({ seed: 0 });
    const frame = env.render("rgb_array") as NDArray<"uint8">;
    expect(frame.shape).toEqual([6, 8, 3]);
    expect(env.render()).toBeUndefined();
  });
});
