/**
 * Where does a two-thread step lose its time on this machine? The main thread and one worker each step
 * a SyncVectorEnv of N/2 default environments, handing each step over through shared words (the bare
 * floor of `pnpm bench`'s twoLane case), and every step's time on each lane is recorded.
 *
 * Prints, per window of steps, each lane's median step time, then a summary: the measured mean step,
 * the mean of max(lane times) that a static half/half split pays, and what a split proportional to each
 * lane's speed in that window would pay (a lower bound for any adaptive split that moves environments
 * between threads; it ignores the cost of moving them). Not part of `pnpm bench`. Usage:
 *   node bench/lane-windows.mjs        (LANES_N=1024 LANES_STEPS=100000 LANES_WINDOW=10000)
 */
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { PlumeEnv, SyncVectorEnv } from "../dist/index.js";
import { Generator } from "@plume/spaces";

const N = Number(process.env.LANES_N ?? 1024);
const STEPS = Number(process.env.LANES_STEPS ?? 100_000);
const WINDOW = Number(process.env.LANES_WINDOW ?? 10_000);
const WARMUP = 20_000;
const HALF = N >> 1;
const TABLE = 1 << 16;
// Control words, as in cases.mjs's twoLane case and two-lane-worker.mjs (whose worker this runs): the
// step's sequence number (-1 ends the worker), the worker's last finished sequence, its ready flag, and
// where its actions start in the table.
const [SEQUENCE, DONE, READY, OFFSET] = [0, 1, 2, 3];

const buffer = new SharedArrayBuffer(16 + 4 * TABLE);
const control = new Int32Array(buffer, 0, 4);
const table = new Int32Array(buffer, 16, TABLE);
const workerTimes = new Float64Array(new SharedArrayBuffer(8 * STEPS));
const rng = Generator.fromSeed(12345);
for (let i = 0; i < TABLE; i++) table[i] = rng.integers(0, 4);
const worker = new Worker(new URL("./two-lane-worker.mjs", import.meta.url), {
  workerData: { buffer, count: HALF, tableLength: TABLE, times: workerTimes, skip: WARMUP },
});
while (Atomics.load(control, READY) !== 1) await sleep(5);
const own = new SyncVectorEnv(Array.from({ length: HALF }, () => () => new PlumeEnv()), { copy: false });
own.reset({ seed: 0 });
const mainTimes = new Float64Array(STEPS);
const stepTimes = new Float64Array(STEPS);
for (let sequence = 1; sequence <= WARMUP + STEPS; sequence++) {
  const at = (sequence * 997) % (TABLE - N);
  const start = performance.now();
  Atomics.store(control, OFFSET, at + HALF);
  Atomics.store(control, SEQUENCE, sequence);
  own.step(table.subarray(at, at + HALF));
  const ownDone = performance.now();
  while (Atomics.load(control, DONE) !== sequence);
  if (sequence > WARMUP) {
    mainTimes[sequence - WARMUP - 1] = ownDone - start;
    stepTimes[sequence - WARMUP - 1] = performance.now() - start;
  }
}
Atomics.store(control, SEQUENCE, -1);
await worker.terminate();

const median = (values) => Float64Array.from(values).sort()[values.length >> 1];
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
const us = (ms) => (ms * 1000).toFixed(1);
const rows = [];
let staticCost = 0;
let proportionalCost = 0;
for (let from = 0; from < STEPS; from += WINDOW) {
  const main = mainTimes.subarray(from, from + WINDOW);
  const work = workerTimes.subarray(from, from + WINDOW);
  rows.push(`${us(median(main))}/${us(median(work))}`);
  // Static: every step waits for the slower lane. Proportional: each lane's mean speed in this
  // window, with the N environments split so that both lanes finish together.
  for (let k = 0; k < main.length; k++) staticCost += Math.max(main[k], work[k]);
  const mainRate = HALF / mean(main);
  const workerRate = HALF / mean(work);
  proportionalCost += (main.length * N) / (mainRate + workerRate);
}
console.log(`lane-windows: ${N} envs on 2 lanes, ${STEPS} steps after ${WARMUP} warm-up steps, windows of ${WINDOW}`);
console.log(`  median step per window, main/worker (µs): ${rows.join("  ")}`);
console.log(`  mean step: measured ${us(mean(stepTimes))} µs; static split (max of the lanes) ${us(staticCost / STEPS)} µs;`);
console.log(`  split in proportion to each window's lane speeds ${us(proportionalCost / STEPS)} µs`);

