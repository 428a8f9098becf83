/**
 * The contract kit's Policy suite, run the way a third-party policy package runs it, in strict mode (warnings
 * fail too). Each baseline is paired with the environment it is meant for (`pol.env-compat` rolls it out there),
 * and the plugin descriptors run the suite through `describePlugin`.
 */
import type { Env, EnvInfo } from "@plume/core-types";
import { describePlugin, describePolicy } from "@plume/contract-tests/vitest";
import { PlumeEnv, createEnvironmentFromConfigSync, type EnvironmentConfigInput } from "@plume/env";
import { plugins as orientedPlugins } from "@plume/actions-oriented";
import { plugins as composePlugins } from "@plume/sensors-compose";
import { plugins as windPlugins } from "@plume/sensors-wind";
import { Box, Dict } from "@plume/spaces";
import {
  GREEDY_SENSOR,
  GreedyGradientPolicy,
  RandomPolicy,
  SurgeCastPolicy,
  TemporalGradientPolicy,
  greedyPolicyPlugin,
  randomPolicyPlugin,
  surgeCastPolicyPlugin,
  temporalGradientPolicyPlugin,
} from "../src/index.js";

const asEnv = (env: unknown) => env as Env<unknown, unknown, EnvInfo>;
/** A small version of the default environment (keeps the env-compat rollouts short). */
const small = { gridSize: [32, 32] as [number, number], goalLocation: [16, 16] as [number, number], goalRadius: 0, maxSteps: 200 };
/** The plugin packages these configs name: the synchronous config builder imports nothing, so they are passed in. */
const plugins = [...orientedPlugins, ...composePlugins, ...windPlugins];
const configEnv = (config: EnvironmentConfigInput) => () => asEnv(createEnvironmentFromConfigSync({ ...small, ...config }, { plugins }));
const defaultEnv = () => asEnv(new PlumeEnv({ gridSize: [32, 32], maxSteps: 200 }));

const strict = { strict: true, numRuns: 25 } as const;
const antennae = new Box({ low: 0, high: 1, shape: [4], dtype: "float32" });
const odorAndWind = new Dict({
  odor: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
  wind: new Box({ low: -2, high: 2, shape: [2], dtype: "float32" }),
});

describePolicy("RandomPolicy", () => new RandomPolicy(), { ...strict, env: defaultEnv });
describePolicy("RandomPolicy (2 actions, run_tumble env)", () => new RandomPolicy({ nActions: 2 }), { ...strict, env: configEnv({ action: "run_tumble" }) });
describePolicy("TemporalGradientPolicy", () => new TemporalGradientPolicy(), { ...strict, env: defaultEnv });
describePolicy("TemporalGradientPolicy (uniform tumble, epsilon)", () => new TemporalGradientPolicy({ tumble: "uniform", epsilon: 0.1 }), { ...strict, env: defaultEnv });
describePolicy("TemporalGradientPolicy (run_tumble actions)", () => new TemporalGradientPolicy({ actions: "run_tumble" }), { ...strict, env: configEnv({ action: "run_tumble" }) });
describePolicy("SurgeCastPolicy", () => new SurgeCastPolicy(), { ...strict, env: defaultEnv });
describePolicy("SurgeCastPolicy (odour + wind Dict)", () => new SurgeCastPolicy({ maxCastLeg: 3 }), {
  ...strict,
  observationSpace: odorAndWind,
  env: configEnv({
    sensor: { type: "multi_modal", options: { sensors: { odor: "concentration", wind: "wind_vector" } } },
    wind: { type: "constant", options: { directionDeg: 30, speed: 1 } },
  }),
});
describePolicy("SurgeCastPolicy (surge_cast actions)", () => new SurgeCastPolicy({ actions: "surge_cast" }), {
  ...strict,
  env: configEnv({ action: "surge_cast", wind: { type: "constant", options: { directionDeg: 180, speed: 1 } } }),
});
describePolicy("GreedyGradientPolicy", () => new GreedyGradientPolicy(), { ...strict, observationSpace: antennae, env: configEnv({ sensor: GREEDY_SENSOR }) });

describePlugin(randomPolicyPlugin, { suite: strict });
describePlugin(temporalGradientPolicyPlugin, { pluginOptions: { threshold: 1e-6 }, suite: strict });
describePlugin(surgeCastPolicyPlugin, { suite: strict });
describePlugin(greedyPolicyPlugin, { suite: { ...strict, observationSpace: antennae } });
