/**
 * `@plume/abio-agent/contract`: the contract suite for ABIO scenarios (worlds) and agents.
 *
 * Runner-agnostic: `checkAbioScenario` and `checkAbioAgent` return a structured report (one result per
 * stable check id, never renamed or reused) and never throw for what the subject does; assert on
 * `report.ok` in any test runner, or print `formatAbioReport(report)`.
 *
 * The scenario suite drives fresh worlds through sessions with deterministic probing agents (a sweep
 * over every declared name with valid parameters, a spender that always picks the most expensive one,
 * and malformed requests). Sessions come from `createSession` (default: `AbioSession`), so the suite can
 * also check another implementation of the session protocol.
 */
import * as z from "zod";
import { parseWith } from "../errors.js";
import { jsonEqual, stableStringify, type JsonObject, type JsonValue } from "../json.js";
import type { AbioEnvironment, Scenario } from "../scenario.js";
import { ScenarioSchema } from "../scenario.js";
import { runExperiment, type Agent, type Decision } from "../runner.js";
import { AbioSession, DONE_ACTION } from "../session.js";
import type { SessionOptions } from "../session-options.js";
import { paramsOfInfo, type NormalizedParam } from "../spec.js";
import { Action, ActionResult, Observation, type ActionInput, type EndReason } from "../types.js";
import type { AgentFactory } from "../batch.js";
import { emptyScenario, labScenario } from "./scenarios.js";

export { emptyScenario, labScenario, labScore } from "./scenarios.js";

// -----------------------------------------------------------------------------------------------------
// Catalogue

export type AbioSuite = "abio-scenario" | "abio-agent";

export interface AbioCheckInfo {
  readonly id: string;
  readonly suite: AbioSuite;
  readonly title: string;
}

const ROWS: readonly (readonly [string, AbioSuite, string])[] = [
  ["abio.scenario.create", "abio-scenario", "create({ seed }) returns a world whose declarations a session accepts"],
  ["abio.observation.initial", "abio-scenario", "the first observation has step 0, isInitial() true, spent 0 and remaining = budget; later ones are not initial"],
  ["abio.observation.json", "abio-scenario", "observations and action results survive a JSON round trip unchanged"],
  ["abio.budget.accounting", "abio-scenario", "spent is the sum of charged costs, remaining = budget - spent, costs are finite and >= 0"],
  ["abio.budget.hard-never-exceeded", "abio-scenario", "under the hard policy spent never exceeds the budget and over-budget actions are refused"],
  ["abio.budget.exact-remaining", "abio-scenario", "an action that costs exactly the remaining budget runs, leaves 0 and ends the run (budget_exceeded)"],
  ["abio.budget.soft-ends", "abio-scenario", "under the soft policy an overspending action runs, remaining goes negative, and the run ends"],
  ["abio.steps.accounting", "abio-scenario", "step starts at 0, advances by 1 per successful action, not for measurements or failures"],
  ["abio.steps.limit", "abio-scenario", "with maxSteps the step never exceeds it and the run ends with max_steps"],
  ["abio.turns.limit", "abio-scenario", "with maxTurns no more than maxTurns results are produced"],
  ["abio.validation.unknown-name", "abio-scenario", "an unknown name is a failed result with an error and the error cost, not an exception"],
  ["abio.validation.bad-params", "abio-scenario", "missing, mistyped and unknown parameters are failed results, not exceptions"],
  ["abio.results.delivered", "abio-scenario", "every ActionResult is delivered to the agent before its next decision, in order, and is in the trace"],
  ["abio.hidden.only-by-measurement", "abio-scenario", "hidden state never appears in current_state and actions carry no data"],
  ["abio.determinism.seed", "abio-scenario", "the same seed and the same agent give an identical run"],
  ["abio.scoring.reported", "abio-scenario", "the scenario's scorers return finite numbers on probing runs (no scoring errors)"],
  ["abio.agent.protocol", "abio-agent", "decide is a function; start and end are functions when present"],
  ["abio.agent.completes", "abio-agent", "the agent finishes runs on the lab scenario without throwing"],
  ["abio.agent.valid-actions", "abio-agent", "the agent only sends declared names with valid parameters (or done)"],
  ["abio.agent.no-actions", "abio-agent", "on a scenario with no actions the agent ends the run (done or nothing) without throwing"],
  ["abio.agent.determinism", "abio-agent", "the same seed gives the same decisions"],
];

