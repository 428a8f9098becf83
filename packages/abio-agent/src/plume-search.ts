/**
 * `@plume/abio-agent/plume-search`: the plume search as an ABIO scenario, on `@plume/env`'s `PlumeEnv`.
 *
 * - Action `move` (`direction`: up, right, down, left; UP is +y) costs `moveCost` and advances the step.
 * - Measurement `sniff` costs `sniffCost` and returns `{ concentration }` at the agent's cell.
 * - `current_state` is `{ position: [x, y], grid_size: [width, height] }`; the source is hidden.
 * - The run ends (`terminal`) when the agent is within `goalRadius` of the source.
 * - `score` rewards finding the source within budget: 0.5 + 0.5 x (share of the budget left) when found,
 *   else up to 0.4 for getting closer (0.4 x (1 - final distance / start distance)), so a run passes
 *   (passing score 0.5) exactly when the source is found within budget. Also `found`, `final_distance`.
 *
 * The seed decides the world: `default_rng(seed)` draws the source `(integers(0, W), integers(0, H))`
 * and then start cells until one lies farther than `goalRadius` from the source; `PlumeEnv.reset({ seed })`.
 *
 * Needs `@plume/env` and `@plume/spaces` (optional peer dependencies of this package).
 */
import { PlumeEnv } from "@plume/env";
import { Generator } from "@plume/spaces";
import * as z from "zod";
import { agentFactory, type AgentFactory } from "./batch.js";
import { ScriptedAgent } from "./agents/scripted.js";
import { parseWith } from "./errors.js";
import type { JsonObject, JsonValue } from "./json.js";
import type { Decision } from "./runner.js";
import type { AbioEnvironment, ExecuteOutcome, ExecuteRequest, Scenario } from "./scenario.js";
import type { ScoringContext } from "./scoring.js";
import { BUDGET_POLICIES } from "./session-options.js";
import { DONE_ACTION } from "./session.js";
import type { ActionSpec } from "./spec.js";
import { ActionResult, type Observation } from "./types.js";

/** The move directions in `DiscreteGridActions` order: UP (0, +1), RIGHT (+1, 0), DOWN (0, -1), LEFT (-1, 0). */
export const DIRECTIONS = Object.freeze(["up", "right", "down", "left"] as const);
export type Direction = (typeof DIRECTIONS)[number];
const OPPOSITE: Readonly<Record<Direction, Direction>> = { up: "down", right: "left", down: "up", left: "right" };

const cell = z.tuple([z.int().min(0), z.int().min(0)], { error: "[x, y] with integer x, y >= 0" });

/** zod schema of `plumeSearchScenario`'s options. */
export const PlumeSearchOptionsSchema = z
  .strictObject({
    /** Scenario name. Default "plume-search". */
    name: z.string().min(1).optional(),
    /** `[width, height]`, each an integer >= 2. Default [32, 32]. */
    gridSize: z.tuple([z.int().min(2), z.int().min(2)], { error: "[width, height], integers >= 2" }).optional(),
    /** Width of the Gaussian plume in cells. Default 10. */
    sigma: z.number().positive({ error: "a number > 0" }).optional(),
    /** Found = within this Euclidean distance of the source. Default 1. */
    goalRadius: z.number().min(0, { error: "a number >= 0" }).optional(),
    /** Budget of a run. Default 150. */
    budget: z.number().min(0, { error: "a finite number >= 0" }).optional(),
    /** What happens when the budget runs out (see `BUDGET_POLICIES`). Default `"hard"`. */
    budgetPolicy: z.enum(BUDGET_POLICIES).optional(),
    /** Cost of one move. Default 1. */
    moveCost: z.number().min(0, { error: "a finite number >= 0" }).optional(),
    /** Cost of one sniff. Default 0.5. */
    sniffCost: z.number().min(0, { error: "a finite number >= 0" }).optional(),
    /** Limit on moves (steps). Default 200. */
    maxSteps: z.int().min(1).optional(),
    /** Limit on act() calls. Default 1000. */
    maxTurns: z.int().min(1).optional(),
    /** A fixed source cell (default: drawn from the seed). */
    sourceLocation: cell.optional(),
    /** A fixed start cell (default: drawn from the seed, away from the source). */
    startLocation: cell.optional(),
  })
  .superRefine((o, ctx) => {
    const [w, h] = o.gridSize ?? [32, 32];
    for (const key of ["sourceLocation", "startLocation"] as const) {
      const c = o[key];
      if (c !== undefined && (c[0] >= w || c[1] >= h)) ctx.addIssue({ code: "custom", path: [key], message: `a cell inside the ${w}x${h} grid`, input: c });
    }
  });
