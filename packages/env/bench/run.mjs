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

add("action sampler: Generator.integers(0, 4)", "sampler", {}, "drawsPerSecond", "draws/s");
add("single PlumeEnv, default (random actions, resets)", "single", {}, "stepsPerSecond", "steps/s", 2_000_000);
add("single PlumeEnv, 4 antennae + oriented actions", "singleAntennaeOriented", {}, "stepsPerSecond", "steps/s");
for (const grid of quick ? [128] : [128, 512, 2048]) {
  for (const n of quick ? [1024] : [1, 8, 64, 1024]) {
    add(`SyncVectorEnv ${n} envs, grid ${grid}`, "sync", { n, grid }, "envStepsPerSecond", "env-steps/s", n === 1024 && grid === 128 ? 20_000_000 : undefined);
  }
}
for (const grid of quick ? [128] : [128, 512, 2048]) {
  for (const n of quick ? [1024] : [1, 8, 64, 1024]) {
    add(`AsyncVectorEnv ${n} envs, ${Math.min(2, n)} workers, grid ${grid}`, "async", { n, grid, workers: 2 }, "envStepsPerSecond", "env-steps/s");
  }
}
for (const n of quick ? [1024] : [1024, 4096]) {
  add(`AsyncVectorEnv ${n} envs, 1 worker + main thread, grid 128`, "async", { n, grid: 128, workers: 1, mainThread: true }, "envStepsPerSecond", "env-steps/s");
}
if (!quick) add("SyncVectorEnv 4096 envs, grid 128", "sync", { n: 4096, grid: 128 }, "envStepsPerSecond", "env-steps/s");
// The machine's own ceiling for two cores: two independent processes, no coordination at all (summed).
add("2 SyncVectorEnv processes at once, 1024 envs each (sum)", "sync", { n: 1024, grid: 128 }, "envStepsPerSecond", "env-steps/s", undefined, 2);
add("SyncVectorEnv 1024 envs, copy: true", "sync", { n: 1024, grid: 128, copy: true }, "envStepsPerSecond", "env-steps/s");
add("reset (unseeded), grid 128", "reset", {}, "microsPerReset", "µs");
add("reset (seeded), grid 128", "reset", {}, "microsPerSeededReset", "µs");
for (const grid of [128, 512, 2048]) add(`GaussianPlume field build ${grid}x${grid}`, "field", { grid }, "medianMs", "ms", grid === 2048 ? -100 : undefined);
add("resident memory: 1024 envs on 2048x2048, 2000 steps", "memory", { n: 1024, grid: 2048 }, "rssMB", "MB", -200);

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
for (const entry of plan) {
  const runs = [];
  for (let r = 0; r < repeats; r++) runs.push(await runCase(entry));
  const values = runs.map((r) => r[entry.metric]);
  const value = median(values);
  const target = entry.target;
  const meets = target === undefined ? undefined : target > 0 ? value >= target : value <= -target;
  results.push({ label: entry.label, case: entry.name, args: entry.args, metric: entry.metric, unit: entry.unit, median: value, runs: values, target, meets, details: runs[0] });
  const mark = meets === undefined ? "" : meets ? "  ok" : "  BELOW TARGET";
  process.stdout.write(`${entry.label.padEnd(58)} ${format(value, entry.unit).padStart(18)}${mark}\n`);
}

// Derived: async (2 workers) over sync at 1024 envs, grid 128.
const pick = (label) => results.find((r) => r.label === label)?.median;
const ratios = [
  ["AsyncVectorEnv (2 workers) / SyncVectorEnv, 1024 envs", "AsyncVectorEnv 1024 envs, 2 workers, grid 128", "SyncVectorEnv 1024 envs, grid 128"],
  ["AsyncVectorEnv (1 worker + main) / Sync, 1024 envs", "AsyncVectorEnv 1024 envs, 1 worker + main thread, grid 128", "SyncVectorEnv 1024 envs, grid 128"],
  ["AsyncVectorEnv (1 worker + main) / Sync, 4096 envs", "AsyncVectorEnv 4096 envs, 1 worker + main thread, grid 128", "SyncVectorEnv 4096 envs, grid 128"],
  ["ceiling: 2 independent processes / 1, 1024 envs", "2 SyncVectorEnv processes at once, 1024 envs each (sum)", "SyncVectorEnv 1024 envs, grid 128"],
];
for (const [label, top, bottom] of ratios) {
  const a = pick(top);
  const b = pick(bottom);
  if (a === undefined || b === undefined) continue;
  const ratio = a / b;
  results.push({ label, metric: "ratio", unit: "x", median: ratio, target: 1.7, meets: ratio >= 1.7 });
  process.stdout.write(`${label.padEnd(58)} ${`${ratio.toFixed(2)} x`.padStart(18)}${ratio >= 1.7 ? "  ok" : "  BELOW TARGET"}\n`);
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
process.stdout.write(`\nmedians of ${repeats} runs of ${seconds}s each; written to packages/env/bench-results.json\n`);
