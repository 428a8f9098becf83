/**
 * The environment of a run, both ways between the reference's `run.json` and Plume's config:
 *
 * - `plumeConfigOfRunMeta`: what the reference's replay entry point (`ReplayDriver.load_run`) builds with
 *   `make_env(...)` from `env_config` and `extra.env` (or, without `extra.env`, its inference from the
 *   largest recorded action), as an `@plume/env` config object. `make_env` always goes through the
 *   reference's selector factory, whose defaults Plume's config files share.
 * - `referenceEnvOfConfig`: the `env_config` (and `extra.env`) to write for a Plume config, so that the
 *   reference's replay rebuilds the same environment; undefined `extraEnv` when the config uses components
 *   or options the selector cannot express (the run then replays only in Plume).
 */
import { ValidationError } from "@plume/core-types";
import { pyFloat, type PyFloat } from "./python-json.js";
import type { RunMeta } from "./records.js";

/** float32 epsilon: the goal radius the reference's environment stores for 0. */
export const FLOAT32_EPS = 1.1920928955078125e-7;

/** The reference's `action_type`, `observation_type` and `reward_type` names Plume has built in, by Plume name. */
const ACTION_TYPES: Readonly<Record<string, string>> = { discrete: "discrete", oriented: "oriented", run_tumble: "run_tumble" };
const OBSERVATION_TYPES: Readonly<Record<string, string>> = { concentration: "concentration", antennae: "antennae" };
const REWARD_TYPES: Readonly<Record<string, string>> = { sparse: "sparse", step_penalty: "step_penalty" };

/** The config object for `@plume/env`'s `createEnvironmentFromConfig` (plain JSON). */
export interface PlumeEnvConfigObject {
  readonly gridSize: readonly [number, number];
  readonly goalLocation?: readonly [number, number];
  readonly goalRadius?: number;
  readonly maxSteps?: number;
  readonly plume: { readonly type: "gaussian"; readonly options?: { readonly sigma: number } };
  readonly sensor: { readonly type: string };
  readonly action: { readonly type: string };
  readonly reward: { readonly type: string };
}

function pair(value: unknown, what: string): [number, number] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => typeof v === "number" && Number.isFinite(v))) {
    throw ValidationError.invalid(`run.json ${what}`, "two numbers [x, y]", value);
  }
  return [Math.trunc(value[0] as number), Math.trunc(value[1] as number)];
}

function typeName(table: Readonly<Record<string, string>>, value: unknown, what: string): string {
  const entry = typeof value === "string" ? Object.entries(table).find(([, ref]) => ref === value) : undefined;
  if (entry === undefined) {
    throw ValidationError.invalid(`run.json extra.env.${what}`, `one of ${Object.values(table).join(", ")} (the reference types Plume has built in)`, value);
  }
  return entry[0];
}

/**
 * The environment the reference's replay builds for `meta`, as a Plume config. `maxAction` is the largest
 * recorded action (the reference picks `discrete` when it is >= 3, else `oriented`, when `extra.env` is absent).
 * @throws ValidationError naming the `run.json` field Plume cannot map.
 */
export function plumeConfigOfRunMeta(meta: RunMeta, maxAction = 0): PlumeEnvConfigObject {
  const ec = meta.env_config as Record<string, unknown>;
  const grid = pair(ec["grid_size"], "env_config.grid_size");
  const source = pair(ec["source_location"], "env_config.source_location");
  const plumeParams = (ec["plume_params"] ?? undefined) as Record<string, unknown> | undefined;
  const sigma = plumeParams !== undefined && typeof plumeParams === "object" ? plumeParams["sigma"] : undefined;
  const plumeSource = plumeParams !== undefined && typeof plumeParams === "object" ? pair(plumeParams["source_location"], "env_config.plume_params.source_location") : undefined;
  const goal = plumeSource ?? source;
  const envExtra = meta.extra?.["env"];
  let action: string;
  let sensor: string;
  let reward: string;
  if (envExtra !== null && typeof envExtra === "object" && !Array.isArray(envExtra)) {
    const e = envExtra as Record<string, unknown>;
    action = e["action_type"] === undefined || e["action_type"] === null ? "oriented" : typeName(ACTION_TYPES, e["action_type"], "action_type");
    sensor = e["observation_type"] === undefined || e["observation_type"] === null ? "concentration" : typeName(OBSERVATION_TYPES, e["observation_type"], "observation_type");
    reward = e["reward_type"] === undefined || e["reward_type"] === null ? "step_penalty" : typeName(REWARD_TYPES, e["reward_type"], "reward_type");
    if (e["plume"] !== undefined && e["plume"] !== null && e["plume"] !== "static" && e["plume"] !== "gaussian") {
      throw ValidationError.invalid("run.json extra.env.plume", '"static" (Plume replays the Gaussian plume only)', e["plume"]);
    }
  } else {
    action = maxAction >= 3 ? "discrete" : "oriented";
    sensor = "concentration";
    reward = "step_penalty";
  }
  const maxSteps = ec["max_steps"];
  const radius = ec["goal_radius"];
  return {
    gridSize: grid ?? [128, 128],
    ...(goal !== undefined && { goalLocation: goal }),
    ...(typeof radius === "number" && { goalRadius: radius }),
    ...(typeof maxSteps === "number" && { maxSteps: Math.trunc(maxSteps) }),
    plume: { type: "gaussian", ...(typeof sigma === "number" && { options: { sigma } }) },
    sensor: { type: sensor },
    action: { type: action },
    reward: { type: reward },
  };
}

