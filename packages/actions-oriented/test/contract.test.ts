/**
 * The contract kit's ActionProcessor suite, run the way a third-party plugin runs it, in strict mode (warnings
 * fail too). The stochastic processors declare `usesRng`: the kit then checks determinism given the injected
 * generator and that different seeds give different results (`act.rng-hook`).
 */
import type { PointLike } from "@plume/core-types";
import { describeActionProcessor, describePlugin } from "@plume/contract-tests/vitest";
import {
  OrientedGridActions,
  OrientedRunTumbleActions,
  SurgeCastActions,
  orientedPlugin,
  runTumblePlugin,
  surgeCastPlugin,
} from "../src/index.js";

const strict = { strict: true } as const;
const stochastic = { strict: true, capabilities: { usesRng: true } } as const;
const wind = { sample: (_p: PointLike) => Float32Array.of(0.6928203, -0.4) };

describeActionProcessor("OrientedGridActions (step 1)", () => new OrientedGridActions(), strict);
describeActionProcessor("OrientedGridActions (step 3)", () => new OrientedGridActions({ stepSize: 3 }), strict);
describeActionProcessor("OrientedRunTumbleActions (step 2)", () => new OrientedRunTumbleActions({ stepSize: 2 }), stochastic);
describeActionProcessor("SurgeCastActions (constant wind)", () => new SurgeCastActions({ stepSize: 2, windField: wind }), stochastic);
describeActionProcessor("SurgeCastActions (no wind)", () => new SurgeCastActions(), stochastic);
describePlugin(orientedPlugin, { suite: strict });
describePlugin(runTumblePlugin, { pluginOptions: { stepSize: 2 }, suite: stochastic });
describePlugin(surgeCastPlugin, { pluginOptions: { windField: wind }, suite: stochastic });
