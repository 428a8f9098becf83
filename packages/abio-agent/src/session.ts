/**
 * `AbioSession`: one run of an agent in a world, with honest accounting.
 *
 * - `observe()` -> `Observation`; only the first observation of a session is initial.
 * - `act(action)` -> `ActionResult`. An unknown name, malformed action or bad parameter is a failed
 *   result (charged `errorCost`), never an exception. A measurement does not advance `step`; a
 *   successful action advances it by one; a failed attempt does not.
 * - The run ends (latched, `doneReason`) when the agent sends `done`, the budget is spent
 *   (`budget_exceeded`), `step` reaches `maxSteps`, the turn count reaches `maxTurns`, the world is
 *   terminal, the time limit passes or the signal aborts, or the scenario breaks (`scenario_error`).
 * - Budget policies: `hard` refuses an action whose cost exceeds `remaining` (the refusal is a failed
 *   result charged `refusalCost`, default 0; errors are charged at most what remains), so `spent`
 *   never exceeds `budget`; `soft` runs it,
 *   lets `remaining` go negative, and the run ends after that result.
 */
import { AbioStateError, AbioValidationError, describeValue, parseWith } from "./errors.js";
import { freezeJson, jsonProblem, type JsonObject, type JsonValue } from "./json.js";
import type { AbioEnvironment, ExecuteOutcome } from "./scenario.js";
import { evaluateScores, defaultScoringRegistry, mainScoreName, type Scorer, type ScoringContext, type ScoringRegistry } from "./scoring.js";
import { SESSION_DEFAULTS, SessionOptionsSchema, type BudgetPolicy, type SessionOptions } from "./session-options.js";
import { normalizeSpecs, paramsProblem, type ActionKind, type NormalizedSpec } from "./spec.js";
import {
  Action,
  ActionResult,
  ActionSchema,
  ExperimentResults,
  INCOMPLETE_REASONS,
  InvalidAction,
  Observation,
  type ActionInput,
  type EndReason,
  type TraceRecord,
} from "./types.js";

/** The name that ends a run when sent as an action (the reference's built-in `done`); scenarios cannot declare it. */
export const DONE_ACTION = "done";

function errorMessage(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return describeValue(error);
}

function defaultClock(): number {
  return performance.now();
}

/** Options of `AbioSession.results()`. */
export interface SessionResultsOptions {
  readonly scenario?: string | undefined;
  readonly agent?: string | null | undefined;
  readonly seed?: number | null | undefined;
  /** name -> scorer or registry name; `budget_compliance` is added when absent. */
  readonly scoring?: Readonly<Record<string, Scorer | string>> | undefined;
  readonly registry?: ScoringRegistry | undefined;
  /** Default 0.5. */
  readonly passingScore?: number | undefined;
}

export class AbioSession {
  readonly environment: AbioEnvironment;
  readonly budget: number;
  readonly budgetPolicy: BudgetPolicy;
  readonly errorCost: number;
  readonly refusalCost: number;
  readonly maxSteps: number;
  readonly maxTurns: number;
  readonly timeLimitMs: number | undefined;

  readonly #briefing: string;
  readonly #constitution: string;
  readonly #actions: ReadonlyMap<string, NormalizedSpec>;
  readonly #measurements: ReadonlyMap<string, NormalizedSpec>;
  readonly #availableActions: JsonObject;
  readonly #availableMeasurements: JsonObject;
  readonly #signal: AbortSignal | undefined;
  readonly #clock: () => number;
  readonly #startedAt: number;
  readonly #trace: TraceRecord[] = [];
  readonly #epsilon: number;

  #step = 0;
  #turns = 0;
  #spent = 0;
  #firstObservation = true;
  #doneReason: EndReason | null = null;
  #error: string | null = null;
  #initialState: JsonObject | null = null;
  #lastState: JsonObject | null = null;
  #closed = false;

