/**
 * `EightDirectionActions`: eight absolute moves plus STAY (seed 002's `EightDirectionActions`).
 * 0 N (0, s), 1 NE (s, s), 2 E (s, 0), 3 SE (s, -s), 4 S (0, -s), 5 SW (-s, -s), 6 W (-s, 0),
 * 7 NW (-s, s), 8 STAY (0, 0). Each axis is clamped into the grid on its own.
 */
import {
  parseWithSchema,
  type ActionMetadata,
  type ActionProcessor,
  type AgentBatch,
  type AgentState,
  type BatchActionProcessor,
  type BatchContext,
  type GridSize,
} from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import { z } from "zod";
import { stepSizeSchema } from "./discrete-grid.js";
import { invalidAction, moveClamped, moveClampedBatch } from "./grid-move.js";

/** The eight-direction actions by name (N is +y). */
export const EightDirectionAction = Object.freeze({
  N: 0,
  NE: 1,
  E: 2,
  SE: 3,
  S: 4,
  SW: 5,
  W: 6,
  NW: 7,
  STAY: 8,
} as const);
export type EightDirectionAction = (typeof EightDirectionAction)[keyof typeof EightDirectionAction];

/** Action names in action order. */
export const EIGHT_DIRECTION_ACTION_NAMES: readonly string[] = Object.freeze([
  "N",
  "NE",
  "E",
  "SE",
  "S",
  "SW",
  "W",
  "NW",
  "STAY",
]);

/** Options of `EightDirectionActions`. */
export const EightDirectionActionsOptionsSchema = z.strictObject({
  /** Cells moved along each axis per action, a positive integer. Default 1. */
  stepSize: stepSizeSchema.default(1),
});
export type EightDirectionActionsOptions = z.input<typeof EightDirectionActionsOptionsSchema>;

/**
 * Eight-directional absolute movement plus STAY. `actionSpace` is `Discrete(9)`. A diagonal move that
 * hits one wall still moves along the other axis; STAY returns a new (equal) state.
 */
export class EightDirectionActions implements ActionProcessor<number>, BatchActionProcessor {
  /** Cells moved along each axis per action. */
  readonly stepSize: number;
  readonly #space = new Discrete(9);
  readonly #moves: readonly (readonly [number, number])[];
  /** `#moves` as per-action displacement tables, for the batch path. */
  readonly #dx: Float64Array;
  readonly #dy: Float64Array;

  /** @throws ValidationError (`parameter` `"stepSize"`, or the unknown key) for bad options. */
  constructor(options: EightDirectionActionsOptions = {}) {
    const { stepSize } = parseWithSchema(EightDirectionActionsOptionsSchema, options, {
      what: "EightDirectionActions options",
    });
    this.stepSize = stepSize;
    const s = stepSize;
    this.#moves = Object.freeze([
      [0, s],
      [s, s],
      [s, 0],
      [s, -s],
      [0, -s],
      [-s, -s],
      [-s, 0],
      [-s, s],
      [0, 0],
    ] as const);
    this.#dx = Float64Array.from(this.#moves, (move) => move[0]);
    this.#dy = Float64Array.from(this.#moves, (move) => move[1]);
  }

  /** `Discrete(9)`: the same instance on every read. */
  get actionSpace(): Discrete {
    return this.#space;
  }

  /**
   * The state after the move, each axis clamped to `[0, size - 1]`. Always a new `AgentState`
   * (also for STAY); orientation and counters are carried over.
   * @throws ValidationError (`parameter` `"action"`) unless `action` is an integer in [0, 8].
   */
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw invalidAction(action, "an integer in [0, 8] (N, NE, E, SE, S, SW, W, NW, STAY)");
    const [dx, dy] = this.#moves[action] as readonly [number, number];
    return moveClamped(currentState, dx, dy, gridSize);
  }

  /**
   * The batch form of `processAction` (the batch protocol of `@plume/core-types`): moves each listed agent
   * `(x[i], y[i])` by action `actions[i]`, clamped per axis, exactly as `processAction` does. Orientation is
   * not touched. Actions must already be valid; nothing is allocated.
   */
  processActionBatch(
    actions: ArrayLike<number>,
    agents: AgentBatch,
    context: BatchContext,
    indices: Int32Array,
    count: number,
  ): void {
    moveClampedBatch(this.#dx, this.#dy, actions, agents, context, indices, count);
  }

  /** `actionSpace.contains(action)`: an integer in [0, 8]. Never throws. */
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }

  getMetadata(): ActionMetadata {
    return {
      type: "eight_direction_stay",
      modality: "absolute_eight_direction",
      parameters: { step_size: this.stepSize, n_actions: 9, action_names: [...EIGHT_DIRECTION_ACTION_NAMES] },
      movement_model: "eight_directions_plus_stay",
      orientation_dependent: false,
    };
  }
}
