/**
 * The worker half of cases.mjs's `twoLane` case: steps its own SyncVectorEnv on the actions the main
 * thread points it at, through four shared Int32 words and nothing else (no validation, no copies).
 * The word layout is the one in cases.mjs's `twoLane`.
 */
import { workerData } from "node:worker_threads";
import { PlumeEnv, SyncVectorEnv } from "../dist/index.js";

const [SEQUENCE, DONE, READY, OFFSET] = [0, 1, 2, 3];
const { buffer, count, tableLength } = workerData;
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
  const at = Atomics.load(control, OFFSET);
  vec.step(table.subarray(at, at + count));
  Atomics.store(control, DONE, sequence);
}
