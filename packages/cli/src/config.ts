/**
 * Environment configs as the `plume` command uses them, without I/O (runs in a browser): the default
 * environment, the config a baseline runs on, and one-line descriptions.
 */
import { parseEnvironmentConfig, type EnvironmentConfig } from "@plume/env";
import type { Baseline } from "@plume/policies";

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

/**
 * The config a baseline runs on: `config`, with the sensor the baseline needs (e.g. 4 antennae for `greedy`)
 * unless the config file named its own sensor (`explicitSensor`; then the policy reads what it gets).
 */
export function baselineConfig(config: EnvironmentConfig, explicitSensor: boolean, baseline: Baseline): EnvironmentConfig {
  if (baseline.sensor === undefined || explicitSensor) return config;
  return parseEnvironmentConfig({ ...JSON.parse(JSON.stringify(config)), sensor: JSON.parse(JSON.stringify(baseline.sensor)) });
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