/** Every check of both suites, by stable id. */
export const ABIO_CHECKS: readonly AbioCheckInfo[] = Object.freeze(ROWS.map(([id, suite, title]) => Object.freeze({ id, suite, title })));
export const ABIO_CHECK_IDS: readonly string[] = Object.freeze(ABIO_CHECKS.map((c) => c.id));

// -----------------------------------------------------------------------------------------------------
// Report

export type AbioCheckStatus = "passed" | "failed" | "skipped";

export interface AbioCheckResult {
  readonly id: string;
  readonly title: string;
  readonly status: AbioCheckStatus;
  /** True only when the check ran and found no violation. */
  readonly passed: boolean;
  /** What was checked or, on failure, which rule broke on which input; for skips, why. */
  readonly message: string;
}

export interface AbioSuiteReport {
  readonly suite: AbioSuite;
  readonly subject: string;
  readonly results: readonly AbioCheckResult[];
  readonly counts: { readonly passed: number; readonly failed: number; readonly skipped: number };
  /** True when no check failed. */
  readonly ok: boolean;
}

/** The result of one check id (throws when the report has none). */
export function abioResultOf(report: AbioSuiteReport, id: string): AbioCheckResult {
  const r = report.results.find((x) => x.id === id);
  if (r === undefined) throw new Error(`report of ${report.subject} has no check ${id}`);
  return r;
}

