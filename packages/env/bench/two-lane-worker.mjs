/**
 * The worker half of cases.mjs's `twoLane` case: steps its own SyncVectorEnv on the actions the main
 * thread points it at, through four shared Int32 words and nothing else (no validation, no copies).
 * The word layout is the one in cases.mjs's `twoLane`. With `times` (a Float64Array over shared memory,
 * given by lane-windows.mjs) it also records how long its step `s` took, in ms, at `times[s - skip - 1]`.
 */
import { performance } from "node:perf_hooks";
import { workerData } from "node:worker_threads";
import { PlumeEnv, SyncVectorEnv } from "../dist/index.js";

const [SEQUENCE, DONE, READY, OFFSET] = [0, 1, 2, 3];
const { buffer, count, tableLength, times, skip = 0 } = workerData;
const control = new Int32Array(buffer, 0, 4);
const table = new Int32Array(buffer, 16, tableLength);
const vec = new SyncVectorEnv(Array.from({ length: count }, () => () => new PlumeEnv()), { copy: false });
vec.reset({ seed: 1 });
Atomics.store(control, READY, 1);
let last = 0;
for (;;) {
  let sequence;
  while ((sequence = Atomics.load(control, SEQUENCE)) === last);
  if (sequence < 0) break;
  last = sequence;
  const start = times === undefined ? 0 : performance.now();
  const at = Atomics.load(control, OFFSET);
  vec.step(table.subarray(at, at + count));
  if (times !== undefined && sequence > skip) times[sequence - skip - 1] = performance.now() - start;
  Atomics.store(control, DONE, sequence);
}
