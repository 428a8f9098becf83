/**
 * Scoring: named scorer functions over a finished run, a registry of reusable scorers, and the pass rule.
 *
 * A scorer that throws or returns a non-finite number is a *scoring error*: its score is left out of
 * `scores` and its message is recorded in `scoring_errors` (the reference logs and records 0.0, which
 * hides broken scorers; this package reports them). A run whose main score is missing cannot pass.
 */
import * as z from "zod";
import { AbioValidationError, parseWith } from "./errors.js";
import type { JsonObject } from "./json.js";
import type { EndReason, TraceRecord } from "./types.js";

/** What a scorer sees of a finished run. */
export interface ScoringContext {
  readonly trace: readonly TraceRecord[];
  readonly budget: number;
  readonly spent: number;
  readonly remaining: number;
  /** Successful actions taken (the final `step`). */
  readonly steps: number;
  /** act() calls made. */
  readonly turns: number;
  readonly endReason: EndReason;
  /** The observable state at the start and at the end of the run. */
  readonly initialState: JsonObject;
  readonly finalState: JsonObject;
  /** The environment's hidden ground truth at the end (`hiddenState()`), or null. */
  readonly hidden: JsonObject | null;
  readonly seed: number | null;
}

/** A scorer: a finished run -> a finite number (usually in [0, 1]). */
export type Scorer = (context: ScoringContext) => number;

/**
 * The reference's `budget_score`: 1.0 within budget, falling linearly to 0.0 at twice the budget; a
 * budget of 0 scores 1.0 only when nothing was spent. An unlimited budget always scores 1.0.
 */
export function budgetCompliance(spent: number, budget: number): number {
  if (budget < 0) throw AbioValidationError.invalid("budget", "a number >= 0", budget);
  if (budget === 0) return spent === 0 ? 1 : 0;
  if (spent <= budget) return 1;
  const ratio = spent / budget;
  return ratio >= 2 ? 0 : Math.max(0, 2 - ratio);
}

/** The built-in scorers of the default registry. */
export const BUILTIN_SCORERS: Readonly<Record<string, Scorer>> = Object.freeze({
  /** The reference's `budget_score`. */
  budget_compliance: (c: ScoringContext) => budgetCompliance(c.spent, c.budget),
  /** The reference's `efficiency_score`: half budget compliance, half "did anything" (a non-empty trace). */
  efficiency: (c: ScoringContext) => (c.trace.length === 0 ? 0 : 0.5 * budgetCompliance(c.spent, c.budget) + 0.5),
  /** Fraction of the budget left (1 with an unlimited budget). */
  budget_remaining: (c: ScoringContext) => (Number.isFinite(c.budget) ? (c.budget === 0 ? 1 : Math.max(0, c.remaining) / c.budget) : 1),
  /** Fraction of act() calls that succeeded (0 for an empty trace). */
  success_rate: (c: ScoringContext) => (c.trace.length === 0 ? 0 : c.trace.filter((r) => r.observation.success).length / c.trace.length),
});

/** zod schema of `ScoringRegistry.register`'s options. */
export const RegisterScorerOptionsSchema = z.strictObject({
  /** Replace a scorer already registered under the name. Default false. */
  override: z.boolean().optional(),
});
export type RegisterScorerOptions = z.input<typeof RegisterScorerOptionsSchema>;

/** A registry of named scorers that scenarios refer to by name (`scoring: { score: "budget_compliance" }`). */
export class ScoringRegistry {
  readonly #scorers = new Map<string, Scorer>();

  constructor(initial: Readonly<Record<string, Scorer>> = BUILTIN_SCORERS) {
    for (const [name, scorer] of Object.entries(initial)) this.register(name, scorer);
  }

  /** Adds a scorer; an existing name is an error unless `override` is true. */
  register(name: string, scorer: Scorer, options: RegisterScorerOptions = {}): this {
    const opts = parseWith(RegisterScorerOptionsSchema, options, { what: "register options" });
    if (typeof name !== "string" || name === "") throw AbioValidationError.invalid("name", "a non-empty string", name);
    if (typeof scorer !== "function") throw AbioValidationError.invalid("scorer", "a function (context) => number", scorer);
    if (this.#scorers.has(name) && opts.override !== true) {
      throw new AbioValidationError(`scorer ${JSON.stringify(name)} is already registered`, { parameter: "name", expected: "a new name, or override: true", received: name });
    }
    this.#scorers.set(name, scorer);
    return this;
  }

  get(name: string): Scorer | undefined {
    return this.#scorers.get(name);
  }

  has(name: string): boolean {
    return this.#scorers.has(name);
  }

  names(): string[] {
    return [...this.#scorers.keys()].sort();
  }
}

/** The registry used when none is given (the built-in scorers). */
export const defaultScoringRegistry = new ScoringRegistry();

export interface ScoreOutcome {
  readonly scores: Readonly<Record<string, number>>;
  readonly errors: Readonly<Record<string, string>>;
}

/**
 * Evaluates `scoring` (name -> scorer or registry name) over `context`, in declaration order, and adds
 * `budget_compliance` when it is not declared (as the reference does).
 */
export function evaluateScores(
  scoring: Readonly<Record<string, Scorer | string>>,
  context: ScoringContext,
  registry: ScoringRegistry = defaultScoringRegistry,
): ScoreOutcome {
  const scores: Record<string, number> = {};
  const errors: Record<string, string> = {};
  const all: [string, Scorer | string][] = Object.entries(scoring);
  if (!("budget_compliance" in scoring)) all.push(["budget_compliance", "budget_compliance"]);
  for (const [name, entry] of all) {
    const scorer = typeof entry === "string" ? registry.get(entry) : entry;
    if (scorer === undefined) {
      errors[name] = `unknown scorer ${JSON.stringify(entry)} (registered: ${registry.names().join(", ")})`;
      continue;
    }
    try {
      const value: unknown = scorer(context);
      if (typeof value !== "number" || !Number.isFinite(value)) {
        errors[name] = `scorer returned ${typeof value === "number" ? String(value) : typeof value}, not a finite number`;
      } else {
        scores[name] = value;
      }
    } catch (error) {
      errors[name] = `scorer threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    }
  }
  return { scores, errors };
}

/** The main score's name: `score` when declared, else `budget_compliance` (the reference's rule). */
export function mainScoreName(scoring: Readonly<Record<string, unknown>>): string {
  return "score" in scoring ? "score" : "budget_compliance";
}
