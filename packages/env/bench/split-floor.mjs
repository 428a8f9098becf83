/**
 * How much would dynamic load balancing buy over AsyncVectorEnv's static split, on this machine?
 *
 * A synthetic stand-in for one env step (a move on a 128² grid, a field read, ~30 ns of arithmetic, a
 * reset on reaching the peak) runs over environment state held in one SharedArrayBuffer, so that either
 * thread could step any environment. Three ways to split each step of N environments between the main
 * thread and one worker are measured, each next to a one-thread run (before and after, order rotating):
 *
 *   static  — main steps the first half, the worker the second (what AsyncVectorEnv does);
 *   shared  — both take the next chunk from one shared counter (chunks change threads every step);
 *   sticky  — main takes chunks from the front, the worker from the back, until they meet (each thread
 *             keeps mostly the same environments, and the faster one takes more);
 *   adaptive — main steps [0, B), the worker [B, N), where the main thread sets B before each step from
 *             each thread's smoothed rate over the previous steps (no atomics per chunk; a thread's
 *             environments change only where the boundary moves).
 *
 * Prints the median and every adjacent ratio per split. Not part of `pnpm bench`: it measures no Plume
 * code, only what a redesign of the shard model could gain. Usage:
 *   node bench/split-floor.mjs        (SPLIT_N=1024 SPLIT_CHUNK=64 SPLIT_REPS=10 SPLIT_MS=500)
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker, isMainThread, workerData } from "node:worker_threads";

const N = Number(process.env.SPLIT_N ?? 1024);
const CHUNK = Number(process.env.SPLIT_CHUNK ?? 64);
const REPS = Number(process.env.SPLIT_REPS ?? 10);
const MS = Number(process.env.SPLIT_MS ?? 500);
const GRID = 128;
const CHUNKS = Math.ceil(N / CHUNK);
const MODE = { static: 0, shared: 1, sticky: 2, adaptive: 3 };
// Control words: 0 sequence (-1 ends the worker), 1 worker's done sequence, 2 mode,
// 3 next chunk (shared), 4 chunks done, 5 sticky range (front in the low 16 bits, back in the high),
// 6 the adaptive boundary B; float64 word 0 of `times` (bytes 32-39): the worker's last step time, in ms.
const [SEQUENCE, DONE, MODE_WORD, NEXT, FINISHED, RANGE, BOUNDARY] = [0, 1, 2, 3, 4, 5, 6];
const WORKER_MS = 0;
/** The adaptive boundary moves in steps of this many environments and leaves each thread at least this many. */
const GRAIN = 16;
/** Weight of the newest step in each thread's smoothed rate. */
const SMOOTHING = 0.1;

function stateViews(buffer) {
  let at = 64;
  const take = (Type, length) => {
    const view = new Type(buffer, at, length);
    at += view.byteLength;
    return view;
  };
  return {
    control: new Int32Array(buffer, 0, 8),
    times: new Float64Array(buffer, 32, 4),
    x: take(Int32Array, N),
    y: take(Int32Array, N),
    reward: take(Float32Array, N),
    action: take(Int32Array, N),
    field: take(Float32Array, GRID * GRID),
  };
}

function stepRange(s, from, to) {
  const { x, y, reward, action, field } = s;
  for (let i = from; i < to; i++) {
    const a = action[i];
    let nx = x[i] + (a === 1 ? 1 : a === 3 ? -1 : 0);
    let ny = y[i] + (a === 0 ? 1 : a === 2 ? -1 : 0);
    if (nx < 0 || nx >= GRID) nx = x[i];
    if (ny < 0 || ny >= GRID) ny = y[i];
    const c = field[ny * GRID + nx];
    let work = c;
    for (let k = 0; k < 6; k++) work = work * 0.999 + Math.sqrt(work + k);
    reward[i] = (c > 0.99 ? 1 : 0) + (work < -1 ? 1 : 0);
    x[i] = c > 0.99 ? (i * 7919) % GRID : nx;
    y[i] = c > 0.99 ? (i * 104729) % GRID : ny;
  }
}

const stepChunk = (s, chunk) => stepRange(s, chunk * CHUNK, Math.min(N, (chunk + 1) * CHUNK));

function takeShared(s) {
  let chunk;
  while ((chunk = Atomics.add(s.control, NEXT, 1)) < CHUNKS) {
    stepChunk(s, chunk);
    Atomics.add(s.control, FINISHED, 1);
  }
}

function takeSticky(s, fromFront) {
  for (;;) {
    const range = Atomics.load(s.control, RANGE);
    const front = range & 0xffff;
    const back = range >>> 16;
    if (front >= back) return;
    const next = fromFront ? (back << 16) | (front + 1) : ((back - 1) << 16) | front;
    if (Atomics.compareExchange(s.control, RANGE, range, next) !== range) continue;
    stepChunk(s, fromFront ? front : back - 1);
    Atomics.add(s.control, FINISHED, 1);
  }
}

