/**
 * PlumeEnv steps built-in components through a size-1 batch kernel. These tests pin that path to the
 * object path (the same components with their batch methods hidden) and check its error handling.
 */
import { ComponentError, ValidationError, type NDArray } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import {
  BatchKernel,
  PlumeEnv,
  SparseGoalReward,
  StepPenaltyReward,
  batchIneligibility,
  type EnvironmentConfigInput,
} from "../src/index.js";
import { expectError, configEnv } from "./helpers.js";

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
  const built = configEnv(config);
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
      const kernel = configEnv(config);
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
    const env = configEnv(CONFIGS.default as EnvironmentConfigInput);
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
    const action = Object.create(env.batchPlan!.action) as NonNullable<typeof env.batchPlan>["action"];
    action.processActionBatch = (_a, agents) => void ((agents.x as Int32Array)[1] = 99);
    const bad = { ...env.batchPlan!, action };
    const broken = new BatchKernel(2, bad as never, env.kernelConfig);
    broken.resetEnv(0, 1);
    broken.resetEnv(1, 2);
    expectError(() => broken.step(Float64Array.of(0, 0), Int32Array.of(0, 1), 2), ComponentError);
    expect(Array.from(broken.agents.x)).toEqual(x);
    expect(Array.from(broken.agents.stepCount)).toEqual([0, 0]);
  });
});

/** The kernel's per-environment state, copied. */
function snapshot(kernel: BatchKernel): Record<string, number[]> {
  const a = kernel.agents;
  return {
    x: Array.from(a.x),
    y: Array.from(a.y),
    orientation: Array.from(a.orientation),
    stepCount: Array.from(a.stepCount),
    totalReward: Array.from(a.totalReward),
  };
}

/** Steps every environment of `kernel` with random actions `steps` times, resetting those that end. */
function run(kernel: BatchKernel, rng: Generator, steps: number, high: number, visit?: (t: number) => void): void {
  const n = kernel.size;
  const actions = new Float64Array(n);
  for (let t = 0; t < steps; t++) {
    for (let i = 0; i < n; i++) actions[i] = rng.integers(0, high);
    kernel.step(actions, kernel.all, n);
    visit?.(t);
    for (let i = 0; i < n; i++) if (kernel.done[i] === 1) kernel.resetEnv(i, undefined);
  }
}

describe("BatchKernel computes the environment's own goal rewards itself", () => {
  // A subclass may override the reward, so the kernel calls its computeRewardBatch: the general path.
  class SparseSubclass extends SparseGoalReward {}
  class PenaltySubclass extends StepPenaltyReward {}
  const cases = [
    ["SparseGoalReward", (goal: [number, number]) => new SparseGoalReward({ goalPosition: goal, goalRadius: 2 }), (goal: [number, number]) => new SparseSubclass({ goalPosition: goal, goalRadius: 2 })],
    [
      "StepPenaltyReward",
      (goal: [number, number]) => new StepPenaltyReward({ goalPosition: goal, goalRadius: 1.5, goalReward: 3, stepPenalty: 0.25 }),
      (goal: [number, number]) => new PenaltySubclass({ goalPosition: goal, goalRadius: 1.5, goalReward: 3, stepPenalty: 0.25 }),
    ],
  ] as const;
  for (const [name, own, subclass] of cases) {
    it(`${name}: the same numbers as its computeRewardBatch over 1 500 steps of 16 envs`, () => {
      const make = (reward: SparseGoalReward) => new PlumeEnv({ gridSize: [10, 9], maxSteps: 40, goalRadius: 1, sourceLocation: [4, 4], reward });
      const fused = make(own([4, 4]));
      const general = make(subclass([4, 4]));
      const a = new BatchKernel(16, fused.batchPlan!, { ...fused.kernelConfig, startX: undefined, startY: undefined });
      const b = new BatchKernel(16, general.batchPlan!, { ...general.kernelConfig, startX: undefined, startY: undefined });
      for (let i = 0; i < 16; i++) {
        a.resetEnv(i, 100 + i);
        b.resetEnv(i, 100 + i);
      }
      const rngA = Generator.fromSeed(5);
      const rngB = Generator.fromSeed(5);
      const trace: string[] = [];
      let goals = 0;
      run(a, rngA, 1500, 4, () => {
        trace.push(JSON.stringify([Array.from(a.rewards), Array.from(a.terminated), Array.from(a.truncated), Array.from(a.observations), snapshot(a)]));
        goals += a.terminated.reduce((sum, v) => sum + v, 0);
      });
      let t = 0;
      run(b, rngB, 1500, 4, () => {
        expect(JSON.stringify([Array.from(b.rewards), Array.from(b.terminated), Array.from(b.truncated), Array.from(b.observations), snapshot(b)]), `t=${t}`).toBe(trace[t]);
        t += 1;
      });
      expect(goals).toBeGreaterThan(20);
    });
  }
});

