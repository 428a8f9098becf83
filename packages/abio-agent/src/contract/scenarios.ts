/**
 * Small deterministic scenarios for the contract suite (and for trying agents): a lab with every
 * parameter type and a hidden target, and a scenario with no actions at all.
 */
import type { JsonObject } from "../json.js";
import type { AbioEnvironment, ExecuteOutcome, ExecuteRequest, Scenario } from "../scenario.js";
import type { ScoringContext } from "../scoring.js";
import type { ActionSpec } from "../spec.js";

class LabWorld implements AbioEnvironment {
  readonly briefing = "A lab tank holds a liquid at some level. Bring the level to the hidden target; probe to measure the distance.";
  readonly constitution = "Do not waste budget.";
  readonly budget = 20;
  readonly actions: Readonly<Record<string, ActionSpec>> = {
    adjust: { description: "Change the level by delta.", params: { delta: { type: "float", min: -5, max: 5 } }, cost: 1 },
    set_mode: { description: "Switch the mixer mode.", params: { mode: ["fast", "slow"] }, cost: 0.5 },
    heater: { description: "Turn the heater on or off.", params: { on: "bool" }, cost: 0.25 },
  };
  readonly measurements: Readonly<Record<string, ActionSpec>> = {
    probe: { description: "Measure the level's distance to the target.", params: {}, cost: 0.2 },
    sample: { description: "Take n samples of the level (free).", params: { n: { type: "int", min: 1, max: 3 }, label: { type: "str", optional: true } }, cost: 0 },
  };
  readonly #target: number;
  #level = 0;
  #mode = "slow";
  #heater = false;

  constructor(seed: number | null) {
    this.#target = ((seed ?? 7) % 11) - 5;
  }

  observableState(): JsonObject {
    return { level: this.#level, mode: this.#mode, heater: this.#heater };
  }

  hiddenState(): JsonObject {
    return { target: this.#target };
  }

  execute(request: ExecuteRequest): ExecuteOutcome {
    switch (request.name) {
      case "adjust":
        this.#level = Math.round((this.#level + (request.params.delta as number)) * 1e6) / 1e6;
        return {};
      case "set_mode":
        this.#mode = request.params.mode as string;
        return {};
      case "heater":
        this.#heater = request.params.on as boolean;
        return {};
      case "probe":
        return { data: { distance: Math.abs(this.#level - this.#target) } };
      default:
        return { data: { samples: Array.from({ length: request.params.n as number }, () => this.#level) } };
    }
  }
}

/** The lab's score: 1 when the level ends within 0.5 of the target, falling to 0 at distance 5.5. */
export function labScore(c: ScoringContext): number {
  const target = c.hidden?.target;
  const level = c.finalState.level;
  if (typeof target !== "number" || typeof level !== "number") throw new Error("lab world state missing");
  return Math.max(0, Math.min(1, 1 - (Math.abs(level - target) - 0.5) / 5));
}

/**
 * A deterministic lab scenario: actions `adjust` (float in [-5, 5]), `set_mode` (enum), `heater` (bool);
 * measurements `probe` (cost 0.2) and `sample` (int n in [1, 3], optional str label, free); hidden `target`;
 * budget 20.
 */
export function labScenario(name = "lab"): Scenario {
  return Object.freeze({ name, create: ({ seed }: { readonly seed: number | null }) => new LabWorld(seed), scoring: Object.freeze({ score: labScore }), passingScore: 0.5 });
}

/** A scenario that declares no actions and no measurements. */
export function emptyScenario(name = "empty"): Scenario {
  return Object.freeze({
    name,
    create: () => ({
      briefing: "Nothing can be done here.",
      observableState: () => ({}),
      execute: () => ({ success: false, error: "nothing to execute" }),
    }),
  });
}
