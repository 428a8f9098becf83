#!/usr/bin/env node
// Runs the contract kit over the mutation corpus the way a plugin author runs it in CI:
// `plume-contract check <module> --json <file>` with the CLI's defaults (no --seed, no --num-runs,
// no --strict), one process per module. Prints a score table (killed/total per bug class and per
// protocol, false failures) and writes the results as JSON to <repo>/.scratch/.
//
//   node packages/contract-tests/corpus/run.mjs [--only <glob>]... [--concurrency <n>] [--cli <file>]
//                                               [--out <file>] [--timeout <s>] [--verbose]
//
// Exit code 0 only when every broken plugin is rejected with one of its expected check ids and every
// correct plugin is accepted; 1 otherwise; 2 for bad usage.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { clearTimeout, setTimeout } from "node:timers";
import { parseArgs } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "../../..");

const USAGE = `Usage: node packages/contract-tests/corpus/run.mjs [options]
  --only <glob>        run only entries whose id matches (repeatable; * matches within a path segment, ** across)
  --concurrency <n>    modules checked at once (default 2)
  --cli <file>         the plume-contract CLI to run (default packages/contract-tests/dist/cli.js)
  --out <file>         where to write the JSON results (default .scratch/contract-corpus/results.json)
  --timeout <s>        per-module time limit in seconds (default 300)
  --verbose            print every entry, not only the ones that miss
  -h, --help           this help`;

/** `--only` globs: `*` within a segment, `**` across segments, `?` one character; matched against the entry id and its path. */
export function globToRegExp(glob) {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      re += ".*";
      i++;
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

export function loadManifest() {
  return JSON.parse(readFileSync(join(here, "manifest.json"), "utf8"));
}

/** Runs the CLI on one module; resolves to { code, stdout, stderr, report, ms }. */
function runCli(cli, modulePath, jsonPath, timeoutMs) {
  return new Promise((resolvePromise) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, "check", modulePath, "--quiet", "--json", jsonPath], {
      cwd: dirname(modulePath),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      let report;
      try {
        report = JSON.parse(readFileSync(jsonPath, "utf8"));
      } catch {
        report = undefined;
      }
      resolvePromise({ code: signal === null ? code : `killed by ${signal} (timeout)`, stdout, stderr, report, ms: Math.round(performance.now() - started) });
    });
  });
}

/** What the kit said about one entry, judged against the manifest. */
export function judge(entry, run) {
  const results = run.report?.suites?.flatMap((s) => s.results.map((r) => ({ ...r, suite: s.suite }))) ?? [];
  const failed = [...new Set(results.filter((r) => r.status === "failed").map((r) => r.id))];
  const warned = [...new Set(results.filter((r) => r.status === "warned").map((r) => r.id))];
  const suites = [...new Set(run.report?.suites?.map((s) => s.suite) ?? [])];
  const base = { id: entry.id, kind: entry.kind, class: entry.class, expect: entry.expect, exitCode: run.code, ms: run.ms, failed, warned, suites };
  // exit 2 (usage or load error), a timeout, or any exit without the JSON report (a crash of the CLI itself):
  // the kit did not judge the plugin
  if ((run.code !== 0 && run.code !== 1) || run.report === undefined) {
    const why = (run.stderr || run.stdout).trim().split("\n").slice(0, 3).join(" | ");
    return { ...base, verdict: "not-run", reason: `exit ${run.code}: ${why}` };
  }
  if (entry.expect === "accept") {
    return run.code === 0 ? { ...base, verdict: "accepted" } : { ...base, verdict: "false-failure", reason: `failed ${failed.join(", ")}` };
  }
  if (run.code === 0) return { ...base, verdict: "survived", reason: warned.length > 0 ? `only warnings: ${warned.join(", ")}` : "every check passed" };
  const hit = failed.filter((id) => entry.checks.includes(id));
  return hit.length > 0
    ? { ...base, verdict: "killed", hit }
    : { ...base, verdict: "killed-other", reason: `rejected by ${failed.join(", ")}, expected one of ${entry.checks.join(", ")}` };
}

function pad(s, n) {
  s = String(s);
  return s.length >= n ? s : s + " ".repeat(n - s.length);
}

function table(title, rows) {
  const lines = [title];
  const width = Math.max(...rows.map((r) => r[0].length), 8) + 2;
  lines.push(`  ${pad("", width)}${pad("killed", 10)}${pad("+other", 8)}${pad("survived", 10)}${pad("not run", 9)}${pad("accepted", 10)}false failures`);
  for (const [name, s] of rows) {
    lines.push(
      `  ${pad(name, width)}${pad(s.broken ? `${s.killed}/${s.broken}` : "-", 10)}${pad(s.killedOther || "", 8)}${pad(s.survived || "", 10)}${pad(s.notRun + s.correctNotRun || "", 9)}${pad(s.correct ? `${s.accepted}/${s.correct}` : "-", 10)}${s.falseFailures || ""}`,
    );
  }
  return lines.join("\n");
}

