/**
 * Reading the plume_nav_sim reference episodes (../shared/fixtures/plume-nav-sim) and mapping each
 * case's Python kwargs to this package's API: direct cases to `PlumeEnv` options, selector cases to an
 * `EnvironmentConfig`. Nothing is copied: the tests read the files.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fixturesDir, readFixture } from "@plume/tooling/fixtures";
import type { EnvironmentConfigInput, PlumeEnvOptions } from "../src/index.js";

export interface ReferenceStep {
  readonly action: number;
  readonly obs: readonly number[];
  readonly reward: number;
  readonly terminated: boolean;
  readonly truncated: boolean;
  readonly info: Readonly<Record<string, unknown>> & { readonly distance_to_goal: number };
  readonly orientation: number;
}

export interface ReferenceEpisode {
  readonly seed: number | null;
  readonly reset: { readonly obs: readonly number[]; readonly info: Readonly<Record<string, unknown>>; readonly orientation: number };
  readonly steps: readonly ReferenceStep[];
  readonly rgb_array?: { readonly shape: readonly number[]; readonly data: readonly number[] };
}

export interface ReferenceCase {
  readonly name: string;
  readonly route: "direct" | "selector";
  readonly kwargs: Readonly<Record<string, unknown>>;
  readonly action_space: string;
  readonly observation_space: string;
  readonly episodes: readonly ReferenceEpisode[];
}

/** Every case file, by name. */
export function referenceCases(): ReferenceCase[] {
  const dir = join(fixturesDir(), "plume-nav-sim");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => readFixture(`plume-nav-sim/${f}`) as ReferenceCase);
}

type Kwargs = Readonly<Record<string, unknown>>;
const known = (kwargs: Kwargs, keys: readonly string[]) => {
  const unknown = Object.keys(kwargs).filter((k) => !keys.includes(k));
  if (unknown.length > 0) throw new Error(`fixture kwargs not mapped: ${unknown.join(", ")}`);
};

/** The reference's `PlumeEnv(**kwargs)` as `PlumeEnv` options. */
export function directOptions(kwargs: Kwargs): PlumeEnvOptions {
  known(kwargs, ["grid_size", "source_location", "plume_params", "max_steps", "goal_radius", "start_location"]);
  return {
    ...(kwargs["grid_size"] !== undefined && { gridSize: kwargs["grid_size"] as [number, number] }),
    ...(kwargs["source_location"] !== undefined && { sourceLocation: kwargs["source_location"] as [number, number] }),
    ...(kwargs["plume_params"] !== undefined && { plumeParams: kwargs["plume_params"] as { sigma: number } }),
    ...(kwargs["max_steps"] !== undefined && { maxSteps: kwargs["max_steps"] as number }),
    ...(kwargs["goal_radius"] !== undefined && { goalRadius: kwargs["goal_radius"] as number }),
    ...(kwargs["start_location"] !== undefined && { startLocation: kwargs["start_location"] as [number, number] }),
  };
}

/**
 * The reference's selector clamps every goal into the grid (`min(x, w - 1)`, `min(y, h - 1)`); a config
 * rejects an explicit goal outside the grid instead, so the mapping applies the reference's clamp.
 */
function clampedGoal(kwargs: Kwargs): [number, number] {
  const [x, y] = kwargs["goal_location"] as [number, number];
  const [w, h] = (kwargs["grid_size"] as [number, number] | undefined) ?? [128, 128];
  return [Math.min(x, w - 1), Math.min(y, h - 1)];
}

/** The reference's `create_component_environment(**kwargs)` as an `EnvironmentConfig`. */
export function selectorConfig(kwargs: Kwargs): EnvironmentConfigInput {
  known(kwargs, [
    "grid_size",
    "goal_location",
    "start_location",
    "goal_radius",
    "max_steps",
    "plume_sigma",
    "step_size",
    "action_type",
    "observation_type",
    "reward_type",
    "wind_direction_deg",
    "wind_speed",
    "wind_vector",
    "wind_noise_std",
    "enable_wind",
  ]);
  const stepSize = kwargs["step_size"] as number | undefined;
  const observation = (kwargs["observation_type"] as string | undefined) ?? "concentration";
  const noise = kwargs["wind_noise_std"] as number | undefined;
  const windKeys = ["wind_direction_deg", "wind_speed", "wind_vector", "enable_wind"];
  const wantsWind = windKeys.some((k) => kwargs[k] !== undefined && kwargs[k] !== false);
  return {
    ...(kwargs["grid_size"] !== undefined && { gridSize: kwargs["grid_size"] as [number, number] }),
    ...(kwargs["goal_location"] !== undefined && { goalLocation: clampedGoal(kwargs) }),
    ...(kwargs["start_location"] !== undefined && { startLocation: kwargs["start_location"] as [number, number] }),
    ...(kwargs["goal_radius"] !== undefined && { goalRadius: kwargs["goal_radius"] as number }),
    ...(kwargs["max_steps"] !== undefined && { maxSteps: kwargs["max_steps"] as number }),
    ...(kwargs["plume_sigma"] !== undefined && { plume: { type: "gaussian", options: { sigma: kwargs["plume_sigma"] } } }),
    action: {
      type: (kwargs["action_type"] as string | undefined) ?? "discrete",
      ...(stepSize !== undefined && { options: { stepSize } }),
    },
    sensor:
      observation === "wind_vector" && noise !== undefined ? { type: observation, options: { noiseStd: noise } } : { type: observation },
    ...(kwargs["reward_type"] !== undefined && { reward: { type: kwargs["reward_type"] as string } }),
    ...(wantsWind && {
      wind: {
        type: "constant",
        options: {
          ...(kwargs["wind_direction_deg"] !== undefined && { directionDeg: kwargs["wind_direction_deg"] }),
          ...(kwargs["wind_speed"] !== undefined && { speed: kwargs["wind_speed"] }),
          ...(kwargs["wind_vector"] !== undefined && { vector: kwargs["wind_vector"] }),
        },
      },
    }),
  };
}
