/**
 * Two builds of @plume/env in ONE process, e.g. main before a change and a branch after it:
 *   node bench/compare-builds.mjs <before checkout> <after checkout> [rounds=40] [slice ms=50]
 * Both checkouts must be built. The builds are loaded side by side (separate module graphs, so separate
 * classes and inline caches); each case's two environments are warmed up, then stepped in alternating
 * slices; the ratio is the median of the per-round ratios, so the load of a shared machine hits both sides
 * alike. Configs are built synchronously from statically imported plugins when the build has no
 * `@plume/env/node` (before plugins were resolved by name), else by `createEnvironmentFromConfig` of
 * `@plume/env/node`, which imports the plugin packages by name at run time.
 */
import { performance } from "node:perf_hooks";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
const [beforeRoot, afterRoot] = process.argv.slice(2, 4).map((p) => resolve(p ?? ""));
if (process.argv.length < 4) throw new Error("usage: node bench/compare-builds.mjs <before checkout> <after checkout> [rounds] [slice ms]");
const rounds = Number(process.argv[4] ?? 40);
const slice = Number(process.argv[5] ?? 50);
const load = async (root) => {
  const resolving = existsSync(`${root}/packages/env/dist/node.js`);
  const env = await import(`${root}/packages/env/dist/index.js`);
  const node = resolving ? await import(`${root}/packages/env/dist/node.js`) : env;
  const { Generator } = await import(`${root}/packages/spaces/dist/index.js`);
  return { env, node, Generator, fromConfig: async (spec) => (resolving ? node.createEnvironmentFromConfig(spec) : env.createEnvironmentFromConfigSync(spec)) };
};
const trees = { before: await load(beforeRoot), after: await load(afterRoot) };
const ANTENNAE_ORIENTED = { gridSize: [128, 128], maxSteps: 1000, sensor: { type: "antennae", options: { sensorAngles: [0, 90, 180, 270], sensorDistance: 3 } }, action: "oriented" };
const WIND_RUN_TUMBLE = { gridSize: [128, 128], maxSteps: 1000, sensor: "wind_vector", action: "run_tumble" };

function table(G, n, high) { const rng = G.fromSeed(12345); const t = new Int32Array(n); for (let i = 0; i < n; i++) t[i] = rng.integers(0, high); return t; }
/** A stepper: runs for `ms` milliseconds, returns env-steps done. */
function singleStepper(t, e) {
  const actions = table(t.Generator, 1 << 16, e.actionSpace.n); e.reset({ seed: 0 }); let k = 0;
  return (ms) => { let steps = 0; const end = performance.now() + ms; while (performance.now() < end) { for (let i = 0; i < 1000; i++) { const r = e.step(actions[k++ & 0xffff]); if (r[2] || r[3]) e.reset(); } steps += 1000; } return steps; };
}
function vectorStepper(t, vec, n) {
  const tab = table(t.Generator, 1 << 16, vec.singleActionSpace.n);
  const views = Array.from({ length: 64 }, (_, j) => { const at = (j * 997) % ((1 << 16) - n); return tab.subarray(at, at + n); });
  vec.reset({ seed: 0 }); let k = 0;
  return (ms) => { let steps = 0; const end = performance.now() + ms; while (performance.now() < end) { vec.step(views[k++ % 64]); steps += n; } return steps; };
}
const cases = {
  "single default PlumeEnv": async (t) => singleStepper(t, new t.env.PlumeEnv()),
  "single, antennae(4) + oriented (config)": async (t) => singleStepper(t, await t.fromConfig(ANTENNAE_ORIENTED)),
  "single, wind_vector + run_tumble (config)": async (t) => singleStepper(t, await t.fromConfig(WIND_RUN_TUMBLE)),
  "SyncVectorEnv 1024 default": async (t) => vectorStepper(t, new t.env.SyncVectorEnv(Array.from({ length: 1024 }, () => () => new t.env.PlumeEnv()), { copy: false }), 1024),
  "SyncVectorEnv 1024 antennae(4) + oriented (config)": async (t) => {
    const envs = []; for (let i = 0; i < 1024; i++) envs.push(await t.fromConfig(ANTENNAE_ORIENTED));
    const vec = new t.env.SyncVectorEnv(envs.map((e) => () => e), { copy: false }); if (!vec.batched) throw new Error("not batched"); return vectorStepper(t, vec, 1024);
  },
  "SyncVectorEnv 1024 wind_vector + run_tumble (config)": async (t) => {
    const envs = []; for (let i = 0; i < 1024; i++) envs.push(await t.fromConfig(WIND_RUN_TUMBLE));
    const vec = new t.env.SyncVectorEnv(envs.map((e) => () => e), { copy: false }); if (!vec.batched) throw new Error("not batched"); return vectorStepper(t, vec, 1024);
  },
};
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
for (const [name, make] of Object.entries(cases)) {
  const s = { before: await make(trees.before), after: await make(trees.after) };
  for (let w = 0; w < 3; w++) { s.before(150); s.after(150); }
  const ratios = []; const total = { before: 0, after: 0 };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ["before", "after"] : ["after", "before"];
    const got = {};
    for (const side of order) got[side] = s[side](slice);
    total.before += got.before; total.after += got.after; ratios.push(got.after / got.before);
  }
  const secs = (rounds * slice) / 1000;
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(`${name.padEnd(52)} before ${(total.before / secs / 1e6).toFixed(2)}M/s  after ${(total.after / secs / 1e6).toFixed(2)}M/s  after/before: median ${median(ratios).toFixed(3)}, total ${(total.after / total.before).toFixed(3)}, quartiles ${sorted[Math.floor(rounds / 4)].toFixed(3)}-${sorted[Math.floor((3 * rounds) / 4)].toFixed(3)}`);
}
