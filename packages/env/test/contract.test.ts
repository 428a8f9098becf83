/**
 * The contract kit, run the way a third party runs it: `checkEnv` on PlumeEnv, PlumeSearchEnv, every
 * `make` id and configured environments (with the reference episodes replayed through the kit's
 * `env.reference-parity`), and the field, wind and reward suites on this package's components.
 */
import type { EnvFactoryOptions } from "@plume/contract-tests";
import {
  describeConcentrationField,
  describeEnv,
  describePlugin,
  describeRewardFunction,
  describeVectorField,
} from "@plume/contract-tests/vitest";
import type { EnvInfo, Env } from "@plume/core-types";
import {
  ConstantWindField,
  GaussianPlume,
  PlumeEnv,
  PlumeSearchEnv,
  SparseGoalReward,
  StepPenaltyReward,
  make,
  plugins,
  registeredIds,
  type EnvironmentConfigInput,
  type GaussianPlumeOptions,
  type PlumeEnvOptions,
} from "../src/index.js";
import { directOptions, referenceCases, selectorConfig } from "./reference.js";
import { configEnv } from "./helpers.js";

const cases = referenceCases();

/** The kit's hints as PlumeEnv options: render mode, a short max_steps, components, and replay options. */
function envOptions(hints: EnvFactoryOptions = {}): PlumeEnvOptions<unknown, unknown> {
  const { renderMode, maxSteps, components, ...rest } = hints;
  return {
    ...(rest as PlumeEnvOptions<unknown, unknown>),
    ...(renderMode !== undefined && { renderMode: renderMode as "human" | "rgb_array" | null }),
    ...(maxSteps !== undefined && { maxSteps }),
    ...(components ?? {}),
  };
}

const small = { gridSize: [32, 32] as [number, number] };

// With the kit's components, the grid and source come from its plume (PlumeEnv's default for an injected plume).
describeEnv("PlumeEnv", (hints) => new PlumeEnv({ ...(hints?.components === undefined && small), ...envOptions(hints) }) as unknown as Env<unknown, unknown, EnvInfo>, {
  capabilities: { componentEnv: true },
  numRuns: 30,
  reference: cases
    .filter((c) => c.route === "direct")
    .map((c) => ({ fixture: c as never, factoryOptions: { gridSize: [128, 128], ...directOptions(c.kwargs) } as Record<string, unknown> })),
});

describeEnv("PlumeSearchEnv", (hints) => new PlumeSearchEnv({ ...small, ...(envOptions(hints) as object) }) as unknown as Env<unknown, unknown, EnvInfo>, {
  numRuns: 20,
});

for (const id of registeredIds().filter((i) => i.startsWith("Plume"))) {
  describeEnv(
    `make("${id}")`,
    (hints) => {
      const { renderMode, maxSteps, components: _components, ...kwargs } = hints ?? {};
      const merged = { ...small, ...kwargs, ...(renderMode !== undefined && { renderMode }), ...(maxSteps !== undefined && { maxSteps }) };
      return make(id, merged, { warn: () => undefined });
    },
    {
      numRuns: 20,
      optOut: { "env.unwrapped": "make returns the Gymnasium wrapper stack by design; the raw envs are checked above" },
      ...(id === "PlumeNav-v0" && {
        reference: cases
          .filter((c) => c.route === "direct")
          .map((c) => ({ fixture: c as never, factoryOptions: { gridSize: [128, 128], ...directOptions(c.kwargs) } as Record<string, unknown> })),
      }),
    },
  );
}

/** Configured environments (the selector route), with the selector fixtures replayed by the kit. */
describeEnv(
  "createEnvironmentFromConfig",
  (hints) => {
    const { renderMode, maxSteps, config } = (hints ?? {}) as EnvFactoryOptions & { config?: EnvironmentConfigInput };
    const base: EnvironmentConfigInput = config ?? { gridSize: [32, 32], sensor: "antennae", action: "oriented", reward: "step_penalty" };
    return configEnv({
      ...base,
      ...(renderMode !== undefined && { renderMode: renderMode as "human" | "rgb_array" | null }),
      ...(maxSteps !== undefined && { maxSteps }),
    }) as unknown as Env<unknown, unknown, EnvInfo>;
  },
  {
    numRuns: 20,
    reference: cases
      .filter((c) => c.route === "selector")
      .map((c) => ({ fixture: c as never, factoryOptions: { config: selectorConfig(c.kwargs) } as Record<string, unknown> })),
  },
);

describeEnv(
  "createEnvironmentFromConfig (run_tumble, wind sensor with noise)",
  (hints) => {
    const { renderMode, maxSteps } = hints ?? {};
    return configEnv({
      gridSize: [24, 16],
      action: { type: "run_tumble", options: { stepSize: 2 } },
      sensor: { type: "multi_modal", options: { sensors: { odor: "concentration", wind: { type: "wind_vector", options: { noiseStd: 0.1 } } } } },
      wind: { type: "constant", options: { directionDeg: 45, speed: 0.5 } },
      ...(renderMode !== undefined && { renderMode: renderMode as "human" | "rgb_array" | null }),
      ...(maxSteps !== undefined && { maxSteps }),
    }) as unknown as Env<unknown, unknown, EnvInfo>;
  },
  { numRuns: 10 },
);

describeConcentrationField("GaussianPlume", (params?: GaussianPlumeOptions) => new GaussianPlume(params ?? { gridSize: [32, 32], sigma: 4 }), {
  params: [
    { gridSize: [32, 32], sigma: 0.5 },
    { gridSize: [32, 32], sigma: 20 },
    { gridSize: [16, 12], sourceLocation: [0, 0], sigma: 2 },
    { gridSize: [16, 12], sourceLocation: [15, 11], sigma: 20 },
    { gridSize: [16, 12], sourceLocation: [0, 6], sigma: 0.5 },
  ],
});

describeVectorField("ConstantWindField", () => new ConstantWindField({ directionDeg: 30, speed: 0.8 }));
describeVectorField("ConstantWindField (vector)", () => new ConstantWindField({ vector: [-0.25, 0.5] }));

describeRewardFunction("SparseGoalReward", () => new SparseGoalReward({ goalPosition: [10, 10], goalRadius: 5 }));
describeRewardFunction("SparseGoalReward (float32 eps radius)", () => new SparseGoalReward({ goalPosition: [64, 64], goalRadius: 2 ** -23 }));
describeRewardFunction("StepPenaltyReward", () => new StepPenaltyReward({ goalPosition: [10, 10], goalRadius: 5 }));

const pluginOptions: Readonly<Record<string, unknown>> = {
  gaussian: { gridSize: [24, 24], sigma: 3 },
  constant: { directionDeg: 90, speed: 1 },
  sparse: { goalPosition: [5, 5], goalRadius: 2 },
  step_penalty: { goalPosition: [5, 5], goalRadius: 2 },
};
for (const plugin of plugins) describePlugin(plugin, { pluginOptions: pluginOptions[plugin.name] });
