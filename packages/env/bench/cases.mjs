/**
 * One benchmark case per process (so that resident memory and JIT state belong to that case alone).
 * Usage: node bench/cases.mjs <case> [json args]; prints one JSON line with the measurement.
 *
 * Random actions are drawn up front from the seeded Generator (64k actions, reused cyclically), so
 * the figures measure the environment, not the action sampler; `sampler` reports the sampler alone.
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import {
  AsyncVectorEnv,
  GaussianPlume,
  PlumeEnv,
  PlumeSearchEnv,
  SyncVectorEnv,
  createEnvironmentFromConfig,
  createEnvironmentFromConfigSync,
} from "../dist/node.js";
import { plugins as orientedPlugins } from "@plume/actions-oriented";
import { plugins as windPlugins } from "@plume/sensors-wind";
import { Generator } from "@plume/spaces";

/** Plugins imported statically, as @plume/env imported every plugin package before it resolved names at run time. */
const STATIC_PLUGINS = [...orientedPlugins, ...windPlugins];

const [name, rawArgs] = process.argv.slice(2);
const args = rawArgs === undefined ? {} : JSON.parse(rawArgs);
const seconds = args.seconds ?? 1;

function actionTable(n, high) {
  const rng = Generator.fromSeed(12345);
  const table = new Int32Array(n);
  for (let i = 0; i < n; i++) table[i] = rng.integers(0, high);
  return table;
}

/** Runs `body(iterations)` until `seconds` have passed (after a warm-up); returns calls per second. */
function timed(body, batch = 1) {
  const warm = performance.now();
  while (performance.now() - warm < 300) body(1000);
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < seconds * 1000) {
    body(1000);
    calls += 1000;
    now = performance.now();
  }
  return (calls * batch) / ((now - start) / 1000);
}

function singleEnv(env) {
  const actions = actionTable(1 << 16, env.actionSpace.n);
  env.reset({ seed: 0 });
  let t = 0;
  let resets = 0;
  const rate = timed((k) => {
    for (let i = 0; i < k; i++) {
      const result = env.step(actions[t++ & 0xffff]);
      if (result[2] || result[3]) {
        env.reset();
        resets++;
      }
    }
  });
  return { stepsPerSecond: rate, resets };
}

function vectorRate(vec, n, high = 4) {
  const table = actionTable(1 << 16, high);
  const offsets = 64;
  const views = Array.from({ length: offsets }, (_, k) => {
    const at = (k * 997) % ((1 << 16) - n);
    return table.subarray(at, at + n);
  });
  vec.reset({ seed: 0 });
  let t = 0;
  // One timed chunk is `k` vector steps; keep chunks short for large batches.
  const perChunk = Math.max(1, Math.round(1000 / n));
  return timed((k) => {
    for (let i = 0; i < perChunk * Math.max(1, Math.round(k / 1000)); i++) vec.step(views[t++ % offsets]);
  }, n * perChunk / 1000);
}

const gridConfig = (grid) => ({ gridSize: [grid, grid], maxSteps: 1000 });
const ANTENNAE_ORIENTED = {
  gridSize: [128, 128],
  maxSteps: 1000,
  sensor: { type: "antennae", options: { sensorAngles: [0, 90, 180, 270], sensorDistance: 3 } },
  action: "oriented",
};
const WIND_RUN_TUMBLE = { gridSize: [128, 128], maxSteps: 1000, sensor: "wind_vector", action: "run_tumble" };

