/**
 * The protocol's data types, as seed 003 (the reference's `alienbio.agent.types`) gives them:
 * `Observation` (with `isInitial()`), `ActionResult` (an Observation plus the action's outcome),
 * `Action` and `ExperimentResults`.
 *
 * Instances are deeply frozen and JSON-serialisable. Their own (enumerable) properties are the
 * reference's data keys (`available_actions`, `current_state`, `_is_initial`, `action_name`, ...), so
 * `JSON.stringify(observation)` is the reference's `dataclasses.asdict(observation)` and `fromJSON`
 * reads it back. camelCase getters (`availableActions`, `currentState`, `actionName`, ...) are provided
 * for TypeScript code and are not serialised.
 */
import * as z from "zod";
import { AbioValidationError, parseWith } from "./errors.js";
import { JsonObjectSchema, JsonValueSchema, freezeJson, jsonEqual, jsonProblem, type JsonObject, type JsonValue } from "./json.js";

// ---------------------------------------------------------------------------------------------------
// Numbers that may be infinite: an unlimited budget is `Infinity` (the reference's default). JSON has
// no Infinity, so it is written as `null` (what JSON.stringify does) and read back as Infinity.

const budgetNumber = z.union([z.number(), z.literal(Infinity), z.literal(-Infinity)]);
const budgetFromJson = z.union([budgetNumber, z.null().transform(() => Infinity)]);
const remainingFromJson = z.union([budgetNumber, z.null().transform(() => Infinity)]);

function jsonNumber(n: number): number | null {
  return Number.isFinite(n) ? n : null;
}

// ---------------------------------------------------------------------------------------------------
// Action

/** What an agent may return: a plain object (`{ name, params?, reasoning? }`) or an `Action`. */
export interface ActionInput {
  readonly name: string;
  readonly params?: Readonly<Record<string, JsonValue>> | undefined;
  /** `"action"` or `"measurement"`; inferred from the declarations when absent (a measurement if one has the name). */
  readonly kind?: "action" | "measurement" | null | undefined;
  /** The agent's explanation of its choice (kept in the trace; never affects execution). */
  readonly reasoning?: string | null | undefined;
}

/** zod schema of an action as JSON (the reference's `Action` dataclass; `wait` is accepted and ignored). */
export const ActionSchema = z.object({
  name: z.string({ error: "a string (the action or measurement name)" }),
  params: JsonObjectSchema.nullish().transform((p) => p ?? {}),
  kind: z.enum(["action", "measurement"]).nullish(),
  reasoning: z.string().nullish(),
  wait: z.boolean().nullish(),
});

export interface ActionJSON {
  readonly name: string;
  readonly params: JsonObject;
  readonly kind?: "action" | "measurement";
  readonly reasoning?: string;
}

/** An action or measurement the agent wants to take: name, params and an optional reasoning. */
export class Action {
  readonly name: string;
  readonly params: JsonObject;
  readonly kind: "action" | "measurement" | undefined;
  readonly reasoning: string | undefined;

  constructor(input: ActionInput) {
    const parsed = parseWith(ActionSchema, input, { what: "Action" });
    this.name = parsed.name;
    this.params = freezeJson(parsed.params);
    this.kind = parsed.kind ?? undefined;
    this.reasoning = parsed.reasoning ?? undefined;
    Object.freeze(this);
  }

  /** `Action.from(x)`: `x` itself when it is an Action, else a new Action (throws `AbioValidationError` when malformed). */
  static from(input: Action | ActionInput): Action {
    return input instanceof Action ? input : new Action(input);
  }

  static fromJSON(json: unknown): Action {
    return new Action(parseWith(ActionSchema, json, { what: "Action JSON" }));
  }

  toJSON(): ActionJSON {
    return {
      name: this.name,
      params: this.params,
      ...(this.kind !== undefined && { kind: this.kind }),
      ...(this.reasoning !== undefined && { reasoning: this.reasoning }),
    };
  }
}

// ---------------------------------------------------------------------------------------------------
// Observation

