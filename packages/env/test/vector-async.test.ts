/**
 * AsyncVectorEnv (worker threads, shared memory) against SyncVectorEnv, and its failure modes. The
 * workers run the built package, so these tests import dist (turbo builds before testing).
 */
import { ComponentError, ConfigurationError, StateError, ValidationError, type NDArray } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  AsyncVectorEnv,
  SyncVectorEnv,
  createEnvironmentFromConfig,
  createEnvironmentFromConfigSync,
  type AutoresetMode,
  type EnvironmentConfigInput,
} from "../dist/node.js";
import { resolveMainThread } from "../dist/vector/async.js";
import { closeAll, create } from "./async-helpers.js";
import { ALL_PLUGINS, expectError, expectRejection } from "./helpers.js";

/** The built package's sync config builder, with every plugin package's plugins (the workers import them by name). */
const configEnv = (config: EnvironmentConfigInput) => createEnvironmentFromConfigSync(config, { plugins: ALL_PLUGINS });

const fixtures = fileURLToPath(new URL("./fixtures/", import.meta.url));
afterEach(closeAll);

const SMALL: EnvironmentConfigInput = { gridSize: [12, 10], maxSteps: 30, goalRadius: 1.5, plume: { type: "gaussian", options: { sigma: 3 } } };
const CONTINUOUS: EnvironmentConfigInput = { gridSize: [11, 9], maxSteps: 25, goalRadius: 2, action: "continuous" };
const HISTORY: EnvironmentConfigInput = { gridSize: [10, 8], maxSteps: 20, goalRadius: 2, sensor: { type: "concentration_history", options: { n: 2 } } };

function randomActions(vec: { singleActionSpace: unknown; numEnvs: number }, rng: Generator): unknown {
  const space = vec.singleActionSpace as { n?: number; low?: NDArray; high?: NDArray };
  if (typeof space.n === "number") return Int32Array.from({ length: vec.numEnvs }, () => rng.integers(0, space.n as number));
  const low = space.low?.data as Float32Array;
  const high = space.high?.data as Float32Array;
  const flat = new Float32Array(vec.numEnvs * low.length);
  for (let i = 0; i < flat.length; i++) {
    const k = i % low.length;
    flat[i] = Math.fround((low[k] as number) + rng.random() * ((high[k] as number) - (low[k] as number)));
  }
  return flat;
}

describe("AsyncVectorEnv agrees exactly with SyncVectorEnv", () => {
  // mainThread is explicit so that each case takes the same path on any number of cores.
  const cases: [string, EnvironmentConfigInput, number, number, { mainThread?: boolean; copy?: boolean }][] = [
    ["default", SMALL, 5, 2, { mainThread: false }],
    ["default, main thread takes a shard, copy: false (infos fetched when read)", SMALL, 5, 1, { mainThread: true, copy: false }],
    ["continuous", CONTINUOUS, 4, 2, { mainThread: false }],
    ["continuous, main thread takes a shard", CONTINUOUS, 4, 1, { mainThread: true }],
    ["history (no batch methods)", HISTORY, 3, 3, { mainThread: false }],
    ["surge-cast actions, antennae, main thread takes a shard", { ...SMALL, action: "surge_cast", sensor: { type: "antennae", options: { sensorAngles: [-45, 45], sensorDistance: 2 } } }, 4, 1, { mainThread: true }],
  ];
  for (const [name, config, n, workers, extra] of cases) {
    for (const mode of ["next_step", "same_step", "disabled"] as AutoresetMode[]) {
      it(`${name}, ${mode}, ${n} envs on ${workers} workers`, async () => {
        const vec = await create({ env: config, numEnvs: n, numWorkers: workers, autoresetMode: mode, oversubscribe: true, ...extra });
        const sync = new SyncVectorEnv(
          Array.from({ length: n }, () => () => configEnv(config)),
          { autoresetMode: mode },
        );
        expect(vec.numWorkers).toBe(workers);
        expect(vec.batched).toBe(sync.batched);
        expect(vec.reset({ seed: 9 })).toEqual(sync.reset({ seed: 9 }));
        const rng = Generator.fromSeed(5);
        let ended = 0;
        for (let t = 0; t < 150; t++) {
          const actions = randomActions(vec, rng);
          const expected = sync.step(actions);
          const got = vec.step(actions);
          expect(got, `t=${t}`).toEqual(expected);
          const done = Array.from(expected[2].data).map((v, i) => v === 1 || expected[3].data[i] === 1);
          ended += done.filter(Boolean).length;
          if (mode === "disabled" && done.some(Boolean)) {
            const options = { options: { reset_mask: done } };
            expect(vec.reset(options)).toEqual(sync.reset(options));
          }
        }
        expect(ended).toBeGreaterThan(3);
      });
    }
  }
});

