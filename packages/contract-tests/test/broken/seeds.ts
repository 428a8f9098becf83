/** The 20-seed sweep: a correct plugin passes with zero false failures across 20 different seeds. */
import { describe, expect, it } from "vitest";
import { REFERENCE_CASES } from "../reference/all.js";

/** 20 seeds: the pinned default's neighbours are not special, so they are spread over [0, 2^32). */
export const SWEEP_SEEDS: readonly number[] = Array.from({ length: 20 }, (_, i) => (Math.imul(i + 1, 2654435761) >>> 0) % 0xffffffff);

/** One representative of every suite (the whole catalogue is run once at the default seed in references.test.ts). */
const SWEEP = REFERENCE_CASES.filter((c) =>
  [
    "ConcentrationSensor",
    "WindVectorSensor(noise 0.1)",
    "MultiModalSensor",
    "NBackSensor",
    "DiscreteGridActions(step 1)",
    "OrientedRunTumbleActions",
    "ContinuousActions",
    "SparseGoalReward",
    "StepPenaltyReward",
    "MovieField (wrap)",
    "ConstantWindField",
    "StochasticTD",
    "Discrete(3, start=-1)",
    "Dict(a, b: Dict)",
    "GridPlumeEnv(Box obs)",
  ].includes(c.name) || c.name.startsWith("GaussianPlume"),
);

export function registerSweep(seeds: readonly number[]): void {
  describe("zero false failures across seeds", () => {
    for (const seed of seeds) {
      it(`seed ${seed}: every reference passes`, () => {
        const bad: string[] = [];
        for (const c of SWEEP) {
          const report = c.run(c.area === "env" ? { seed, numRuns: 10, maxRolloutSteps: 100 } : { seed, numRuns: 8 });
          for (const r of report.results) {
            if (r.status === "failed" || (r.status === "warned" && !(c.allowWarnings ?? []).includes(r.id))) bad.push(`${c.name}: ${r.message}`);
          }
        }
        expect(bad).toEqual([]);
      });
    }
  });
}