/** The fields of an observation, spelled as the seed spells them. */
export interface ObservationFields {
  readonly briefing: string;
  readonly constitution: string;
  readonly available_actions: JsonObject;
  readonly available_measurements: JsonObject;
  readonly current_state: JsonObject;
  readonly step: number;
  readonly budget: number;
  readonly spent: number;
  readonly remaining: number;
}

/** Constructor input: the seed's fields; `_is_initial` defaults to true as in the dataclass. */
export interface ObservationInput extends ObservationFields {
  readonly _is_initial?: boolean | undefined;
}

const observationShape = {
  briefing: z.string({ error: "a string" }),
  constitution: z.string({ error: "a string" }),
  available_actions: JsonObjectSchema,
  available_measurements: JsonObjectSchema,
  current_state: JsonObjectSchema,
  step: z.int({ error: "an integer >= 0" }).min(0, { error: "an integer >= 0" }),
  budget: budgetNumber,
  spent: z.number({ error: "a finite number" }),
  remaining: budgetNumber,
  _is_initial: z.boolean().optional(),
};

const ObservationInputSchema = z.object(observationShape);

/** zod schema of an observation's JSON (Python's `asdict(observation)`; unknown keys are ignored). */
export const ObservationSchema = z.object({ ...observationShape, budget: budgetFromJson, remaining: remainingFromJson });

export interface ObservationJSON {
  readonly briefing: string;
  readonly constitution: string;
  readonly available_actions: JsonObject;
  readonly available_measurements: JsonObject;
  readonly current_state: JsonObject;
  readonly step: number;
  /** `null` stands for an unlimited (infinite) budget. */
  readonly budget: number | null;
  readonly spent: number;
  readonly remaining: number | null;
  readonly _is_initial: boolean;
}

function checkJsonFields(input: Record<string, unknown>, keys: readonly string[], what: string): void {
  for (const key of keys) {
    const problem = jsonProblem(input[key], key);
    if (problem !== undefined) throw new AbioValidationError(`invalid ${key} in ${what}: ${problem}`, { parameter: key, expected: "a JSON value", received: input[key] });
  }
}

/**
 * What the agent observes at a decision point. The first observation of a run has `step` 0 and
 * `isInitial()` true; every later one (and every `ActionResult`) has `isInitial()` false.
 */
export class Observation implements ObservationFields {
  readonly briefing: string;
  readonly constitution: string;
  readonly available_actions: JsonObject;
  readonly available_measurements: JsonObject;
  readonly current_state: JsonObject;
  readonly step: number;
  readonly budget: number;
  readonly spent: number;
  readonly remaining: number;
  readonly _is_initial: boolean;

  constructor(input: ObservationInput) {
    checkJsonFields(input as unknown as Record<string, unknown>, ["available_actions", "available_measurements", "current_state"], new.target.name);
    const parsed = parseWith(ObservationInputSchema, input, { what: new.target.name });
    this.briefing = parsed.briefing;
    this.constitution = parsed.constitution;
    this.available_actions = freezeJson(parsed.available_actions);
    this.available_measurements = freezeJson(parsed.available_measurements);
    this.current_state = freezeJson(parsed.current_state);
    this.step = parsed.step;
    this.budget = parsed.budget;
    this.spent = parsed.spent;
    this.remaining = parsed.remaining;
    this._is_initial = parsed._is_initial ?? true;
    if (new.target === Observation) Object.freeze(this);
  }

  /** True only for the first observation of a run (before any action). */
  isInitial(): boolean {
    return this._is_initial;
  }

  /** The reference's spelling of `isInitial()`. */
  is_initial(): boolean {
    return this._is_initial;
  }

  get availableActions(): JsonObject {
    return this.available_actions;
  }
  get availableMeasurements(): JsonObject {
    return this.available_measurements;
  }
  get currentState(): JsonObject {
    return this.current_state;
  }

  /** The names an agent can use: declared actions, then declared measurements. */
  get names(): readonly string[] {
    return [...Object.keys(this.available_actions), ...Object.keys(this.available_measurements)];
  }

