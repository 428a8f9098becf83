/**
 * The contract kit's ConcentrationField and VectorField suites, run on the turbulent plume and its wind the way a
 * third-party plugin runs them, in strict mode (warnings fail too), on small fast configurations (a short
 * warm-up) including a non-square grid; and the plugin descriptors through `describePlugin`. Shared simulations
 * (`shareSimulation`) are left out on purpose: instances made with equal options are then one simulation, so the
 * suites' premise that two instances are independent does not hold; `field.test.ts` checks their semantics.
 */
import { describeConcentrationField, describePlugin, describeVectorField } from "@plume/contract-tests/vitest";
import { TurbulentPlume, TurbulentWind, turbulentPlumePlugin, turbulentWindPlugin, type TurbulentPlumeOptions } from "../src/index.js";

const small: TurbulentPlumeOptions = {
  windRegion: [0, 40, -10, 10],
  windNodes: [9, 5],
  source: [4, 0],
  cellSize: 1,
  warmupSeconds: 20,
  stepsPerEnvStep: 10,
  concentrationScale: 0.05,
};
const strict = { strict: true, timeout: 600_000 } as const;

describeConcentrationField("TurbulentPlume", (params?: TurbulentPlumeOptions) => new TurbulentPlume(params ?? small), {
  ...strict,
  params: [small, { ...small, gridSize: [21, 9], releaseRate: 20 }],
});
describeVectorField("TurbulentWind", () => new TurbulentWind(small), strict);
describeVectorField("TurbulentWind (original noise form)", () => new TurbulentWind({ ...small, originalNoiseUpdates: true, noiseGain: 10, gridSize: [30, 12] }), strict);
describePlugin(turbulentPlumePlugin, { pluginOptions: small, suite: { strict: true }, timeout: 600_000 });
describePlugin(turbulentWindPlugin, { pluginOptions: small, suite: { strict: true }, timeout: 600_000 });
