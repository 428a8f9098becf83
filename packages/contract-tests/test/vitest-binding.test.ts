/**
 * The vitest binding, used the way a plugin author uses it: one call per suite. Every check becomes a
 * test named by its id; gated checks whose gate is closed show up as skipped with their reason.
 */
import { definePlugin, type NDArray, type ObservationModel } from "@plume/core-types";
import { Box } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkPlugin, conforms, planObservationModel, resultOf } from "../src/index.js";
import {
  ContractViolationError,
  describeActionProcessor,
  describeConcentrationField,
  describeEnv,
  describeObservationModel,
  describePlugin,
  describePolicy,
  describeRewardFunction,
  describeSpace,
  describeVectorField,
} from "../src/vitest.js";
import { OrientedRunTumbleActions } from "./reference/actions.js";
import { GridPlumeEnv } from "./reference/envs.js";
import { ConstantWindField, GAUSSIAN_PARAMS, GaussianPlume, type GaussianParams } from "./reference/fields.js";
import { StochasticTD } from "./reference/policies.js";
import { StepPenaltyReward } from "./reference/rewards.js";
import { WindVectorSensor } from "./reference/sensors.js";
import { OBS_FIXTURES } from "./broken/obs.js";

describeObservationModel("WindVectorSensor (noise from envState.rng)", () => new WindVectorSensor(0.1), { capabilities: { usesRng: true }, numRuns: 20 });
describeActionProcessor("OrientedRunTumbleActions", () => new OrientedRunTumbleActions(), { numRuns: 20 });
describeRewardFunction("StepPenaltyReward", () => new StepPenaltyReward(), { numRuns: 20 });
describeConcentrationField("GaussianPlume", (p) => new GaussianPlume(p as GaussianParams), { params: [...GAUSSIAN_PARAMS], numRuns: 20 });
describeVectorField("ConstantWindField", () => new ConstantWindField(), { numRuns: 20 });
describePolicy("StochasticTD", () => new StochasticTD() as never, { numRuns: 20 });
describeSpace("Box(-1, 1, [2])", () => new Box({ low: -1, high: 1, shape: [2] }), { numRuns: 20 });
describeEnv("GridPlumeEnv", (o) => new GridPlumeEnv(o), { capabilities: { componentEnv: true }, goalRadius: 1, numRuns: 20, timeout: 30_000 });

const plugin = definePlugin({
  kind: "sensor",
  name: "@acme/wind-sensor",
  options: z.object({ noise: z.number().min(0).default(0) }),
  create: ({ noise }) => new WindVectorSensor(noise),
});
describePlugin(plugin, { pluginOptions: { noise: 0.05 }, suite: { capabilities: { usesRng: true }, numRuns: 20 } });

describe("the binding's failure path", () => {
  it("a failing check becomes a ContractViolationError carrying the result", () => {
    const plan = planObservationModel(() => new WindVectorSensor(0), { numRuns: 10 });
    expect(plan.checks.map((c) => c.id)).toContain("obs.determinism");
    const report = OBS_FIXTURES["obs.determinism"]!.run();
    const error = new ContractViolationError(resultOf(report, "obs.determinism"));
    expect(error.name).toBe("ContractViolationError");
    expect(error.message).toMatch(/^obs\.determinism: /);
    expect(error.result.status).toBe("failed");
  });

  it("checkPlugin builds the component through the plugin's options schema", () => {
    const report = checkPlugin(plugin, { pluginOptions: { noise: 0.05 }, suite: { capabilities: { usesRng: true }, numRuns: 10 } });
    expect(report.subject).toBe("@acme/wind-sensor");
    expect(report.ok).toBe(true);
    expect(() => checkPlugin(plugin, { pluginOptions: { noise: -1 } })).toThrow(/noise/);
  });
});

describe("type-level conformance", () => {
  it("conforms<P>() returns the value (and rejects non-conforming classes at compile time)", () => {
    const sensor = conforms<ObservationModel<NDArray>>()(new WindVectorSensor(0));
    expect(sensor).toBeInstanceOf(WindVectorSensor);
    // @ts-expect-error a reward function is not an observation model
    conforms<ObservationModel<NDArray>>()(new StepPenaltyReward());
  });
});