  toJSON(): ObservationJSON {
    return {
      briefing: this.briefing,
      constitution: this.constitution,
      available_actions: this.available_actions,
      available_measurements: this.available_measurements,
      current_state: this.current_state,
      step: this.step,
      budget: jsonNumber(this.budget),
      spent: this.spent,
      remaining: jsonNumber(this.remaining),
      _is_initial: this._is_initial,
    };
  }

  /** Reads an observation's JSON (Python's `asdict(observation)` too). An `action_name` key makes it an `ActionResult`. */
  static fromJSON(json: unknown): Observation {
    if (json !== null && typeof json === "object" && "action_name" in json) return ActionResult.fromJSON(json);
    return new Observation(parseWith(ObservationSchema, json, { what: "Observation JSON" }));
  }
}

// ---------------------------------------------------------------------------------------------------
// ActionResult

export interface ActionResultInput extends ObservationInput {
  readonly action_name: string;
  readonly success: boolean;
  readonly error?: string | null | undefined;
  readonly data?: JsonValue | undefined;
  readonly cost: number;
}

const actionResultShape = {
  action_name: z.string({ error: "a string" }),
  success: z.boolean({ error: "a boolean" }),
  error: z.string().nullish(),
  data: JsonValueSchema.optional(),
  cost: z.number({ error: "a finite number" }),
};

const ActionResultInputSchema = z.object(actionResultShape);

/** zod schema of an action result's JSON (unknown keys such as the reference's timing fields are ignored). */
export const ActionResultSchema = ObservationSchema.extend(actionResultShape);

export interface ActionResultJSON extends ObservationJSON {
  readonly action_name: string;
  readonly success: boolean;
  readonly error: string | null;
  readonly data: JsonValue;
  readonly cost: number;
}

/**
 * The outcome of one action: a full observation after the action (so `isInitial()` is false) plus
 * `action_name`, `success`, `error` (null on success), `data` (measurement values; null for actions)
 * and the `cost` charged.
 */
export class ActionResult extends Observation {
  readonly action_name: string;
  readonly success: boolean;
  readonly error: string | null;
  readonly data: JsonValue;
  readonly cost: number;

  constructor(input: ActionResultInput) {
    super({ ...input, _is_initial: input._is_initial ?? false });
    const dataProblem = input.data === undefined ? undefined : jsonProblem(input.data, "data");
    if (dataProblem !== undefined) throw new AbioValidationError(`invalid data in ActionResult: ${dataProblem}`, { parameter: "data", expected: "a JSON value", received: input.data });
    const parsed = parseWith(ActionResultInputSchema, input, { what: "ActionResult" });
    this.action_name = parsed.action_name;
    this.success = parsed.success;
    this.error = parsed.error ?? null;
    this.data = parsed.data === undefined ? null : freezeJson(parsed.data);
    this.cost = parsed.cost;
    if (new.target === ActionResult) Object.freeze(this);
  }

  get actionName(): string {
    return this.action_name;
  }

  override toJSON(): ActionResultJSON {
    return { ...super.toJSON(), action_name: this.action_name, success: this.success, error: this.error, data: this.data, cost: this.cost };
  }

  static override fromJSON(json: unknown): ActionResult {
    const parsed = parseWith(ActionResultSchema, json, { what: "ActionResult JSON" });
    return new ActionResult({ ...parsed, _is_initial: parsed._is_initial ?? false });
  }
}

// ---------------------------------------------------------------------------------------------------
// InvalidAction

/**
 * An attempt the agent made but could not express as an action, e.g. a tool call whose arguments
 * are not valid JSON. The session answers it with a failed `ActionResult` (a turn, charged the
 * error cost), as it does for an unknown name or mistyped parameters, so the agent can retry.
 */
export class InvalidAction {
  /** The name the agent gave, or "" when it gave none. */
  readonly name: string;
  /** Why it is not an action; the failed result's error reads `Invalid action: <error>`. */
  readonly error: string;
  readonly reasoning: string | null;

