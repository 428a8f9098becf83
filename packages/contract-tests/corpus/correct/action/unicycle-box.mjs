// @robotics/plume-action-unicycle — unicycle control: a float32 Box action [speed, turn] in
// [0, 1] x [-1, 1]; the agent first turns by turn * maxTurn degrees (counterclockwise positive, as
// Plume's headings: 0° = +x, 90° = +y), then moves speed * maxSpeed cells along its new heading,
// rounded half-to-even and clamped to the grid. Unusual for the kit: an oriented processor with a
// continuous (Box) action space and an asymmetric Box. Correct: it must be accepted.
import { ValidationError, definePlugin, roundHalfEven } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  maxSpeed: z.number().positive().max(16).default(2),
  maxTurn: z.number().positive().max(180).default(45),
});

class UnicycleActions {
  #space = new Box({ low: [0, -1], high: [1, 1], shape: [2], dtype: "float32" });

  constructor({ maxSpeed, maxTurn }) {
    this.maxSpeed = maxSpeed;
    this.maxTurn = maxTurn;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "a float32 [speed, turn] in [0, 1] x [-1, 1]", action);
    const [speed, turn] = action.data;
    const turned = state.withOrientation(state.orientation + turn * this.maxTurn);
    const rad = (turned.orientation * Math.PI) / 180;
    const distance = speed * this.maxSpeed;
    const x = Math.min(grid.width - 1, Math.max(0, state.position.x + roundHalfEven(distance * Math.cos(rad))));
    const y = Math.min(grid.height - 1, Math.max(0, state.position.y + roundHalfEven(distance * Math.sin(rad))));
    return turned.withPosition([x, y]);
  }

  getMetadata() {
    return {
      type: "unicycle",
      parameters: { maxSpeed: this.maxSpeed, maxTurn: this.maxTurn },
      movement_model: "unicycle",
      orientation_dependent: true,
    };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@robotics/plume-action-unicycle",
  options,
  create: (o) => new UnicycleActions(o),
});