export type PlumeSearchOptions = z.input<typeof PlumeSearchOptionsSchema>;

export const PLUME_SEARCH_DEFAULTS = Object.freeze({
  name: "plume-search",
  gridSize: Object.freeze([32, 32] as const),
  sigma: 10,
  goalRadius: 1,
  budget: 150,
  budgetPolicy: "hard" as const,
  moveCost: 1,
  sniffCost: 0.5,
  maxSteps: 200,
  maxTurns: 1000,
});

function distance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0));
}

function cellOf(value: JsonValue | undefined): [number, number] | undefined {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === "number" && typeof value[1] === "number" ? [value[0], value[1]] : undefined;
}

/** `found`: 1 when the run ended within `goal_radius` of the source, else 0. */
export function foundScore(c: ScoringContext): number {
  const source = cellOf(c.hidden?.source_location);
  const end = cellOf(c.finalState.position);
  const radius = c.hidden?.goal_radius;
  if (source === undefined || end === undefined || typeof radius !== "number") throw new Error("the plume-search world exposes source_location, goal_radius and position");
  return distance(end, source) <= radius ? 1 : 0;
}

/** `final_distance`: the Euclidean distance from the final cell to the source. */
export function finalDistanceScore(c: ScoringContext): number {
  const source = cellOf(c.hidden?.source_location);
  const end = cellOf(c.finalState.position);
  if (source === undefined || end === undefined) throw new Error("the plume-search world exposes source_location and position");
  return distance(end, source);
}

/** The main score (see the module comment). */
export function plumeSearchScore(c: ScoringContext): number {
  const source = cellOf(c.hidden?.source_location);
  const start = cellOf(c.initialState.position);
  const end = cellOf(c.finalState.position);
  if (source === undefined || start === undefined || end === undefined) throw new Error("the plume-search world exposes source_location and position");
  const withinBudget = c.spent <= c.budget;
  if (foundScore(c) === 1 && withinBudget) {
    const left = Number.isFinite(c.budget) && c.budget > 0 ? Math.max(0, c.remaining) / c.budget : 1;
    return 0.5 + 0.5 * left;
  }
  const d0 = distance(start, source);
  return d0 === 0 ? 0 : 0.4 * Math.max(0, 1 - distance(end, source) / d0);
}

interface ResolvedPlumeSearchOptions {
  readonly gridSize: readonly [number, number];
  readonly sigma: number;
  readonly goalRadius: number;
  readonly budget: number;
  readonly moveCost: number;
  readonly sniffCost: number;
}

class PlumeSearchWorld implements AbioEnvironment {
  readonly briefing: string;
  readonly constitution: string;
  readonly actions: Readonly<Record<string, ActionSpec>>;
  readonly measurements: Readonly<Record<string, ActionSpec>>;
  readonly budget: number;
  readonly #env: PlumeEnv;
  readonly #grid: readonly [number, number];
  readonly #source: readonly [number, number];
  readonly #goalRadius: number;
  #position: [number, number];
  #concentration: number;
  #terminal = false;

