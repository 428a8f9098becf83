/**
 * `DiscreteGridActions`: four absolute cardinal moves (the reference's default action model).
 * 0 UP (0, +s), 1 RIGHT (+s, 0), 2 DOWN (0, -s), 3 LEFT (-s, 0); each axis is clamped into the grid.
 */
import { parseWithSchema, type ActionMetadata } from "@plume/core-types";
import * as z from "zod";
import { MoveTableActions } from "./move-table.js";

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
export class DiscreteGridActions extends MoveTableActions {
  /** @throws ValidationError (`parameter` `"stepSize"`, or the unknown key) for bad options. */
  constructor(options: DiscreteGridActionsOptions = {}) {
    const { stepSize: s } = parseWithSchema(DiscreteGridActionsOptionsSchema, options, { what: "DiscreteGridActions options" });
    super(
      s,
      [
      [0, s],
      [s, 0],
      [0, -s],
      [-s, 0],
    ],
      "an integer in [0, 3] (UP, RIGHT, DOWN, LEFT)",
    );
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