describe("BatchKernel puts every environment back on a component error", () => {
  const FAILING_CONFIGS: Record<string, EnvironmentConfigInput> = {
    stepPenalty: { gridSize: [20, 16], maxSteps: 80, reward: "step_penalty" },
    antennaeOriented: CONFIGS.antennaeOriented as EnvironmentConfigInput,
  };
  // 8 environments are saved one by one, 40 (all of them stepped) in bulk.
  for (const [name, config] of Object.entries(FAILING_CONFIGS)) for (const n of [8, 40]) {
    it(`${name}, ${n} envs: a sensor failing after the step was counted`, () => {
      const env = configEnv(config);
      const plan = env.batchPlan!;
      const sensor = Object.create(plan.sensor) as typeof plan.sensor;
      let failing = false;
      sensor.fillObservationBatch = (...args) => {
        if (failing) throw new Error("sensor down");
        plan.sensor.fillObservationBatch(...args);
      };
      const kernel = new BatchKernel(n, { ...plan, sensor }, { ...env.kernelConfig, startX: undefined, startY: undefined });
      const twin = new BatchKernel(n, plan, { ...env.kernelConfig, startX: undefined, startY: undefined });
      for (let i = 0; i < n; i++) {
        kernel.resetEnv(i, i);
        twin.resetEnv(i, i);
      }
      const rng = Generator.fromSeed(3);
      const high = name === "antennaeOriented" ? 3 : 4;
      const actions = Float64Array.from({ length: n }, () => rng.integers(0, high));
      kernel.step(actions, kernel.all, n);
      twin.step(actions, twin.all, n);
      const before = snapshot(kernel);
      // What must be put back is there to put back: counts, totals (step penalty) or headings (turns).
      expect(before.stepCount).toEqual(new Array(n).fill(1));
      if (name === "stepPenalty") expect(before.totalReward.every((r) => r !== 0)).toBe(true);
      else expect(before.orientation.some((o) => o !== 0)).toBe(true);
      failing = true;
      actions.forEach((_, i) => (actions[i] = rng.integers(0, high)));
      const error = expectError(() => kernel.step(actions, kernel.all, n), ComponentError);
      expect(error.message).toMatch(/sensor down/);
      expect(snapshot(kernel)).toEqual(before);
      failing = false;
      kernel.step(actions, kernel.all, n);
      twin.step(actions, twin.all, n);
      expect(snapshot(kernel)).toEqual(snapshot(twin));
      expect(Array.from(kernel.observations)).toEqual(Array.from(twin.observations));
    });
  }

  it("a reward batch writing NaN for one environment changes none", () => {
    const env = new PlumeEnv({ gridSize: [8, 8], reward: new (class extends SparseGoalReward {})({ goalPosition: [4, 4] }) });
    const plan = env.batchPlan!;
    const reward = Object.create(plan.reward) as typeof plan.reward;
    reward.computeRewardBatch = (out, ...rest) => {
      plan.reward.computeRewardBatch(out, ...rest);
      out[5] = Number.NaN;
    };
    const kernel = new BatchKernel(8, { ...plan, reward }, { ...env.kernelConfig, startX: undefined, startY: undefined });
    for (let i = 0; i < 8; i++) kernel.resetEnv(i, i);
    const before = snapshot(kernel);
    const error = expectError(() => kernel.step(new Float64Array(8), kernel.all, 8), ComponentError);
    expect(error.message).toMatch(/finite/);
    expect(snapshot(kernel)).toEqual(before);
  });
});

describe("BatchKernel outputs", () => {
  it("writes its results into the arrays it is given (shared memory here), the same numbers as its own", () => {
    const env = new PlumeEnv({ gridSize: [10, 9], maxSteps: 30, goalRadius: 1.5 });
    const config = { ...env.kernelConfig, startX: undefined, startY: undefined };
    const n = 6;
    const memory = new SharedArrayBuffer(64 + n * (4 + 8 + 1 + 1));
    // Rows at an offset, as a shard's rows of AsyncVectorEnv's buffer are.
    const outputs = {
      observations: new Float32Array(memory, 8, n),
      rewards: new Float64Array(memory, 32, n),
      terminated: new Uint8Array(memory, 32 + 8 * n, n),
      truncated: new Uint8Array(memory, 32 + 9 * n, n),
    };
    const given = new BatchKernel(n, env.batchPlan!, config, outputs);
    const own = new BatchKernel(n, env.batchPlan!, config);
    expect(given.observations).toBe(outputs.observations);
    expect(given.rewards).toBe(outputs.rewards);
    for (let i = 0; i < n; i++) {
      given.resetEnv(i, 7 + i);
      own.resetEnv(i, 7 + i);
    }
    const results = (k: BatchKernel) => JSON.stringify([Array.from(k.observations), Array.from(k.rewards), Array.from(k.terminated), Array.from(k.truncated), snapshot(k)]);
    const trace: string[] = [];
    run(own, Generator.fromSeed(3), 200, 4, () => trace.push(results(own)));
    let t = 0;
    let ended = 0;
    run(given, Generator.fromSeed(3), 200, 4, () => {
      expect(results(given), `t=${t}`).toBe(trace[t]);
      ended += given.done.reduce((sum, v) => sum + v, 0);
      t += 1;
    });
    expect(ended).toBeGreaterThan(5);
  });

  it("rejects an output of the wrong length, naming it and the length it needs", () => {
    const env = new PlumeEnv({ gridSize: [10, 9] });
    expectError(() => new BatchKernel(4, env.batchPlan!, env.kernelConfig, { rewards: new Float64Array(3) }), ValidationError, "outputs.rewards");
    const error = expectError(() => new BatchKernel(4, env.batchPlan!, env.kernelConfig, { observations: new Float32Array(5) }), ValidationError, "outputs.observations");
    expect(error.expected).toBe("an array of 4 numbers");
  });
});
