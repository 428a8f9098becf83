/**
 * The worker half of cases.mjs's `twoLane` case: steps its own SyncVectorEnv on the actions the main
 * thread points it at, signalling through two Int32 words and nothing else (no validation, no copies).
 */
import { workerData } from "node:worker_threads";
import { PlumeEnv, SyncVectorEnv } from "../dist/index.js";

const { buffer, count, tableLength } = workerData;
const control = new Int32Array(buffer, 0, 4);
const table = new Int32Array(buffer, 16, tableLength);
const vec = new SyncVectorEnv(Array.from({ length: count }, () => () => new PlumeEnv()), { copy: false });
vec.reset({ seed: 1 });
Atomics.store(control, 2, 1);
let last = 0;
for (;;) {
  let sequence;
  while ((sequence = Atomics.load(control, 0)) === last);
  if (sequence < 0) break;
  last = sequence;
  const at = Atomics.load(control, 3);
  vec.step(table.subarray(at, at + count));
  Atomics.store(control, 1, sequence);
}
