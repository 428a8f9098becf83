/**
 * The runner: drives an agent through a scenario, delivering every `ActionResult` to the agent before
 * its next decision, records the trace and scores the run.
 *
 * Agents may be synchronous or asynchronous (a language model behind an API): `decide` may return a
 * promise, and it receives an `AbortSignal` that fires when the run's time limit passes or the caller
 * aborts, so a pending request can be cancelled. A decision that arrives after the run has ended is
 * discarded.
 */
import * as z from "zod";
import { AbioStateError, AbioValidationError, describeValue, parseWith } from "./errors.js";
import { ScenarioSchema, type Scenario } from "./scenario.js";
import { ScoringRegistry, type Scorer } from "./scoring.js";
import { AbioSession } from "./session.js";
import { SessionOptionsSchema, SESSION_DEFAULTS, type SessionOptions } from "./session-options.js";
import { ExperimentResults, type Action, type ActionInput, type InvalidAction, type Observation } from "./types.js";

/** What an agent returns: an action, or null/undefined to end the run. */
export type Decision = Action | ActionInput | InvalidAction | null | undefined;

/** What `decide` receives besides the observation. */
export interface DecisionContext {
  /** Aborted when the run is cut short (time limit, caller's signal): cancel pending work on it. */
  readonly signal: AbortSignal;
  /** The number of act() calls made so far. */
  readonly turn: number;
}

/** What `start` receives. */
export interface AgentStartInfo {
  readonly scenario: string;
  readonly seed: number | null;
}

/**
 * An agent: scripted, learned or a language model. `decide` gets the initial `Observation`, then the
 * `ActionResult` of its previous action (an Observation too), and returns the next action or nothing.
 */
export interface Agent {
  readonly name?: string | undefined;
  start?(info: AgentStartInfo): void | Promise<void>;
  decide(observation: Observation, context: DecisionContext): Decision | Promise<Decision>;
  end?(results: ExperimentResults): void | Promise<void>;
}

/** Seeds are integers in [0, 2^32 - 1] (as in the rest of Plume), or null for an unseeded run. */
export const SeedSchema = z.int({ error: "an integer in [0, 4294967295]" }).min(0, { error: "an integer in [0, 4294967295]" }).max(4294967295, { error: "an integer in [0, 4294967295]" });

const registrySchema = z.custom<ScoringRegistry>((v) => v instanceof ScoringRegistry, { error: "a ScoringRegistry" });

/** zod schema of `runExperiment`'s options. */
export const RunOptionsSchema = z.strictObject({
  /** The run's seed, passed to `scenario.create`. Default null (unseeded). */
  seed: SeedSchema.nullable().optional(),
  /** Session options; they override the scenario's `session` defaults key by key. */
  session: SessionOptionsSchema.optional(),
  /** The agent's name in the results. Default `agent.name`, else its class name. */
  agentName: z.string().min(1).optional(),
  /** Overrides the scenario's `passingScore`. Default: the scenario's. */
  passingScore: z.number({ error: "a finite number" }).optional(),
  /** Where scorer names are looked up. Default: the built-in registry. */
  registry: registrySchema.optional(),
});
export type RunOptions = z.input<typeof RunOptionsSchema>;

function errorMessage(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return describeValue(error);
}

function agentName(agent: Agent, override: string | undefined): string {
  if (override !== undefined) return override;
  if (typeof agent.name === "string" && agent.name !== "") return agent.name;
  const ctor = (agent as { constructor?: { name?: unknown } }).constructor;
  return typeof ctor?.name === "string" && ctor.name !== "" && ctor.name !== "Object" ? ctor.name : "agent";
}

const YIELD_EVERY_MS = 8;
const ABORTED = Symbol("aborted");

/** Resolves with the promise's value, or with ABORTED as soon as `signal` aborts. */
function race<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | typeof ABORTED> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.resolve(ABORTED);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function validateAgent(agent: unknown): asserts agent is Agent {
  if (agent === null || typeof agent !== "object" || typeof (agent as { decide?: unknown }).decide !== "function") {
    throw AbioValidationError.invalid("agent", "an object with a decide(observation, context) method", agent);
  }
  for (const hook of ["start", "end"] as const) {
    const fn = (agent as Record<string, unknown>)[hook];
    if (fn !== undefined && typeof fn !== "function") throw AbioValidationError.invalid(`agent.${hook}`, "a function or undefined", fn);
  }
}

