// @steer/plume-action-turn-rate — a steering model: actions are turn rates -3..3 (Discrete(7, start
// -3)), each 30°, followed by one step forward.
// BUG (off-by-one): validateAction checks `action < 3` (copied from a `range(-3, 3)` loop), so the
// largest turn rate +3 — a member of the action space — is rejected and processAction throws on it.
import { ValidationError, definePlugin, roundHalfEven } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const MAX_RATE = 3;

class TurnRateActions {
  #space = new Discrete(2 * MAX_RATE + 1, { start: -MAX_RATE });

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return Number.isInteger(action) && action >= -MAX_RATE && action < MAX_RATE;
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", `an integer turn rate in [-${MAX_RATE}, ${MAX_RATE}]`, action);
    const heading = state.orientation + 30 * action;
    const rad = (heading * Math.PI) / 180;
    const x = Math.min(grid.width - 1, Math.max(0, state.position.x + roundHalfEven(Math.cos(rad))));
    const y = Math.min(grid.height - 1, Math.max(0, state.position.y + roundHalfEven(Math.sin(rad))));
    return state.with({ position: [x, y], orientation: heading });
  }

  getMetadata() {
    return { type: "turn_rate", parameters: { max_rate: MAX_RATE, degrees_per_unit: 30 }, movement_model: "steering", orientation_dependent: true };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@steer/plume-action-turn-rate",
  options: z.strictObject({}),
  create: () => new TurnRateActions(),
});
