/**
 * `RandomAgent`: picks uniformly among the declared actions and measurements it can afford and
 * generates valid parameters from their declared types. It spends its budget: it ends the run only
 * when nothing that costs anything fits in what remains (or nothing is declared); with an unlimited
 * budget, the session's limits (`maxSteps`, `maxTurns`) end it. The reference's baseline also
 * stops with probability `done_probability` (0.1) per decision, which left it spending about 5% of
 * a budget; set `doneProbability: 0.1` for that behaviour.
 *
 * Randomness comes only from the injected `RandomSource` (structurally, `@plume/spaces`' NumPy-compatible
 * `Generator` — `@plume/abio-agent/random` builds one from a seed). Draws per decision, in order:
 * `random()` for the done test (only when `doneProbability > 0`), `integers(0, n)` for the choice among
 * the n affordable names (declared order: actions, then measurements), then
 * one draw per parameter in declaration order (float: `low + (high - low) * random()`, NumPy's `uniform`;
 * int: `integers(min, max + 1)`; bool: `integers(0, 2)`; enum: `integers(0, k)`; str: a length from
 * `integers(1, 9)` then one `integers(0, 26)` per letter). Optional parameters are always sent.
 */
import * as z from "zod";
import { parseWith } from "../errors.js";
import type { JsonValue } from "../json.js";
import type { Agent, Decision } from "../runner.js";
import { DONE_ACTION } from "../session.js";
import { paramsOfInfo, type NormalizedParam } from "../spec.js";
import { Action, type Observation } from "../types.js";

/** The draws the random agent needs; `@plume/spaces`' `Generator` satisfies it. */
export interface RandomSource {
  /** A float in [0, 1). */
  random(): number;
  /** An integer in [low, high). */
  integers(low: number, high: number): number;
}

export function isRandomSource(value: unknown): value is RandomSource {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { random?: unknown }).random === "function" &&
    typeof (value as { integers?: unknown }).integers === "function"
  );
}

/** The range used for a number parameter without declared bounds. */
export const DEFAULT_NUMBER_RANGE = Object.freeze({ min: -10, max: 10 });

/** zod schema of `RandomAgent`'s options. */
export const RandomAgentOptionsSchema = z.strictObject({
  /** The generator every draw comes from. Required. */
  rng: z.custom<RandomSource>(isRandomSource, { error: "a random source with random() and integers(low, high)" }),
  /** Probability of ending the run (`done`) at each decision. Default 0 (the reference's is 0.1). */
  doneProbability: z.number({ error: "a number in [0, 1]" }).min(0, { error: "a number in [0, 1]" }).max(1, { error: "a number in [0, 1]" }).optional(),
  /** Also pick measurements. Default true. */
  measurements: z.boolean().optional(),
  /**
   * Pick only names whose declared cost fits in `remaining`, and end the run when no name with a
   * positive cost does (free names alone would only run to the turn limit). Default
   * true. With false every declared name is a candidate (a hard budget refuses what does not fit).
   */
  affordableOnly: z.boolean().optional(),
  /** The agent's name in results. Default "random". */
  name: z.string().min(1).optional(),
});
export type RandomAgentOptions = z.input<typeof RandomAgentOptionsSchema>;

/** A valid value for a declared parameter, drawn from `rng`. */
export function sampleParam(param: NormalizedParam, rng: RandomSource): JsonValue {
  if (param.values !== undefined && param.values.length > 0) return param.values[rng.integers(0, param.values.length)] as JsonValue;
  switch (param.type) {
    case "float": {
      const low = param.min ?? (param.max !== undefined ? Math.min(DEFAULT_NUMBER_RANGE.min, param.max) : DEFAULT_NUMBER_RANGE.min);
      const high = param.max ?? Math.max(DEFAULT_NUMBER_RANGE.max, low);
      return Math.min(high, low + (high - low) * rng.random());
    }
    case "int": {
      const low = Math.ceil(param.min ?? (param.max !== undefined ? Math.min(DEFAULT_NUMBER_RANGE.min, param.max) : DEFAULT_NUMBER_RANGE.min));
      const high = Math.floor(param.max ?? Math.max(DEFAULT_NUMBER_RANGE.max, low));
      return high < low ? low : rng.integers(low, high + 1);
    }
    case "bool":
      return rng.integers(0, 2) === 1;
    case "str": {
      const length = rng.integers(1, 9);
      let s = "";
      for (let i = 0; i < length; i++) s += String.fromCharCode(97 + rng.integers(0, 26));
      return s;
    }
    case "enum":
      return null;
  }
}

/** Valid parameters for an info dict (`{ params: { name: type } }`), drawn from `rng`. */
export function sampleParams(info: JsonValue | undefined, rng: RandomSource): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const p of paramsOfInfo(info)) out[p.name] = sampleParam(p, rng);
  return out;
}

/** The cost an info dict declares; undeclared: 1 for an action, 0 for a measurement (the reference's defaults). */
function declaredCost(info: JsonValue | undefined, kind: "action" | "measurement"): number {
  const cost = info !== null && typeof info === "object" && !Array.isArray(info) ? (info as { cost?: unknown }).cost : undefined;
  return typeof cost === "number" && Number.isFinite(cost) ? cost : kind === "action" ? 1 : 0;
}

/** The random baseline, with valid parameters; it spends its budget. */
export class RandomAgent implements Agent {
  readonly name: string;
  readonly doneProbability: number;
  readonly #rng: RandomSource;
  readonly #measurements: boolean;
  readonly #affordableOnly: boolean;

  constructor(options: RandomAgentOptions) {
    const opts = parseWith(RandomAgentOptionsSchema, options, { what: "RandomAgent options" });
    this.#rng = opts.rng;
    this.doneProbability = opts.doneProbability ?? 0;
    this.#measurements = opts.measurements ?? true;
    this.#affordableOnly = opts.affordableOnly ?? true;
    this.name = opts.name ?? "random";
  }

  decide(observation: Observation): Decision {
    if (this.doneProbability > 0 && this.#rng.random() < this.doneProbability) return new Action({ name: DONE_ACTION });
    const declared: { name: string; kind: "action" | "measurement"; info: JsonValue | undefined }[] = [
      ...Object.entries(observation.available_actions).map(([name, info]) => ({ name, kind: "action" as const, info })),
      ...(this.#measurements ? Object.entries(observation.available_measurements).map(([name, info]) => ({ name, kind: "measurement" as const, info })) : []),
    ];
    const remaining = observation.remaining;
    // The session's own tolerance: a cost within 1e-9 x budget of what remains still fits.
    const tolerance = Number.isFinite(observation.budget) ? 1e-9 * Math.max(1, observation.budget) : 0;
    const fits = (cost: number) => cost <= remaining + tolerance;
    const options = this.#affordableOnly ? declared.filter((o) => fits(declaredCost(o.info, o.kind))) : declared;
    if (options.length === 0) return new Action({ name: DONE_ACTION });
    // The budget is spent once nothing that costs anything fits: free names alone would only run to the turn limit.
    if (this.#affordableOnly && declared.some((o) => declaredCost(o.info, o.kind) > 0) && options.every((o) => declaredCost(o.info, o.kind) === 0)) {
      return new Action({ name: DONE_ACTION });
    }
    const choice = options[this.#rng.integers(0, options.length)] as (typeof options)[number];
    return new Action({ name: choice.name, kind: choice.kind, params: sampleParams(choice.info, this.#rng) });
  }
}
