/**
 * `DiscreteGridActions`: four absolute cardinal moves (the reference's default action model).
 * 0 UP (0, +s), 1 RIGHT (+s, 0), 2 DOWN (0, -s), 3 LEFT (-s, 0); each axis is clamped into the grid.
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
import { invalidAction, moveClamped, moveClampedBatch } from "./grid-move.js";

/** The cardinal actions by name. UP is +y (design.md's grid convention). */
export const CardinalAction = Object.freeze({ UP: 0, RIGHT: 1, DOWN: 2, LEFT: 3 } as const);
export type CardinalAction = (typeof CardinalAction)[keyof typeof CardinalAction];

/** Action names in action order, as the reference's metadata lists them. */
export const CARDINAL_ACTION_NAMES: readonly string[] = Object.freeze(["UP", "RIGHT", "DOWN", "LEFT"]);

/** `stepSize`: cells moved per action, a positive integer (default 1). */
export const stepSizeSchema = z
  .int({ error: "a positive integer (cells per move)" })
  .min(1, { error: "a positive integer (cells per move)" })
  .max(Number.MAX_SAFE_INTEGER, { error: "a positive integer (cells per move)" });

/** Options of `DiscreteGridActions`. */
export const DiscreteGridActionsOptionsSchema = z.strictObject({
  /** Cells moved per action, a positive integer. Default 1. */
  stepSize: stepSizeSchema.default(1),
});
export type DiscreteGridActionsOptions = z.input<typeof DiscreteGridActionsOptionsSchema>;

/**
 * Four-directional absolute movement. `actionSpace` is `Discrete(4)`; orientation is never changed.
 *
 * ```ts
 * const actions = new DiscreteGridActions({ stepSize: 2 });
 * actions.processAction(CardinalAction.UP, state, grid); // y + 2, clamped to height - 1
 * ```
 */
export class DiscreteGridActions implements ActionProcessor<number>, BatchActionProcessor {
  /** Cells moved per action. */
  readonly stepSize: number;
  readonly #space = new Discrete(4);
  readonly #moves: readonly (readonly [number, number])[];
  /** `#moves` as per-action displacement tables, for the batch path. */
  readonly #dx: Float64Array;
  readonly #dy: Float64Array;

  /** @throws ValidationError (`parameter` `"stepSize"`, or the unknown key) for bad options. */
  constructor(options: DiscreteGridActionsOptions = {}) {
    const { stepSize } = parseWithSchema(DiscreteGridActionsOptionsSchema, options, {
      what: "DiscreteGridActions options",
    });
    this.stepSize = stepSize;
    const s = stepSize;
    this.#moves = Object.freeze([
      [0, s],
      [s, 0],
      [0, -s],
      [-s, 0],
    ] as const);
    this.#dx = Float64Array.from(this.#moves, (move) => move[0]);
    this.#dy = Float64Array.from(this.#moves, (move) => move[1]);
  }

  /** `Discrete(4)`: the same instance on every read. */
  get actionSpace(): Discrete {
    return this.#space;
  }

  /**
   * The state after moving one step of `stepSize` in the action's direction, each axis clamped to
   * `[0, size - 1]`. Returns a new `AgentState`; orientation and counters are carried over.
   * @throws ValidationError (`parameter` `"action"`) unless `action` is an integer in [0, 3].
   */
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw invalidAction(action, "an integer in [0, 3] (UP, RIGHT, DOWN, LEFT)");
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

  /** `actionSpace.contains(action)`: an integer in [0, 3]. Never throws. */
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }

  getMetadata(): ActionMetadata {
    return {
      type: "discrete_grid",
      modality: "absolute_cardinal",
      parameters: { step_size: this.stepSize, n_actions: 4, action_names: [...CARDINAL_ACTION_NAMES] },
      movement_model: "4-directional cardinal movement (absolute directions)",
      orientation_dependent: false,
    };
  }
}
