#!/usr/bin/env node
/**
 * `plume-contract`: checks a plugin module in CI.
 *
 *   plume-contract check <module> [--export name] [--seed n] [--num-runs n] [--only id] [--path p]
 *                                 [--strict] [--junit file] [--json file] [--verbose] [--quiet]
 *   plume-contract list
 *
 * Exit codes: 0 every suite passed; 1 a check failed; 2 bad usage or the module could not be loaded.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { closestName } from "@plume/core-types";
import { CHECKS, CHECK_IDS, checkInfo } from "./catalogue.js";
import { runTarget, targetsOfModule } from "./plugin.js";
import { formatReport, reportsToJSON, reportsToJUnit, type SuiteReport } from "./report.js";

const USAGE = `Usage:
  plume-contract check <module> [options]   run the contract suites on a plugin or env module
  plume-contract list                       print every check id with its severity

<module> is a file path (./dist/index.js), a package directory (.) or a package name. Checked: the
module's \`plugin\` export (or, without one, every export made with definePlugin), and its env
factories (a \`createEnv(hints)\` export, a default export that is a factory, any export
\`{ kind: "env", name, create(hints) }\`). An optional \`contract\` export gives check options
(capabilities, optOut, pluginOptions, ...), for all or keyed by plugin, env or export name.

Options:
  --export <name>     check only this export (repeatable)
  --seed <n>          run seed (default: FC_SEED, else 20261122); each check derives its own from it
  --num-runs <n>      runs per property check (default 50; more for a nightly run, e.g. 1000)
  --only <id>         run only this check id (repeatable)
  --path <p>          replay one counterexample: the path a failure printed (with its --seed and --only)
  --strict            warnings fail
  --junit <file>      write a JUnit XML report
  --json <file>       write a JSON report
  --verbose           list passed checks too
  --quiet             print only the summary
  -h, --help          this help
  -v, --version       the package version`;

class UsageError extends Error {}

/** The long flags `check` accepts (for did-you-mean on a typo). */
const FLAGS = ["export", "seed", "num-runs", "only", "path", "strict", "junit", "json", "verbose", "quiet", "help", "version"];

/** ` (did you mean --num-runs?)` for an unknown flag close to a known one. */
function flagHint(error: unknown): string {
  const m = /Unknown option '-{1,2}([^']+)'/.exec(error instanceof Error ? error.message : "");
  if (m === null) return "";
  const close = closestName(m[1] as string, FLAGS);
  return close === undefined ? ` (the options are ${FLAGS.map((f) => `--${f}`).join(", ")})` : ` (did you mean --${close}?)`;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

function integerOption(name: string, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0 || value > max) throw new UsageError(`--${name} must be an integer in [0, ${max}], got ${JSON.stringify(raw)}`);
  return value;
}

/** Resolves a module argument to a file URL: a file, a package directory, or a package name (from the cwd). */
export function resolveModule(spec: string, cwd: string): string {
  const asPath = resolve(cwd, spec);
  if (existsSync(asPath)) {
    if (statSync(asPath).isDirectory()) {
      const manifestPath = join(asPath, "package.json");
      if (!existsSync(manifestPath)) throw new UsageError(`${spec} is a directory without a package.json`);
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { exports?: unknown; main?: string; module?: string };
      let entry: unknown = manifest.exports;
      if (typeof entry === "object" && entry !== null && "." in entry) entry = (entry as Record<string, unknown>)["."];
      if (typeof entry === "object" && entry !== null) entry = (entry as Record<string, unknown>)["import"] ?? (entry as Record<string, unknown>)["default"];
      if (typeof entry === "object" && entry !== null) entry = (entry as Record<string, unknown>)["default"];
      const file = typeof entry === "string" ? entry : (manifest.module ?? manifest.main ?? "index.js");
      return pathToFileURL(resolve(asPath, file)).href;
    }
    if (/\.[mc]?tsx?$/.test(asPath)) throw new UsageError(`${spec} is TypeScript: build it first and check the emitted JavaScript`);
    return pathToFileURL(asPath).href;
  }
  try {
    return pathToFileURL(createRequire(join(cwd, "noop.js")).resolve(spec)).href;
  } catch {
    throw new UsageError(`cannot find the module ${JSON.stringify(spec)} from ${cwd}`);
  }
}

/** The catalogue area of each target kind. */
const SUITE_AREA: Readonly<Record<string, string>> = { env: "env", sensor: "obs", action: "act", reward: "rew", plume: "field", wind: "wind", policy: "pol" };