/** A parsed `@plume/env` config, as far as this module reads it. */
export interface ParsedConfigLike {
  readonly gridSize: { readonly width: number; readonly height: number };
  readonly goalLocation?: { readonly x: number; readonly y: number } | undefined;
  readonly goalRadius: number;
  readonly maxSteps: number;
  readonly startLocation?: unknown;
  readonly plume: { readonly type: string; readonly options?: Readonly<Record<string, unknown>> | undefined };
  readonly sensor: { readonly type: string; readonly options?: Readonly<Record<string, unknown>> | undefined };
  readonly action: { readonly type: string; readonly options?: Readonly<Record<string, unknown>> | undefined };
  readonly reward: { readonly type: string; readonly options?: Readonly<Record<string, unknown>> | undefined };
  readonly wind?: unknown;
}

/** Whether `options` sets nothing but the given defaults. */
function onlyDefaults(options: Readonly<Record<string, unknown>> | undefined, defaults: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(options ?? {}).every(([k, v]) => k in defaults && defaults[k] === v);
}

/**
 * The reference's `env_config` for a parsed Plume config (`grid_size`, `source_location`, `max_steps`,
 * `goal_radius`, `enable_rendering`, `plume_params`), and `extra.env` when the selector can build the same
 * environment (built-in Gaussian plume, no wind, no fixed start, selector-default component options).
 */
export function referenceEnvOfConfig(config: ParsedConfigLike): {
  readonly envConfig: Record<string, unknown>;
  readonly extraEnv: Record<string, string> | undefined;
} {
  const { width, height } = config.gridSize;
  const goal = config.goalLocation ?? { x: Math.min(64, width - 1), y: Math.min(64, height - 1) };
  const sigma = config.plume.type === "gaussian" ? ((config.plume.options?.["sigma"] as number | undefined) ?? 20) : undefined;
  const radius: PyFloat = pyFloat(config.goalRadius === 0 ? FLOAT32_EPS : config.goalRadius);
  const envConfig: Record<string, unknown> = {
    grid_size: [width, height],
    source_location: [goal.x, goal.y],
    max_steps: config.maxSteps,
    goal_radius: radius,
    enable_rendering: true,
    plume_params: { sigma: sigma === undefined ? null : pyFloat(sigma), source_location: [goal.x, goal.y] },
  };
  const expressible =
    config.plume.type === "gaussian" &&
    onlyDefaults(config.plume.options, { sigma }) &&
    config.wind === undefined &&
    config.startLocation === undefined &&
    config.action.type in ACTION_TYPES &&
    onlyDefaults(config.action.options, { stepSize: 1 }) &&
    config.sensor.type in OBSERVATION_TYPES &&
    onlyDefaults(config.sensor.options, config.sensor.type === "antennae" ? { nSensors: 2, sensorDistance: 2 } : {}) &&
    config.reward.type in REWARD_TYPES &&
    onlyDefaults(config.reward.options, {});
  const extraEnv = expressible
    ? {
        action_type: ACTION_TYPES[config.action.type] as string,
        observation_type: OBSERVATION_TYPES[config.sensor.type] as string,
        reward_type: REWARD_TYPES[config.reward.type] as string,
      }
    : undefined;
  return { envConfig, extraEnv };
}
