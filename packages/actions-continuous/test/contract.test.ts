/**
 * The contract kit's ActionProcessor suite, run the way a third-party plugin runs it, in strict mode
 * (warnings fail too).
 */
import { describeActionProcessor, describePlugin } from "@plume/contract-tests/vitest";
import { ContinuousActions, continuousPlugin } from "../src/index.js";

const strict = { strict: true } as const;

describeActionProcessor("ContinuousActions (maxSpeed 2)", () => new ContinuousActions(), strict);
describeActionProcessor("ContinuousActions (maxSpeed 3.5)", () => new ContinuousActions({ maxSpeed: 3.5 }), strict);
describePlugin(continuousPlugin, { pluginOptions: { maxSpeed: 1 }, suite: strict });
