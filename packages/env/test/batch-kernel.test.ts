/**
 * PlumeEnv steps built-in components through a size-1 batch kernel. These tests pin that path to the
 * object path (the same components with their batch methods hidden) and check its error handling.
 */
import { ComponentError, type NDArray } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import { BatchKernel, PlumeEnv, batchIneligibility, createEnvironmentFromConfigSync, type EnvironmentConfigInput } from "../src/index.js";
import { expectError } from "./helpers.js";

const BATCH_METHODS = new Set(["processActionBatch", "fillObservationBatch", "computeRewardBatch"]);

/** `component` without its batch methods: every other member is forwarded. */
function withoutBatch<T extends object>(component: T): T {
  return new Proxy(component, {
    get: (target, key) => {
      if (typeof key === "string" && BATCH_METHODS.has(key)) return undefined;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (target, key) => (typeof key === "string" && BATCH_METHODS.has(key) ? false : Reflect.has(target, key)),
  });
}

const CONFIGS: Record<string, EnvironmentConfigInput> = {
  default: { gridSize: [20, 16], maxSteps: 80, goalRadius: 1.5 },
  antennaeOriented: { gridSize: [18, 18], maxSteps: 60, goalRadius: 2, sensor: "antennae", action: "oriented" },
  continuous: { gridSize: [15, 12], maxSteps: 60, goalRadius: 2, action: "continuous", reward: "step_penalty" },
  runTumble: { gridSize: [16, 16], maxSteps: 70, goalRadius: 2, action: "run_tumble" },
  windNoise: { gridSize: [12, 12], maxSteps: 50, goalRadius: 2, sensor: { type: "wind_vector", options: { noiseStd: 0.5 } }, wind: "constant" },
};

function objectPathTwin(config: EnvironmentConfigInput): PlumeEnv<unknown, unknown> {
  const built = createEnvironmentFromConfigSync(config);
  return new PlumeEnv({
    gridSize: built.gridSize,
    sourceLocation: built.sourceLocation,
    goalRadius: built.goalRadius,
    maxSteps: built.maxSteps,
    plume: built.plume,
    ...(built.wind !== undefined && { wind: built.wind }),
    sensor: withoutBatch(built.sensor),
    action: withoutBatch(built.actionProcessor),
    reward: withoutBatch(built.rewardFunction),
  });
}

function randomAction(env: PlumeEnv<unknown, unknown>, rng: Generator): unknown {
  const space = env.actionSpace as unknown as { n?: number; low?: NDArray; high?: NDArray; shape: number[] };
  if (typeof space.n === "number") return rng.integers(0, space.n);
  const low = space.low?.data as Float32Array;
  const high = space.high?.data as Float32Array;
  return { dtype: "float32", shape: space.shape, data: Float32Array.from(low, (lo, k) => Math.fround(lo + rng.random() * ((high[k] as number) - lo))) };
}

describe("PlumeEnv's kernel path equals its object path", () => {
  for (const [name, config] of Object.entries(CONFIGS)) {
    it(`${name}: 3 000 random steps with resets`, () => {
      const kernel = createEnvironmentFromConfigSync(config);
      const objects = objectPathTwin(config);
      expect(kernel.batchPlan, batchIneligibility({ action: kernel.actionProcessor, sensor: kernel.sensor, reward: kernel.rewardFunction, plume: kernel.plume, wind: kernel.wind })).toBeDefined();
      expect(objects.batchPlan).toBeUndefined();
      const rng = Generator.fromSeed(21);
      expect(kernel.reset({ seed: 4 })).toEqual(objects.reset({ seed: 4 }));
      let episodes = 0;
      for (let t = 0; t < 3000; t++) {
        const action = randomAction(kernel, rng);
        const a = kernel.step(action);
        const b = objects.step(action);
        expect(a, `t=${t}`).toEqual(b);
        expect(kernel.agentState?.toJSON()).toEqual(objects.agentState?.toJSON());
        if (a[2] || a[3]) {
          episodes += 1;
          expect(kernel.reset()).toEqual(objects.reset());
        }
      }
      expect(episodes).toBeGreaterThan(3);
    });
  }
});

describe("BatchKernel errors", () => {
  it("a failing sensor batch leaves the environment as it was", () => {
    const env = createEnvironmentFromConfigSync(CONFIGS.default as EnvironmentConfigInput);
    const sensor = env.sensor as unknown as { fillObservationBatch: (...args: unknown[]) => void };
    const original = sensor.fillObservationBatch.bind(sensor);
    env.reset({ seed: 1 });
    env.step(1);
    const before = env.agentState?.toJSON();
    sensor.fillObservationBatch = () => {
      throw new Error("sensor down");
    };
    const error = expectError(() => env.step(1), ComponentError);
    expect(error.message).toMatch(/sensor down/);
    expect(env.agentState?.toJSON()).toEqual(before);
    expect(env.stepCount).toBe(1);
    sensor.fillObservationBatch = original;
    const [, , , , info] = env.step(1);
    expect(info.step_count).toBe(2);
  });

  it("an action batch that leaves the grid is a ComponentError and changes nothing", () => {
    const env = new PlumeEnv({ gridSize: [8, 8] });
    const kernel = new BatchKernel(2, env.batchPlan!, env.kernelConfig);
    kernel.resetEnv(0, 1);
    kernel.resetEnv(1, 2);
    const x = Array.from(kernel.agents.x);
    const bad = { ...env.batchPlan!, action: { ...env.batchPlan!.action, processActionBatch: (_a: unknown, agents: { x: Int32Array }) => void (agents.x[1] = 99) } };
    const broken = new BatchKernel(2, bad as never, env.kernelConfig);
    broken.resetEnv(0, 1);
    broken.resetEnv(1, 2);
    expectError(() => broken.step(Float64Array.of(0, 0), Int32Array.of(0, 1), 2), ComponentError);
    expect(Array.from(broken.agents.x)).toEqual(x);
    expect(Array.from(broken.agents.stepCount)).toEqual([0, 0]);
  });
});
