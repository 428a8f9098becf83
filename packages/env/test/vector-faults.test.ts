/**
 * AsyncVectorEnv under faults (issue 24), each case a hang, a leak or a silent wrong result before its fix.
 * The workers run the built package, so these tests import dist (turbo builds before testing).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ComponentError, StateError, ValidationError, definePlugin, type NDArray } from "@plume/core-types";
import { afterEach, describe, expect, it } from "vitest";
import { ConcentrationSensor } from "@plume/sensors-concentration";
import * as z from "zod";
import { builtinOnlyConfig } from "../dist/config/create.js";
import { AsyncVectorEnv, registerPluginPackage, registerPlugins, type EnvironmentConfigInput } from "../dist/node.js";
import { closeAll, create } from "./async-helpers.js";
import { expectError, expectRejection } from "./helpers.js";

const fixtures = fileURLToPath(new URL("./fixtures/", import.meta.url));
afterEach(closeAll);

const SMALL: EnvironmentConfigInput = { gridSize: [12, 10], maxSteps: 30, goalRadius: 1.5, plume: { type: "gaussian", options: { sigma: 3 } } };
const faulty = (mode: string, atStep = 3, extra: Record<string, unknown> = {}): EnvironmentConfigInput => ({
  gridSize: [12, 10],
  maxSteps: 50,
  goalRadius: 0.5,
  startLocation: [0, 0],
  sensor: { type: "./faulty-sensor.mjs", options: { mode, atStep, ...extra } },
});
const counts = (infos: Readonly<Record<string, unknown>>) => Array.from((infos["step_count"] as NDArray).data as Float64Array);

describe("after a component error, AsyncVectorEnv refuses to step until every environment is reset", () => {
  it("a sensor that throws in one shard: no half-stepped recovery ([5, 4, 5, 4] before)", async () => {
    const vec = await create({ env: faulty("throw", 3, { onlyX: 0 }), baseDir: fixtures, allowModulePaths: true, numEnvs: 4, numWorkers: 1, mainThread: false });
    vec.reset({ seed: 0 });
    vec.step(new Int32Array(4)); // discrete 0 = +y: x stays 0, so every env hits the fault at step 3
    vec.step(new Int32Array(4));
    await expect(async () => vec.step(new Int32Array(4))).rejects.toThrow(/faulty sensor exploded/);
    expect(vec.failed).toBe(true);
    expectError(() => vec.step(new Int32Array(4)), StateError);
    expectError(() => vec.reset({ options: { reset_mask: [true, false, true, true] } }), StateError);
    // call / getAttr / render reach the workers in the failed state (they neither step nor reset) and leave it failed.
    // Each environment is where the failure left it: after its 2 steps, or the failed third.
    const where = vec.getAttr("stepCount") as number[];
    expect(where).toHaveLength(4);
    for (const c of where) expect([2, 3]).toContain(c);
    expect((vec.render("rgb_array") as NDArray[]).map((f) => f.shape)).toEqual(Array.from({ length: 4 }, () => [10, 12, 3]));
    vec.setAttr("runLabel", [0, 1, 2, 3]);
    expect(vec.getAttr("runLabel")).toEqual([0, 1, 2, 3]);
    expect(vec.failed).toBe(true);
    expectError(() => vec.step(new Int32Array(4)), StateError);
    vec.reset({ seed: 1 });
    expect(vec.failed).toBe(false);
    const [, , , , infos] = vec.step(Int32Array.of(1, 1, 1, 1));
    expect(counts(infos)).toEqual([1, 1, 1, 1]);
  });

  it("a sensor returning NaN, a value outside its Box or the wrong shape is caught on the first step", async () => {
    for (const mode of ["nan", "outside", "shape"]) {
      const vec = await create({ env: faulty(mode, 1), baseDir: fixtures, allowModulePaths: true, numEnvs: 2, numWorkers: 1, mainThread: false });
      vec.reset({ seed: 0 });
      await expect(async () => vec.step(new Int32Array(2))).rejects.toThrow(/observation outside its observation space/);
    }
  });
});

describe("AsyncVectorEnv never hangs", () => {
  it('mainThread "auto" keeps third-party plugins off the calling thread, so timeoutMs covers a plugin that never returns', async () => {
    const vec = await create({ env: faulty("hang", 2), baseDir: fixtures, allowModulePaths: true, numEnvs: 2, timeoutMs: 2_000 });
    expect(vec.mainThread).toBe(false);
    vec.reset({ seed: 0 });
    vec.step(new Int32Array(2));
    const error = expectError(() => vec.step(new Int32Array(2)), ComponentError);
    expect(error.message).toContain("did not answer step() within 2000 ms");
    const builtins = await create({ env: SMALL, numEnvs: 4 });
    expect(builtins.mainThread).toBe(availableParallelism() >= 2);
  });

  it('"built in" for mainThread "auto" means a plugin Plume ships: optional @plume packages count, registered names and replacements do not', () => {
    expect(builtinOnlyConfig({ ...SMALL, sensor: "antennae", action: "discrete" })).toBe(true);
    // Built-in names whose packages are imported by name (optional peers) are still Plume's own code.
    expect(builtinOnlyConfig({ ...SMALL, sensor: { type: "multi_modal", options: { sensors: { wind: "wind_vector" } } }, action: "run_tumble" })).toBe(true);
    expect(builtinOnlyConfig({ ...SMALL, sensor: "./faulty-sensor.mjs" })).toBe(false);
    expect(builtinOnlyConfig({ ...SMALL, sensor: "@acme/plume-sensor" })).toBe(false);
    const removeName = registerPluginPackage({ kind: "sensor", name: "acme_nose", package: "@acme/plume-sensor" });
    try {
      expect(builtinOnlyConfig({ ...SMALL, sensor: "acme_nose" })).toBe(false);
    } finally {
      removeName();
    }
    // A registered plugin that takes over a built-in name is the application's code, not Plume's.
    const own = definePlugin({ kind: "sensor", name: "antennae", options: z.object({}), create: () => new ConcentrationSensor() });
    const unregister = registerPlugins(own);
    try {
      expect(builtinOnlyConfig({ ...SMALL, sensor: "antennae" })).toBe(false);
      expect(builtinOnlyConfig({ ...SMALL, sensor: "concentration" })).toBe(true);
    } finally {
      unregister();
    }
    expect(builtinOnlyConfig({ ...SMALL, sensor: "antennae" })).toBe(true);
  });

  it("a plugin whose create() never returns in a worker fails AsyncVectorEnv.create within timeoutMs", async () => {
    const error = await expectRejection(
      AsyncVectorEnv.create({ env: { gridSize: [8, 8], sensor: "./slow-create.mjs" }, baseDir: fixtures, allowModulePaths: true, numEnvs: 2, numWorkers: 1, buildTimeoutMs: 1_500 }),
      ComponentError,
    );
    expect(error.message).toContain("did not finish building its environments within 1500 ms");
  });

  it("a script that never calls close() still exits (the workers are unref'd)", () => {
    const dist = new URL("../dist/node.js", import.meta.url).href;
    const script = `import { AsyncVectorEnv } from ${JSON.stringify(dist)};
const vec = await AsyncVectorEnv.create({ env: { gridSize: [16, 16] }, numEnvs: 4, numWorkers: 1, mainThread: false });
vec.reset({ seed: 0 });
vec.step(new Int32Array(4));
console.log("stepped");`;
    const file = join(mkdtempSync(join(tmpdir(), "plume-unref-")), "no-close.mjs");
    writeFileSync(file, script);
    const r = spawnSync(process.execPath, [file], { encoding: "utf8", timeout: 60_000 });
    expect(r.signal, "the process had to be killed: it did not exit by itself").toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("stepped");
  });

  it("close() with a step in flight ends the workers at once, and a later stepWait() throws", async () => {
    const vec = await AsyncVectorEnv.create({ env: SMALL, numEnvs: 4, numWorkers: 1, mainThread: false, timeoutMs: 600_000 });
    vec.reset({ seed: 0 });
    vec.stepAsync(new Int32Array(4));
    // Before: close() waited its 5 s grace for workers that were not listening for CLOSE.
    const raced = await Promise.race([vec.close().then(() => "closed"), new Promise((r) => setTimeout(() => r("still waiting after 4 s"), 4_000))]);
    expect(raced).toBe("closed");
    expectError(() => vec.stepWait(), StateError);
  });
});

describe("AsyncVectorEnv inputs", () => {
  it("a config path with a space, '#' and non-ASCII characters", async () => {
    // Inside the package (so that the plugin module finds its imports), in an ignored scratch folder.
    const scratch = fileURLToPath(new URL("../.scratch/", import.meta.url));
    mkdirSync(scratch, { recursive: true });
    const dir = join(mkdtempSync(join(scratch, "async-")), "dir with space #ü");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "my config #2.json"), JSON.stringify({ gridSize: [9, 7], sensor: { type: "./sensor ü.mjs", options: { mode: "none" } } }));
    copyFileSync(join(fixtures, "faulty-sensor.mjs"), join(dir, "sensor ü.mjs"));
    const vec = await create({ env: join(dir, "my config #2.json"), allowModulePaths: true, numEnvs: 2, numWorkers: 1 });
    const [obs] = vec.reset({ seed: 0 });
    expect(Array.from((obs as NDArray).data as Float32Array)).toEqual([0.5, 0.5]);
  });

  it("numWorkers beyond the cores (64 on a small machine took 41 s and 1.7 GB) and numEnvs beyond the memory budget are refused up front", async () => {
    const cores = availableParallelism();
    const workers = await expectRejection(AsyncVectorEnv.create({ env: SMALL, numEnvs: 128, numWorkers: cores + 62 }), ValidationError, "numWorkers");
    expect(workers.message).toContain("oversubscribe");
    await expectRejection(AsyncVectorEnv.create({ env: SMALL, numEnvs: 1024, numWorkers: 300, oversubscribe: true }), ValidationError, "numWorkers");
    const envs = await expectRejection(AsyncVectorEnv.create({ env: SMALL, numEnvs: 1_000_000 }), ValidationError, "numEnvs");
    expect(envs.message).toMatch(/1000000 environments would need about [\d.]+ GiB/);
  });
});