  /**
   * @throws AbioValidationError for bad options or a malformed environment declaration (names the field).
   */
  constructor(environment: AbioEnvironment, options: SessionOptions = {}) {
    const opts = parseWith(SessionOptionsSchema, options, { what: "session options" });
    if (environment === null || typeof environment !== "object") throw AbioValidationError.invalid("environment", "an AbioEnvironment object", environment);
    for (const method of ["observableState", "execute"] as const) {
      if (typeof environment[method] !== "function") throw AbioValidationError.invalid(`environment.${method}`, "a function", environment[method]);
    }
    for (const key of ["briefing", "constitution"] as const) {
      const value = environment[key];
      if (value !== undefined && typeof value !== "string") throw AbioValidationError.invalid(`environment.${key}`, "a string", value);
    }
    const envBudget = environment.budget;
    if (envBudget !== undefined && !(typeof envBudget === "number" && envBudget >= 0 && !Number.isNaN(envBudget))) {
      throw AbioValidationError.invalid("environment.budget", "a number >= 0 or Infinity", envBudget);
    }
    this.environment = environment;
    this.#briefing = environment.briefing ?? "";
    this.#constitution = environment.constitution ?? "";
    const actions = normalizeSpecs(environment.actions, "action", "available_actions");
    const measurements = normalizeSpecs(environment.measurements, "measurement", "available_measurements");
    for (const spec of [...actions, ...measurements]) {
      if (spec.name === DONE_ACTION) {
        throw new AbioValidationError(`"${DONE_ACTION}" is reserved: it ends the run`, {
          parameter: `${spec.kind === "action" ? "available_actions" : "available_measurements"}.${DONE_ACTION}`,
          expected: "another name",
          received: DONE_ACTION,
        });
      }
    }
    this.#actions = new Map(actions.map((s) => [s.name, s]));
    this.#measurements = new Map(measurements.map((s) => [s.name, s]));
    this.#availableActions = freezeJson(Object.fromEntries(actions.map((s) => [s.name, s.info])));
    this.#availableMeasurements = freezeJson(Object.fromEntries(measurements.map((s) => [s.name, s.info])));

    this.budget = opts.budget ?? envBudget ?? SESSION_DEFAULTS.budget;
    this.budgetPolicy = opts.budgetPolicy ?? SESSION_DEFAULTS.budgetPolicy;
    this.errorCost = opts.errorCost ?? SESSION_DEFAULTS.errorCost;
    this.refusalCost = opts.refusalCost ?? SESSION_DEFAULTS.refusalCost;
    this.maxSteps = opts.maxSteps ?? SESSION_DEFAULTS.maxSteps;
    this.maxTurns = opts.maxTurns ?? SESSION_DEFAULTS.maxTurns;
    this.timeLimitMs = opts.timeLimitMs;
    this.#signal = opts.signal;
    this.#clock = opts.clock ?? defaultClock;
    this.#startedAt = this.#clock();
    this.#epsilon = Number.isFinite(this.budget) ? 1e-9 * Math.max(1, this.budget) : 0;
    this.#checkLimits();
  }

  // -------------------------------------------------------------------------------------------------
  // Accounting

