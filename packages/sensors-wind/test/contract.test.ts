/**
 * The contract kit's ObservationModel suite, run the way a third-party plugin runs it, in strict mode (warnings
 * fail too). The noisy sensor declares `usesRng`: the kit checks that all randomness comes from envState.rng and
 * that the same generator state gives the same observation (`obs.rng-only`).
 */
import { describeObservationModel, describePlugin } from "@plume/contract-tests/vitest";
import { WindVectorSensor, windVectorPlugin } from "../src/index.js";

const strict = { strict: true } as const;
const stochastic = { strict: true, capabilities: { usesRng: true } } as const;

describeObservationModel("WindVectorSensor (no noise)", () => new WindVectorSensor(), strict);
describeObservationModel("WindVectorSensor (noise 0.1)", () => new WindVectorSensor({ noiseStd: 0.1 }), stochastic);
describePlugin(windVectorPlugin, { suite: strict });
describePlugin(windVectorPlugin, { pluginOptions: { noiseStd: 0.25 }, suite: stochastic });
