// Many environments at once: SyncVectorEnv (one batch-kernel call per step) and AsyncVectorEnv
// (worker threads over shared memory), and proof that they step exactly like single environments.
// Run: node examples/vector.mjs
import { Generator } from "@plume/spaces";
import { PlumeEnv, SyncVectorEnv, createEnvironmentFromConfigSync, makeVec } from "@plume/env";
import { AsyncVectorEnv } from "@plume/env/node"; // worker threads: Node only
import { plugins as orientedPlugins } from "@plume/actions-oriented";

const numEnvs = 8;
const rng = Generator.fromSeed(0);
const actions = Array.from({ length: 200 }, () => Int32Array.from({ length: numEnvs }, () => rng.integers(0, 4)));

// 1. Sync, batched: every env is a plain PlumeEnv with built-in components, so one kernel steps them all.
const envs = makeVec("PlumeNav-v0", { numEnvs, kwargs: { gridSize: [32, 32], maxSteps: 60, goalRadius: 3 } });
console.log(`${envs} batched=${envs.batched} observationSpace=${envs.observationSpace}`);
let [obs, infos] = envs.reset({ seed: 42 }); // env i is seeded 42 + i
console.log(`reset: observations ${obs.shape}, env 0 starts at ${Array.from(infos.agent_xy.data.slice(0, 2))}`);
let ended = 0;
for (const a of actions) {
  const [, , terminations, truncations] = envs.step(a); // NEXT_STEP autoreset, as Gymnasium 1.x
  for (let i = 0; i < numEnvs; i++) ended += terminations.data[i] | truncations.data[i];
}
console.log(`200 steps x ${numEnvs} envs: ${ended} episodes ended and were reset automatically`);

// 2. The same first step, one environment at a time, agrees exactly.
const single = new PlumeEnv({ gridSize: [32, 32], maxSteps: 60, goalRadius: 3 });
single.reset({ seed: 42 + 3 });
const [o3] = single.step(actions[0][3]);
const again = makeVec("PlumeNav-v0", { numEnvs, kwargs: { gridSize: [32, 32], maxSteps: 60, goalRadius: 3 } });
again.reset({ seed: 42 });
const [batchObs] = again.step(actions[0]);
if (batchObs.data[3] !== o3.data[0]) throw new Error("vector env 3 must equal the single env seeded 45");

// 3. Async: worker threads build their envs from the same config and share one buffer; by default
// (mainThread "auto") the calling thread steps a shard too, and the workers take the other cores.
const config = { gridSize: [32, 32], maxSteps: 60, goalRadius: 3, sensor: "antennae", action: "oriented" };
const async = await AsyncVectorEnv.create({ env: config, numEnvs });
try {
  // The synchronous builder imports nothing: it gets the "oriented" plugin handed over (the workers import it by name).
  const sync = new SyncVectorEnv(Array.from({ length: numEnvs }, () => () => createEnvironmentFromConfigSync(config, { plugins: orientedPlugins })));
  [, infos] = async.reset({ seed: 7 });
  const [syncObs] = sync.reset({ seed: 7 });
  for (const a of actions.slice(0, 50).map((row) => row.map((v) => v % 3))) {
    const [x] = async.step(a);
    const [y] = sync.step(a);
    if (x.data.some((v, i) => v !== y.data[i])) throw new Error("async and sync must agree");
  }
  console.log(`${async}: 50 steps agree with SyncVectorEnv; first positions ${JSON.stringify(Array.from(infos.agent_xy.data.slice(0, 4)))} (sync ${syncObs.shape})`);
} finally {
  await async.close();
}