describe("AsyncVectorEnv failures", () => {
  const faulty = (mode: string, extra: Record<string, unknown> = {}): EnvironmentConfigInput => ({
    gridSize: [16, 16],
    maxSteps: 50,
    goalRadius: 0.5,
    startLocation: [0, 0],
    sensor: { type: "./faulty-sensor.mjs", options: { mode, atStep: 3, ...extra } },
  });

  it("a config naming a module path is refused before any worker starts unless allowModulePaths is set", async () => {
    const error = await expectRejection(create({ env: faulty("throw"), baseDir: fixtures, numEnvs: 2, numWorkers: 1 }), ConfigurationError, "sensor.type");
    expect(error.message).toContain("allowModulePaths");
  });

  it("an error thrown in a worker comes back from the call, naming the worker", async () => {
    const vec = await create({ env: faulty("throw"), baseDir: fixtures, allowModulePaths: true, numEnvs: 4, numWorkers: 2 });
    vec.reset({ seed: 0 });
    vec.step([0, 0, 0, 0]);
    vec.step([0, 0, 0, 0]);
    const error = expectError(() => vec.step([0, 0, 0, 0]), ComponentError);
    expect(error.message).toMatch(/faulty sensor exploded/);
    expect(error.message).toMatch(/worker \d/);
  });

  it("a worker that dies makes the next call throw, never hang; the env then stays broken", async () => {
    const vec = await create({ env: faulty("exit"), baseDir: fixtures, allowModulePaths: true, numEnvs: 4, numWorkers: 2, timeoutMs: 20_000 });
    vec.reset({ seed: 0 });
    vec.step([1, 1, 1, 1]);
    vec.step([1, 1, 1, 1]);
    const error = expectError(() => vec.step([1, 1, 1, 1]), ComponentError);
    expect(error.message).toMatch(/died/);
    expectError(() => vec.step([1, 1, 1, 1]), StateError);
    await vec.close();
    expect(vec.closed).toBe(true);
  });

  it("a worker that never answers fails after timeoutMs, and close() still ends it", async () => {
    const vec = await create({ env: faulty("hang"), baseDir: fixtures, allowModulePaths: true, numEnvs: 2, numWorkers: 2, timeoutMs: 1_000 });
    vec.reset({ seed: 0 });
    vec.step([1, 1]);
    vec.step([1, 1]);
    const error = expectError(() => vec.step([1, 1]), ComponentError);
    expect(error.message).toMatch(/did not answer step\(\) within 1000 ms/);
    await vec.close();
  });

  it('mainThread "auto" (the default) gives the main thread a shard when it has a core and an env to spare', async () => {
    expect(resolveMainThread("auto", undefined, 6, 2)).toBe(true);
    expect(resolveMainThread("auto", undefined, 1, 8)).toBe(false);
    expect(resolveMainThread("auto", 1, 6, 2)).toBe(true);
    expect(resolveMainThread("auto", 2, 6, 2)).toBe(false); // no core left for it
    expect(resolveMainThread("auto", 3, 3, 16)).toBe(false); // no environment left for it
    expect(resolveMainThread(false, undefined, 6, 2)).toBe(false);
    expect(resolveMainThread(true, 4, 6, 2)).toBe(true);
    const vec = await create({ env: SMALL, numEnvs: 6 });
    expect(vec.mainThread).toBe(true);
    expect(vec.numWorkers).toBe(Math.max(1, Math.min(6, availableParallelism()) - 1));
    expect(String(vec)).toMatch(/the main thread/);
    const sync = new SyncVectorEnv(Array.from({ length: 6 }, () => () => configEnv(SMALL)));
    expect(vec.reset({ seed: 9 })).toEqual(sync.reset({ seed: 9 }));
    const rng = Generator.fromSeed(2);
    for (let t = 0; t < 60; t++) {
      const actions = randomActions(vec, rng);
      expect(vec.step(actions), `t=${t}`).toEqual(sync.step(actions));
    }
    const without = await create({ env: SMALL, numEnvs: 3, numWorkers: 3, oversubscribe: true });
    expect(without.mainThread).toBe(false);
  });

  it("rejects bad options and configs before starting workers", async () => {
    await expectRejection(AsyncVectorEnv.create({ env: SMALL, numEnvs: 2, mainThread: "yes" as never }), ValidationError, "mainThread");
    await expectRejection(AsyncVectorEnv.create({ env: SMALL, numEnvs: 2, numWorkers: 3 }), ValidationError, "numWorkers");
    await expectRejection(AsyncVectorEnv.create({ env: SMALL, numEnvs: 0 }), ValidationError, "numEnvs");
    await expectRejection(AsyncVectorEnv.create({ env: { gridSize: [0, 4] }, numEnvs: 2 }), ConfigurationError);
    await expectRejection(
      AsyncVectorEnv.create({ env: { sensor: { type: "multi_modal", options: { sensors: { odor: "concentration" } } } }, numEnvs: 2 }),
      ValidationError,
      "env",
    );
  });

  it("copy: false infos are fetched from the workers when read, and only until the next step starts", async () => {
    const vec = await create({ env: SMALL, numEnvs: 4, numWorkers: 2, copy: false });
    const sync = new SyncVectorEnv(Array.from({ length: 4 }, () => () => configEnv(SMALL)));
    vec.reset({ seed: 3 });
    sync.reset({ seed: 3 });
    const [, , , , infos] = vec.step([1, 2, 3, 0]);
    const [, , , , expected] = sync.step([1, 2, 3, 0]);
    expect({ ...infos }).toEqual(expected);
    const [, , , , next] = vec.step([1, 1, 1, 1]);
    vec.stepAsync([0, 0, 0, 0]);
    expectError(() => next.step_count, StateError);
    vec.stepWait();
  });

  it("step and stepAsync take the caller's actions as they were at the call: both agree with SyncVectorEnv", async () => {
    const n = 6;
    const vec = await create({ env: SMALL, numEnvs: n, numWorkers: 1, mainThread: true, copy: false });
    const sync = new SyncVectorEnv(Array.from({ length: n }, () => () => configEnv(SMALL)));
    vec.reset({ seed: 4 });
    sync.reset({ seed: 4 });
    const rng = Generator.fromSeed(8);
    // Views at odd offsets too: such a view and the shared buffer differ in alignment.
    const table = Int32Array.from({ length: 400 * n + 1 }, () => rng.integers(0, 4));
    for (let t = 0; t < 200; t++) {
      const actions = table.subarray(t * n + (t % 2), t * n + (t % 2) + n);
      const expected = sync.step(actions);
      if (t % 3 === 0) {
        const mine = actions.slice();
        vec.stepAsync(mine);
        mine.fill(3); // after stepAsync, the caller's array is theirs again
        expect(vec.stepWait(), `t=${t}`).toEqual(expected);
      } else {
        expect(vec.step(actions), `t=${t}`).toEqual(expected);
      }
    }
  });

  it("an Int32Array with a bad action names it and moves no environment; an ended environment's action is not checked (NEXT_STEP)", async () => {
    const n = 6; // the main thread steps environments 0..2, the worker 3..5
    const vec = await create({ env: SMALL, numEnvs: n, numWorkers: 1, mainThread: true, copy: false });
    const sync = new SyncVectorEnv(Array.from({ length: n }, () => () => configEnv(SMALL)));
    vec.reset({ seed: 9 });
    sync.reset({ seed: 9 });
    const rng = Generator.fromSeed(3);
    let ended: boolean[] = new Array<boolean>(n).fill(false);
    let ignoredSteps = 0;
    for (let t = 0; t < 65; t++) {
      const actions = Int32Array.from({ length: n }, () => rng.integers(0, 4));
      for (const [at, bad] of [[1, 4], [5, -1], [4, 2 ** 31 - 1], [0, -(2 ** 31)]] as const) {
        if (ended[at] === true) continue;
        const before = actions[at]!;
        actions[at] = bad;
        expectError(() => vec.step(actions), ValidationError, `actions[${at}]`);
        actions[at] = before;
      }
      // An environment that ended on the last step is reset by this one, so its action is not used.
      const resetting = ended.indexOf(true);
      if (resetting >= 0) {
        actions[resetting] = 99;
        ignoredSteps += 1;
      }
      // Other inputs take the JavaScript check and a converting copy: a Float64Array now and then.
      const given = t % 5 === 4 ? Float64Array.from(actions) : actions;
      const result = vec.step(given);
      expect(result, `t=${t}`).toEqual(sync.step(given));
      const [, , terminations, truncations] = result as unknown as [unknown, unknown, NDArray, NDArray];
      ended = Array.from({ length: n }, (_, i) => terminations.data[i] === 1 || truncations.data[i] === 1);
    }
    expect(ignoredSteps).toBeGreaterThan(0);
  });

  it("Discrete actions outside 0..255 are checked as Int32 (a third-party space starting at -2)", async () => {
    const config: EnvironmentConfigInput = { ...SMALL, action: { type: "./shifted-actions.mjs" } };
    const n = 5;
    const vec = await create({ env: config, baseDir: fixtures, allowModulePaths: true, numEnvs: n, numWorkers: 1, mainThread: true, copy: false });
    const envs = await Promise.all(Array.from({ length: n }, () => createEnvironmentFromConfig(config, { baseDir: fixtures, allowModulePaths: true })));
    const sync = new SyncVectorEnv(envs.map((env) => () => env));
    expect(String(vec.singleActionSpace)).toContain("-2");
    vec.reset({ seed: 2 });
    sync.reset({ seed: 2 });
    const rng = Generator.fromSeed(6);
    let ended: boolean[] = new Array<boolean>(n).fill(false);
    for (let t = 0; t < 40; t++) {
      const actions = Int32Array.from({ length: n }, () => rng.integers(-2, 2));
      for (const [at, bad] of [[0, 2], [4, -3]] as const) {
        if (ended[at] === true) continue; // being reset: its action is not used, so not checked
        const before = actions[at]!;
        actions[at] = bad;
        expectError(() => vec.step(actions), ValidationError, `actions[${at}]`);
        actions[at] = before;
      }
      const result = vec.step(actions);
      expect(result, `t=${t}`).toEqual(sync.step(actions));
      const [, , terminations, truncations] = result as unknown as [unknown, unknown, NDArray, NDArray];
      ended = Array.from({ length: n }, (_, i) => terminations.data[i] === 1 || truncations.data[i] === 1);
    }
  });

  it("validates actions and lifecycle in the main thread", async () => {
    const vec = await create({ env: SMALL, numEnvs: 3, numWorkers: 2 });
    expectError(() => vec.step([0, 0, 0]), StateError);
    vec.reset({ seed: 1 });
    expectError(() => vec.step([0, 9, 0]), ValidationError, "actions[1]");
    expectError(() => vec.step([0, 0]), ValidationError, "actions");
    vec.stepAsync([0, 1, 2]);
    expectError(() => vec.reset(), StateError);
    const [, , , , infos] = vec.stepWait();
    expect(Array.from((infos.step_count as NDArray).data as Float64Array)).toEqual([1, 1, 1]);
    await vec.close();
    expectError(() => vec.reset(), StateError);
  });
});