function write(file: string, text: string, cwd: string): void {
  const target = resolve(cwd, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
}

/** Runs the CLI with `argv` (without the node and script paths); returns the exit code. */
export async function main(argv: readonly string[], io: { out: (s: string) => void; err: (s: string) => void; cwd: string } = {
  out: (s) => process.stdout.write(`${s}\n`),
  err: (s) => process.stderr.write(`${s}\n`),
  cwd: process.cwd(),
}): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        export: { type: "string", multiple: true },
        seed: { type: "string" },
        "num-runs": { type: "string" },
        only: { type: "string", multiple: true },
        path: { type: "string" },
        strict: { type: "boolean" },
        junit: { type: "string" },
        json: { type: "string" },
        verbose: { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    io.err(`plume-contract: ${(error as Error).message}${flagHint(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.out(USAGE);
    return 0;
  }
  if (values.version === true) {
    io.out(packageVersion());
    return 0;
  }
  const [command, target, ...rest] = positionals;
  if (command === "list") {
    for (const c of CHECKS) io.out(`${c.id.padEnd(36)} ${c.severity}${c.gated ? "?" : " "}  ${c.title}`);
    return 0;
  }
  if (command !== "check" || target === undefined || rest.length > 0) {
    io.err(`plume-contract: expected \`check <module>\` or \`list\`\n\n${USAGE}`);
    return 2;
  }
  let reports: SuiteReport[];
  try {
    const seed = integerOption("seed", values.seed, 0xffffffff);
    const numRuns = integerOption("num-runs", values["num-runs"], 10_000);
    if (numRuns === 0) throw new UsageError("--num-runs must be at least 1");
    const url = resolveModule(target, io.cwd);
    let module: Record<string, unknown>;
    try {
      module = (await import(url)) as Record<string, unknown>;
    } catch (error) {
      throw new UsageError(`cannot import ${target} (${url}): ${(error as Error).message}`);
    }
    for (const id of values.only ?? []) {
      if (checkInfo(id) === undefined) {
        const close = closestName(id, CHECK_IDS);
        throw new UsageError(`--only ${id}: no such check id${close === undefined ? " (plume-contract list prints them)" : ` (did you mean ${close}?)`}`);
      }
    }
    if (values.path !== undefined && !/^\d+(:\d+)*$/.test(values.path)) throw new UsageError(`--path must be a replay path such as "3:0:1" (as printed after a failure), got ${JSON.stringify(values.path)}`);
    const targets = targetsOfModule(module, values.export);
    if (targets.length === 0) {
      throw new UsageError(
        `${target} exports no plugin and no env: export \`plugin = definePlugin({ kind, name, options, create })\`, or an env factory \`createEnv = (hints) => new MyEnv(hints)\``,
      );
    }
    const overrides = {
      ...(seed !== undefined && { seed }),
      ...(numRuns !== undefined && { numRuns }),
      ...(values.strict === true && { strict: true }),
      ...(values.path !== undefined && { path: values.path }),
    };
    reports = [];
    for (const t of targets) {
      const onlyHere = values.only?.filter((id) => id.startsWith(`${SUITE_AREA[t.kind === "env" ? "env" : t.plugin.kind]}.`));
      if (values.only !== undefined && onlyHere?.length === 0) continue;
      // an async plugin (create returns a promise) has its components awaited: the same report as a sync one
      reports.push(await runTarget(t, { ...overrides, ...(onlyHere !== undefined && { only: onlyHere }) }));
    }
    if (reports.length === 0) throw new UsageError(`--only ${values.only?.join(", ")}: none of these checks applies to what ${target} exports`);
  } catch (error) {
    io.err(`plume-contract: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  for (const report of reports) {
    if (values.quiet !== true) io.out(formatReport(report, { verbose: values.verbose === true }));
  }
  const failed = reports.reduce((n, r) => n + r.counts.failed, 0);
  const passed = reports.reduce((n, r) => n + r.counts.passed, 0);
  const warned = reports.reduce((n, r) => n + r.counts.warned, 0);
  const skipped = reports.reduce((n, r) => n + r.counts.skipped, 0);
  if (values.junit !== undefined) write(values.junit, reportsToJUnit(reports), io.cwd);
  if (values.json !== undefined) write(values.json, reportsToJSON(reports), io.cwd);
  const ok = reports.every((r) => r.ok);
  io.out(`plume-contract: ${ok ? "PASS" : "FAIL"} ${reports.length} suite(s): ${passed} passed, ${failed} failed, ${warned} warned, ${skipped} skipped`);
  return ok ? 0 : 1;
}

const invokedDirectly = (() => {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`plume-contract: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
