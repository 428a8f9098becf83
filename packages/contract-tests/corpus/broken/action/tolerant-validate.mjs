// @ctrl/plume-action-velocity — continuous velocity control, Box [-1, 1]^2 float32, scaled by maxSpeed.
// validateAction is hand-written for speed and "tolerates rounding noise from the policy network".
// BUG (float boundaries): the tolerance accepts values up to 1 + 1e-6, so the next float32 above 1
// (1.0000001192...) and other values just outside the Box validate as true although the action space
// does not contain them (S2 VC8: validateAction(x) must equal actionSpace.contains(x)).
import { AgentState, Coordinates, ValidationError, definePlugin, isNDArray, roundHalfEven } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const TOLERANCE = 1e-6;

const options = z.strictObject({
  maxSpeed: z.number().positive().max(32).default(2),
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
    if (!isNDArray(action) || action.dtype !== "float32" || action.shape.length !== 1 || action.shape[0] !== 2) return false;
    for (const v of action.data) if (!(Math.abs(v) <= 1 + TOLERANCE)) return false;
    return true;
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "a float32 vector in [-1, 1]^2", action);
    const vx = Math.max(-1, Math.min(1, action.data[0]));
    const vy = Math.max(-1, Math.min(1, action.data[1]));
    const x = state.position.x + roundHalfEven(vx * this.maxSpeed);
    const y = state.position.y + roundHalfEven(vy * this.maxSpeed);
    return new AgentState({
      ...state.toInit(),
      position: new Coordinates(Math.min(grid.width - 1, Math.max(0, x)), Math.min(grid.height - 1, Math.max(0, y))),
    });
  }

  getMetadata() {
    return { type: "velocity", parameters: { maxSpeed: this.maxSpeed }, movement_model: "velocity_control", orientation_dependent: false };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@ctrl/plume-action-velocity",
  options,
  create: (o) => new VelocityActions(o),
});
