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
import { baselineConfig, DEFAULT_ENV_CONFIG } from "./config.js";

export { DEFAULT_ENV_CONFIG, baselineConfig, describeConfig, sensorLabel } from "./config.js";

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
  return baselineConfig(setup.config, setup.explicitSensor, baseline);
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