  constructor(o: ResolvedPlumeSearchOptions, seed: number | null, fixed: Pick<PlumeSearchOptions, "sourceLocation" | "startLocation">) {
    const [w, h] = o.gridSize;
    const rng = seed === null ? Generator.fromSeed() : Generator.fromSeed(seed);
    const source: [number, number] = fixed.sourceLocation !== undefined ? [fixed.sourceLocation[0], fixed.sourceLocation[1]] : [rng.integers(0, w), rng.integers(0, h)];
    let start: [number, number] | undefined = fixed.startLocation !== undefined ? [fixed.startLocation[0], fixed.startLocation[1]] : undefined;
    for (let i = 0; start === undefined && i < 1000; i++) {
      const candidate: [number, number] = [rng.integers(0, w), rng.integers(0, h)];
      if (distance(candidate, source) > o.goalRadius) start = candidate;
    }
    if (start === undefined) {
      // Tiny grids: the corner farthest from the source.
      start = [source[0] < w / 2 ? w - 1 : 0, source[1] < h / 2 ? h - 1 : 0];
    }
    this.#grid = [w, h];
    this.#source = source;
    this.#goalRadius = o.goalRadius;
    this.budget = o.budget;
    this.#env = new PlumeEnv({
      gridSize: [w, h],
      sourceLocation: source,
      startLocation: start,
      goalRadius: o.goalRadius,
      plumeParams: { sigma: o.sigma },
      maxSteps: Number.MAX_SAFE_INTEGER,
    });
    const [obs, info] = this.#env.reset(seed === null ? {} : { seed });
    this.#position = [info.agent_position[0], info.agent_position[1]];
    this.#concentration = obs.data[0] as number;
    this.#terminal = distance(this.#position, source) <= o.goalRadius;
    this.briefing =
      `You are an odour-tracking agent on a ${w}x${h} grid (x to the right, y up). Somewhere on the grid is an odour source; ` +
      `its concentration falls off with distance. Find the source: the run ends as soon as you are within ${o.goalRadius} cell(s) of it.`;
    this.constitution = `Stay within the budget of ${o.budget}. Moving costs ${o.moveCost}, sniffing costs ${o.sniffCost}. You cannot see the source; sniff to measure.`;
    this.actions = {
      move: { description: "Move one cell (up = +y). Moves into the boundary leave you in place.", params: { direction: [...DIRECTIONS] }, cost: o.moveCost },
    };
    this.measurements = {
      sniff: { description: "Measure the odour concentration at your cell (0..1).", params: {}, cost: o.sniffCost },
    };
  }

  observableState(): JsonObject {
    return { position: [...this.#position], grid_size: [...this.#grid] };
  }

  hiddenState(): JsonObject {
    return { source_location: [...this.#source], goal_radius: this.#goalRadius };
  }

  isTerminal(): boolean {
    return this.#terminal;
  }

  execute(request: ExecuteRequest): ExecuteOutcome {
    if (request.name === "sniff") return { data: { concentration: this.#concentration } };
    const direction = request.params.direction as Direction;
    const [obs, , terminated, , info] = this.#env.step(DIRECTIONS.indexOf(direction));
    this.#position = [info.agent_position[0], info.agent_position[1]];
    this.#concentration = obs.data[0] as number;
    this.#terminal = terminated;
    return {};
  }

  close(): void {
    this.#env.close();
  }
}

/**
 * The plume-search scenario.
 * @throws AbioValidationError for bad options, naming the option.
 */
export function plumeSearchScenario(options: PlumeSearchOptions = {}): Scenario {
  const o = parseWith(PlumeSearchOptionsSchema, options, { what: "plume-search options" });
  const resolved = {
    name: o.name ?? PLUME_SEARCH_DEFAULTS.name,
    gridSize: (o.gridSize ?? PLUME_SEARCH_DEFAULTS.gridSize) as readonly [number, number],
    sigma: o.sigma ?? PLUME_SEARCH_DEFAULTS.sigma,
    goalRadius: o.goalRadius ?? PLUME_SEARCH_DEFAULTS.goalRadius,
    budget: o.budget ?? PLUME_SEARCH_DEFAULTS.budget,
    budgetPolicy: o.budgetPolicy ?? PLUME_SEARCH_DEFAULTS.budgetPolicy,
    moveCost: o.moveCost ?? PLUME_SEARCH_DEFAULTS.moveCost,
    sniffCost: o.sniffCost ?? PLUME_SEARCH_DEFAULTS.sniffCost,
    maxSteps: o.maxSteps ?? PLUME_SEARCH_DEFAULTS.maxSteps,
    maxTurns: o.maxTurns ?? PLUME_SEARCH_DEFAULTS.maxTurns,
  };
  const fixed = { sourceLocation: o.sourceLocation, startLocation: o.startLocation };
  return Object.freeze({
    name: resolved.name,
    create: ({ seed }: { readonly seed: number | null }) => new PlumeSearchWorld(resolved, seed, fixed),
    scoring: Object.freeze({ score: plumeSearchScore, found: foundScore, final_distance: finalDistanceScore }),
    passingScore: 0.5,
    session: Object.freeze({ budget: resolved.budget, budgetPolicy: resolved.budgetPolicy, maxSteps: resolved.maxSteps, maxTurns: resolved.maxTurns }),
  });
}

// -----------------------------------------------------------------------------------------------------
// A scripted hill climber

function costIn(dict: JsonObject, name: string, fallback: number): number {
  const info = dict[name];
  const cost = info !== null && typeof info === "object" && !Array.isArray(info) ? (info as JsonObject).cost : undefined;
  return typeof cost === "number" ? cost : fallback;
}

function concentrationOf(result: Observation): number | undefined {
  if (!(result instanceof ActionResult) || !result.success) return undefined;
  const data = result.data;
  const c = data !== null && typeof data === "object" && !Array.isArray(data) ? (data as JsonObject).concentration : undefined;
  return typeof c === "number" ? c : undefined;
}

/**
 * A scripted hill climber for the plume search: sniff, then probe a direction (move, sniff); keep it
 * while the concentration rises, step back and try the next direction when it does not; stop (`done`)
 * on a local maximum or when a probe (two moves and a sniff) no longer fits in the remaining budget.
 * Deterministic: it has no randomness. Each call returns a fresh agent.
 */
export function plumeClimber(options: { readonly name?: string } = {}): ScriptedAgent {
  let best = -Infinity;
  let order: Direction[] = [...DIRECTIONS];
  let tried = new Set<Direction>();
  let state: { readonly phase: "start" } | { readonly phase: "sniff-start" } | { readonly phase: "moved" | "sniffed" | "back"; readonly dir: Direction; readonly from: readonly number[] } = { phase: "start" };

  const probe = (obs: Observation): Decision => {
    const move = costIn(obs.available_actions, "move", 1);
    const sniff = costIn(obs.available_measurements, "sniff", 0);
    if (obs.remaining < 2 * move + sniff) return { name: DONE_ACTION };
    const dir = order.find((d) => !tried.has(d));
    if (dir === undefined) return { name: DONE_ACTION };
    state = { phase: "moved", dir, from: cellOf(obs.current_state.position) ?? [] };
    return { name: "move", params: { direction: dir } };
  };

  const policy = (obs: Observation): Decision => {
    if (obs.isInitial()) {
      best = -Infinity;
      order = [...DIRECTIONS];
      tried = new Set();
      state = { phase: "start" };
    }
    switch (state.phase) {
      case "start":
        state = { phase: "sniff-start" };
        return { name: "sniff" };
      case "sniff-start":
        best = concentrationOf(obs) ?? -Infinity;
        return probe(obs);
      case "moved": {
        const here = cellOf(obs.current_state.position);
        const moved = obs instanceof ActionResult && obs.success && here !== undefined && distance(here, state.from) > 0;
        if (!moved) {
          tried.add(state.dir);
          return probe(obs);
        }
        state = { phase: "sniffed", dir: state.dir, from: state.from };
        return { name: "sniff" };
      }
      case "sniffed": {
        const c = concentrationOf(obs);
        const dir = state.dir;
        if (c !== undefined && c > best) {
          best = c;
          order = [dir, ...order.filter((d) => d !== dir)];
          tried = new Set([OPPOSITE[dir]]);
          return probe(obs);
        }
        tried.add(dir);
        state = { phase: "back", dir, from: state.from };
        return { name: "move", params: { direction: OPPOSITE[dir] } };
      }
      case "back":
        return probe(obs);
    }
  };
  return new ScriptedAgent(policy, { name: options.name ?? "climber" });
}

/** A batch agent factory for `plumeClimber` (a fresh climber per run). */
export function plumeClimberFactory(name = "climber"): AgentFactory {
  return agentFactory(name, () => plumeClimber({ name }));
}
