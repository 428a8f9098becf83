/**
 * The catalogue of baselines: each one's name, what it observes, the environment sensor it needs (in config
 * form), and its `definePlugin` descriptor (kind `"policy"`), so tools such as the `plume` CLI can list,
 * build and pair them with an environment without knowing the classes.
 */
import { ValidationError, definePlugin, type Plugin } from "@plume/core-types";
import type { z } from "zod";
import type { BaselinePolicy } from "./base.js";
import { GREEDY_SENSOR, GreedyGradientPolicy, GreedyGradientPolicyOptionsSchema } from "./greedy.js";
import { RandomPolicy, RandomPolicyOptionsSchema } from "./random.js";
import { SurgeCastPolicy, SurgeCastPolicyOptionsSchema } from "./surge-cast.js";
import { TemporalGradientPolicy, TemporalGradientPolicyOptionsSchema } from "./temporal-gradient.js";

/** `{ type, options }` of an environment sensor, as `@plume/env` configs name components. */
export interface SensorSpec {
  readonly type: string;
  readonly options?: Readonly<Record<string, unknown>> | undefined;
}

/** One baseline of the catalogue. */
export interface Baseline {
  /** The registered name (`"random"`, `"temporal-gradient"`, `"surge-cast"`, `"greedy"`). */
  readonly name: string;
  /** One line: what the agent does. */
  readonly summary: string;
  /** What the agent observes on its paired environment. */
  readonly observes: string;
  /**
   * The sensor the environment must use for this baseline, or undefined when the default single
   * concentration sensor is what it needs.
   */
  readonly sensor: SensorSpec | undefined;
  /** The `definePlugin` descriptor (kind `"policy"`): `plugin.create(options)` validates and builds. */
  readonly plugin: Plugin<"policy", z.ZodType, BaselinePolicy>;
}

/** `{ type: "random", options: { nActions, seed } }` -> `RandomPolicy`. */
export const randomPolicyPlugin = definePlugin({
  kind: "policy",
  name: "random",
  options: RandomPolicyOptionsSchema,
  create: (options): BaselinePolicy => new RandomPolicy(options),
});

/** `{ type: "temporal-gradient", options: { actions, threshold, epsilon, ... } }` -> `TemporalGradientPolicy`. */
export const temporalGradientPolicyPlugin = definePlugin({
  kind: "policy",
  name: "temporal-gradient",
  options: TemporalGradientPolicyOptionsSchema,
  create: (options): BaselinePolicy => new TemporalGradientPolicy(options),
});

/** `{ type: "surge-cast", options: { actions, threshold, maxCastLeg, ... } }` -> `SurgeCastPolicy`. */
export const surgeCastPolicyPlugin = definePlugin({
  kind: "policy",
  name: "surge-cast",
  options: SurgeCastPolicyOptionsSchema,
  create: (options): BaselinePolicy => new SurgeCastPolicy(options),
});

/** `{ type: "greedy", options: { sensorAngles, heading, ... } }` -> `GreedyGradientPolicy`. */
export const greedyPolicyPlugin = definePlugin({
  kind: "policy",
  name: "greedy",
  options: GreedyGradientPolicyOptionsSchema,
  create: (options): BaselinePolicy => new GreedyGradientPolicy(options),
});

/** Every plugin of the package. */
export const plugins = Object.freeze([randomPolicyPlugin, temporalGradientPolicyPlugin, surgeCastPolicyPlugin, greedyPolicyPlugin] as const);

/** The baselines, in the order tables list them. */
export const BASELINES: readonly Baseline[] = Object.freeze([
  Object.freeze({
    name: "random",
    summary: "uniformly random moves",
    observes: "nothing (ignores the observation)",
    sensor: undefined,
    plugin: randomPolicyPlugin,
  }),
  Object.freeze({
    name: "temporal-gradient",
    summary: "run-and-tumble chemotaxis: keep the heading while the concentration rises, else step back and turn 90 degrees at random",
    observes: "the concentration at its own cell (default sensor), remembering the previous step's",
    sensor: undefined,
    plugin: temporalGradientPolicyPlugin,
  }),
  Object.freeze({
    name: "surge-cast",
    summary: "surge while the concentration rises, step back after an overshoot, cast in a widening zigzag when it falls",
    observes: "the concentration at its own cell (default sensor), remembering the previous step's; the wind too when the observation has it",
    sensor: undefined,
    plugin: surgeCastPolicyPlugin,
  }),
  Object.freeze({
    name: "greedy",
    summary: "greedy gradient ascent: move towards the strongest of 4 antennae",
    observes: "4 concentrations one cell away (right, down, left, up): an antennae sensor instead of the default one",
    sensor: GREEDY_SENSOR,
    plugin: greedyPolicyPlugin,
  }),
]);

/** The baseline names, in catalogue order. */
export const BASELINE_NAMES: readonly string[] = Object.freeze(BASELINES.map((b) => b.name));

/**
 * The baseline named `name`.
 * @throws ValidationError (`parameter` `"policy"`) for an unknown name, listing the known ones.
 */
export function getBaseline(name: string): Baseline {
  const found = BASELINES.find((b) => b.name === name);
  if (found === undefined) throw ValidationError.invalid("policy", `one of ${BASELINE_NAMES.join(", ")}`, name);
  return found;
}

/**
 * Builds the baseline `name` with `options` (validated by its plugin's schema).
 * @throws ValidationError for an unknown name; ConfigurationError naming the bad option (`options.threshold`, ...).
 */
export function createBaseline(name: string, options?: unknown): BaselinePolicy {
  return getBaseline(name).plugin.create(options);
}
