// @steer/plume-action-signed-jump — horizontal jumps of -2..+2 cells (Discrete(5, start -2)), for
// 1-D corridor experiments; vertical position is kept. Validates with the space itself, so the
// negative start is honoured. Correct: it must be accepted.
import { ValidationError, definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

class SignedJumpActions {
  #space = new Discrete(5, { start: -2 });

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer jump in [-2, 2]", action);
    const x = Math.min(grid.width - 1, Math.max(0, state.position.x + action));
    return state.withPosition([x, state.position.y]);
  }

  getMetadata() {
    return { type: "signed_jump", parameters: { max_jump: 2 }, movement_model: "horizontal_jump", orientation_dependent: false };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@steer/plume-action-signed-jump",
  options: z.strictObject({}),
  create: () => new SignedJumpActions(),
});
