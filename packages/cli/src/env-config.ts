/**
 * The environment a command runs on: the reference's default `PlumeEnv`, or a config file, with flags on top,
 * and the sensor a policy needs. Everything ends up as an `@plume/env` config object (recorded in `run.json`).
 */
import { dirname, resolve } from "node:path";
import {
  createEnvironmentFromConfig,
  parseEnvironmentConfig,
  readConfigFile,
  type EnvironmentConfig,
  type PlumeEnv,
} from "@plume/env/node";
import type { Baseline } from "@plume/policies";
import type { z } from "zod";
import { CliError } from "./errors.js";
import type { EnvFlagsSchema } from "./flags.js";
import { currentEnvLoading, type EnvLoading } from "./trust.js";

/**
 * The reference's default environment, spelled out as a config: the direct `PlumeEnv()` defaults (128x128,
 * source at the centre (64, 64), Gaussian plume with sigma 12, goal radius 0 = float32 epsilon, i.e. the agent
 * must step onto the source cell, 1000 steps, one concentration sensor, 4 cardinal moves, sparse reward 1 at the
 * goal). Config files instead get `@plume/env`'s selector defaults for what they leave out.
 */
export const DEFAULT_ENV_CONFIG = Object.freeze({
  gridSize: Object.freeze([128, 128] as const),
  goalLocation: Object.freeze([64, 64] as const),
  goalRadius: 0,
  maxSteps: 1000,
  plume: Object.freeze({ type: "gaussian", options: Object.freeze({ sigma: 12 }) }),
  sensor: Object.freeze({ type: "concentration" }),
  action: Object.freeze({ type: "discrete" }),
  reward: Object.freeze({ type: "sparse" }),
});

/** The environment of a command: a config object and the folder its module paths resolve from. */
export interface EnvSetup {
  /** The config (validated, defaults filled in): what `run.json` records. */
  readonly config: EnvironmentConfig;
  /** Where module paths and plugin packages in the config resolve from. */
  readonly baseDir: string;
  /** The config file, when one was given. */
  readonly file: string | undefined;
  /** Whether the config file names a sensor (then a policy's preferred sensor does not replace it). */
  readonly explicitSensor: boolean;
}

/**
 * Builds the environment config from `--config` (or the default environment) and the flags on top of it.
 * @throws CliError / ConfigurationError naming the flag or the config field.
 */
export async function resolveEnvSetup(flags: z.output<typeof EnvFlagsSchema>, cwd: string = process.cwd()): Promise<EnvSetup> {
  let raw: Record<string, unknown>;
  let file: string | undefined;
  if (flags.config !== undefined) {
    file = resolve(cwd, flags.config);
    const read = await readConfigFile(file);
    if (read === null || typeof read !== "object" || Array.isArray(read)) {
      throw new CliError(`--config ${flags.config}: the file must hold one config object ({ gridSize, plume, sensor, ... })`);
    }
    raw = { ...(read as Record<string, unknown>) };
  } else {
    raw = structuredClone({ ...DEFAULT_ENV_CONFIG }) as Record<string, unknown>;
  }
  if (flags.grid !== undefined) {
    raw["gridSize"] = flags.grid;
    // The default source is the grid centre, as in the reference's PlumeEnv, unless --source or the file says otherwise.
    if (flags.config === undefined) raw["goalLocation"] = [Math.floor(flags.grid[0] / 2), Math.floor(flags.grid[1] / 2)];
  }
  if (flags.source !== undefined) raw["goalLocation"] = flags.source;
  if (flags.goalRadius !== undefined) raw["goalRadius"] = flags.goalRadius;
  if (flags.maxSteps !== undefined) raw["maxSteps"] = flags.maxSteps;
  if (flags.sigma !== undefined) {
    const plume = raw["plume"];
    const spec = typeof plume === "string" ? { type: plume } : plume !== null && typeof plume === "object" ? (plume as Record<string, unknown>) : { type: "gaussian" };
    if (spec["type"] !== "gaussian") {
      throw new CliError(`--sigma applies to the "gaussian" plume, but the config's plume is ${JSON.stringify(spec["type"])}: set its options in the config file instead`);
    }
    raw["plume"] = { ...spec, options: { ...((spec["options"] as Record<string, unknown> | undefined) ?? {}), sigma: flags.sigma } };
  }
  const config = parseEnvironmentConfig(raw);
  return { config, baseDir: file === undefined ? cwd : dirname(file), file, explicitSensor: file !== undefined && raw["sensor"] !== undefined };
}

/**
 * The config a baseline runs on: `setup`'s, with the sensor the baseline needs (e.g. 4 antennae for `greedy`)
 * when the setup uses the default sensor. A config file's own sensor is kept (the policy then reads what it gets).
 */
export function configForBaseline(setup: EnvSetup, baseline: Baseline): EnvironmentConfig {
  if (baseline.sensor === undefined || setup.explicitSensor) return setup.config;
  return parseEnvironmentConfig({ ...JSON.parse(JSON.stringify(setup.config)), sensor: JSON.parse(JSON.stringify(baseline.sensor)) });
}

/**
 * Builds a `PlumeEnv` from a config (always through `createEnvironmentFromConfig`, so what is recorded is what
 * runs). `loading` says what the config may import (default: what the running command allows — module paths
 * only with `--allow-module-paths`, packages from the working directory's project).
 */
export async function createEnv(
  config: EnvironmentConfig,
  baseDir: string,
  renderMode: "human" | null = null,
  loading: EnvLoading = currentEnvLoading(),
): Promise<PlumeEnv<unknown, unknown>> {
  return (await createEnvironmentFromConfig(JSON.parse(JSON.stringify(config)) as never, {
    baseDir,
    renderMode,
    allowModulePaths: loading.allowModulePaths,
    ...(loading.projectDir !== undefined && { projectDir: loading.projectDir }),
  })) as PlumeEnv<unknown, unknown>;
}

/** A short label of a config's sensor, e.g. `concentration` or `antennae(4)`. */
export function sensorLabel(config: EnvironmentConfig): string {
  const { type, options } = config.sensor;
  const n = options?.["nSensors"];
  return typeof n === "number" ? `${type}(${n})` : type;
}

/** A one-line description of an environment config. */
export function describeConfig(config: EnvironmentConfig): string {
  const grid = config.gridSize as { width: number; height: number };
  // A config without goalLocation gets the selector's (64, 64), clamped into the grid.
  const goal = (config.goalLocation as { x: number; y: number } | undefined) ?? { x: Math.min(64, grid.width - 1), y: Math.min(64, grid.height - 1) };
  const sigma = config.plume.options?.["sigma"];
  const radius = config.goalRadius === 0 ? "the source cell" : `radius ${config.goalRadius}`;
  // A plume other than the Gaussian (a movie) may pick its own source when the config names none.
  const source = config.goalLocation === undefined && config.plume.type !== "gaussian" ? "source: the plume's" : `source (${goal.x}, ${goal.y})`;
  return `${grid.width}x${grid.height} ${config.plume.type}${sigma === undefined ? "" : ` sigma ${String(sigma)}`} plume, ${source}, goal ${radius}, ${config.maxSteps} steps, ${config.action.type} actions, ${sensorLabel(config)} sensor`;
}
