// @precise/plume-action-thrust — continuous thrust control with a float64 Box [-2, 2]^2 (the author's
// policy network runs in double precision), scaled by `gain` and rounded half-to-even onto the grid.
// validateAction is hand-written "to avoid allocating in Box.contains".
// BUG (float boundaries): the validator compares Math.fround(v) with the bounds, i.e. it judges a float64
// action at float32 precision. Every float64 just above 2 (2.0000000000000004, 2 + 1e-9, …) rounds to the
// float32 2 and validates as true although the float64 Box does not contain it (S2 VC8:
// validateAction(x) must equal actionSpace.contains(x)). Samples of the space are all accepted correctly.
import { AgentState, Coordinates, ValidationError, definePlugin, isNDArray, roundHalfEven } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const LIMIT = 2;

const options = z.strictObject({
  gain: z.number().positive().max(8).default(1),
});

class ThrustActions {
  #space = new Box({ low: -LIMIT, high: LIMIT, shape: [2], dtype: "float64" });

  constructor({ gain }) {
    this.gain = gain;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    if (!isNDArray(action) || action.dtype !== "float64" || action.shape.length !== 1 || action.shape[0] !== 2) return false;
    for (let i = 0; i < 2; i++) {
      const v = Math.fround(action.data[i]);
      if (!(v >= -LIMIT && v <= LIMIT)) return false;
    }
    return true;
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "a float64 vector in [-2, 2]^2", action);
    const x = state.position.x + roundHalfEven(Math.max(-LIMIT, Math.min(LIMIT, action.data[0])) * this.gain);
    const y = state.position.y + roundHalfEven(Math.max(-LIMIT, Math.min(LIMIT, action.data[1])) * this.gain);
    const position = new Coordinates(Math.min(grid.width - 1, Math.max(0, x)), Math.min(grid.height - 1, Math.max(0, y)));
    return new AgentState({ ...state.toInit(), position });
  }

  getMetadata() {
    return { type: "thrust", parameters: { gain: this.gain, limit: LIMIT }, movement_model: "velocity_control", orientation_dependent: false };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@precise/plume-action-thrust",
  options,
  create: (o) => new ThrustActions(o),
});
