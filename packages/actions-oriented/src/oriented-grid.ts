/**
 * `OrientedGridActions`: surge/turn control relative to the agent's heading (the reference's
 * `OrientedGridActions`). 0 FORWARD moves `stepSize` along the heading; 1 TURN_LEFT adds 90 degrees;
 * 2 TURN_RIGHT subtracts 90 degrees (turns do not move the agent).
 */
import {
  normalizeOrientation,
  parseWithSchema,
  roundHalfEven,
  type ActionMetadata,
  type ActionProcessor,
  type AgentBatch,
  type AgentState,
  type BatchActionProcessor,
  type BatchContext,
  type GridSize,
  libm,
} from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";
import { DEG_TO_RAD, headingStepSizeSchema, invalidAction, moveForward, wrapDegrees } from "./heading.js";

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
export class OrientedGridActions implements ActionProcessor<number>, BatchActionProcessor {
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

  /**
   * The batch form of `processAction` (the batch protocol of `@plume/core-types`), exactly as `processAction`
   * for each listed environment: FORWARD moves `(x[i], y[i])` along `orientation[i]` (rounded ties to even,
   * clamped per axis); the turns set `orientation[i]` to `(orientation[i] +/- 90) % 360`. Actions must already
   * be valid; nothing is allocated.
   */
  processActionBatch(
    actions: ArrayLike<number>,
    agents: AgentBatch,
    context: BatchContext,
    indices: Int32Array,
    count: number,
  ): void {
    const step = this.stepSize;
    const xs = agents.x;
    const ys = agents.y;
    const headings = agents.orientation;
    const maxX = context.gridWidth - 1;
    const maxY = context.gridHeight - 1;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      const action = actions[i] as number;
      const heading = headings[i] as number;
      if (action === OrientedAction.FORWARD) {
        // stepAlongHeading, inline; the heading is kept (already normalised)
        const rad = heading * DEG_TO_RAD;
        const x = roundHalfEven((xs[i] as number) + step * libm.cos(rad));
        const y = roundHalfEven((ys[i] as number) + step * libm.sin(rad));
        xs[i] = x < 0 ? 0 : x > maxX ? maxX : x;
        ys[i] = y < 0 ? 0 : y > maxY ? maxY : y;
      } else {
        headings[i] = wrapDegrees(heading + (action === OrientedAction.TURN_LEFT ? TURN_ANGLE_DEGREES : -TURN_ANGLE_DEGREES));
      }
    }
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