  /** Successful actions so far (0 at start). */
  get step(): number {
    return this.#step;
  }
  /** act() calls so far. */
  get turns(): number {
    return this.#turns;
  }
  get spent(): number {
    return this.#spent;
  }
  /** `budget - spent` (negative only under the soft policy). */
  get remaining(): number {
    return this.budget - this.#spent;
  }
  /** The action -> result records so far (a frozen copy). */
  get trace(): readonly TraceRecord[] {
    return Object.freeze([...this.#trace]);
  }
  /** Why the run ended, or null while it runs. */
  get doneReason(): EndReason | null {
    return this.#doneReason;
  }
  /** The agent's or scenario's error that ended the run, or null. */
  get error(): string | null {
    return this.#error;
  }
  /** The normalised info dicts shown to the agent. */
  get availableActions(): JsonObject {
    return this.#availableActions;
  }
  get availableMeasurements(): JsonObject {
    return this.#availableMeasurements;
  }

  /** True once the run has ended; evaluates the time limit and the signal (and latches what it finds). */
  isDone(): boolean {
    if (this.#doneReason === null) this.#checkLimits();
    if (this.#doneReason === null) this.#checkClock();
    return this.#doneReason !== null;
  }

  /**
   * Ends the run with `reason` (first reason wins; later calls are ignored). The runner uses it for
   * `agent_done` (the agent returned nothing), `agent_error`, `aborted` and `time_exceeded`.
   */
  end(reason: EndReason, error?: string): void {
    if (this.#doneReason !== null) return;
    this.#doneReason = reason;
    if (error !== undefined) this.#error = error;
    this.#close();
  }

  // -------------------------------------------------------------------------------------------------
  // Observation

  /** The current observation. `isInitial()` is true only for the first call, before any act(). */
  observe(): Observation {
    const initial = this.#firstObservation;
    this.#firstObservation = false;
    return new Observation({ ...this.#observationFields(), _is_initial: initial });
  }

  #observationFields() {
    const state = this.#readState();
    return {
      briefing: this.#briefing,
      constitution: this.#constitution,
      available_actions: this.#availableActions,
      available_measurements: this.#availableMeasurements,
      current_state: state,
      step: this.#step,
      budget: this.budget,
      spent: this.#spent,
      remaining: this.budget - this.#spent,
    };
  }

  /** The environment's observable state, checked to be a JSON object; a failure ends the run (`scenario_error`). */
  #readState(): JsonObject {
    if (this.#doneReason === "scenario_error" && this.#lastState !== null) return this.#lastState;
    let state: unknown;
    try {
      state = this.environment.observableState();
    } catch (error) {
      this.#scenarioError(`observableState() threw ${errorMessage(error)}`);
      return this.#lastState ?? {};
    }
    const problem = state === null || typeof state !== "object" || Array.isArray(state) ? "not a JSON object" : jsonProblem(state, "current_state");
    if (problem !== undefined) {
      this.#scenarioError(`observableState() returned an invalid state: ${problem}`);
      return this.#lastState ?? {};
    }
    const frozen = freezeJson(state as JsonObject);
    if (this.#initialState === null) this.#initialState = frozen;
    this.#lastState = frozen;
    return frozen;
  }

  // -------------------------------------------------------------------------------------------------
  // Acting

  /**
   * Executes an action or measurement and returns its result. Never throws for a bad action.
   * @throws AbioStateError when the run has already ended (check `isDone()` first).
   */
  act(action: Action | ActionInput | InvalidAction): ActionResult {
    if (this.isDone()) {
      throw new AbioStateError(`the session has ended (${this.#doneReason}); act() is not allowed`, {
        parameter: "action",
        expected: "a running session (isDone() === false)",
      });
    }
    this.#turns += 1;
    this.#firstObservation = false;

    if (action instanceof InvalidAction) {
      const attempted = Action.from({ name: action.name, params: {}, ...(action.reasoning !== null ? { reasoning: action.reasoning } : {}) });
      return this.#fail(attempted, `Invalid action: ${action.error}`);
    }
    const parsed = ActionSchema.safeParse(action);
    if (!parsed.success) {
      const name = action !== null && typeof action === "object" && typeof (action as { name?: unknown }).name === "string" ? (action as { name: string }).name : "";
      const first = parsed.error.issues[0];
      const where = first === undefined || first.path.length === 0 ? "action" : first.path.join(".");
      const fallback = Action.from({ name, params: {} });
      return this.#fail(fallback, `Invalid action: ${where}: ${first?.message ?? "malformed"} (expected { name: string, params?: object, reasoning?: string })`);
    }
    const act = action instanceof Action ? action : new Action(parsed.data as ActionInput);

    if (act.name === DONE_ACTION) {
      const result = this.#record(act, { success: true, cost: 0, data: null, error: null });
      this.end("agent_done");
      return result;
    }

    const spec = this.#resolve(act);
    if (typeof spec === "string") return this.#fail(act, spec);
    const problem = paramsProblem(spec, act.params);
    if (problem !== undefined) return this.#fail(act, problem);

    // The price, quoted before anything happens.
    let cost = spec.cost;
    if (typeof this.environment.quoteCost === "function") {
      let quoted: unknown;
      try {
        quoted = this.environment.quoteCost({ name: spec.name, kind: spec.kind, params: act.params });
      } catch (error) {
        return this.#broken(act, `quoteCost() threw ${errorMessage(error)}`);
      }
      if (typeof quoted !== "number" || !Number.isFinite(quoted) || quoted < 0) {
        return this.#broken(act, `quoteCost() returned ${describeValue(quoted)}, not a finite number >= 0`);
      }
      cost = quoted;
    }

    if (this.budgetPolicy === "hard" && cost > this.remaining && !this.#nearlyEqual(cost, this.remaining)) {
      return this.#fail(
        act,
        `Insufficient budget: ${spec.name} costs ${cost} but only ${this.#format(this.remaining)} remains (hard budget policy)`,
        this.refusalCost,
      );
    }

    let outcome: ExecuteOutcome | void;
    try {
      outcome = this.environment.execute({ name: spec.name, kind: spec.kind, params: act.params, cost });
    } catch (error) {
      return this.#broken(act, `execute(${JSON.stringify(spec.name)}) threw ${errorMessage(error)}`);
    }
    const checked = this.#checkOutcome(spec.kind, outcome);
    if (typeof checked === "string") return this.#broken(act, checked);

    this.#charge(cost);
    if (checked.success && spec.kind === "action") this.#step += 1;
    const result = this.#record(act, { success: checked.success, cost, data: checked.data, error: checked.error });
    this.#checkLimits();
    return result;
  }

  /** The declaration an action refers to, or the reference's error message (`Unknown action: x`). */
  #resolve(action: Action): NormalizedSpec | string {
    const kind: ActionKind = action.kind ?? (this.#measurements.has(action.name) ? "measurement" : "action");
    const spec = (kind === "measurement" ? this.#measurements : this.#actions).get(action.name);
    if (spec !== undefined) return spec;
    // The reference's message, exactly: the declared names are in the observation.
    return `Unknown ${kind}: ${action.name}`;
  }

  #checkOutcome(kind: ActionKind, outcome: unknown): { success: boolean; error: string | null; data: JsonValue } | string {
    if (outcome === undefined || outcome === null) return { success: true, error: null, data: null };
    if (typeof outcome !== "object" || Array.isArray(outcome)) return `execute() returned ${describeValue(outcome)}, not an outcome object`;
    const { success, error, data } = outcome as ExecuteOutcome;
    if (success !== undefined && typeof success !== "boolean") return `execute() returned success ${describeValue(success)}, not a boolean`;
    if (error !== undefined && error !== null && typeof error !== "string") return `execute() returned error ${describeValue(error)}, not a string`;
    if (data !== undefined && data !== null) {
      if (kind === "action") return "execute() returned data for an action: only measurements may reveal state";
      const problem = jsonProblem(data, "data");
      if (problem !== undefined) return `execute() returned invalid data: ${problem}`;
    }
    const ok = success ?? true;
    return { success: ok, error: ok ? null : (error ?? "the action failed"), data: data === undefined || data === null ? null : freezeJson(data) };
  }

  /** A failed attempt: charged `charge` (`errorCost` unless given; under `hard`, at most what remains). */
  #fail(action: Action, message: string, charge: number = this.errorCost): ActionResult {
    const cost = this.budgetPolicy === "hard" ? Math.min(charge, Math.max(0, this.remaining)) : charge;
    this.#charge(cost);
    const result = this.#record(action, { success: false, cost, data: null, error: message });
    this.#checkLimits();
    return result;
  }

  /** The scenario broke its protocol: the run ends with `scenario_error`; nothing is charged. */
  #broken(action: Action, message: string): ActionResult {
    this.#scenarioError(message);
    return this.#record(action, { success: false, cost: 0, data: null, error: `Scenario error: ${message}` });
  }

  #scenarioError(message: string): void {
    if (this.#doneReason !== null) return;
    this.end("scenario_error", message);
  }

  #charge(cost: number): void {
    this.#spent += cost;
    // Floating-point drift must not make an exact spend look like an overspend (or the reverse).
    if (Number.isFinite(this.budget) && this.#nearlyEqual(this.#spent, this.budget)) this.#spent = this.budget;
  }

  #nearlyEqual(a: number, b: number): boolean {
    return Math.abs(a - b) <= this.#epsilon;
  }

  #format(n: number): string {
    return String(Math.round(n * 1e9) / 1e9);
  }

  #record(action: Action, outcome: { success: boolean; cost: number; data: JsonValue; error: string | null }): ActionResult {
    const result = new ActionResult({
      ...this.#observationFields(),
      _is_initial: false,
      action_name: action.name,
      success: outcome.success,
      error: outcome.error,
      data: outcome.data,
      cost: outcome.cost,
    });
    this.#trace.push(Object.freeze({ action, observation: result, step: this.#step, cumulative_cost: this.#spent }));
    return result;
  }

  /** Latches the deterministic end conditions, in this order: terminal world, step limit, budget, turn limit. */
  #checkLimits(): void {
    if (this.#doneReason !== null) return;
    let terminal = false;
    if (typeof this.environment.isTerminal === "function") {
      try {
        terminal = this.environment.isTerminal() === true;
      } catch (error) {
        this.#scenarioError(`isTerminal() threw ${errorMessage(error)}`);
        return;
      }
    }
    if (terminal) this.end("terminal");
    else if (this.#step >= this.maxSteps) this.end("max_steps");
    else if (this.#spent >= this.budget) this.end("budget_exceeded");
    else if (this.#turns >= this.maxTurns) this.end("max_turns");
  }

  #checkClock(): void {
    const signal = this.#signal;
    if (signal?.aborted === true) {
      const reason: unknown = signal.reason;
      const timeout = reason !== null && typeof reason === "object" && (reason as { name?: unknown }).name === "TimeoutError";
      this.end(timeout ? "time_exceeded" : "aborted", timeout ? undefined : `aborted: ${errorMessage(reason)}`);
      return;
    }
    if (this.timeLimitMs !== undefined && this.#clock() - this.#startedAt >= this.timeLimitMs) this.end("time_exceeded");
  }

  #close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.environment.close?.();
    } catch {
      // A failing close() must not change how the run ended.
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Results

  /** The scoring context of the run so far. */
  scoringContext(seed: number | null = null): ScoringContext {
    let hidden: JsonObject | null = null;
    if (typeof this.environment.hiddenState === "function") {
      try {
        const h = this.environment.hiddenState();
        hidden = jsonProblem(h) === undefined && h !== null && typeof h === "object" ? freezeJson(h) : null;
      } catch {
        hidden = null;
      }
    }
    const initial = this.#initialState ?? this.#readState();
    return Object.freeze({
      trace: this.trace,
      budget: this.budget,
      spent: this.#spent,
      remaining: this.remaining,
      steps: this.#step,
      turns: this.#turns,
      endReason: this.#doneReason ?? "not_done",
      initialState: initial,
      finalState: this.#lastState ?? initial,
      hidden,
      seed,
    });
  }

  /**
   * Scores the run and returns its `ExperimentResults`. A run still in progress is reported as
   * `incomplete` with reason `not_done` (the reference's rule). `passed` requires the main score
   * (`score`, else `budget_compliance`) >= `passingScore`, `spent <= budget` and a completed run.
   */
  results(options: SessionResultsOptions = {}): ExperimentResults {
    const seed = options.seed ?? null;
    const scoring = options.scoring ?? {};
    const context = this.scoringContext(seed);
    const { scores, errors } = evaluateScores(scoring, context, options.registry ?? defaultScoringRegistry);
    const main = scores[mainScoreName(scoring)];
    const reason = this.#doneReason;
    const status = reason === null || INCOMPLETE_REASONS.has(reason) ? "incomplete" : "completed";
    const passingScore = options.passingScore ?? 0.5;
    return new ExperimentResults({
      scenario: options.scenario ?? "unknown",
      agent: options.agent ?? null,
      seed,
      scores,
      trace: this.#trace,
      passed: status === "completed" && main !== undefined && main >= passingScore && this.#spent <= this.budget,
      status,
      incomplete_reason: status === "incomplete" ? (reason ?? "not_done") : null,
      end_reason: reason ?? "not_done",
      error: this.#error,
      scoring_errors: errors,
      budget: this.budget,
      spent: this.#spent,
      steps: this.#step,
      turns: this.#turns,
    });
  }
}
