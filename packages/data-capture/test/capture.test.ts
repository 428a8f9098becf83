/**
 * The capture wrappers (single and vector envs), the Python-exact JSON writer, and the recorder's crash
 * safety: a run written by `DataCaptureWrapper` + `RunRecorder` loads and replays; one killed before it
 * finished (files never closed) still reads up to its last checkpoint.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PlumeEnv, SyncVectorEnv, createEnvironmentFromConfigSync, makeVec } from "@plume/env";
import { AsyncVectorEnv } from "@plume/env/node";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DataCaptureWrapper,
  MemorySink,
  VectorDataCaptureWrapper,
  actionAsInt,
  observationSummary,
  pyDumps,
  pyFloat,
  pyFloatRepr,
  pyLoads,
  referenceEnvOfConfig,
  replayRecords,
  stepLine,
  type StepRecord,
} from "../src/index.js";
import { RunRecorder, loadReplayArtifacts, openRun } from "../src/node.js";

const scratch = () => mkdtempSync(join(tmpdir(), "plume-capture-"));

describe("Python's json.dumps, byte for byte", () => {
  it("floats as repr", () => {
    const cases: [number, string][] = [
      [0, "0.0"],
      [-0, "-0.0"],
      [1, "1.0"],
      [12, "12.0"],
      [0.0001, "0.0001"],
      [0.00001, "1e-05"],
      [1.5e-5, "1.5e-05"],
      [7.776606798870489e-5, "7.776606798870489e-05"],
      [1.1920928955078125e-7, "1.1920928955078125e-07"],
      [1e15, "1000000000000000.0"],
      [1e16, "1e+16"],
      [1e21, "1e+21"],
      [123.456, "123.456"],
      [-0.3000000000000001, "-0.3000000000000001"],
      [Number.NaN, "NaN"],
      [Infinity, "Infinity"],
      [-Infinity, "-Infinity"],
      [5e-324, "5e-324"],
      [1.7976931348623157e308, "1.7976931348623157e+308"],
    ];
    for (const [x, text] of cases) expect(pyFloatRepr(x)).toBe(text);
  });

  it("every double reads back as itself", () => {
    fc.assert(fc.property(fc.double({ noNaN: true }), (x) => Object.is(Number(pyFloatRepr(x)), x)));
  });

  it("separators, sorted keys, ensure_ascii, indent, integral floats", () => {
    expect(pyDumps({ b: 1, a: [pyFloat(2), 0.5, null, true], "ü": "ü\n\u007f" }, { sortKeys: true })).toBe('{"a": [2.0, 0.5, null, true], "b": 1, "\\u00fc": "\\u00fc\\n\\u007f"}');
    expect(pyDumps({ a: [1, 2], b: {} }, { indent: 2, ensureAscii: false })).toBe('{\n  "a": [\n    1,\n    2\n  ],\n  "b": {}\n}');
    expect(pyLoads('{"x": NaN, "y": [Infinity, -Infinity], "s": "NaN"}')).toEqual({ x: Number.NaN, y: [Infinity, -Infinity], s: "NaN" });
  });

  it("what the wrapper takes from actions and observations", () => {
    expect(actionAsInt(3)).toBe(3);
    expect(actionAsInt(2.7)).toBe(2);
    expect(actionAsInt(Float32Array.of(1.5))).toBe(1);
    expect(actionAsInt(Float32Array.of(1, 2))).toBe(0);
    expect(observationSummary({ dtype: "float32", shape: [2], data: Float32Array.of(0.1, 0.2) })).toEqual([Math.fround(0.1)]);
    expect(observationSummary({ dtype: "float32", shape: [2, 2], data: new Float32Array(4) })).toBeNull();
    expect(observationSummary({ agent_position: 1 })).toBeNull();
  });
});

describe("DataCaptureWrapper", () => {
  it("records what the reference's wrapper records, and replays", async () => {
    const sink = new MemorySink("run-x");
    let now = 1_000_000;
    const env = new DataCaptureWrapper(new PlumeEnv({ gridSize: [16, 16], maxSteps: 20 }), sink, { clock: () => (now += 2) });
    for (const seed of [0, 1]) {
      env.reset({ seed });
      let done = false;
      while (!done) {
        const [, , terminated, truncated] = env.step(1);
        done = terminated || truncated;
      }
    }
    expect(sink.episodes.map((e) => e.episode_id)).toEqual(["ep-000001", "ep-000002"]);
    expect(sink.boundaries).toBe(2);
    const first = sink.steps[0] as StepRecord;
    expect(first).toMatchObject({ run_id: "run-x", episode_id: "ep-000001", step: 1, action: 1, seed: 0, schema_version: "0.1" });
    expect(stepLine(first)).toMatch(/^\{"action": 1, "agent_position": \{"x": \d+, "y": \d+\}, /);
    expect(sink.episodes[0]?.total_steps).toBe(sink.steps.filter((s) => s.episode_id === "ep-000001").length);
    const meta = { run_id: "run-x", base_seed: null } as never;
    const report = await replayRecords({ meta, steps: sink.steps, episodes: sink.episodes, env: new PlumeEnv({ gridSize: [16, 16], maxSteps: 20 }) as never });
    expect(report).toMatchObject({ episodes: 2, episodeRecords: 2, steps: sink.steps.length });
  });

  it("an edited episode record is a difference", async () => {
    const sink = new MemorySink();
    const env = new DataCaptureWrapper(new PlumeEnv({ gridSize: [8, 8], maxSteps: 5 }), sink);
    env.reset({ seed: 2 });
    for (let i = 0; i < 5; i++) if (env.step(0)[2]) break;
    const episodes = sink.episodes.map((e) => ({ ...e, total_reward: e.total_reward + 1 }));
    await expect(replayRecords({ meta: { run_id: sink.runId, base_seed: null } as never, steps: sink.steps, episodes, env: new PlumeEnv({ gridSize: [8, 8], maxSteps: 5 }) as never })).rejects.toThrow(/total_reward differs/);
  });
});

describe("VectorDataCaptureWrapper", () => {
  for (const mode of ["next_step", "same_step"] as const) {
    it(`writes each environment's episodes contiguously (${mode}), so that they replay`, async () => {
      const sink = new MemorySink("run-v");
      const vec = new VectorDataCaptureWrapper(
        new SyncVectorEnv(Array.from({ length: 3 }, () => () => new PlumeEnv({ gridSize: [10, 10], maxSteps: 6 })), { autoresetMode: mode }),
        sink,
      );
      vec.reset({ seed: 10 });
      for (let t = 0; t < 14; t++) vec.step(Int32Array.of(0, 1, 2));
      vec.close();
      const ids = sink.steps.map((s) => s.episode_id);
      const runs = ids.filter((id, i) => i === 0 || ids[i - 1] !== id);
      expect(new Set(runs).size).toBe(runs.length); // each episode is one contiguous run of records
      const seeded = new Set(sink.steps.filter((s) => s.seed !== null).map((s) => s.episode_id));
      // The seeded episodes (the first of each environment) replay exactly.
      const steps = sink.steps.filter((s) => seeded.has(s.episode_id));
      const episodes = sink.episodes.filter((e) => seeded.has(e.episode_id));
      const report = await replayRecords({ meta: { run_id: "run-v", base_seed: null } as never, steps, episodes, env: new PlumeEnv({ gridSize: [10, 10], maxSteps: 6 }) as never });
      expect(report.episodes).toBe(3);
      expect(sink.episodes.length).toBeGreaterThanOrEqual(6);
    });
  }

  it("records an AsyncVectorEnv and a makeVec env", async () => {
    const sink = new MemorySink("run-a");
    const async = await AsyncVectorEnv.create({ env: { gridSize: [10, 10], maxSteps: 4 }, numEnvs: 2, numWorkers: 1, mainThread: false });
    try {
      const vec = new VectorDataCaptureWrapper(async, sink);
      vec.reset({ seed: 0 });
      for (let t = 0; t < 5; t++) vec.step(Int32Array.of(0, 1));
    } finally {
      await async.close();
    }
    expect(sink.episodes.length).toBeGreaterThanOrEqual(2);
    const first = sink.steps.filter((s) => s.episode_id === "ep-000001").map((s) => s.step);
    expect(first).toEqual(first.map((_, i) => i + 1));
    const made = new VectorDataCaptureWrapper(makeVec("PlumeNav-v0", { numEnvs: 2 }), new MemorySink());
    made.reset({ seed: 0 });
    made.step(Int32Array.of(0, 0));
  });
});

describe("RunRecorder", () => {
  it("a run that was never finished (the process died) reads up to its last checkpoint", async () => {
    const dir = join(scratch(), "run");
    const config = referenceEnvOfConfig({ gridSize: { width: 16, height: 16 }, goalRadius: 0, maxSteps: 30, plume: { type: "gaussian", options: { sigma: 12 } }, sensor: { type: "concentration" }, action: { type: "discrete" }, reward: { type: "sparse" } });
    const recorder = await RunRecorder.open({ dir, envConfig: config.envConfig, metaOverrides: { env: config.extraEnv }, checkpointIntervalMs: 0, chunkBytes: 512 });
    const env = new DataCaptureWrapper(createEnvironmentFromConfigSync({ gridSize: [16, 16], goalRadius: 0, maxSteps: 30, plume: { type: "gaussian", options: { sigma: 12 } } }), recorder);
    for (const seed of [0, 1, 2]) {
      env.reset({ seed });
      for (let t = 0; t < 30; t++) if (env.step(t % 4)[3]) break;
    }
    env.reset({ seed: 3 });
    env.step(0); // an unfinished episode, never flushed: as if the process were killed here
    const meta = JSON.parse(readFileSync(join(dir, "run.json"), "utf8"));
    expect(meta.extra.plume.record).toMatchObject({ status: "recording", episodes: 3 });
    await expect(openRun(dir)).rejects.toThrow(/--partial/);
    const run = await openRun(dir, { partial: true });
    let steps = 0;
    for await (const _ of run.steps()) steps += 1;
    expect(steps).toBe(90);
    const finished = recorder.finish();
    expect(finished.state.status).toBe("complete");
    const artifacts = await loadReplayArtifacts(dir);
    expect(artifacts.steps).toHaveLength(91);
    expect(artifacts.episodes).toHaveLength(3);
  });
});
