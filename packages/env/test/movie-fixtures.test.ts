/**
 * Replays every recorded plume_nav_sim movie-plume episode (../shared/fixtures/movie-plume) exactly,
 * through three routes: the constructors (`openMoviePlume` + `new PlumeEnv`), a config
 * (`plume: { type: "movie", options }` through createEnvironmentFromConfig), and the reference's own
 * entry, `makeAsync("PlumeNav-v0", kwargs)` with the kwargs as recorded (selector cases: `plume: "movie"`
 * and `movie_*`; direct cases: the `PlumeEnv(**kwargs)` components).
 */
import { plugins as orientedPlugins } from "@plume/actions-oriented";
import { discretePlugin } from "@plume/actions-discrete";
import type { ActionProcessor, ObservationModel, Plugin } from "@plume/core-types";
import { openMoviePlume, type MoviePlume, type MoviePlumeOptionsInput } from "@plume/plume-movie";
import { antennaePlugin, concentrationPlugin } from "@plume/sensors-concentration";
import { describe, expect, it } from "vitest";
import { PlumeEnv, createEnvironmentFromConfig, makeAsync, stepPenaltyRewardPlugin, type EnvironmentConfigInput, type PlumeNavKwargs } from "../src/index.js";
import { absoluteKwargs, movieCases, replayMovieCase, type MovieCase } from "./movie-reference.js";

const cases = movieCases();
type Kwargs = Record<string, unknown>;
type Pair = [number, number];

const actionPlugins: Record<string, Plugin> = {
  discrete: discretePlugin as unknown as Plugin,
  ...Object.fromEntries(orientedPlugins.map((p) => [p.name, p as unknown as Plugin])),
};

/** The `VideoConfig` of a direct case (or the `movie_*` kwargs of a selector case) as movie options. */
function movieOptions(c: MovieCase, kwargs: Kwargs): MoviePlumeOptionsInput {
  const direct = c.route === "direct";
  const spec = (direct ? kwargs["plume"] : {}) as Kwargs;
  const get = (key: string) => (direct ? spec[key] : kwargs[`movie_${key}`]);
  const options: Record<string, unknown> = {
    path: direct ? spec["path"] : kwargs["movie_path"],
    values: "reference",
    implicitGoal: direct ? "centre" : "selector",
  };
  const step = get("step_policy");
  if (step !== undefined) options["stepPolicy"] = step;
  for (const [key, option] of [["fps", "fps"], ["pixel_to_grid", "pixelToGrid"], ["origin", "origin"], ["extent", "extent"], ["h5_dataset", "h5Dataset"]] as const) {
    if (get(key) !== undefined) options[option] = get(key);
  }
  return options as MoviePlumeOptionsInput;
}

/** The sensor of a case, as a config spec (NaN passes through, as in the reference). */
function sensorSpec(c: MovieCase, kwargs: Kwargs): { type: string; options: Kwargs } {
  if (c.route === "selector") {
    return kwargs["observation_type"] === "antennae"
      ? { type: "antennae", options: { nSensors: 2, sensorDistance: 2, nan: "propagate" } }
      : { type: "concentration", options: { nan: "propagate" } };
  }
  const model = (kwargs["sensor_model"] ?? { type: "concentration" }) as Kwargs;
  if (model["type"] === "antennae") {
    return {
      type: "antennae",
      options: {
        nSensors: model["n_sensors"],
        ...(model["sensor_angles"] !== undefined && { sensorAngles: model["sensor_angles"] }),
        ...(model["sensor_distance"] !== undefined && { sensorDistance: model["sensor_distance"] }),
        nan: "propagate",
      },
    };
  }
  return { type: "concentration", options: { nan: "propagate" } };
}

function actionSpec(c: MovieCase, kwargs: Kwargs): { type: string; options: Kwargs } {
  if (c.route === "selector") return { type: (kwargs["action_type"] as string | undefined) ?? "discrete", options: { stepSize: kwargs["step_size"] ?? 1 } };
  const model = (kwargs["action_model"] ?? { type: "discrete", step_size: 1 }) as Kwargs;
  return { type: model["type"] as string, options: { stepSize: model["step_size"] ?? 1 } };
}

