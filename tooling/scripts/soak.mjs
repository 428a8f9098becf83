#!/usr/bin/env node
// Soak and fault tests (`pnpm soak`, after a build), each bounded in time, each printing its numbers and
// failing the run (exit 1) when a limit is broken:
//   1. `plume record` of >= 2M steps and its `plume replay`, resident memory sampled every 250 ms: both peak
//      under 150 MB and stay flat (the last third no higher than the first third plus 25 MB).
//   2. kill -9 during a record, then `plume replay --partial` replays what was checkpointed.
//   3. An AsyncVectorEnv worker whose plugin throws, exits or loops forever: a clear error within the time
//      limit, never a hang, and no thread left behind.
//   4. 200 create/close cycles of AsyncVectorEnv: thread count back to the baseline, memory flat.
// Linux only (it reads /proc for resident memory and threads).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { clearInterval, clearTimeout, setInterval, setTimeout } from "node:timers";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "packages", "cli", "dist", "bin.js");
const envDist = pathToFileURL(join(root, "packages", "env", "dist", "node.js")).href;
const fixtures = join(root, "packages", "env", "test", "fixtures");
if (!existsSync(bin)) {
  console.error("soak: build first (npx turbo run build)");
  process.exit(1);
}
const STEPS = Number(process.env.SOAK_STEPS ?? 2_000_000);
const LIMIT_MB = 150;
const failures = [];
const check = (ok, message) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${message}`);
  if (!ok) failures.push(message);
};
const rssMb = (pid) => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
    return line === undefined ? undefined : Number(line.split(/\s+/)[1]) / 1024;
  } catch {
    return undefined;
  }
};
const threads = (pid = process.pid) => readdirSync(`/proc/${pid}/task`).length;

/** Runs `plume args`, sampling its resident memory; resolves with the exit code, samples and time. */
function sampled(args, cwd, { killAfterMs } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [bin, ...args], { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c) => (stderr += c));
    const samples = [];
    const timer = setInterval(() => {
      const mb = rssMb(child.pid);
      if (mb !== undefined) samples.push(mb);
    }, 250);
    const killer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    const deadline = setTimeout(() => child.kill("SIGKILL"), 15 * 60_000);
    child.on("exit", (code, signal) => {
      clearInterval(timer);
      clearTimeout(killer);
      clearTimeout(deadline);
      resolve({ code, signal, samples, seconds: (Date.now() - started) / 1000, stderr });
    });
  });
}

function describeSamples(samples) {
  const third = Math.max(1, Math.floor(samples.length / 3));
  const first = Math.max(...samples.slice(0, third));
  const last = Math.max(...samples.slice(-third));
  return { peak: Math.max(...samples), first, last, flat: last <= first + 25 };
}

const scratch = mkdtempSync(join(tmpdir(), "plume-soak-"));
try {
  // 1. A long record and its replay.
  const episodes = Math.ceil(STEPS / 990); // random walks on the default environment almost always run 1000 steps
  console.log(`\n1. plume record -p random -n ${episodes} (default environment, about ${STEPS} steps), then plume replay`);
  const rec = await sampled(["record", "-p", "random", "-n", String(episodes), "--out", "long", "--no-progress"], scratch);
  const meta = JSON.parse(readFileSync(join(scratch, "long", "run.json"), "utf8"));
  const steps = meta.extra.plume.record.steps;
  const r = describeSamples(rec.samples);
  console.log(`   record: ${steps} steps in ${rec.seconds.toFixed(1)} s; resident memory peak ${r.peak.toFixed(0)} MB (first third <= ${r.first.toFixed(0)}, last third <= ${r.last.toFixed(0)}), ${rec.samples.length} samples`);
  check(rec.code === 0 && steps >= STEPS * 0.98, `record exits 0 with >= ${STEPS * 0.98} steps (${steps})`);
  check(r.peak < LIMIT_MB, `record peaks under ${LIMIT_MB} MB (${r.peak.toFixed(0)} MB)`);
  check(r.flat, "record memory flat");
  const rep = await sampled(["replay", "long", "--no-progress"], scratch);
  const p = describeSamples(rep.samples);
  console.log(`   replay: ${rep.seconds.toFixed(1)} s; resident memory peak ${p.peak.toFixed(0)} MB (first third <= ${p.first.toFixed(0)}, last third <= ${p.last.toFixed(0)})`);
  check(rep.code === 0, `replay exits 0${rep.code === 0 ? "" : `: ${rep.stderr.trim()}`}`);
  check(p.peak < LIMIT_MB, `replay peaks under ${LIMIT_MB} MB (${p.peak.toFixed(0)} MB)`);
  check(p.flat, "replay memory flat");
  rmSync(join(scratch, "long"), { recursive: true, force: true });

  // 2. kill -9 during a record.
  console.log("\n2. kill -9 during plume record, then plume replay --partial");
  const killed = await sampled(["record", "-p", "random", "-n", "100000", "--out", "killed", "--no-progress"], scratch, { killAfterMs: 6_000 });
  const state = JSON.parse(readFileSync(join(scratch, "killed", "run.json"), "utf8")).extra.plume.record;
  console.log(`   killed by ${killed.signal} after ${killed.seconds.toFixed(1)} s; run.json: status ${state.status}, ${state.episodes} complete episodes (${state.steps} steps)`);
  check(killed.signal === "SIGKILL" && state.status === "recording" && state.episodes > 0, "the killed run says it is incomplete and how far it got");
  const partial = await sampled(["replay", "killed", "--partial", "--no-progress"], scratch);
  check(partial.code === 0, `replay --partial of the killed run exits 0${partial.code === 0 ? "" : `: ${partial.stderr.trim()}`}`);

  // 3. Workers that throw, exit or never return.
  console.log("\n3. AsyncVectorEnv workers that throw, exit or loop forever (timeoutMs 3000)");
  const { AsyncVectorEnv } = await import(envDist);
  const baseline = threads();
  for (const mode of ["throw", "exit", "hang"]) {
    const vec = await AsyncVectorEnv.create({
      env: { gridSize: [12, 10], maxSteps: 50, sensor: { type: "./faulty-sensor.mjs", options: { mode, atStep: 2 } } },
      baseDir: fixtures,
      allowModulePaths: true,
      numEnvs: 4,
      numWorkers: 2,
      timeoutMs: 3_000,
    });
    vec.reset({ seed: 0 });
    vec.step(new Int32Array(4));
    const started = Date.now();
    let message = "no error";
    try {
      vec.step(new Int32Array(4));
    } catch (error) {
      message = error.message;
    }
    const seconds = (Date.now() - started) / 1000;
    await vec.close();
    await new Promise((r) => setTimeout(r, 300));
    console.log(`   ${mode}: error after ${seconds.toFixed(2)} s: ${message.split("\n")[0].slice(0, 140)}`);
    check(message !== "no error" && seconds < 3 + 2, `${mode}: a clear error within the time limit`);
    check(threads() <= baseline, `${mode}: no thread left behind (${threads()} threads, baseline ${baseline})`);
  }

  // 4. Create/close cycles.
  console.log("\n4. 200 create/close cycles of AsyncVectorEnv (2 workers, 64 envs)");
  const rssAt = [];
  const threadsAt = [];
  for (let cycle = 1; cycle <= 200; cycle++) {
    const vec = await AsyncVectorEnv.create({ env: { gridSize: [64, 64] }, numEnvs: 64, numWorkers: 2, oversubscribe: true });
    vec.reset({ seed: cycle });
    vec.step(new Int32Array(64));
    await vec.close();
    if (cycle === 20 || cycle === 200) {
      globalThis.gc?.();
      await new Promise((r) => setTimeout(r, 300));
      rssAt.push(rssMb(process.pid));
      threadsAt.push(threads());
    }
  }
  console.log(`   after 20 cycles: ${rssAt[0].toFixed(0)} MB, ${threadsAt[0]} threads; after 200: ${rssAt[1].toFixed(0)} MB, ${threadsAt[1]} threads (baseline ${baseline})`);
  check(threadsAt[1] <= baseline, "threads back to the baseline after 200 cycles");
  check(rssAt[1] <= rssAt[0] + 40, "memory flat over 180 more cycles (within 40 MB)");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`\n${failures.length === 0 ? "soak: all limits held" : `soak: ${failures.length} limit(s) broken`}`);
process.exit(failures.length === 0 ? 0 : 1);