function tally(judgements, key) {
  const groups = new Map();
  for (const j of judgements) {
    const k = key(j);
    const g = groups.get(k) ?? { broken: 0, killed: 0, killedOther: 0, survived: 0, notRun: 0, correct: 0, accepted: 0, falseFailures: 0, correctNotRun: 0 };
    if (j.expect === "accept") {
      g.correct++;
      if (j.verdict === "accepted") g.accepted++;
      else if (j.verdict === "false-failure") g.falseFailures++;
      else g.correctNotRun++;
    } else {
      g.broken++;
      if (j.verdict === "killed") g.killed++;
      else if (j.verdict === "killed-other") g.killedOther++;
      else if (j.verdict === "survived") g.survived++;
      else g.notRun++;
    }
    groups.set(k, g);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }));
}

export function summarize(judgements) {
  const all = tally(judgements, () => "all")[0]?.[1];
  return {
    byClass: Object.fromEntries(tally(judgements, (j) => (j.expect === "accept" ? "correct plugins" : j.class))),
    byProtocol: Object.fromEntries(tally(judgements, (j) => j.kind)),
    total: all,
  };
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        only: { type: "string", multiple: true },
        concurrency: { type: "string" },
        cli: { type: "string" },
        out: { type: "string" },
        timeout: { type: "string" },
        verbose: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    console.error(`run.mjs: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const concurrency = values.concurrency === undefined ? 2 : Number(values.concurrency);
  const timeout = values.timeout === undefined ? 300 : Number(values.timeout);
  if (!Number.isSafeInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    console.error(`run.mjs: --concurrency must be an integer in [1, 64], got ${values.concurrency}`);
    return 2;
  }
  if (!(timeout > 0)) {
    console.error(`run.mjs: --timeout must be a positive number of seconds, got ${values.timeout}`);
    return 2;
  }
  const cli = resolve(values.cli ?? join(repoRoot, "packages/contract-tests/dist/cli.js"));
  if (!existsSync(cli)) {
    console.error(`run.mjs: the CLI ${cli} does not exist: build the kit first (npx turbo run build --filter=@plume/contract-tests)`);
    return 2;
  }
  const manifest = loadManifest();
  const globs = (values.only ?? []).map(globToRegExp);
  const entries = manifest.entries.filter((e) => globs.length === 0 || globs.some((g) => g.test(e.id) || g.test(e.path)));
  if (entries.length === 0) {
    console.error(`run.mjs: no manifest entry matches ${values.only?.join(", ")}`);
    return 2;
  }
  const scratch = mkdtempSync(join(tmpdir(), "plume-corpus-"));
  const judgements = new Array(entries.length);
  let next = 0;
  let done = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < entries.length) {
      const index = next++;
      const entry = entries[index];
      const run = await runCli(cli, join(here, entry.path), join(scratch, `${index}.json`), timeout * 1000);
      const j = judge(entry, run);
      judgements[index] = j;
      done++;
      const bad = j.verdict !== "killed" && j.verdict !== "accepted";
      if (values.verbose || bad) {
        console.log(`[${done}/${entries.length}] ${pad(j.verdict, 14)} ${entry.id}${j.reason ? `  (${j.reason})` : j.hit ? `  (${j.hit.join(", ")})` : ""}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, entries.length) }, worker));
  rmSync(scratch, { recursive: true, force: true });
  const seconds = (performance.now() - started) / 1000;

  const summary = summarize(judgements);
  console.log("");
  console.log(table("by bug class", Object.entries(summary.byClass)));
  console.log("");
  console.log(table("by protocol", Object.entries(summary.byProtocol)));
  const t = summary.total;
  const ok = t.killed === t.broken && t.accepted === t.correct;
  const perModule = judgements.map((j) => j.ms).sort((a, b) => a - b);
  const median = perModule[Math.floor(perModule.length / 2)];
  console.log("");
  console.log(
    `corpus: ${t.killed}/${t.broken} broken plugins killed with an expected check id (${((100 * t.killed) / Math.max(1, t.broken)).toFixed(1)}%), ` +
      `${t.killedOther} rejected by other checks only, ${t.survived} survived, ${t.notRun} not run; ` +
      `${t.accepted}/${t.correct} correct plugins accepted, ${t.falseFailures} false failures, ${t.correctNotRun} not run. ` +
      `${seconds.toFixed(1)} s wall, median ${median} ms per module, max ${perModule.at(-1)} ms.`,
  );

  const out = resolve(values.out ?? join(repoRoot, ".scratch/contract-corpus/results.json"));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    `${JSON.stringify({ cli: relative(repoRoot, cli), date: new Date().toISOString(), seconds, summary, results: judgements }, null, 2)}\n`,
  );
  console.log(`results: ${relative(process.cwd(), out)}`);
  return ok ? 0 : 1;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => {
    process.exitCode = code;
  });
}
