/**
 * Session options: the budget and its policy, the error cost, and the limits that end a run.
 */
import * as z from "zod";

/** `hard`: an action that would overspend is refused. `soft`: it runs, `remaining` goes negative, and the run ends. */
export const BUDGET_POLICIES = Object.freeze(["hard", "soft"] as const);
export type BudgetPolicy = (typeof BUDGET_POLICIES)[number];

const unlimited = z.literal(Infinity);
const budgetSchema = z.union([z.number().min(0), unlimited], { error: "a number >= 0 or Infinity (unlimited)" });
const limitSchema = z.union([z.int().min(0).max(Number.MAX_SAFE_INTEGER), unlimited], { error: "an integer >= 0 or Infinity (no limit)" });

function isAbortSignal(value: unknown): value is AbortSignal {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { aborted?: unknown }).aborted === "boolean" &&
    typeof (value as { addEventListener?: unknown }).addEventListener === "function"
  );
}

/** zod schema of the session options (every key optional; unknown keys are rejected). */
export const SessionOptionsSchema = z.strictObject({
  /** Total budget. Default: the environment's `budget`, else Infinity (unlimited, as the reference). */
  budget: budgetSchema.optional(),
  /** `hard` (default) or `soft`. */
  budgetPolicy: z.enum(BUDGET_POLICIES, { error: `one of ${BUDGET_POLICIES.join(", ")}` }).optional(),
  /** Cost charged for a failed attempt (unknown name, bad parameters, malformed action or tool call). Default 0.1 (the reference's). */
  errorCost: z.number({ error: "a finite number >= 0" }).min(0, { error: "a finite number >= 0" }).optional(),
  /**
   * Cost charged when the hard budget policy refuses an action that costs more than what remains.
   * Default 0: a refusal spends nothing, so it cannot itself end the run (set it to `errorCost`'s
   * value for the old behaviour). Under `hard` it is capped at what remains.
   */
  refusalCost: z.number({ error: "a finite number >= 0" }).min(0, { error: "a finite number >= 0" }).optional(),
  /** Limit on `step` (successful actions; measurements and failures do not advance it). Default Infinity. */
  maxSteps: limitSchema.optional(),
  /** Limit on turns: every act() call counts (actions, measurements, failed attempts). Default 10000. */
  maxTurns: limitSchema.optional(),
  /** Wall-clock limit in milliseconds from the session's creation. Default: none. */
  timeLimitMs: z.number({ error: "a number > 0 (milliseconds)" }).positive({ error: "a number > 0 (milliseconds)" }).optional(),
  /** Ends the run when aborted: `time_exceeded` for a `TimeoutError` reason (AbortSignal.timeout), else `aborted`. Default: none. */
  signal: z.custom<AbortSignal>(isAbortSignal, { error: "an AbortSignal" }).optional(),
  /** Milliseconds clock for `timeLimitMs` (default `performance.now`); inject one for deterministic tests. */
  clock: z.custom<() => number>((v) => typeof v === "function", { error: "a function returning milliseconds" }).optional(),
});

export type SessionOptions = z.input<typeof SessionOptionsSchema>;

export const SESSION_DEFAULTS = Object.freeze({
  budget: Infinity,
  budgetPolicy: "hard" as BudgetPolicy,
  errorCost: 0.1,
  refusalCost: 0,
  maxSteps: Infinity,
  maxTurns: 10_000,
});