/**
 * Runs `agent` on a fresh world of `scenario` and returns the scored results. Never throws for what
 * the agent or the scenario does at run time: an agent that throws ends the run with `agent_error`,
 * a scenario that throws with `scenario_error` (status `incomplete`, message in `error`).
 * @throws AbioValidationError for bad arguments (a malformed scenario object, agent or options).
 */
export async function runExperiment(scenario: Scenario, agent: Agent, options: RunOptions = {}): Promise<ExperimentResults> {
  parseWith(ScenarioSchema, scenario, { what: "scenario" });
  validateAgent(agent);
  const opts = parseWith(RunOptionsSchema, options, { what: "run options" });
  const seed = opts.seed ?? null;
  const name = agentName(agent, opts.agentName);
  const sessionOptions: SessionOptions = { ...(scenario.session ?? {}), ...(opts.session ?? {}) };
  const scoring: Readonly<Record<string, Scorer | string>> = scenario.scoring ?? {};
  const passingScore = opts.passingScore ?? scenario.passingScore;

  // The run's own signal: the caller's signal or the time limit cancel pending decisions.
  const controller = new AbortController();
  const external = sessionOptions.signal;
  const onExternalAbort = () => controller.abort(external?.reason);
  if (external !== undefined) {
    if (external.aborted) controller.abort(external.reason);
    else external.addEventListener("abort", onExternalAbort, { once: true });
  }
  const timer =
    sessionOptions.timeLimitMs !== undefined && Number.isFinite(sessionOptions.timeLimitMs)
      ? setTimeout(() => controller.abort(new DOMException("time limit reached", "TimeoutError")), sessionOptions.timeLimitMs)
      : undefined;

  const failed = (reason: "scenario_error" | "agent_error", message: string) =>
    new ExperimentResults({
      scenario: scenario.name,
      agent: name,
      seed,
      scores: {},
      trace: [],
      passed: false,
      status: "incomplete",
      incomplete_reason: reason,
      end_reason: reason,
      error: message,
      scoring_errors: {},
      budget: sessionOptions.budget ?? SESSION_DEFAULTS.budget,
      spent: 0,
      steps: 0,
      turns: 0,
    });

  try {
    let session: AbioSession;
    try {
      const environment = scenario.create({ seed });
      session = new AbioSession(environment, sessionOptions);
    } catch (error) {
      return failed("scenario_error", `creating the world failed: ${errorMessage(error)}`);
    }

    try {
      await agent.start?.({ scenario: scenario.name, seed });
    } catch (error) {
      session.end("agent_error", `agent.start() threw ${errorMessage(error)}`);
    }

    let observation: Observation = session.observe();
    let lastYield = performance.now();
    while (!session.isDone()) {
      // Let timers and abort events run even when a synchronous agent never awaits anything.
      if (performance.now() - lastYield >= YIELD_EVERY_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        lastYield = performance.now();
        if (session.isDone()) break;
      }
      let decision: Decision | typeof ABORTED;
      try {
        const context: DecisionContext = Object.freeze({ signal: controller.signal, turn: session.turns });
        const current = observation;
        decision = await race(Promise.resolve().then(() => agent.decide(current, context)), controller.signal);
      } catch (error) {
        if (session.isDone()) break;
        session.end("agent_error", `agent.decide() threw ${errorMessage(error)}`);
        break;
      }
      if (decision === ABORTED) {
        if (!session.isDone()) session.end("time_exceeded");
        break;
      }
      if (session.isDone()) break; // the decision came too late
      if (decision === null || decision === undefined) {
        session.end("agent_done");
        break;
      }
      try {
        observation = session.act(decision);
      } catch (error) {
        if (error instanceof AbioStateError && session.isDone()) break;
        session.end("agent_error", `the agent's decision could not be used: ${errorMessage(error)}`);
        break;
      }
    }

    let results = session.results({ scenario: scenario.name, agent: name, seed, scoring, registry: opts.registry, passingScore });
    try {
      await agent.end?.(results);
    } catch (error) {
      results = results.with({ error: [results.error, `agent.end() threw ${errorMessage(error)}`].filter((e) => e !== null).join("; ") });
    }
    return results;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    external?.removeEventListener("abort", onExternalAbort);
    if (!controller.signal.aborted) controller.abort(new DOMException("the run has ended", "AbortError"));
  }
}