const cases = {
  sampler() {
    const rng = Generator.fromSeed(1);
    let sink = 0;
    const rate = timed((k) => {
      for (let i = 0; i < k; i++) sink += rng.integers(0, 4);
    });
    return { drawsPerSecond: rate, sink: sink > 0 };
  },
  single() {
    return singleEnv(new PlumeEnv());
  },
  singleAntennaeOriented() {
    return singleEnv(createEnvironmentFromConfigSync(ANTENNAE_ORIENTED, { plugins: STATIC_PLUGINS }));
  },
  /**
   * An environment built from a config whose plugins come either from static imports (`how: "static"`,
   * the way @plume/env built configs before it resolved names at run time) or from the packages it
   * imports by name at run time (`how: "resolved"`). `n` 1: a single PlumeEnv (random actions, resets);
   * `n` > 1: a SyncVectorEnv of n on the batch kernel. run.mjs pairs the two, adjacent and alternating.
   */
  async configured() {
    const { n = 1, how = "resolved", config = "antennaeOriented" } = args;
    const spec = { antennaeOriented: ANTENNAE_ORIENTED, windRunTumble: WIND_RUN_TUMBLE }[config];
    const build = async () => (how === "static" ? createEnvironmentFromConfigSync(spec, { plugins: STATIC_PLUGINS }) : createEnvironmentFromConfig(spec));
    if (n === 1) return { envStepsPerSecond: singleEnv(await build()).stepsPerSecond };
    const envs = [];
    for (let i = 0; i < n; i++) envs.push(await build());
    const vec = new SyncVectorEnv(envs.map((env) => () => env), { copy: false });
    if (!vec.batched) throw new Error("expected the batch kernel");
    return { envStepsPerSecond: vectorRate(vec, n, vec.singleActionSpace.n), batched: vec.batched };
  },
  sync() {
    const { n, grid = 128, copy = false } = args;
    const vec = new SyncVectorEnv(
      Array.from({ length: n }, () => () => new PlumeEnv({ gridSize: [grid, grid] })),
      { copy },
    );
    const rate = vectorRate(vec, n);
    return { envStepsPerSecond: rate, batched: vec.batched, rssMB: process.memoryUsage().rss / 2 ** 20 };
  },
  async async() {
    const { n, grid = 128, workers = 2, copy = false, mainThread = false } = args;
    const vec = await AsyncVectorEnv.create({ env: gridConfig(grid), numEnvs: n, numWorkers: Math.min(workers, n - (mainThread ? 1 : 0)), copy, mainThread });
    const rate = vectorRate(vec, n);
    await vec.close();
    return { envStepsPerSecond: rate, batched: vec.batched, workers: vec.numWorkers };
  },
  /**
   * The floor of any two-thread vector env here: the main thread and one worker each step their own
   * SyncVectorEnv of n/2 envs, handing the step over through shared Int32 words, with no validation,
   * no copying into shared memory and no results assembled (what AsyncVectorEnv adds on top).
   * Words (two-lane-worker.mjs uses the same): the step's sequence number (-1 ends the worker), the
   * worker's last finished sequence, its ready flag, and where its actions start in the table.
   */
  async twoLane() {
    const [SEQUENCE, DONE, READY, OFFSET] = [0, 1, 2, 3];
    const { n } = args;
    const half = n / 2;
    const tableLength = 1 << 16;
    const buffer = new SharedArrayBuffer(16 + 4 * tableLength);
    const control = new Int32Array(buffer, 0, 4);
    const table = new Int32Array(buffer, 16, tableLength);
    table.set(actionTable(tableLength, 4));
    const worker = new Worker(new URL("./two-lane-worker.mjs", import.meta.url), { workerData: { buffer, count: half, tableLength } });
    while (Atomics.load(control, READY) !== 1) await sleep(5);
    const own = new SyncVectorEnv(Array.from({ length: half }, () => () => new PlumeEnv()), { copy: false });
    own.reset({ seed: 0 });
    let sequence = 0;
    const rate = timed((k) => {
      for (let i = 0; i < k; i++) {
        sequence += 1;
        const at = (sequence * 997) % (tableLength - n);
        Atomics.store(control, OFFSET, at + half);
        Atomics.store(control, SEQUENCE, sequence);
        own.step(table.subarray(at, at + half));
        while (Atomics.load(control, DONE) !== sequence);
      }
    }, n);
    Atomics.store(control, SEQUENCE, -1);
    await worker.terminate();
    return { envStepsPerSecond: rate };
  },
  /**
   * Large observations: a SyncVectorEnv of `n` PlumeSearchEnvs whose observation holds the whole field
   * (shared, not copied, per env; stacked per step as Gymnasium's vector envs do). Build time, steps per
   * second and resident memory.
   */
  searchVector() {
    const { n = 16, grid = 512 } = args;
    const start = performance.now();
    const vec = new SyncVectorEnv(
      Array.from({ length: n }, () => () => new PlumeSearchEnv({ gridSize: [grid, grid], fieldObservation: "shared" })),
      { copy: false },
    );
    const buildMs = performance.now() - start;
    const actions = actionTable(1 << 16, 4);
    vec.reset({ seed: 0 });
    let t = 0;
    const stepsPerSecond = timed((k) => {
      for (let i = 0; i < Math.max(1, Math.round(k / 1000)); i++) vec.step(actions.subarray((t = (t + n) % ((1 << 16) - n)), t + n));
    }, 1 / 1000);
    return { buildMs, stepsPerSecond, rssMB: process.memoryUsage().rss / 2 ** 20 };
  },
  reset() {
    const { grid = 128 } = args;
    const env = new PlumeEnv({ gridSize: [grid, grid] });
    env.reset({ seed: 0 });
    const rate = timed((k) => {
      for (let i = 0; i < k; i++) env.reset();
    });
    const seeded = timed((k) => {
      for (let i = 0; i < k; i++) env.reset({ seed: i });
    });
    return { microsPerReset: 1e6 / rate, microsPerSeededReset: 1e6 / seeded };
  },
  field() {
    const { grid } = args;
    const times = [];
    for (let r = 0; r < 7; r++) {
      const start = performance.now();
      // A new sigma each time defeats the shared-field cache, so every build computes the field.
      new GaussianPlume({ gridSize: [grid, grid], sigma: 12 + r * 1e-9 });
      times.push(performance.now() - start);
    }
    const first = times[0];
    const steady = times.slice(1).sort((a, b) => a - b)[3];
    return { firstMs: first, medianMs: steady };
  },
  /**
   * A SyncVectorEnv of `n` environments on one movie plume (Plume's synthetic demo movie, `width x height x
   * frames`, generated in memory), built from a config each as a user would: every environment shares the
   * movie's frames, and the batch kernel reads each environment's frame by its own step.
   */
  async movie() {
    const { n = 1024, width = 128, height = 96, frames = 200, steps = 0 } = args;
    const config = { plume: { type: "movie", options: { path: `demo://${width}x${height}x${frames}?seed=0` } }, maxSteps: 1000 };
    const envs = [];
    for (let i = 0; i < n; i++) envs.push(await createEnvironmentFromConfig(config));
    const vec = new SyncVectorEnv(envs.map((env) => () => env), { copy: false });
    if (!vec.batched) throw new Error("expected the batch kernel");
    if (steps > 0) {
      const actions = actionTable(n * 16, 4);
      vec.reset({ seed: 0 });
      for (let t = 0; t < steps; t++) vec.step(actions.subarray((t & 15) * n, ((t & 15) + 1) * n));
      globalThis.gc?.();
      return { rssMB: process.memoryUsage().rss / 2 ** 20, heapMB: process.memoryUsage().heapUsed / 2 ** 20, batched: vec.batched };
    }
    return { envStepsPerSecond: vectorRate(vec, n), batched: vec.batched, rssMB: process.memoryUsage().rss / 2 ** 20 };
  },
  /** `movie`'s resident memory with an AsyncVectorEnv (workers adopting the main thread's frames). */
  async movieAsync() {
    const { n = 1024, width = 128, height = 96, frames = 200, steps = 2000, workers = 2 } = args;
    const config = { plume: { type: "movie", options: { path: `demo://${width}x${height}x${frames}?seed=0` } }, maxSteps: 1000 };
    const vec = await AsyncVectorEnv.create({ env: config, numEnvs: n, numWorkers: workers, mainThread: false });
    const actions = actionTable(n * 16, 4);
    vec.reset({ seed: 0 });
    for (let t = 0; t < steps; t++) vec.step(actions.subarray((t & 15) * n, ((t & 15) + 1) * n));
    globalThis.gc?.();
    const rssMB = process.memoryUsage().rss / 2 ** 20;
    await vec.close();
    return { rssMB };
  },
  memory() {
    const { n = 1024, grid = 2048, steps = 2000 } = args;
    const vec = new SyncVectorEnv(
      Array.from({ length: n }, () => () => new PlumeEnv({ gridSize: [grid, grid] })),
      { copy: false },
    );
    const actions = actionTable(n * 16, 4);
    vec.reset({ seed: 0 });
    for (let t = 0; t < steps; t++) vec.step(actions.subarray((t & 15) * n, ((t & 15) + 1) * n));
    globalThis.gc?.();
    return { rssMB: process.memoryUsage().rss / 2 ** 20, heapMB: process.memoryUsage().heapUsed / 2 ** 20, batched: vec.batched };
  },
};

const run = cases[name];
if (run === undefined) {
  console.error(`unknown case ${name}; one of ${Object.keys(cases).join(", ")}`);
  process.exit(2);
}
const result = await run();
process.stdout.write(`${JSON.stringify({ case: name, args, ...result })}\n`);
