/**
 * The runner-agnostic engine: checks are functions of a context that throw a `Violation` (example
 * checks) or run fast-check properties (`ctx.property`); the engine turns every outcome into a
 * `CheckResult` with the id, the rule, the shrunk counterexample and the seed to replay it.
 */
import fc from "fast-check";
import { checkInfo, type CheckInfo } from "./catalogue.js";
import { HiddenNondeterminismError } from "./probes/trap.js";
import { render } from "./probes/values.js";
import type { Capabilities, ResolvedSettings, SuiteName } from "./options.js";
import { buildReport, type CheckResult, type SuiteReport } from "./report.js";

/** A broken rule, thrown by a check. `input` is the specific input that broke it, when known. */
export class Violation extends Error {
  readonly input: unknown;
  readonly hasInput: boolean;
  /** A violation of an `E` check that the active profile only warns about (e.g. Gymnasium's passive checks). */
  warning = false;
  constructor(message: string, ...input: [] | [unknown]) {
    super(message);
    this.name = "Violation";
    this.hasInput = input.length > 0;
    this.input = input[0];
  }
}

/** Throws a violation that is reported as a warning even for an `E` check (profile-dependent severities). */
export function warn(message: string, ...input: [] | [unknown]): never {
  const v = new Violation(message, ...input);
  v.warning = true;
  throw v;
}

/** Thrown by a check that cannot run (closed gate, not applicable); reported as skipped with the reason. */
export class SkipCheck extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = "SkipCheck";
    this.reason = reason;
  }
}

/** A failed property: the counterexample after shrinking and the replay data. Checks may rethrow one (e.g. from a memo). */
export class PropertyFailure extends Error {
  warning = false;
  constructor(
    message: string,
    readonly counterexample: string,
    readonly seed: number,
    readonly path: string | undefined,
    readonly shrinks: number,
    readonly runs: number,
  ) {
    super(message);
    this.name = "PropertyFailure";
  }
}

export function fail(message: string, ...input: [] | [unknown]): never {
  throw new Violation(message, ...input);
}