  constructor(input: { readonly name?: string | null | undefined; readonly error: string; readonly reasoning?: string | null | undefined }) {
    if (input === null || typeof input !== "object" || typeof input.error !== "string" || input.error === "") {
      throw AbioValidationError.invalid("error", "a non-empty string", (input as { error?: unknown } | null)?.error);
    }
    this.name = typeof input.name === "string" ? input.name : "";
    this.error = input.error;
    this.reasoning = typeof input.reasoning === "string" && input.reasoning !== "" ? input.reasoning : null;
    Object.freeze(this);
  }
}

// ---------------------------------------------------------------------------------------------------
// Trace

/** One action -> observation pair (the reference's `ActionObservationRecord`). */
export interface TraceRecord {
  readonly action: Action;
  /** The ActionResult the action produced (delivered to the agent before its next decision). */
  readonly observation: ActionResult;
  /** The step count after the action. */
  readonly step: number;
  /** Total cost spent up to and including this action. */
  readonly cumulative_cost: number;
}

export interface TraceRecordJSON {
  readonly action: ActionJSON;
  /** The full result, or (in the shared-interface export form) the result without its interface fields. */
  readonly observation: ActionResultJSON | SharedInterfaceActionResultJSON;
  readonly step: number;
  readonly cumulative_cost: number;
}

/** What every observation of a run repeats: the briefing, the constitution and the declarations. */
export const INTERFACE_KEYS = Object.freeze(["briefing", "constitution", "available_actions", "available_measurements"] as const);

/** A run's interface, written once per run in the results JSON (key `interface`). */
export interface RunInterfaceJSON {
  readonly briefing: string;
  readonly constitution: string;
  readonly available_actions: JsonObject;
  readonly available_measurements: JsonObject;
}

/** The JSON-pointer a trace observation uses to point at its run's `interface` (relative to the run's results). */
export const SHARED_INTERFACE_REF = "#/interface" as const;

/** An ActionResult's JSON without the interface fields, which are in the run's `interface`. */
export type SharedInterfaceActionResultJSON = Omit<ActionResultJSON, (typeof INTERFACE_KEYS)[number]> & {
  readonly interface: typeof SHARED_INTERFACE_REF;
};

export const RunInterfaceSchema = z.object({
  briefing: z.string(),
  constitution: z.string(),
  available_actions: JsonObjectSchema,
  available_measurements: JsonObjectSchema,
});

function interfaceOf(observation: Observation): RunInterfaceJSON {
  return {
    briefing: observation.briefing,
    constitution: observation.constitution,
    available_actions: observation.available_actions,
    available_measurements: observation.available_measurements,
  };
}

function sameInterface(a: RunInterfaceJSON, b: RunInterfaceJSON): boolean {
  return INTERFACE_KEYS.every((key) => a[key] === b[key] || jsonEqual(a[key], b[key]));
}

export const TraceRecordSchema = z.object({
  action: ActionSchema,
  observation: ActionResultSchema,
  step: z.int().min(0),
  cumulative_cost: z.number(),
});

export function traceRecordToJSON(record: TraceRecord): TraceRecordJSON {
  return { action: record.action.toJSON(), observation: record.observation.toJSON(), step: record.step, cumulative_cost: record.cumulative_cost };
}

/**
 * Reads a trace record's JSON. An observation that points at its run's interface
 * (`interface: "#/interface"`) takes the interface fields from `shared`.
 */
export function traceRecordFromJSON(json: unknown, shared?: RunInterfaceJSON): TraceRecord {
  const observation = json !== null && typeof json === "object" ? (json as { observation?: unknown }).observation : undefined;
  if (observation !== null && typeof observation === "object" && (observation as { interface?: unknown }).interface === SHARED_INTERFACE_REF) {
    if (shared === undefined) {
      throw AbioValidationError.invalid("trace.observation.interface", "a run results object with an `interface` to refer to", SHARED_INTERFACE_REF);
    }
    const { interface: _ref, ...rest } = observation as Record<string, unknown>;
    json = { ...(json as object), observation: { ...shared, ...rest } };
  }
  const parsed = parseWith(TraceRecordSchema, json, { what: "trace record JSON" });
  return Object.freeze({
    action: new Action(parsed.action),
    observation: new ActionResult({ ...parsed.observation, _is_initial: parsed.observation._is_initial ?? false }),
    step: parsed.step,
    cumulative_cost: parsed.cumulative_cost,
  });
}

