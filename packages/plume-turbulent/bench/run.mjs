/**
 * `pnpm bench` for @plume/plume-turbulent: simulation steps/s, frames/s and point queries/s on the fixtures'
 * configurations (pompy's docs demo, and the larger one of shared/turbulent-plume.md §10), beside pompy's figures
 * measured on this machine class (§10, medians of 15 runs; CPU-bound single-process Python, so the comparison
 * uses this process's CPU time: `process.cpuUsage()`, which a loaded machine does not inflate the way it
 * inflates wall-clock time). Each figure: BENCH_REPEATS runs (default 5) from a copy of one steady state
 * (300 s of warm-up), like pompy's protocol; min / median / max. Writes bench-results.json.
 *
 * Run `npm run build` first (the bench imports dist/).
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { exactConcentration, pixelArray, PuffIndex, TurbulentSimulation } from "../dist/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const repeats = Number(process.env.BENCH_REPEATS ?? 5);

/** pompy's medians (shared/turbulent-plume.md §10). */
const POMPY = {
  demo: { steps: 167.9, frames: 104.1, points: 29180 },
  larger: { steps: 66.0, frames: 36.3, points: 11452 },
};

const demoParams = (releaseRate, maxPuffs) => ({
  dt: 0.01,
  wind: {
    region: [0, 100, -25, 25],
    nx: 21,
    ny: 11,
    uAv: 1,
    vAv: 0,
    kx: 20,
    ky: 20,
    noiseGain: 2,
    noiseDamping: 0.1,
    noiseBandwidth: 0.2,
    originalNoiseUpdates: false,
  },
  puffs: {
    region: [0, 100, -25, 25],
    source: [5, 0, 0],
    zDispersion: true,
    sigma: [2, 2, 2],
    initialRadius: 0.0316,
    spreadRate: 0.001,
    releaseRate,
    initialPuffs: 10,
    maxPuffs,
  },
});

const CONFIGS = [
  { name: "demo", label: "docs demo: λ 10, cap 1000, 500 x 250 px", params: demoParams(10, 1000), pixels: [500, 250] },
  { name: "larger", label: "larger: λ 20, cap 5000, 500 x 500 px", params: demoParams(20, 5000), pixels: [500, 500] },
];

function cpuSeconds() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** Times `work` (returning the operation count) `repeats` times: rates by CPU and by wall time. */
function measure(work) {
  const cpu = [];
  const wall = [];
  for (let r = 0; r < repeats; r++) {
    const c0 = cpuSeconds();
    const w0 = performance.now();
    const ops = work();
    const c = cpuSeconds() - c0;
    const w = (performance.now() - w0) / 1000;
    cpu.push(ops / c);
    wall.push(ops / w);
  }
  const stats = (a) => {
    const s = [...a].sort((x, y) => x - y);
    return { min: s[0], median: s[Math.floor(s.length / 2)], max: s[s.length - 1] };
  };
  return { cpu: stats(cpu), wall: stats(wall) };
}

const results = [];
for (const config of CONFIGS) {
  const sim = new TurbulentSimulation(config.params, 20181108);
  sim.warmUp(300, 0.1);
  // A short fine run so the timed state is a fine-step steady state.
  sim.run(500);
  const steady = sim.snapshot();
  const puffsRange = [Infinity, -Infinity];

  const steps = measure(() => {
    sim.restore(steady);
    for (let k = 0; k < 1000; k++) {
      sim.step();
      if (sim.n < puffsRange[0]) puffsRange[0] = sim.n;
      if (sim.n > puffsRange[1]) puffsRange[1] = sim.n;
    }
    return 1000;
  });

  sim.restore(steady);
  const [nx, ny] = config.pixels;
  const frame = new Float64Array(nx * ny);
  const frames = measure(() => {
    for (let k = 0; k < 50; k++) pixelArray(sim, { region: config.params.puffs.region, nx, ny, z: 0.01 }, frame);
    return 50;
  });

  // Point queries: one call per point, 5000 points over the region, on the steady state (index built once per
  // state, as an environment does; the build is included in every run).
  const points = Array.from({ length: 5000 }, (_, k) => [(k * 37) % 100, -25 + ((k * 53) % 50)]);
  const index = new PuffIndex(config.params.puffs.region, 8, 1);
  let sink = 0;
  const queries = measure(() => {
    index.build(sim);
    for (const [x, y] of points) sink += index.query(x, y, 0.01);
    return points.length;
  });
  const exact = measure(() => {
    for (const [x, y] of points) sink += exactConcentration(sim, x, y, 0.01);
    return points.length;
  });
  if (!Number.isFinite(sink)) throw new Error("non-finite concentration");
  results.push({ config: config.name, label: config.label, puffs: [puffsRange[0], puffsRange[1]], steps, frames, queries, exact, pompy: POMPY[config.name] });
}

const f = (v) => (v >= 1000 ? Math.round(v).toLocaleString("en-US") : v.toFixed(0));
const trio = (s) => `${f(s.min)} / **${f(s.median)}** / ${f(s.max)}`;
const ratio = (s, pompy) => `${(s.median / pompy).toFixed(0)}x`;
console.log(`@plume/plume-turbulent bench: ${repeats} runs per figure, CPU-time rates (min / median / max); wall-clock medians in brackets; pompy medians from shared/turbulent-plume.md §10\n`);
console.log("| configuration | puffs | sim steps/s | vs pompy | frames/s | vs pompy | point queries/s (binned) | vs pompy | exact point queries/s |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of results) {
  console.log(
    `| ${r.label} | ${r.puffs[0]}–${r.puffs[1]} | ${trio(r.steps.cpu)} (${f(r.steps.wall.median)}) | ${ratio(r.steps.cpu, r.pompy.steps)} (pompy ${r.pompy.steps}) | ${trio(r.frames.cpu)} (${f(r.frames.wall.median)}) | ${ratio(r.frames.cpu, r.pompy.frames)} (pompy ${r.pompy.frames}) | ${trio(r.queries.cpu)} (${f(r.queries.wall.median)}) | ${ratio(r.queries.cpu, r.pompy.points)} (pompy ${f(r.pompy.points)}) | ${f(r.exact.cpu.median)} |`,
  );
}
writeFileSync(join(here, "..", "bench-results.json"), JSON.stringify({ date: new Date().toISOString(), node: process.version, repeats, results }, null, 2) + "\n");