export function describeError(error: unknown): string {
  if (error instanceof HiddenNondeterminismError) return `called ${error.source} (hidden randomness or clock)`;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === "string" ? ` (${code})` : ""}: ${error.message.split("\n")[0]}`;
  }
  return `a non-Error value ${render(error)}`;
}

/**
 * Runs a call into the plugin under test; any exception it throws becomes a `Violation` that says
 * which call threw what (a `Violation` or `SkipCheck` passes through).
 */
export function guard<T>(label: string, fn: () => T, ...input: [] | [unknown]): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof Violation || error instanceof SkipCheck) throw error;
    throw new Violation(`${label} threw ${describeError(error)}`, ...input);
  }
}

export interface PropertyOptions<T> {
  /** Runs for this property; default the suite's `numRuns`. */
  readonly numRuns?: number;
  /** Inputs always tried first (fast-check `examples`). */
  readonly examples?: readonly T[];
  /** Renders a counterexample for the report (default: `render`). */
  readonly describe?: (value: T) => string;
}

/** What a check receives. */
export interface CheckContext {
  readonly id: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly strict: boolean;
  readonly capabilities: Capabilities;
  /** Runs a fast-check property (shrinking on); the predicate throws a `Violation` to fail. */
  property<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void, options?: PropertyOptions<T>): void;
  /** Stops the check and reports it skipped with `reason`. */
  skip(reason: string): never;
  /** A value computed once per suite run and shared between its checks. */
  memo<T>(key: string, compute: () => T): T;
  /** Adds a remark to the result's message (e.g. what a passing check covered). */
  note(text: string): void;
  /**
   * Records that part of the check could not run (and why). The rest still runs and can fail; if nothing
   * fails, the check is reported as *skipped* with these reasons, never as passed.
   */
  incomplete(reason: string): void;
}

export interface CheckDefinition {
  readonly id: string;
  run(ctx: CheckContext): void;
}

export interface PlannedCheck {
  readonly id: string;
  readonly info: CheckInfo;
  /** Runs the check (each call runs it again) and returns its result. */
  run(): CheckResult;
}

/** A suite, ready to run: one planned check per catalogue id. */
export interface SuitePlan {
  readonly suite: SuiteName;
  readonly subject: string;
  readonly settings: ResolvedSettings;
  readonly checks: readonly PlannedCheck[];
  /** Runs every check and returns the report. */
  run(): SuiteReport;
}

/**
 * The seed a check's properties run with: derived from the run seed and the check id (FNV-1a over the id,
 * mixed with the seed), so that checks of the same shape draw different values under one run seed, and a
 * failure replays from the run seed alone.
 */
export function checkSeed(runSeed: number, id: string): number {
  let h = 0x811c9dc5 ^ runSeed;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

function replayHint(id: string, seed: number, path: string | undefined): string {
  const cli = `--seed ${seed} --only ${id}${path !== undefined ? ` --path ${path}` : ""}`;
  const api = `{ seed: ${seed}, only: ["${id}"]${path !== undefined ? `, path: "${path}"` : ""} }`;
  return `replay: seed ${seed}${path !== undefined ? `, path "${path}"` : ""} (CLI: plume-contract check <module> ${cli}; API options: ${api}; or FC_SEED=${seed})`;
}

function runOne(def: CheckDefinition, info: CheckInfo, settings: ResolvedSettings, memo: Map<string, unknown>): CheckResult {
  const start = performance.now();
  const base = { id: info.id, title: info.title, severity: info.severity, seed: settings.seed };
  const finish = (rest: Omit<CheckResult, "id" | "title" | "severity" | "seed" | "durationMs"> & { seed?: number }): CheckResult =>
    Object.freeze({ ...base, ...rest, durationMs: performance.now() - start });
  const optOut = settings.optOut[info.id];
  if (optOut !== undefined) {
    return finish({ status: "skipped", passed: false, reason: `opted out: ${optOut}`, message: `${info.id}: opted out: ${optOut}` });
  }
  if (settings.only !== undefined && !settings.only.includes(info.id)) {
    return finish({ status: "skipped", passed: false, reason: "not selected (only)", message: `${info.id}: not selected` });
  }
  const notes: string[] = [];
  const gaps: string[] = [];
  const derived = checkSeed(settings.seed, info.id);
  // several properties in one check: each gets its own seed (the first one the check's own)
  let properties = 0;
  const propertySeed = () => (properties++ === 0 ? derived : checkSeed(derived, `#${properties}`));
  const ctx: CheckContext = {
    id: info.id,
    seed: derived,
    numRuns: settings.numRuns,
    strict: settings.strict,
    capabilities: settings.capabilities,
    skip(reason: string): never {
      throw new SkipCheck(reason);
    },
    memo<T>(key: string, compute: () => T): T {
      if (!memo.has(key)) {
        try {
          memo.set(key, { ok: true, value: compute() });
        } catch (error) {
          memo.set(key, { ok: false, error });
        }
      }
      const entry = memo.get(key) as { ok: true; value: T } | { ok: false; error: unknown };
      if (!entry.ok) throw entry.error;
      return entry.value;
    },
    note(text: string) {
      notes.push(text);
    },
    incomplete(reason: string) {
      if (!gaps.includes(reason)) gaps.push(reason);
    },
    property<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void, options: PropertyOptions<T> = {}) {
      const details = fc.check(
        fc.property(arbitrary, (value) => {
          predicate(value);
        }),
        {
          seed: propertySeed(),
          numRuns: options.numRuns ?? settings.numRuns,
          ...(settings.path !== undefined && { path: settings.path }),
          ...(options.examples !== undefined && { examples: options.examples.map((e) => [e] as [T]) }),
        },
      );
      if (!details.failed) return;
      const error = details.errorInstance;
      if (error instanceof SkipCheck) throw error;
      const value = details.counterexample?.[0] as T;
      const describe = options.describe ?? ((v: T) => render(v, 600));
      let counterexample: string;
      try {
        counterexample = describe(value);
      } catch {
        counterexample = render(value, 600);
      }
      let message = error instanceof Violation ? error.message : `threw ${describeError(error)}`;
      if (error instanceof Violation && error.hasInput) message += `\noffending value: ${render(error.input, 400)}`;
      const failure = new PropertyFailure(message, counterexample, settings.seed, details.counterexamplePath ?? undefined, details.numShrinks, details.numRuns);
      failure.warning = error instanceof Violation && error.warning;
      throw failure;
    },
  };
  try {
    def.run(ctx);
    if (gaps.length > 0) {
      const reason = `not fully run: ${gaps.join("; ")}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}; what did run found no violation`;
      return finish({ status: "skipped", passed: false, reason, message: `${info.id}: skipped: ${reason}` });
    }
    const note = notes.length > 0 ? ` (${notes.join("; ")})` : "";
    return finish({ status: "passed", passed: true, message: `${info.id}: ${info.title}${note}` });
  } catch (error) {
    if (error instanceof SkipCheck) {
      return finish({ status: "skipped", passed: false, reason: error.reason, message: `${info.id}: skipped: ${error.reason}` });
    }
    const downgraded = (error instanceof Violation || error instanceof PropertyFailure) && error.warning;
    const isWarning = info.severity === "W" || downgraded;
    const status = !isWarning || settings.strict ? "failed" : "warned";
    const head = `${info.id}${isWarning ? " (warning)" : ""}: ${info.title}`;
    if (error instanceof PropertyFailure) {
      const message = [
        head,
        `violated: ${error.message}`,
        `counterexample: ${error.counterexample} (after ${error.shrinks} shrinks, failing run ${error.runs})`,
        replayHint(info.id, error.seed, error.path),
      ].join("\n");
      return finish({
        status,
        passed: false,
        message,
        counterexample: error.counterexample,
        ...(error.path !== undefined && { path: error.path }),
        seed: error.seed,
      });
    }
    const violation = error instanceof Violation ? error : new Violation(`the check could not run: ${describeError(error)}`);
    const input = violation.hasInput ? render(violation.input, 600) : undefined;
    const message = [head, `violated: ${violation.message}`, ...(input !== undefined ? [`offending value: ${input}`] : []), replayHint(info.id, settings.seed, undefined)].join("\n");
    return finish({ status, passed: false, message, ...(input !== undefined && { counterexample: input }) });
  }
}

/** Builds a plan from check definitions; every definition's id must be in the catalogue. */
export function planSuite(
  suite: SuiteName,
  subject: string,
  settings: ResolvedSettings,
  definitions: readonly CheckDefinition[],
): SuitePlan {
  const memo = new Map<string, unknown>();
  const checks = definitions.map((def): PlannedCheck => {
    const info = checkInfo(def.id);
    if (info === undefined) throw new Error(`internal: check ${def.id} is not in the catalogue`);
    return Object.freeze({ id: def.id, info, run: () => runOne(def, info, settings, memo) });
  });
  return Object.freeze({
    suite,
    subject,
    settings,
    checks: Object.freeze(checks),
    run: () => buildReport(suite, subject, settings, checks.map((c) => c.run())),
  });
}
