/**
 * What a scenario provides: a world (`AbioEnvironment`) for each run, its name, how runs are scored,
 * and default session options (budget, limits).
 */
import * as z from "zod";
import { parseWith } from "./errors.js";
import type { JsonObject, JsonValue } from "./json.js";
import type { ActionKind, ActionSpec } from "./spec.js";
import type { Scorer } from "./scoring.js";
import { SessionOptionsSchema, type SessionOptions } from "./session-options.js";

/** What the session asks the world to do once an action has been validated and paid for. */
export interface ExecuteRequest {
  readonly name: string;
  readonly kind: ActionKind;
  /** The parameters, already checked against the declaration. */
  readonly params: JsonObject;
  /** The cost the session is charging for this action. */
  readonly cost: number;
}

/**
 * What the world reports back. Everything is optional: `{}` (or nothing) means success without data.
 * `data` is allowed for measurements only: actions change the world, measurements observe it, so hidden
 * state can reach the agent only through a measurement (a data-carrying action is a scenario error).
 */
export interface ExecuteOutcome {
  readonly success?: boolean | undefined;
  readonly error?: string | null | undefined;
  readonly data?: JsonValue | undefined;
}

/**
 * The world of one run. It owns its hidden state; the agent sees only `observableState()` and the
 * `data` of measurements.
 */
export interface AbioEnvironment {
  /** Scenario description / instructions for the agent. Default "". */
  readonly briefing?: string | undefined;
  /** Rules the agent should follow. Default "". */
  readonly constitution?: string | undefined;
  /** Declared actions: name -> info dict (`{ description, params, cost }`). */
  readonly actions?: Readonly<Record<string, ActionSpec>> | undefined;
  /** Declared measurements: name -> info dict. */
  readonly measurements?: Readonly<Record<string, ActionSpec>> | undefined;
  /** The budget for the run (a session option overrides it). Default: unlimited. */
  readonly budget?: number | undefined;
  /** The observable state (a JSON object): no hidden state here. */
  observableState(): JsonObject;
  /** Carries out a validated, paid-for action or measurement. */
  execute(request: ExecuteRequest): ExecuteOutcome | void;
  /** A dynamic cost for this request (default: the declared `cost`). Must be finite and >= 0. */
  quoteCost?(request: Omit<ExecuteRequest, "cost">): number;
  /** True once the world has ended (e.g. the source was found); the run then ends with reason `terminal`. */
  isTerminal?(): boolean;
  /** The hidden ground truth, for scorers and the contract suite only; never shown to the agent. */
  hiddenState?(): JsonObject;
  /** Releases resources; called once when the run ends. */
  close?(): void;
}

/** What `create` receives. */
export interface ScenarioContext {
  /** The run's seed (an integer in [0, 2^32 - 1]) or null for an unseeded run. */
  readonly seed: number | null;
}

/** A scenario: a named factory of worlds plus how their runs are scored. */
export interface Scenario {
  readonly name: string;
  /** A fresh world for one run; the same seed must give the same world. */
  create(context: ScenarioContext): AbioEnvironment;
  /** Scores: name -> scorer function or the name of a scorer in the scoring registry. `score` is the main score. */
  readonly scoring?: Readonly<Record<string, Scorer | string>> | undefined;
  /** The main score needed to pass. Default 0.5 (the reference's). */
  readonly passingScore?: number | undefined;
  /** Default session options for this scenario (run options override them). */
  readonly session?: SessionOptions | undefined;
}

const scorerSchema = z.union([z.string().min(1), z.custom<Scorer>((v) => typeof v === "function", { error: "a scorer function or a registry name" })]);

/** zod schema of a scenario object. */
export const ScenarioSchema = z.object({
  name: z.string({ error: "a non-empty string" }).min(1, { error: "a non-empty string" }),
  create: z.custom<Scenario["create"]>((v) => typeof v === "function", { error: "a function ({ seed }) => AbioEnvironment" }),
  scoring: z.record(z.string(), scorerSchema).optional(),
  passingScore: z.number({ error: "a finite number" }).optional(),
  session: SessionOptionsSchema.optional(),
});

/** Validates a scenario (throws `AbioValidationError` naming the bad field) and returns it. */
export function defineScenario<S extends Scenario>(scenario: S): S {
  parseWith(ScenarioSchema, scenario, { what: "scenario" });
  return scenario;
}