async function constructorRoute(c: MovieCase): Promise<PlumeEnv<unknown, unknown>> {
  const kwargs = absoluteKwargs(c);
  const plume = await openMoviePlume(movieOptions(c, kwargs));
  const sensor = sensorSpec(c, kwargs);
  const action = actionSpec(c, kwargs);
  const sensorModel = (sensor.type === "antennae" ? antennaePlugin : concentrationPlugin).create(sensor.options) as ObservationModel<unknown>;
  const actionModel = (actionPlugins[action.type] as Plugin).create(action.options) as ActionProcessor<unknown>;
  const selector = c.route === "selector";
  const goal = (selector ? (kwargs["goal_location"] ?? [...plume.implicitGoal]) : kwargs["source_location"]) as Pair | undefined;
  const radius = (kwargs["goal_radius"] as number | undefined) ?? (selector ? 5 : 0);
  const reward =
    kwargs["reward_type"] === "step_penalty"
      ? stepPenaltyRewardPlugin.create({ goalPosition: goal, goalRadius: radius, goalReward: 1, stepPenalty: 0.01 })
      : undefined;
  return new PlumeEnv<unknown, unknown>({
    plume,
    ...(goal !== undefined && { sourceLocation: goal }),
    goalRadius: radius,
    maxSteps: (kwargs["max_steps"] as number | undefined) ?? 1000,
    ...(kwargs["start_location"] !== undefined && { startLocation: kwargs["start_location"] as Pair }),
    sensor: sensorModel,
    action: actionModel,
    ...(reward !== undefined && { reward }),
    renderMode: "rgb_array",
  });
}

function configOf(c: MovieCase): EnvironmentConfigInput {
  const kwargs = absoluteKwargs(c);
  const selector = c.route === "selector";
  const goal = (selector ? kwargs["goal_location"] : kwargs["source_location"]) as Pair | undefined;
  return {
    ...(goal !== undefined && { goalLocation: goal }),
    goalRadius: (kwargs["goal_radius"] as number | undefined) ?? (selector ? 5 : 0),
    maxSteps: (kwargs["max_steps"] as number | undefined) ?? 1000,
    ...(kwargs["start_location"] !== undefined && { startLocation: kwargs["start_location"] as Pair }),
    plume: { type: "movie", options: movieOptions(c, kwargs) as Record<string, unknown> },
    sensor: sensorSpec(c, kwargs),
    action: actionSpec(c, kwargs),
    reward: kwargs["reward_type"] === "step_penalty" ? { type: "step_penalty", options: { goalReward: 1, stepPenalty: 0.01 } } : { type: "sparse" },
    renderMode: "rgb_array",
  };
}

/** A direct case's kwargs as `PlumeEnv(**kwargs)` receives them: the components built. */
async function directKwargs(c: MovieCase): Promise<Kwargs> {
  const kwargs = absoluteKwargs(c);
  const env = await constructorRoute(c);
  const { plume: _p, sensor_model: _s, action_model: _a, ...rest } = kwargs;
  return { ...rest, plume: env.plume, sensor_model: env.sensor, action_model: env.actionProcessor, render_mode: "rgb_array" };
}

describe("movie-plume reference episodes (plume_nav_sim fixtures)", () => {
  it("finds the cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
  });

  for (const c of cases) {
    it(`${c.name} (${c.route}) replays exactly through openMoviePlume + new PlumeEnv`, async () => {
      const env = await constructorRoute(c);
      // A movie is a TimeVaryingField: the env steps it on the batch kernel, which reads each step's frame.
      expect(env.batchPlan, "on the batch kernel").toBeDefined();
      replayMovieCase(env as never, env, c);
      env.close();
    });

    it(`${c.name} (${c.route}) replays exactly through a config (plume: { type: "movie" })`, async () => {
      const env = await createEnvironmentFromConfig(configOf(c));
      replayMovieCase(env as never, env, c);
      env.close();
    });

    it(`${c.name} (${c.route}) replays exactly through makeAsync("PlumeNav-v0", <its kwargs as recorded>)`, async () => {
      const kwargs = c.route === "selector" ? { ...absoluteKwargs(c), render_mode: "rgb_array" } : await directKwargs(c);
      const env = await makeAsync("PlumeNav-v0", kwargs as PlumeNavKwargs, { warn: () => undefined });
      replayMovieCase(env as never, env.unwrapped as PlumeEnv<unknown, unknown>, c);
      env.close();
    });
  }
});

export type { MoviePlume };
