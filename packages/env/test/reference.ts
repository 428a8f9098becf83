/**
 * Reading the plume_nav_sim reference episodes (../shared/fixtures/plume-nav-sim) and mapping each
 * case's Python kwargs to this package's API: direct cases to `PlumeEnv` options, selector cases to an
 * `EnvironmentConfig`. Nothing is copied: the tests read the files.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Env, EnvInfo, NDArray } from "@plume/core-types";
import { fixturesDir, readFixture } from "@plume/tooling/fixtures";
import { expect } from "vitest";
import type { EnvironmentConfigInput, PlumeEnv, PlumeEnvInfo, PlumeEnvOptions } from "../src/index.js";

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

function values(obs: unknown): number[] {
  return Array.from((obs as NDArray).data as ArrayLike<number>);
}

/** The info as the fixture records it: without the aliases the README says the reference also reports. */
function recorded(info: PlumeEnvInfo): Record<string, unknown> {
  const { agent_xy, source_location, distance_to_goal, ...rest } = info;
  expect(agent_xy).toEqual(info.agent_position);
  expect(source_location).toEqual(info.goal_location);
  return distance_to_goal === undefined ? rest : { ...rest, distance_to_goal };
}

/**
 * Replays every episode of `c` on `env` (one instance, in order) and checks it within the README's
 * tolerances: observations, info, flags, rewards, orientations (read from `raw`, the innermost env) and
 * the `rgb_array` frame after each episode (`render("rgb_array")`, the mode passed through any wrappers).
 * Returns the largest observation and distance errors.
 */
export function replayCase(
  env: Env<unknown, unknown, EnvInfo>,
  raw: PlumeEnv<unknown, unknown>,
  c: ReferenceCase,
): { maxObsError: number; maxDistanceError: number } {
  expect(String(env.actionSpace)).toBe(c.action_space);
  expect(String(env.observationSpace)).toBe(c.observation_space);
  const tolerance = c.observation_space.includes("inf") ? 1e-6 : 2e-7;
  let maxObsError = 0;
  let maxDistanceError = 0;
  for (const [e, episode] of c.episodes.entries()) {
    const where = `${c.name} episode ${e}`;
    const [obs, info] = env.reset(episode.seed === null ? {} : { seed: episode.seed });
    const got = values(obs);
    expect(got.length, where).toBe(episode.reset.obs.length);
    got.forEach((v, i) => (maxObsError = Math.max(maxObsError, Math.abs(v - (episode.reset.obs[i] as number)))));
    expect(recorded(info as PlumeEnvInfo), `${where} reset info`).toEqual(episode.reset.info);
    expect("seed" in info, `${where} seed key`).toBe(episode.seed !== null);
    expect(raw.agentState?.orientation, `${where} reset orientation`).toBe(episode.reset.orientation);
    for (const [s, step] of episode.steps.entries()) {
      const at = `${where} step ${s + 1}`;
      const [o, reward, terminated, truncated, stepInfo] = env.step(step.action);
      values(o).forEach((v, i) => (maxObsError = Math.max(maxObsError, Math.abs(v - (step.obs[i] as number)))));
      expect([reward, terminated, truncated], at).toEqual([step.reward, step.terminated, step.truncated]);
      const { distance_to_goal: distance, ...want } = step.info;
      const { distance_to_goal: gotDistance, ...gotInfo } = recorded(stepInfo as PlumeEnvInfo);
      expect(gotInfo, `${at} info`).toEqual(want);
      maxDistanceError = Math.max(maxDistanceError, Math.abs((gotDistance as number) - distance));
      expect(raw.agentState?.orientation, `${at} orientation`).toBe(step.orientation);
    }
    if (episode.rgb_array !== undefined) {
      const frame = env.render("rgb_array") as NDArray<"uint8">;
      expect(frame.shape, `${where} rgb shape`).toEqual(episode.rgb_array.shape);
      expect(Array.from(frame.data), `${where} rgb bytes`).toEqual(episode.rgb_array.data);
    }
  }
  expect(maxObsError, `${c.name} max observation error`).toBeLessThanOrEqual(tolerance);
  expect(maxDistanceError, `${c.name} max distance_to_goal error`).toBeLessThanOrEqual(1e-12);
  return { maxObsError, maxDistanceError };
}
