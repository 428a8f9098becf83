// @servo/plume-action-heading-speed — continuous control in polar form: a float32 Box action
// [direction, speed] in [-1, 1] x [0, 1], direction scaled to ±180°, speed to `maxSpeed` cells.
// validateAction delegates to the space; processAction has its own fast check "with a little slack for
// float32 noise from the policy network".
// BUG (float boundaries): processAction accepts values up to 1e-6 beyond the bounds (the next float32
// above 1, a speed of -0.0000001, …) and clamps them, instead of rejecting them as the protocol requires
// for any action outside the space (validateAction says false for the same values). An env that skips
// validation for speed then moves the agent on actions that are not in its action space.
import { AgentState, Coordinates, ValidationError, definePlugin, isNDArray, roundHalfEven } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const SLACK = 1e-6;

const options = z.strictObject({
  maxSpeed: z.number().positive().max(16).default(3),
});

class PolarActions {
  #space = new Box({ low: [-1, 0], high: [1, 1], shape: [2], dtype: "float32" });

  constructor({ maxSpeed }) {
    this.maxSpeed = maxSpeed;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  #roughlyValid(action) {
    if (!isNDArray(action) || action.dtype !== "float32" || action.shape.length !== 1 || action.shape[0] !== 2) return false;
    const [direction, speed] = action.data;
    return direction >= -1 - SLACK && direction <= 1 + SLACK && speed >= -SLACK && speed <= 1 + SLACK;
  }

  processAction(action, state, grid) {
    if (!this.#roughlyValid(action)) throw ValidationError.invalid("action", "a float32 [direction, speed] in [-1, 1] x [0, 1]", action);
    const direction = Math.max(-1, Math.min(1, action.data[0])) * Math.PI;
    const speed = Math.max(0, Math.min(1, action.data[1])) * this.maxSpeed;
    const x = Math.min(grid.width - 1, Math.max(0, state.position.x + roundHalfEven(speed * Math.cos(direction))));
    const y = Math.min(grid.height - 1, Math.max(0, state.position.y + roundHalfEven(speed * Math.sin(direction))));
    return new AgentState({ ...state.toInit(), position: new Coordinates(x, y) });
  }

  getMetadata() {
    return { type: "polar_velocity", parameters: { maxSpeed: this.maxSpeed }, movement_model: "velocity_control", orientation_dependent: false };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@servo/plume-action-heading-speed",
  options,
  create: (o) => new PolarActions(o),
});
