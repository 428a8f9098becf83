// @vecsim/plume-action-surge-turn — FORWARD / TURN_LEFT / TURN_RIGHT with Plume's heading convention
// (0° = +x, 90° = +y, left = +turn), half-to-even rounding of the forward step, and a batch path that
// normalises headings into [0, 360) exactly as AgentState does. Correct: it must be accepted.
import { ValidationError, definePlugin, normalizeOrientation, roundHalfEven } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  turn: z.number().gt(0).lt(360).default(45),
  stepSize: z.int().min(1).max(8).default(1),
});

class SurgeTurnActions {
  #space = new Discrete(3);

  constructor({ turn, stepSize }) {
    this.turn = turn;
    this.stepSize = stepSize;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  #forward(x, y, heading, width, height) {
    const rad = (heading * Math.PI) / 180;
    const nx = Math.min(width - 1, Math.max(0, x + roundHalfEven(this.stepSize * Math.cos(rad))));
    const ny = Math.min(height - 1, Math.max(0, y + roundHalfEven(this.stepSize * Math.sin(rad))));
    return [nx, ny];
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "0 (forward), 1 (left) or 2 (right)", action);
    if (action === 1) return state.withOrientation(state.orientation + this.turn);
    if (action === 2) return state.withOrientation(state.orientation - this.turn);
    return state.withPosition(this.#forward(state.position.x, state.position.y, state.orientation, grid.width, grid.height));
  }

  processActionBatch(actions, agents, context, indices, count) {
    for (let k = 0; k < count; k++) {
      const i = indices[k];
      const a = actions[i];
      if (a === 1) agents.orientation[i] = normalizeOrientation(agents.orientation[i] + this.turn);
      else if (a === 2) agents.orientation[i] = normalizeOrientation(agents.orientation[i] - this.turn);
      else {
        const [nx, ny] = this.#forward(agents.x[i], agents.y[i], agents.orientation[i], context.gridWidth, context.gridHeight);
        agents.x[i] = nx;
        agents.y[i] = ny;
      }
    }
  }

  getMetadata() {
    return { type: "surge_turn", parameters: { turn: this.turn, stepSize: this.stepSize }, movement_model: "forward_turn", orientation_dependent: true };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@vecsim/plume-action-surge-turn",
  options,
  create: (o) => new SurgeTurnActions(o),
});
