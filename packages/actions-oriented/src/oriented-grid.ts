/**
 * `OrientedGridActions`: surge/turn control relative to the agent's heading (the reference's
 * `OrientedGridActions`). 0 FORWARD moves `stepSize` along the heading; 1 TURN_LEFT adds 90 degrees;
 * 2 TURN_RIGHT subtracts 90 degrees (turns do not move the agent).
 */
import {
  normalizeOrientation,
  parseWithSchema,
  type ActionMetadata,
  type ActionProcessor,
  type AgentState,
  type GridSize,
} from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import { z } from "zod";
import { headingStepSizeSchema, invalidAction, moveForward } from "./heading.js";

/** The oriented actions by name. */
export const OrientedAction = Object.freeze({ FORWARD: 0, TURN_LEFT: 1, TURN_RIGHT: 2 } as const);
export type OrientedAction = (typeof OrientedAction)[keyof typeof OrientedAction];

/** Action names in action order, as the reference's metadata lists them. */
export const ORIENTED_ACTION_NAMES: readonly string[] = Object.freeze(["FORWARD", "TURN_LEFT", "TURN_RIGHT"]);

/** Degrees turned by TURN_LEFT / TURN_RIGHT. */
export const TURN_ANGLE_DEGREES = 90;

/** Options of `OrientedGridActions`. */
export const OrientedGridActionsOptionsSchema = z.strictObject({
  /** Cells moved by FORWARD (rounded to whole cells per axis). Default 1. */
  stepSize: headingStepSizeSchema.default(1),
});
export type OrientedGridActionsOptions = z.input<typeof OrientedGridActionsOptionsSchema>;

/**
 * Forward / turn-left / turn-right control. `actionSpace` is `Discrete(3)`.
 *
 * FORWARD moves to `(round(x + s cos t), round(y + s sin t))` (ties to even), clamped per axis, with
 * `t` the heading (0 deg = +x, 90 deg = +y). Turns set the heading to `(t +/- 90) % 360` (Python's `%`).
 */
export class OrientedGridActions implements ActionProcessor<number> {
  /** Cells moved by FORWARD. */
  readonly stepSize: number;
  readonly #space = new Discrete(3);

  /** @throws ValidationError (`parameter` `"stepSize"`, or the unknown key) for bad options. */
  constructor(options: OrientedGridActionsOptions = {}) {
    const { stepSize } = parseWithSchema(OrientedGridActionsOptionsSchema, options, {
      what: "OrientedGridActions options",
    });
    this.stepSize = stepSize;
  }

  /** `Discrete(3)`: the same instance on every read. */
  get actionSpace(): Discrete {
    return this.#space;
  }

  /**
   * The state after the action: a new `AgentState` (counters carried over).
   * @throws ValidationError (`parameter` `"action"`) unless `action` is 0, 1 or 2.
   */
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw invalidAction(action, "an integer in [0, 2] (FORWARD, TURN_LEFT, TURN_RIGHT)");
    if (action === OrientedAction.FORWARD) return moveForward(currentState, this.stepSize, gridSize);
    const delta = action === OrientedAction.TURN_LEFT ? TURN_ANGLE_DEGREES : -TURN_ANGLE_DEGREES;
    return currentState.withOrientation(normalizeOrientation(currentState.orientation + delta));
  }

  /** `actionSpace.contains(action)`: 0, 1 or 2. Never throws. */
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }

  getMetadata(): ActionMetadata {
    return {
      type: "oriented_grid",
      modality: "forward_turn",
      parameters: {
        step_size: this.stepSize,
        n_actions: 3,
        action_names: [...ORIENTED_ACTION_NAMES],
        turn_angle_degrees: TURN_ANGLE_DEGREES,
      },
      movement_model: "3-action surge/turn control (orientation-relative)",
      orientation_dependent: true,
    };
  }
}