function runWorker() {
  const s = stateViews(workerData.buffer);
  let last = 0;
  for (;;) {
    let sequence;
    while ((sequence = Atomics.load(s.control, SEQUENCE)) === last);
    if (sequence < 0) return;
    last = sequence;
    const mode = Atomics.load(s.control, MODE_WORD);
    if (mode === MODE.static) {
      stepRange(s, N >> 1, N);
      Atomics.store(s.control, DONE, sequence);
    } else if (mode === MODE.adaptive) {
      const start = performance.now();
      stepRange(s, Atomics.load(s.control, BOUNDARY), N);
      s.times[WORKER_MS] = performance.now() - start;
      Atomics.store(s.control, DONE, sequence);
    } else if (mode === MODE.shared) takeShared(s);
    else takeSticky(s, false);
  }
}

async function runMain() {
  const buffer = new SharedArrayBuffer(64 + 16 * N + 4 * GRID * GRID);
  const s = stateViews(buffer);
  for (let j = 0; j < GRID * GRID; j++) {
    const dx = (j % GRID) - 64;
    const dy = Math.floor(j / GRID) - 64;
    s.field[j] = Math.exp(-(dx * dx + dy * dy) / 288);
  }
  let lcg = 1;
  for (let i = 0; i < N; i++) {
    s.x[i] = (i * 31) % GRID;
    s.y[i] = (i * 17) % GRID;
    lcg = (lcg * 1103515245 + 12345) & 0x7fffffff;
    s.action[i] = (lcg >> 16) & 3;
  }
  const worker = new Worker(new URL(import.meta.url), { workerData: { buffer } });
  await sleep(200);

  let sequence = 0;
  const begin = (mode) => {
    sequence += 1;
    Atomics.store(s.control, MODE_WORD, mode);
    Atomics.store(s.control, NEXT, 0);
    Atomics.store(s.control, FINISHED, 0);
    Atomics.store(s.control, RANGE, CHUNKS << 16);
    Atomics.store(s.control, SEQUENCE, sequence);
  };
  const splits = {
    one: () => stepRange(s, 0, N),
    static: () => {
      begin(MODE.static);
      stepRange(s, 0, N >> 1);
      while (Atomics.load(s.control, DONE) !== sequence);
    },
    shared: () => {
      begin(MODE.shared);
      takeShared(s);
      while (Atomics.load(s.control, FINISHED) !== CHUNKS);
    },
    sticky: () => {
      begin(MODE.sticky);
      takeSticky(s, true);
      while (Atomics.load(s.control, FINISHED) !== CHUNKS);
    },
    adaptive: () => {
      Atomics.store(s.control, BOUNDARY, boundary);
      begin(MODE.adaptive);
      const start = performance.now();
      stepRange(s, 0, boundary);
      const mainMs = performance.now() - start;
      while (Atomics.load(s.control, DONE) !== sequence);
      // Environments per ms on each thread, smoothed; B splits N in proportion.
      mainRate += SMOOTHING * (boundary / Math.max(mainMs, 1e-4) - mainRate);
      workerRate += SMOOTHING * ((N - boundary) / Math.max(s.times[WORKER_MS], 1e-4) - workerRate);
      const ideal = (N * mainRate) / (mainRate + workerRate);
      boundary = Math.min(N - GRAIN, Math.max(GRAIN, Math.round(ideal / GRAIN) * GRAIN));
      boundaries[recorded++ & (boundaries.length - 1)] = boundary;
    },
  };
  let boundary = N >> 1;
  let mainRate = 1;
  let workerRate = 1;
  // The last 64k boundaries, in a ring (no allocation in the timed loop).
  const boundaries = new Int32Array(1 << 16);
  let recorded = 0;
  const envStepsPerSecond = (name, ms) => {
    const step = splits[name];
    const start = performance.now();
    let steps = 0;
    let elapsed;
    do {
      for (let k = 0; k < 200; k++) step();
      steps += 200;
    } while ((elapsed = performance.now() - start) < ms);
    return (steps * N * 1e3) / elapsed;
  };

  const names = ["static", "shared", "sticky", "adaptive"];
  for (const name of ["one", ...names]) envStepsPerSecond(name, 300);
  const ratios = { static: [], shared: [], sticky: [], adaptive: [] };
  for (let rep = 0; rep < REPS; rep++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + rep) % names.length];
      const before = envStepsPerSecond("one", MS);
      const split = envStepsPerSecond(name, MS);
      const after = envStepsPerSecond("one", MS);
      ratios[name].push((2 * split) / (before + after));
    }
  }
  Atomics.store(s.control, SEQUENCE, -1);
  await worker.terminate();

  const median = (values) => values.slice().sort((a, b) => a - b)[values.length >> 1];
  console.log(`split-floor: ${N} envs, chunks of ${CHUNK}, ${REPS} adjacent pairs of ${MS} ms each`);
  for (const name of names) {
    const all = ratios[name].map((r) => r.toFixed(2)).join(" ");
    console.log(`  ${name.padEnd(8)} ${median(ratios[name]).toFixed(2)}x one thread   (${all})`);
  }
  const sorted = boundaries.slice(0, Math.min(recorded, boundaries.length)).sort();
  const at = (q) => sorted[Math.floor(q * (sorted.length - 1))];
  console.log(`  adaptive boundary (main's share of ${N}): p5 ${at(0.05)}, median ${at(0.5)}, p95 ${at(0.95)}`);
}

if (isMainThread) await runMain();
else runWorker();
