/**
 * `pnpm bench` for @plume/env: runs every case of cases.mjs in its own process, several times, and
 * prints the medians as a table; writes them (and every run) to bench-results.json.
 *
 * Environment: BENCH_REPEATS (runs per case, default 3), BENCH_SECONDS (timed seconds per run,
 * default 1), BENCH_QUICK=1 (only the headline cases).
 */
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { writeFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 1);
const quick = process.env.BENCH_QUICK === "1";

const plan = [];
const add = (label, name, args, metric, unit, target, copies = 1) => plan.push({ label, name, args: { seconds, ...args }, metric, unit, target, copies });
/**
 * Two-thread rows, each measured against a one-core baseline run right before or after it (the order
 * alternating), so that the ratio compares runs made at the same machine speed: this VM's speed drifts
 * by up to 1.7x over seconds, which would swamp a ratio of medians taken minutes apart.
 */
const pairs = [];
const addPair = (label, name, args, baseline, ratioLabel, target, copies = 1, baselineCase = { name: "sync", args: { seconds, ...baseline } }) =>
  pairs.push({ label, name, args: { seconds, ...args }, metric: "envStepsPerSecond", unit: "env-steps/s", copies, baseline: { ...baselineCase, metric: "envStepsPerSecond", copies: 1 }, ratioLabel, target });

add("action sampler: Generator.integers(0, 4)", "sampler", {}, "drawsPerSecond", "draws/s");
add("single PlumeEnv, default (random actions, resets)", "single", {}, "stepsPerSecond", "steps/s", 2_000_000);
add("single PlumeEnv, 4 antennae + oriented actions", "singleAntennaeOriented", {}, "stepsPerSecond", "steps/s");
for (const grid of quick ? [128] : [128, 512, 2048]) {
  for (const n of quick ? [1024] : [1, 8, 64, 1024]) {
    add(`SyncVectorEnv ${n} envs, grid ${grid}`, "sync", { n, grid }, "envStepsPerSecond", "env-steps/s", n === 1024 && grid === 128 ? 20_000_000 : undefined);
  }
}
for (const grid of quick ? [] : [512, 2048]) {
  for (const n of [1, 8, 64, 1024]) {
    add(`AsyncVectorEnv ${n} envs, ${Math.min(2, n)} workers, grid ${grid}`, "async", { n, grid, workers: 2 }, "envStepsPerSecond", "env-steps/s");
  }
}
for (const n of quick ? [] : [1, 8, 64]) {
  add(`AsyncVectorEnv ${n} envs, ${Math.min(2, n)} workers, grid 128`, "async", { n, grid: 128, workers: 2 }, "envStepsPerSecond", "env-steps/s");
}
if (!quick) add("SyncVectorEnv 4096 envs, grid 128", "sync", { n: 4096, grid: 128 }, "envStepsPerSecond", "env-steps/s");
add("SyncVectorEnv 1024 envs, copy: true", "sync", { n: 1024, grid: 128, copy: true }, "envStepsPerSecond", "env-steps/s");
for (const [n, grid] of quick ? [[64, 512]] : [[64, 512], [4, 2048]]) {
  add(`SyncVectorEnv of ${n} PlumeSearchEnvs (whole-field observations), grid ${grid}: build`, "searchVector", { n, grid }, "buildMs", "ms");
  add(`  ... vector steps per second`, "searchVector", { n, grid }, "stepsPerSecond", "steps/s");
  add(`  ... resident memory`, "searchVector", { n, grid }, "rssMB", "MB");
}
add("reset (unseeded), grid 128", "reset", {}, "microsPerReset", "µs");
add("reset (seeded), grid 128", "reset", {}, "microsPerSeededReset", "µs");
for (const grid of [128, 512, 2048]) add(`GaussianPlume field build ${grid}x${grid}`, "field", { grid }, "medianMs", "ms", grid === 2048 ? -100 : undefined);
add("resident memory: 1024 envs on 2048x2048, 2000 steps", "memory", { n: 1024, grid: 2048 }, "rssMB", "MB", -200);
add("resident memory: 1024 envs on one 128x96x200 movie, 2000 steps", "movie", { n: 1024, steps: 2000 }, "rssMB", "MB", -200);
add("  ... AsyncVectorEnv, 2 workers (one copy of the frames; three V8 isolates)", "movieAsync", { n: 1024, steps: 2000, workers: 2 }, "rssMB", "MB");