/** A readable report: failures and skips always, passes with `verbose`. */
export function formatAbioReport(report: AbioSuiteReport, options: { readonly verbose?: boolean } = {}): string {
  const mark = { passed: "ok  ", failed: "FAIL", skipped: "skip" } as const;
  const lines = [`${report.suite} suite: ${report.subject}`];
  for (const r of report.results) {
    if (r.status === "passed" && options.verbose !== true) continue;
    lines.push(`  ${mark[r.status]} ${r.id}${r.status === "passed" ? "" : `: ${r.message}`}`);
  }
  const c = report.counts;
  lines.push(`  ${report.ok ? "PASS" : "FAIL"} ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
  return lines.join("\n");
}

class Violation extends Error {}
class Skip extends Error {}

function fail(message: string): never {
  throw new Violation(message);
}
function skip(reason: string): never {
  throw new Skip(reason);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

type Check = () => Promise<string | void> | string | void;

async function runChecks(
  suite: AbioSuite,
  subject: string,
  checks: Readonly<Record<string, Check>>,
  settings: { readonly skip: Readonly<Record<string, string>>; readonly only: readonly string[] | undefined },
  gate?: () => Promise<string | undefined>,
): Promise<AbioSuiteReport> {
  const results: AbioCheckResult[] = [];
  const gateProblem = gate === undefined ? undefined : await gate();
  const catalogue = ABIO_CHECKS.filter((c) => c.suite === suite);
  // When the gate is closed only the suite's first check (which reports the problem) runs.
  const gateId = catalogue[0]?.id;
  for (const info of catalogue) {
    const base = { id: info.id, title: info.title };
    const check = checks[info.id];
    const optOut = settings.skip[info.id];
    if (optOut !== undefined) {
      results.push({ ...base, status: "skipped", passed: false, message: `opted out: ${optOut}` });
    } else if (settings.only !== undefined && !settings.only.includes(info.id)) {
      results.push({ ...base, status: "skipped", passed: false, message: "not selected (only)" });
    } else if (gateProblem !== undefined && info.id !== gateId) {
      results.push({ ...base, status: "skipped", passed: false, message: `gate closed: ${gateProblem}` });
    } else if (check === undefined) {
      results.push({ ...base, status: "skipped", passed: false, message: "not implemented" });
    } else {
      try {
        const note = await check();
        results.push({ ...base, status: "passed", passed: true, message: typeof note === "string" ? note : info.title });
      } catch (error) {
        if (error instanceof Skip) results.push({ ...base, status: "skipped", passed: false, message: error.message });
        else if (error instanceof Violation) results.push({ ...base, status: "failed", passed: false, message: error.message });
        else results.push({ ...base, status: "failed", passed: false, message: `the check threw ${describe(error)}` });
      }
    }
  }
  const counts = {
    passed: results.filter((r) => r.status === "passed").length,
    failed: results.filter((r) => r.status === "failed").length,
    skipped: results.filter((r) => r.status === "skipped").length,
  };
  return Object.freeze({ suite, subject, results: Object.freeze(results.map((r) => Object.freeze(r))), counts: Object.freeze(counts), ok: counts.failed === 0 });
}

// -----------------------------------------------------------------------------------------------------
// Sessions and probing agents

/** The session protocol the scenario suite drives (`AbioSession` implements it). */
export interface SessionLike {
  observe(): Observation;
  act(action: Action | ActionInput): ActionResult;
  isDone(): boolean;
  readonly step: number;
  readonly spent: number;
  readonly budget: number;
  readonly turns: number;
  readonly errorCost: number;
  readonly doneReason: EndReason | null;
}

export type SessionFactory = (environment: AbioEnvironment, options: SessionOptions) => SessionLike;

const defaultSessionFactory: SessionFactory = (environment, options) => new AbioSession(environment, options);

interface Entry {
  readonly name: string;
  readonly kind: "action" | "measurement";
  readonly cost: number;
  readonly params: readonly NormalizedParam[];
}

function entriesOf(obs: Observation): Entry[] {
  const make = (dict: JsonObject, kind: "action" | "measurement") =>
    Object.entries(dict).map(([name, info]) => {
      const cost = info !== null && typeof info === "object" && !Array.isArray(info) ? (info as JsonObject).cost : undefined;
      return { name, kind, cost: typeof cost === "number" ? cost : kind === "action" ? 1 : 0, params: paramsOfInfo(info) };
    });
  return [...make(obs.available_actions, "action"), ...make(obs.available_measurements, "measurement")];
}

/** A valid value for `p`, varied by `k` (deterministic). */
function validValue(p: NormalizedParam, k: number): JsonValue {
  if (p.values !== undefined && p.values.length > 0) return p.values[k % p.values.length] as JsonValue;
  switch (p.type) {
    case "bool":
      return k % 2 === 1;
    case "str":
      return ["a", "probe", "x y"][k % 3] as string;
    case "int": {
      const lo = Math.ceil(p.min ?? Math.min(0, p.max ?? 0));
      const hi = Math.floor(p.max ?? lo + 2);
      return hi < lo ? lo : lo + (k % (hi - lo + 1));
    }
    default: {
      const lo = p.min ?? Math.min(0, p.max ?? 0);
      const hi = p.max ?? lo + 1;
      return lo + ((hi - lo) * (k % 3)) / 2;
    }
  }
}

function validParams(entry: Entry, k: number): Record<string, JsonValue> {
  return Object.fromEntries(entry.params.map((p) => [p.name, validValue(p, k)]));
}

/** A wrong-typed value for `p`. */
function wrongValue(p: NormalizedParam): JsonValue {
  switch (p.type) {
    case "str":
      return 12345;
    case "bool":
      return "yes";
    case "enum":
      return typeof p.values?.[0] === "string" ? "__not_an_allowed_value__" : "x";
    default:
      return "not a number";
  }
}

/** Round-robin over every declared name, with valid parameters. */
function sweepAgent(): Agent {
  let k = 0;
  return {
    name: "sweep",
    decide(obs: Observation): Decision {
      const entries = entriesOf(obs);
      if (entries.length === 0) return { name: DONE_ACTION };
      const e = entries[k % entries.length] as Entry;
      const decision = { name: e.name, kind: e.kind, params: validParams(e, Math.floor(k / entries.length)) };
      k += 1;
      return decision;
    },
  };
}

/** Always the most expensive declared name (ties: declaration order). */
function spenderAgent(): Agent {
  let k = 0;
  return {
    name: "spender",
    decide(obs: Observation): Decision {
      const entries = entriesOf(obs);
      if (entries.length === 0) return { name: DONE_ACTION };
      const top = entries.reduce((a, b) => (b.cost > a.cost ? b : a));
      return { name: top.name, kind: top.kind, params: validParams(top, k++) };
    },
  };
}

interface Drive {
  readonly initial: Observation;
  readonly delivered: Observation[];
  readonly results: ActionResult[];
  readonly error: string | undefined;
}

/** Runs `agent` on `session` (at most `limit` decisions), recording what the agent was given. */
async function drive(session: SessionLike, agent: Agent, limit: number): Promise<Drive> {
  const initial = session.observe();
  const delivered: Observation[] = [];
  const results: ActionResult[] = [];
  let observation: Observation = initial;
  let error: string | undefined;
  for (let i = 0; i < limit && !session.isDone(); i++) {
    delivered.push(observation);
    let decision: Decision;
    try {
      decision = await agent.decide(observation, { signal: new AbortController().signal, turn: session.turns });
    } catch (e) {
      error = `agent threw ${describe(e)}`;
      break;
    }
    if (decision === null || decision === undefined) break;
    try {
      observation = session.act(decision);
    } catch (e) {
      error = `act() threw ${describe(e)}`;
      break;
    }
    results.push(observation as ActionResult);
  }
  return { initial, delivered, results, error };
}

function at(i: number, r: ActionResult): string {
  return `result #${i} (${r.action_name}: success ${r.success}, cost ${r.cost}, step ${r.step}, spent ${r.spent}, remaining ${r.remaining})`;
}

// -----------------------------------------------------------------------------------------------------
// The scenario suite

/** zod schema of `checkAbioScenario`'s options. */
export const AbioScenarioCheckOptionsSchema = z.strictObject({
  /** Seeds to run. Default [0, 1]. */
  seeds: z.array(z.int().min(0).max(4294967295)).min(1).optional(),
  /** Decisions per probing run. Default 40. */
  maxTurns: z.int().min(4).optional(),
  /** The finite budget used by the budget checks when the scenario's is unlimited. Default: 3 x the largest declared cost (or 3). */
  budget: z.number().positive().optional(),
  /** Opt-outs: check id -> reason (reported as skipped with the reason). Default: none. */
  skip: z.record(z.string(), z.string().min(1)).optional(),
  /** Run only these check ids. Default: every check. */
  only: z.array(z.string()).optional(),
  /** The session implementation to check (default `AbioSession`). */
  createSession: z.custom<SessionFactory>((v) => typeof v === "function", { error: "a function (environment, options) => session" }).optional(),
});
export type AbioScenarioCheckOptions = z.input<typeof AbioScenarioCheckOptionsSchema>;

/**
 * Runs the scenario suite (`abio.scenario.*`, `abio.observation.*`, `abio.budget.*`, `abio.steps.*`,
 * `abio.turns.*`, `abio.validation.*`, `abio.results.*`, `abio.hidden.*`, `abio.determinism.*`,
 * `abio.scoring.*`) on `scenario`.
 */
export async function checkAbioScenario(scenario: Scenario, options: AbioScenarioCheckOptions = {}): Promise<AbioSuiteReport> {
  const opts = parseWith(AbioScenarioCheckOptionsSchema, options, { what: "checkAbioScenario options" });
  const seeds = opts.seeds ?? [0, 1];
  const limit = opts.maxTurns ?? 40;
  const createSession = opts.createSession ?? defaultSessionFactory;
  const baseSession: SessionOptions = { ...(scenario?.session ?? {}) };
  delete (baseSession as { signal?: unknown }).signal;
  delete (baseSession as { timeLimitMs?: unknown }).timeLimitMs;
  const subject = typeof scenario?.name === "string" ? scenario.name : "scenario";

  const world = (seed: number) => scenario.create({ seed });
  const session = (seed: number, overrides: SessionOptions = {}) => createSession(world(seed), { ...baseSession, maxTurns: limit, ...overrides });
  let probe: { entries: Entry[]; budget: number; finiteBudget: number } | undefined;
  const info = () => {
    if (probe !== undefined) return probe;
    const s = session(seeds[0] as number);
    const entries = entriesOf(s.observe());
    const maxCost = Math.max(0, ...entries.map((e) => e.cost));
    probe = { entries, budget: s.budget, finiteBudget: Number.isFinite(s.budget) ? s.budget : (opts.budget ?? (maxCost > 0 ? 3 * maxCost : 3)) };
    return probe;
  };

  const checks: Record<string, Check> = {
    "abio.scenario.create": () => {
      for (const seed of seeds) {
        let w: AbioEnvironment;
        try {
          w = world(seed);
        } catch (e) {
          fail(`create({ seed: ${seed} }) threw ${describe(e)}`);
        }
        try {
          createSession(w, { ...baseSession });
        } catch (e) {
          fail(`the session rejected the world of seed ${seed}: ${describe(e)}`);
        }
      }
      const e = info().entries;
      return `${e.filter((x) => x.kind === "action").length} actions, ${e.filter((x) => x.kind === "measurement").length} measurements`;
    },

    "abio.observation.initial": async () => {
      for (const seed of seeds) {
        const s = session(seed);
        const first = s.observe();
        if (first.step !== 0) fail(`seed ${seed}: the first observation has step ${first.step}, not 0`);
        if (!first.isInitial()) fail(`seed ${seed}: the first observation's isInitial() is false`);
        if (first.spent !== 0) fail(`seed ${seed}: the first observation has spent ${first.spent}, not 0`);
        if (first.remaining !== first.budget) fail(`seed ${seed}: remaining ${first.remaining} != budget ${first.budget} at the start`);
        if (s.observe().isInitial()) fail(`seed ${seed}: a second observe() is still initial`);
        const run = await drive(session(seed), sweepAgent(), 6);
        run.results.forEach((r, i) => {
          if (r.isInitial()) fail(`seed ${seed}: ${at(i, r)} is initial`);
        });
      }
    },

    "abio.observation.json": async () => {
      for (const seed of seeds) {
        const run = await drive(session(seed), sweepAgent(), limit);
        for (const o of [run.initial, ...run.results]) {
          const text = JSON.stringify(o);
          const back = Observation.fromJSON(JSON.parse(text));
          if (back.constructor !== o.constructor) fail(`seed ${seed}: a ${o.constructor.name} came back as a ${back.constructor.name}`);
          if (!jsonEqual(JSON.parse(JSON.stringify(back)) as JsonValue, JSON.parse(text) as JsonValue)) fail(`seed ${seed}: ${text.slice(0, 200)} did not survive a JSON round trip`);
          if (back.isInitial() !== o.isInitial()) fail(`seed ${seed}: isInitial() changed in the round trip`);
        }
      }
    },

    "abio.budget.accounting": async () => {
      for (const seed of seeds) {
        for (const agent of [sweepAgent(), spenderAgent()]) {
          const s = session(seed, { budget: info().finiteBudget, budgetPolicy: "soft" });
          const run = await drive(s, agent, limit);
          let sum = 0;
          run.results.forEach((r, i) => {
            if (!Number.isFinite(r.cost) || r.cost < 0) fail(`seed ${seed}, ${agent.name}: ${at(i, r)} has cost ${r.cost}`);
            sum += r.cost;
            if (Math.abs(r.spent - sum) > 1e-9 * Math.max(1, sum)) fail(`seed ${seed}, ${agent.name}: ${at(i, r)}: spent ${r.spent} but the costs sum to ${sum}`);
            if (Math.abs(r.remaining - (r.budget - r.spent)) > 1e-9 * Math.max(1, Math.abs(r.budget))) fail(`seed ${seed}, ${agent.name}: ${at(i, r)}: remaining != budget - spent`);
          });
          if (Math.abs(s.spent - sum) > 1e-9 * Math.max(1, sum)) fail(`seed ${seed}, ${agent.name}: the session's spent ${s.spent} != the sum of costs ${sum}`);
        }
      }
    },

    "abio.budget.hard-never-exceeded": async () => {
      // The scenario's budget, and one that leaves half of the largest cost after a single purchase,
      // so the spender's second request must be refused.
      const maxCost = Math.max(0, ...info().entries.map((e) => e.cost));
      const budgets = [...new Set([info().finiteBudget, ...(maxCost > 0 ? [1.5 * maxCost] : [])])];
      let refused = 0;
      for (const seed of seeds) {
        for (const [budget, agent] of budgets.flatMap((b) => [[b, spenderAgent()], [b, sweepAgent()]] as const)) {
          const s = session(seed, { budget, budgetPolicy: "hard" });
          const run = await drive(s, agent, limit);
          run.results.forEach((r, i) => {
            if (r.spent > r.budget) fail(`seed ${seed}, ${agent.name}: ${at(i, r)} overspent under the hard policy`);
            if (r.remaining < 0) fail(`seed ${seed}, ${agent.name}: ${at(i, r)} has negative remaining under the hard policy`);
            if (!r.success) refused += 1;
          });
          if (s.spent > s.budget) fail(`seed ${seed}, ${agent.name}: the session spent ${s.spent} of ${s.budget}`);
        }
      }
      return `budgets ${budgets.join(", ")}; ${refused} failed or refused attempts, never overspent`;
    },

    "abio.budget.exact-remaining": async () => {
      const entry = info().entries.filter((e) => e.cost > 0).sort((a, b) => a.cost - b.cost)[0];
      if (entry === undefined) skip("no action or measurement has a positive cost");
      for (const seed of seeds) {
        const s = session(seed, { budget: entry.cost, budgetPolicy: "hard" });
        s.observe();
        const r = s.act({ name: entry.name, kind: entry.kind, params: validParams(entry, 0) });
        if (!r.success && r.error !== null && /budget/i.test(r.error)) fail(`seed ${seed}: ${entry.name} costing exactly the remaining ${entry.cost} was refused: ${r.error}`);
        if (r.success && r.remaining !== 0) fail(`seed ${seed}: after spending exactly the budget, remaining is ${r.remaining}`);
        if (r.success && !s.isDone()) fail(`seed ${seed}: the run did not end with the budget spent`);
        if (r.success && s.doneReason !== "budget_exceeded" && s.doneReason !== "terminal") fail(`seed ${seed}: the run ended with ${s.doneReason}, not budget_exceeded`);
      }
      return `${entry.name} (cost ${entry.cost}) with a budget of ${entry.cost}`;
    },

    "abio.budget.soft-ends": async () => {
      const entries = info().entries;
      const top = entries.reduce<Entry | undefined>((a, b) => (a === undefined || b.cost > a.cost ? b : a), undefined);
      if (top === undefined || top.cost === 0) skip("no action or measurement has a positive cost");
      for (const seed of seeds) {
        const s = session(seed, { budget: top.cost / 2, budgetPolicy: "soft" });
        s.observe();
        const r = s.act({ name: top.name, kind: top.kind, params: validParams(top, 0) });
        if (r.spent <= r.budget) {
          if (r.success) fail(`seed ${seed}: ${top.name} (cost ${top.cost}) ran with a budget of ${top.cost / 2} but spent only ${r.spent}`);
          continue; // the world refused it for its own reasons
        }
        if (!(r.remaining < 0)) fail(`seed ${seed}: remaining ${r.remaining} is not negative after overspending`);
        if (!s.isDone()) fail(`seed ${seed}: the run goes on after overspending under the soft policy`);
      }
    },

    "abio.steps.accounting": async () => {
      for (const seed of seeds) {
        const s = session(seed);
        const run = await drive(s, sweepAgent(), limit);
        if (run.initial.step !== 0) fail(`seed ${seed}: initial step ${run.initial.step}`);
        let step = 0;
        const kinds = new Map(entriesOf(run.initial).map((e) => [e.name, e.kind]));
        run.results.forEach((r, i) => {
          const advance = r.success && kinds.get(r.action_name) === "action" ? 1 : 0;
          step += advance;
          if (r.step !== step) fail(`seed ${seed}: ${at(i, r)}: expected step ${step} (${advance ? "a successful action" : "no advance"})`);
        });
        if (s.step !== step) fail(`seed ${seed}: the session reports step ${s.step}, the results ${step}`);
      }
    },

    "abio.steps.limit": async () => {
      if (!info().entries.some((e) => e.kind === "action")) skip("the scenario declares no actions");
      for (const seed of seeds) {
        const s = session(seed, { maxSteps: 2, budget: Infinity });
        const run = await drive(s, sweepAgent(), limit);
        run.results.forEach((r, i) => {
          if (r.step > 2) fail(`seed ${seed}: ${at(i, r)} exceeds maxSteps 2`);
        });
        if (s.step === 2 && s.doneReason !== "max_steps" && s.doneReason !== "terminal") fail(`seed ${seed}: step 2 reached but the run ended with ${String(s.doneReason)}`);
      }
    },

    "abio.turns.limit": async () => {
      for (const seed of seeds) {
        const s = session(seed, { maxTurns: 5, budget: Infinity });
        const run = await drive(s, sweepAgent(), 50);
        if (run.results.length > 5) fail(`seed ${seed}: ${run.results.length} results with maxTurns 5`);
        if (run.results.length === 5 && s.doneReason === null) fail(`seed ${seed}: 5 turns taken but the run did not end`);
      }
    },

    "abio.validation.unknown-name": () => {
      for (const seed of seeds) {
        const s = session(seed, { budget: Infinity });
        s.observe();
        let r: ActionResult;
        try {
          r = s.act({ name: "__no_such_action__", params: {} });
        } catch (e) {
          fail(`seed ${seed}: an unknown name threw ${describe(e)}`);
        }
        if (r.success) fail(`seed ${seed}: an unknown name succeeded`);
        if (r.error === null || !r.error.includes("__no_such_action__")) fail(`seed ${seed}: the error does not name the action: ${String(r.error)}`);
        if (r.cost !== s.errorCost) fail(`seed ${seed}: an unknown name cost ${r.cost}, not the error cost ${s.errorCost}`);
        if (r.step !== 0) fail(`seed ${seed}: an unknown name advanced the step to ${r.step}`);
      }
    },

    "abio.validation.bad-params": () => {
      const withParams = info().entries.filter((e) => e.params.length > 0);
      let count = 0;
      for (const seed of seeds) {
        for (const e of info().entries) {
          const good = validParams(e, 0);
          const bad: [string, Record<string, JsonValue>][] = [["an unknown parameter", { ...good, __unknown__: 1 }]];
          for (const p of e.params) {
            const missing = { ...good };
            delete missing[p.name];
            if (!p.optional) bad.push([`missing ${p.name}`, missing]);
            bad.push([`${p.name} of the wrong type`, { ...good, [p.name]: wrongValue(p) }]);
          }
          for (const [label, params] of bad) {
            const s = session(seed, { budget: Infinity });
            s.observe();
            let r: ActionResult;
            try {
              r = s.act({ name: e.name, kind: e.kind, params });
            } catch (err) {
              fail(`seed ${seed}: ${e.name} with ${label} threw ${describe(err)}`);
            }
            if (r.success) fail(`seed ${seed}: ${e.name} with ${label} (${stableStringify(params)}) succeeded`);
            if (r.error === null || r.error === "") fail(`seed ${seed}: ${e.name} with ${label} failed without an error message`);
            count += 1;
          }
        }
      }
      return `${count} malformed requests over ${withParams.length} parameterised names`;
    },

    "abio.results.delivered": async () => {
      for (const seed of seeds) {
        const run = await drive(session(seed), sweepAgent(), limit);
        if (run.delivered[0] !== run.initial) fail(`seed ${seed}: the first decision did not get the initial observation`);
        run.results.forEach((r, i) => {
          const next = run.delivered[i + 1];
          if (next !== undefined && next !== r) fail(`seed ${seed}: decision #${i + 1} did not get ${at(i, r)}`);
        });
        // The real runner too: every result reaches the agent, in order, and is in the trace.
        const seen: Observation[] = [];
        const inner = sweepAgent();
        const results = await runExperiment(scenario, { name: "recorder", decide: (o, c) => (seen.push(o), inner.decide(o, c)) }, {
          seed,
          session: { ...baseSession, maxTurns: limit },
        });
        results.trace.forEach((rec, i) => {
          const next = seen[i + 1];
          if (next !== undefined && next !== rec.observation) fail(`seed ${seed}: the runner did not deliver trace[${i}] to decision #${i + 1}`);
        });
        if (seen.length < results.trace.length) fail(`seed ${seed}: ${results.trace.length} results but only ${seen.length} decisions`);
      }
    },

    "abio.hidden.only-by-measurement": async () => {
      const probeWorld = world(seeds[0] as number);
      if (typeof probeWorld.hiddenState !== "function") skip("the world has no hiddenState()");
      for (const seed of seeds) {
        const w = world(seed);
        const hiddenKeys = Object.keys(w.hiddenState?.() ?? {});
        const s = createSession(w, { ...baseSession, maxTurns: limit, budget: Infinity });
        const run = await drive(s, sweepAgent(), limit);
        const kinds = new Map(entriesOf(run.initial).map((e) => [e.name, e.kind]));
        for (const o of [run.initial, ...run.results]) {
          for (const key of hiddenKeys) if (key in o.current_state) fail(`seed ${seed}: hidden key ${key} appears in current_state`);
          if (o instanceof ActionResult && kinds.get(o.action_name) === "action" && o.data !== null) fail(`seed ${seed}: action ${o.action_name} returned data ${stableStringify(o.data)}`);
        }
      }
    },

    "abio.determinism.seed": async () => {
      for (const seed of seeds) {
        const a = await drive(session(seed), sweepAgent(), limit);
        const b = await drive(session(seed), sweepAgent(), limit);
        const ta = stableStringify([a.initial, ...a.results]);
        const tb = stableStringify([b.initial, ...b.results]);
        if (ta !== tb) {
          const i = [a.initial, ...a.results].findIndex((o, j) => stableStringify(o) !== stableStringify([b.initial, ...b.results][j]));
          fail(`seed ${seed}: two runs differ at observation #${i}`);
        }
      }
    },

    "abio.scoring.reported": async () => {
      for (const seed of seeds) {
        for (const agent of [sweepAgent(), spenderAgent()]) {
          const results = await runExperiment(scenario, agent, { seed, session: { ...baseSession, maxTurns: limit } });
          const errors = Object.entries(results.scoring_errors);
          if (errors.length > 0) fail(`seed ${seed}, ${agent.name}: ${errors.map(([k, v]) => `${k}: ${v}`).join("; ")}`);
          if (results.status === "incomplete") fail(`seed ${seed}, ${agent.name}: the run is incomplete (${results.end_reason}: ${String(results.error)})`);
        }
      }
    },
  };

  return runChecks("abio-scenario", subject, checks, { skip: opts.skip ?? {}, only: opts.only }, async () => {
    const parsed = ScenarioSchema.safeParse(scenario);
    if (!parsed.success) return `not a scenario: ${parsed.error.issues[0]?.message ?? "invalid"}`;
    try {
      createSession(scenario.create({ seed: seeds[0] as number }), { ...baseSession });
      return undefined;
    } catch (e) {
      return `cannot create a session: ${describe(e)}`;
    }
  });
}

// -----------------------------------------------------------------------------------------------------
// The agent suite

/** zod schema of `checkAbioAgent`'s options. */
export const AbioAgentCheckOptionsSchema = z.strictObject({
  /** Seeds to run. Default [0, 1, 2]. */
  seeds: z.array(z.int().min(0).max(4294967295)).min(1).optional(),
  /** The scenario to run the agent on. Default: `labScenario()`. */
  scenario: ScenarioSchema.optional(),
  /** Turn limit per run. Default 60. */
  maxTurns: z.int().min(1).optional(),
  /** Opt-outs: check id -> reason (reported as skipped with the reason). Default: none. */
  skip: z.record(z.string(), z.string().min(1)).optional(),
  /** Run only these check ids. Default: every check. */
  only: z.array(z.string()).optional(),
});
export type AbioAgentCheckOptions = z.input<typeof AbioAgentCheckOptionsSchema>;

/**
 * Runs the agent suite (`abio.agent.*`) on a factory of fresh agents (`{ name, create({ scenario, seed }) }`
 * or a function `(seed) => Agent`).
 */
export async function checkAbioAgent(factory: AgentFactory | ((seed: number) => Agent), options: AbioAgentCheckOptions = {}): Promise<AbioSuiteReport> {
  const opts = parseWith(AbioAgentCheckOptionsSchema, options, { what: "checkAbioAgent options" });
  const seeds = opts.seeds ?? [0, 1, 2];
  const scenario = (opts.scenario as Scenario | undefined) ?? labScenario();
  const maxTurns = opts.maxTurns ?? 60;
  const make = (s: Scenario, seed: number): Agent => (typeof factory === "function" ? factory(seed) : factory.create({ scenario: s.name, seed }));
  const subject = typeof factory === "function" ? factory.name || "agent" : factory.name;
  const run = (s: Scenario, seed: number) => runExperiment(s, make(s, seed), { seed, session: { ...(s.session ?? {}), maxTurns } });

  const checks: Record<string, Check> = {
    "abio.agent.protocol": () => {
      const agent = make(scenario, seeds[0] as number);
      if (agent === null || typeof agent !== "object") fail(`the factory returned ${typeof agent}, not an agent object`);
      if (typeof agent.decide !== "function") fail("decide is not a function");
      for (const hook of ["start", "end"] as const) if (agent[hook] !== undefined && typeof agent[hook] !== "function") fail(`${hook} is not a function`);
    },
    "abio.agent.completes": async () => {
      for (const seed of seeds) {
        const r = await run(scenario, seed);
        if (r.end_reason === "agent_error") fail(`seed ${seed}: ${String(r.error)}`);
      }
    },
    "abio.agent.valid-actions": async () => {
      for (const seed of seeds) {
        const r = await run(scenario, seed);
        for (const [i, rec] of r.trace.entries()) {
          const err = rec.observation.error ?? "";
          if (/^(Unknown (action|measurement)|Missing required parameter|Parameter |Unknown parameter|Parameters of |Invalid action)/.test(err)) {
            fail(`seed ${seed}: decision #${i} (${stableStringify(rec.action)}) was invalid: ${err}`);
          }
        }
      }
    },
    "abio.agent.no-actions": async () => {
      const empty = emptyScenario();
      for (const seed of seeds) {
        const r = await runExperiment(empty, make(empty, seed), { seed, session: { maxTurns: 10 } });
        if (r.end_reason === "agent_error") fail(`seed ${seed}: ${String(r.error)}`);
        if (r.end_reason !== "agent_done") fail(`seed ${seed}: the run ended with ${r.end_reason} after ${r.turns} turns, not agent_done`);
      }
    },
    "abio.agent.determinism": async () => {
      for (const seed of seeds) {
        const a = await run(scenario, seed);
        const b = await run(scenario, seed);
        const ta = stableStringify(a.trace.map((t) => t.action));
        const tb = stableStringify(b.trace.map((t) => t.action));
        if (ta !== tb) fail(`seed ${seed}: two runs made different decisions`);
      }
    },
  };
  return runChecks("abio-agent", subject, checks, { skip: opts.skip ?? {}, only: opts.only });
}
