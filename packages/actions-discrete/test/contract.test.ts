/**
 * The contract kit's ActionProcessor suite, run the way a third-party plugin runs it, in strict mode
 * (warnings fail too).
 */
import { describeActionProcessor, describePlugin } from "@plume/contract-tests/vitest";
import { DiscreteGridActions, EightDirectionActions, discretePlugin, eightDirectionPlugin } from "../src/index.js";

const strict = { strict: true } as const;

describeActionProcessor("DiscreteGridActions (step 1)", () => new DiscreteGridActions(), strict);
describeActionProcessor("DiscreteGridActions (step 3)", () => new DiscreteGridActions({ stepSize: 3 }), strict);
describeActionProcessor("EightDirectionActions (step 2)", () => new EightDirectionActions({ stepSize: 2 }), strict);
describePlugin(discretePlugin, { pluginOptions: { stepSize: 2 }, suite: strict });
describePlugin(eightDirectionPlugin, { suite: strict });