const sync1024 = { n: 1024, grid: 128 };
// A movie plume (a stack of frames, each environment on its own frame) beside the static Gaussian, alternating.
addPair("SyncVectorEnv 1024 envs, movie plume 128x96x200", "movie", { n: 1024 }, sync1024, "movie plume / Gaussian plume, SyncVectorEnv 1024 envs");
addPair("AsyncVectorEnv 1024 envs, 2 workers, grid 128", "async", { n: 1024, grid: 128, workers: 2 }, sync1024, "AsyncVectorEnv (2 workers) / SyncVectorEnv, 1024 envs", 1.7);
addPair("AsyncVectorEnv 1024 envs, 1 worker + main thread, grid 128", "async", { n: 1024, grid: 128, workers: 1, mainThread: true }, sync1024, "AsyncVectorEnv (1 worker + main) / Sync, 1024 envs", 1.7);
if (!quick) {
  addPair("AsyncVectorEnv 4096 envs, 1 worker + main thread, grid 128", "async", { n: 4096, grid: 128, workers: 1, mainThread: true }, { n: 4096, grid: 128 }, "AsyncVectorEnv (1 worker + main) / Sync, 4096 envs", 1.7);
}
// What two threads can do at all with this kernel here: a bare hand-off, none of AsyncVectorEnv's work.
addPair("two threads, bare hand-off (no validation or copies), 1024 envs", "twoLane", { n: 1024 }, sync1024, "floor: bare two-thread hand-off / Sync, 1024 envs");
// The machine's own ceiling for two cores: two independent processes, no coordination at all (summed).
addPair("2 SyncVectorEnv processes at once, 1024 envs each (sum)", "sync", sync1024, sync1024, "ceiling: 2 independent processes / 1, 1024 envs", undefined, 2);

// Plugins imported by name at run time against the same plugins imported statically (how @plume/env built
// configs before it resolved names at run time): 1 means the resolution costs nothing once built.
for (const [config, n] of [["antennaeOriented", 1], ["antennaeOriented", 1024], ["windRunTumble", 1024]]) {
  const label = `${config}, ${n === 1 ? "single PlumeEnv" : `SyncVectorEnv ${n} envs`}`;
  addPair(`config-built, plugins resolved at run time: ${label}`, "configured", { n, config, how: "resolved" }, undefined, `resolved / static plugins: ${label}`, undefined, 1, { name: "configured", args: { seconds, n, config, how: "static" } });
}

const caseArgs = (entry) => ["--expose-gc", join(here, "cases.mjs"), entry.name, JSON.stringify(entry.args)];
const lastLine = (out) => JSON.parse(out.trim().split("\n").pop());

/** One run of a case; with `copies` > 1, that many processes at once, their metric summed. */
async function runCase(entry) {
  if (entry.copies === 1) {
    return lastLine(execFileSync(process.execPath, caseArgs(entry), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }));
  }
  const runs = await Promise.all(Array.from({ length: entry.copies }, () => promisify(execFile)(process.execPath, caseArgs(entry), { encoding: "utf8" })));
  const each = runs.map((run) => lastLine(run.stdout));
  return { ...each[0], [entry.metric]: each.reduce((sum, r) => sum + r[entry.metric], 0), each: each.map((r) => r[entry.metric]) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function format(value, unit) {
  if (unit === "µs" || unit === "ms" || unit === "MB") return `${value.toFixed(unit === "µs" ? 2 : 1)} ${unit}`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)}M ${unit}`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(1)}k ${unit}`;
  return `${value.toFixed(0)} ${unit}`;
}

const results = [];
const print = (label, text, meets) => process.stdout.write(`${label.padEnd(62)} ${text.padStart(18)}${meets === undefined ? "" : meets ? "  ok" : "  BELOW TARGET"}\n`);
const meetsTarget = (value, target) => (target === undefined ? undefined : target > 0 ? value >= target : value <= -target);

for (const entry of plan) {
  const runs = [];
  for (let r = 0; r < repeats; r++) runs.push(await runCase(entry));
  const values = runs.map((r) => r[entry.metric]);
  const value = median(values);
  const meets = meetsTarget(value, entry.target);
  results.push({ label: entry.label, case: entry.name, args: entry.args, metric: entry.metric, unit: entry.unit, median: value, runs: values, target: entry.target, meets, details: runs[0] });
  print(entry.label, format(value, entry.unit), meets);
}

for (const pair of pairs) {
  const values = [];
  const baselines = [];
  const ratios = [];
  let details;
  for (let r = 0; r < repeats; r++) {
    // Alternate the order so that a drift in machine speed does not favour either side.
    const first = r % 2 === 0 ? pair.baseline : pair;
    const firstRun = await runCase(first);
    const secondRun = await runCase(first === pair ? pair.baseline : pair);
    const [own, base] = first === pair ? [firstRun, secondRun] : [secondRun, firstRun];
    details ??= own;
    values.push(own[pair.metric]);
    baselines.push(base[pair.baseline.metric]);
    ratios.push(own[pair.metric] / base[pair.baseline.metric]);
  }
  const value = median(values);
  results.push({ label: pair.label, case: pair.name, args: pair.args, metric: pair.metric, unit: pair.unit, median: value, runs: values, details });
  print(pair.label, format(value, pair.unit));
  const ratio = median(ratios);
  const meets = meetsTarget(ratio, pair.target);
  const spread = `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`;
  results.push({ label: pair.ratioLabel, metric: "ratio", unit: "x", median: ratio, runs: ratios, baselineRuns: baselines, target: pair.target, meets });
  print(`  ${pair.ratioLabel}`, `${ratio.toFixed(2)} x (${spread})`, meets);
}

const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  availableParallelism: availableParallelism(),
  repeats,
  secondsPerRun: seconds,
  results,
};
writeFileSync(join(here, "..", "bench-results.json"), `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(`\nmedians of ${repeats} runs of ${seconds}s each (ratios: medians of ${repeats} adjacent pairs, range in brackets); written to packages/env/bench-results.json\n`);