// ---------------------------------------------------------------------------------------------------
// ExperimentResults

/** Options of `ExperimentResults.toJSON`. */
export interface ResultsJSONOptions {
  /** Include the traces. Default true. */
  readonly trace?: boolean | undefined;
  /** Repeat the briefing, constitution and declarations in every trace record. Default false (written once per run). */
  readonly inlineInterface?: boolean | undefined;
}

/**
 * Why a run ended. The reference's reasons (`agent_done`, `max_steps`, `budget_exceeded`,
 * `time_exceeded`) plus `max_turns` (the limit on act calls), `terminal` (the world ended, e.g. the
 * source was found), `aborted` (the signal was aborted for a reason other than a timeout),
 * `agent_error` (the agent threw), `scenario_error` (the scenario threw or broke its protocol) and
 * `not_done` (results taken from a session that is still running).
 */
export const END_REASONS = Object.freeze([
  "agent_done",
  "budget_exceeded",
  "max_steps",
  "max_turns",
  "time_exceeded",
  "terminal",
  "aborted",
  "agent_error",
  "scenario_error",
  "not_done",
] as const);
export type EndReason = (typeof END_REASONS)[number];

/** The end reasons after which a run is `incomplete`: it was cut short by a failure or an abort. */
export const INCOMPLETE_REASONS: ReadonlySet<EndReason> = new Set<EndReason>(["aborted", "agent_error", "scenario_error", "not_done"]);

export type RunStatus = "completed" | "incomplete";

export interface ExperimentResultsInput {
  readonly scenario: string;
  readonly agent?: string | null | undefined;
  readonly seed: number | null;
  readonly scores: Readonly<Record<string, number>>;
  readonly trace: readonly TraceRecord[];
  readonly passed: boolean;
  readonly status: RunStatus;
  /** Set when `status` is `incomplete` (the reference's field); null otherwise. */
  readonly incomplete_reason?: string | null | undefined;
  readonly end_reason: EndReason;
  readonly error?: string | null | undefined;
  readonly scoring_errors?: Readonly<Record<string, string>> | undefined;
  readonly budget: number;
  readonly spent: number;
  readonly steps: number;
  readonly turns: number;
}

export interface ExperimentResultsJSON {
  readonly scenario: string;
  readonly agent: string | null;
  readonly seed: number | null;
  readonly scores: Readonly<Record<string, number>>;
  readonly trace: readonly TraceRecordJSON[];
  /** The run's interface, written once when trace observations refer to it (the default export form). */
  readonly interface?: RunInterfaceJSON;
  readonly passed: boolean;
  readonly status: RunStatus;
  readonly incomplete_reason: string | null;
  readonly end_reason: EndReason;
  readonly error: string | null;
  readonly scoring_errors: Readonly<Record<string, string>>;
  readonly budget: number | null;
  readonly spent: number;
  readonly steps: number;
  readonly turns: number;
}

export const ExperimentResultsSchema = z.object({
  scenario: z.string(),
  agent: z.string().nullish(),
  seed: z.int().nullable(),
  scores: z.record(z.string(), z.number()),
  trace: z.array(z.unknown()),
  interface: RunInterfaceSchema.optional(),
  passed: z.boolean(),
  status: z.enum(["completed", "incomplete"]),
  incomplete_reason: z.string().nullish(),
  end_reason: z.enum(END_REASONS),
  error: z.string().nullish(),
  scoring_errors: z.record(z.string(), z.string()).optional(),
  budget: budgetFromJson,
  spent: z.number(),
  steps: z.int().min(0),
  turns: z.int().min(0),
});

