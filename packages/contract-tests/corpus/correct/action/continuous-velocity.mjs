// @ctrl/plume-action-velocity-ok — continuous velocity control, Box [-1, 1]^2 float32 scaled by
// maxSpeed and rounded half-to-even; validateAction is exactly actionSpace.contains. Correct: it must
// be accepted.
import { ValidationError, definePlugin, roundHalfEven } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  maxSpeed: z.number().positive().max(32).default(2.5),
});

class VelocityActions {
  #space = new Box({ low: -1, high: 1, shape: [2], dtype: "float32" });

  constructor({ maxSpeed }) {
    this.maxSpeed = maxSpeed;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "a float32 vector in [-1, 1]^2", action);
    const x = state.position.x + roundHalfEven(action.data[0] * this.maxSpeed);
    const y = state.position.y + roundHalfEven(action.data[1] * this.maxSpeed);
    return state.withPosition([Math.min(grid.width - 1, Math.max(0, x)), Math.min(grid.height - 1, Math.max(0, y))]);
  }

  getMetadata() {
    return { type: "velocity", parameters: { maxSpeed: this.maxSpeed }, movement_model: "velocity_control", orientation_dependent: false };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@ctrl/plume-action-velocity-ok",
  options,
  create: (o) => new VelocityActions(o),
});
