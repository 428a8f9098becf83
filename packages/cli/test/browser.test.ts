/**
 * `@plume/cli/browser`: its colour map is the one the pictures use, and its episode loop is `runPolicy`'s.
 */
import { createEnvironmentFromConfig, parseEnvironmentConfig } from "@plume/env";
import { getBaseline } from "@plume/policies";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CliError, PLUME_LEVELS, SteppedEnv, baselineConfig, buildPolicy, plumeColor, plumeLevels } from "../src/browser.js";
import { drawPlume, runPolicy } from "../src/index.js";

describe("the colour map", () => {
  it("drawPlume colours every cell plumeColor(plumeLevels(field)[cell]), for any field (NaN and infinities included)", () => {
    const value = fc.oneof(fc.double({ noNaN: false }), fc.constantFrom(0, 1, Number.NaN, Infinity, -Infinity));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.array(value, { minLength: 36, maxLength: 36 }), (w, h, values) => {
        const field = Float32Array.from(values.slice(0, w * h));
        const canvas = drawPlume({ width: w, height: h, field, source: [0, 0] }, 1);
        const levels = plumeLevels(field);
        for (let i = 0; i < w * h; i++) {
          expect(levels[i]).toBeGreaterThanOrEqual(0);
          expect(levels[i]).toBeLessThan(PLUME_LEVELS);
          expect(Array.from(canvas.data.subarray(i * 3, i * 3 + 3))).toEqual([...plumeColor(levels[i] as number)]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("maps the field's minimum to level 0 and its maximum to the last level", () => {
    expect(Array.from(plumeLevels([2, 3, 4]))).toEqual([0, Math.round(0.5 ** 0.45 * (PLUME_LEVELS - 1)), PLUME_LEVELS - 1]);
  });

  it("a fixed range keeps frames on one scale, clamping what lies outside it", () => {
    expect(Array.from(plumeLevels([0.25, 0.5, 2, -1], undefined, [0, 1]))).toEqual([
      Math.round(0.25 ** 0.45 * (PLUME_LEVELS - 1)),
      Math.round(0.5 ** 0.45 * (PLUME_LEVELS - 1)),
      PLUME_LEVELS - 1,
      0,
    ]);
    const field = Float32Array.of(0.1, 0.2, 0.4, 0.05);
    const canvas = drawPlume({ width: 2, height: 2, field, source: [0, 0] }, 1, [0, 1]);
    const levels = plumeLevels(field, undefined, [0, 1]);
    for (let i = 0; i < 4; i++) expect(Array.from(canvas.data.subarray(i * 3, i * 3 + 3))).toEqual([...plumeColor(levels[i] as number)]);
  });
});

describe("SteppedEnv", () => {
  it("gives runPolicy's episodes, step for step, for each baseline", async () => {
    for (const name of ["random", "temporal-gradient", "surge-cast", "greedy"]) {
      const config = baselineConfig(parseEnvironmentConfig({ gridSize: [32, 32], goalLocation: [20, 9], maxSteps: 120 }), false, getBaseline(name));
      const env = await createEnvironmentFromConfig(JSON.parse(JSON.stringify(config)));
      const stepper = new SteppedEnv({ policyName: name, policy: buildPolicy(name, undefined), env, raw: env, config });
      const mine: unknown[] = [];
      const results = [];
      for (const [episode, seed] of [3, 8].entries()) {
        stepper.reset(episode, seed, true);
        while (!stepper.done) {
          const s = stepper.step();
          mine.push([episode, s.t, s.action, s.reward, s.terminated, s.truncated, s.position]);
        }
        results.push(stepper.result());
      }
      env.close();
      const theirs: unknown[] = [];
      const run = await runPolicy({ policy: name, config, seeds: [3, 8], trajectories: true, onStep: (s) => theirs.push([s.episode, s.t, s.action, s.reward, s.terminated, s.truncated, s.position]) });
      expect(mine).toEqual(theirs);
      expect(results).toEqual(run.episodes);
    }
  });

  it("refuses a step before reset and after the end, with a CliError", async () => {
    const config = parseEnvironmentConfig({ gridSize: [8, 8], goalLocation: [4, 4], maxSteps: 2 });
    const env = await createEnvironmentFromConfig(JSON.parse(JSON.stringify(config)));
    const stepper = new SteppedEnv({ policyName: "random", policy: buildPolicy("random", undefined), env, raw: env, config });
    expect(() => stepper.step()).toThrow(CliError);
    stepper.reset(0, 1);
    while (!stepper.done) stepper.step();
    expect(() => stepper.step()).toThrow(/no running episode/);
    env.close();
  });
});