/**
 * The results of a finished run (the reference's `ExperimentResults` plus the reason the run ended,
 * any error, the scoring errors and the final accounting).
 */
export class ExperimentResults {
  readonly scenario: string;
  readonly agent: string | null;
  readonly seed: number | null;
  readonly scores: Readonly<Record<string, number>>;
  readonly trace: readonly TraceRecord[];
  readonly passed: boolean;
  readonly status: RunStatus;
  readonly incomplete_reason: string | null;
  readonly end_reason: EndReason;
  readonly error: string | null;
  /** Scorers that threw or returned a non-finite value: name -> message. Their scores are absent, never 0. */
  readonly scoring_errors: Readonly<Record<string, string>>;
  readonly budget: number;
  readonly spent: number;
  readonly steps: number;
  readonly turns: number;

  constructor(input: ExperimentResultsInput) {
    for (const [name, value] of Object.entries(input.scores)) {
      if (typeof value !== "number" || !Number.isFinite(value)) throw AbioValidationError.invalid(`scores.${name}`, "a finite number", value);
    }
    this.scenario = input.scenario;
    this.agent = input.agent ?? null;
    this.seed = input.seed;
    this.scores = Object.freeze({ ...input.scores });
    this.trace = Object.freeze([...input.trace]);
    this.passed = input.passed;
    this.status = input.status;
    this.incomplete_reason = input.incomplete_reason ?? null;
    this.end_reason = input.end_reason;
    this.error = input.error ?? null;
    this.scoring_errors = Object.freeze({ ...(input.scoring_errors ?? {}) });
    this.budget = input.budget;
    this.spent = input.spent;
    this.steps = input.steps;
    this.turns = input.turns;
    Object.freeze(this);
  }

  get incompleteReason(): string | null {
    return this.incomplete_reason;
  }
  get endReason(): EndReason {
    return this.end_reason;
  }
  get scoringErrors(): Readonly<Record<string, string>> {
    return this.scoring_errors;
  }

  /** The same results with some fields replaced. */
  with(changes: Partial<ExperimentResultsInput>): ExperimentResults {
    return new ExperimentResults({ ...this, ...changes });
  }

  /**
   * The results as JSON data. `trace: false` leaves the traces out. By default the briefing,
   * constitution and declarations are written once, as `interface`, and each trace observation that
   * has exactly that interface refers to it (`interface: "#/interface"`) instead of repeating it;
   * `inlineInterface: true` repeats them in every trace record (the reference's `asdict` form).
   */
  toJSON(options: ResultsJSONOptions = {}): ExperimentResultsJSON {
    const withTrace = options.trace !== false;
    const first = withTrace && options.inlineInterface !== true ? this.trace[0] : undefined;
    const shared = first === undefined ? undefined : interfaceOf(first.observation);
    const trace = !withTrace
      ? []
      : this.trace.map((record) => {
          const full = traceRecordToJSON(record);
          if (shared === undefined || !sameInterface(shared, interfaceOf(record.observation))) return full;
          const { briefing: _b, constitution: _c, available_actions: _a, available_measurements: _m, ...rest } = full.observation as ActionResultJSON;
          return { ...full, observation: { ...rest, interface: SHARED_INTERFACE_REF } };
        });
    return {
      scenario: this.scenario,
      agent: this.agent,
      seed: this.seed,
      scores: this.scores,
      trace,
      ...(shared !== undefined && { interface: shared }),
      passed: this.passed,
      status: this.status,
      incomplete_reason: this.incomplete_reason,
      end_reason: this.end_reason,
      error: this.error,
      scoring_errors: this.scoring_errors,
      budget: jsonNumber(this.budget),
      spent: this.spent,
      steps: this.steps,
      turns: this.turns,
    };
  }

  static fromJSON(json: unknown): ExperimentResults {
    const parsed = parseWith(ExperimentResultsSchema, json, { what: "ExperimentResults JSON" });
    const { interface: shared, ...rest } = parsed;
    return new ExperimentResults({ ...rest, trace: parsed.trace.map((record) => traceRecordFromJSON(record, shared)) });
  }
}
