/** Options are validated with the exported zod schemas; bad options throw a ValidationError naming the option. */
import { ValidationError } from "@plume/core-types";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SEED, checkActionProcessor, checkObservationModel, defaultSeed, observationModelOptionsSchema, resultOf } from "../src/index.js";
import { DiscreteGridActions } from "./reference/actions.js";
import { ConcentrationSensor } from "./reference/sensors.js";

function rejection(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error("expected a ValidationError");
}

const original = process.env["FC_SEED"];

describe("suite options", () => {
  afterEach(() => {
    if (original === undefined) delete process.env["FC_SEED"];
    else process.env["FC_SEED"] = original;
  });

  it.each([
    [{ numRuns: 0 }, "numRuns"],
    [{ numRuns: 1.5 }, "numRuns"],
    [{ seed: -1 }, "seed"],
    [{ seed: 2 ** 32 }, "seed"],
    [{ strict: "yes" }, "strict"],
    [{ capabilities: { usesRNG: true } }, "capabilities.usesRNG"],
    [{ capabilities: { profile: "atari" } }, "capabilities.profile"],
    [{ optOut: { "obs.finite": "" } }, "optOut.obs.finite"],
    [{ optOut: { "obs.no-such-check": "because" } }, "optOut.obs.no-such-check"],
    [{ optOut: { "act.purity": "another suite's id" } }, "optOut.act.purity"],
    [{ only: ["nope"] }, "only.0"],
    [{ extendState: 3 }, "extendState"],
    [{ unknownOption: 1 }, "unknownOption"],
  ])("rejects %j naming %s", (options, parameter) => {
    const error = rejection(() => checkObservationModel(() => new ConcentrationSensor(), options as never));
    expect(error.parameter).toBe(parameter);
    expect(error.message).toContain(parameter);
  });

  it("exports the schemas", () => {
    expect(observationModelOptionsSchema.safeParse({ numRuns: 5, capabilities: { usesRng: true } }).success).toBe(true);
  });

  it("reports an opt-out as skipped with its reason", () => {
    const report = checkObservationModel(() => new ConcentrationSensor(), { optOut: { "obs.purity": "the state is copied upstream" } });
    const r = resultOf(report, "obs.purity");
    expect(r.status).toBe("skipped");
    expect(r.reason).toBe("opted out: the state is copied upstream");
  });

  it("takes the seed from FC_SEED, else the pinned default, and reports it", () => {
    delete process.env["FC_SEED"];
    expect(defaultSeed()).toBe(DEFAULT_SEED);
    process.env["FC_SEED"] = "77";
    expect(defaultSeed()).toBe(77);
    expect(checkActionProcessor(() => new DiscreteGridActions(), { only: ["act.determinism"] }).seed).toBe(77);
    process.env["FC_SEED"] = "not a number";
    expect(rejection(() => defaultSeed()).parameter).toBe("FC_SEED");
  });

  it("the seed option wins over FC_SEED, and the same seed replays the same counterexample", () => {
    process.env["FC_SEED"] = "5";
    const broken = () => ({
      get actionSpace() {
        return new DiscreteGridActions().actionSpace;
      },
      processAction: (_a: number, s: never) => s,
      validateAction: () => true,
      getMetadata: () => ({ type: "x", parameters: {}, movement_model: "x", orientation_dependent: false }),
    });
    const a = resultOf(checkActionProcessor(broken as never, { seed: 99 }), "act.validate-matches-contains");
    const b = resultOf(checkActionProcessor(broken as never, { seed: 99 }), "act.validate-matches-contains");
    expect(a.seed).toBe(99);
    expect(a.status).toBe("failed");
    expect(a.counterexample).toBe(b.counterexample);
    expect(a.message).toContain("seed 99");
  });
});
