/**
 * `EightDirectionActions`: eight absolute moves plus STAY (seed 002's `EightDirectionActions`).
 * 0 N (0, s), 1 NE (s, s), 2 E (s, 0), 3 SE (s, -s), 4 S (0, -s), 5 SW (-s, -s), 6 W (-s, 0),
 * 7 NW (-s, s), 8 STAY (0, 0). Each axis is clamped into the grid on its own.
 */
import { parseWithSchema, type ActionMetadata } from "@plume/core-types";
import * as z from "zod";
import { stepSizeSchema } from "./discrete-grid.js";
import { MoveTableActions } from "./move-table.js";

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
export class EightDirectionActions extends MoveTableActions {
  /** @throws ValidationError (`parameter` `"stepSize"`, or the unknown key) for bad options. */
  constructor(options: EightDirectionActionsOptions = {}) {
    const { stepSize: s } = parseWithSchema(EightDirectionActionsOptionsSchema, options, { what: "EightDirectionActions options" });
    super(
      s,
      [
      [0, s],
      [s, s],
      [s, 0],
      [s, -s],
      [0, -s],
      [-s, -s],
      [-s, 0],
      [-s, s],
      [0, 0],
    ],
      "an integer in [0, 8] (N, NE, E, SE, S, SW, W, NW, STAY)",
    );
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
