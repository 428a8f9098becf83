/**
 * The baselines on the default environment (128x128, sigma 12, the source cell itself is the goal, 1000 steps),
 * each with the sensor it needs, seeded exactly as the `plume` CLI seeds them: `env.reset({ seed })`, then
 * `policy.reset({ seed: derivePolicySeed(env.npRandom) })`. The README's 100-episode numbers come from the CLI;
 * here a few episodes check that the informed baselines beat random and that reruns are identical.
 */
import type { NDArray } from "@plume/core-types";
import { PlumeEnv, createEnvironmentFromConfigSync } from "@plume/env";
import { describe, expect, it } from "vitest";
import { BASELINE_NAMES, createBaseline, derivePolicySeed, getBaseline } from "../src/index.js";

interface Outcome {
  readonly seed: number;
  readonly steps: number;
  readonly success: boolean;
  readonly actions: string;
}

function rollout(name: string, seeds: readonly number[]): Outcome[] {
  const sensor = getBaseline(name).sensor;
  const env =
    sensor === undefined
      ? new PlumeEnv()
      : createEnvironmentFromConfigSync({ gridSize: [128, 128], goalLocation: [64, 64], goalRadius: 0, maxSteps: 1000, plume: { type: "gaussian", options: { sigma: 12 } }, sensor });
  const policy = createBaseline(name);
  return seeds.map((seed) => {
    let [obs] = env.reset({ seed }) as readonly [unknown, unknown];
    policy.reset({ seed: derivePolicySeed(env.npRandom) });
    const actions: number[] = [];
    for (;;) {
      const action = policy.selectAction(obs);
      actions.push(action);
      const [next, , terminated, truncated] = env.step(action as never) as readonly [NDArray, number, boolean, boolean, unknown];
      obs = next;
      if (terminated || truncated) return { seed, steps: actions.length, success: terminated, actions: actions.join("") };
    }
  });
}

const seeds = [0, 1, 2, 3, 4, 5, 6, 7];

describe("baselines on the default environment", () => {
  const results = Object.fromEntries(BASELINE_NAMES.map((name) => [name, rollout(name, seeds)]));

  it("temporal-gradient, surge-cast and greedy reach the source cell in every episode; random does not", () => {
    for (const name of ["temporal-gradient", "surge-cast", "greedy"]) {
      expect(results[name]?.every((r) => r.success), name).toBe(true);
    }
    const randomSuccesses = results["random"]?.filter((r) => r.success).length ?? 0;
    expect(randomSuccesses).toBeLessThan(seeds.length / 2);
  });

  it("greedy ascent on 4 antennae takes the shortest path (the Manhattan distance)", () => {
    const env = new PlumeEnv();
    for (const r of results["greedy"] ?? []) {
      const [, info] = env.reset({ seed: r.seed });
      const [x, y] = info.agent_position;
      expect(r.steps).toBe(Math.abs(x - 64) + Math.abs(y - 64));
    }
  });

  it("the same seeds give the same episodes, action for action", () => {
    for (const name of BASELINE_NAMES) expect(rollout(name, seeds.slice(0, 3))).toEqual(results[name]?.slice(0, 3));
  });
});
