// @compass/plume-action-oriented — FORWARD / TURN_LEFT / TURN_RIGHT with a compass-style heading.
// BUG (independent judgement): the author used the navigation convention (0° = north = +y, angles
// clockwise): dx = sin(h), dy = cos(h). Plume's convention (design.md, seed 002's OrientedGridActions) is
// 0° = +x and 90° = +y: FORWARD at heading 0 must move along +x. Every move stays in bounds and is
// deterministic, so the generic checks pass; agents driven by Plume's surge-cast policies walk the
// wrong way.
import { ValidationError, definePlugin, roundHalfEven } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  turnDegrees: z.number().gt(0).lt(360).default(90),
  stepSize: z.int().min(1).max(8).default(1),
});

class CompassOrientedActions {
  #space = new Discrete(3);

  constructor({ turnDegrees, stepSize }) {
    this.turnDegrees = turnDegrees;
    this.stepSize = stepSize;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "0 (forward), 1 (left) or 2 (right)", action);
    if (action === 1) return state.withOrientation(state.orientation - this.turnDegrees);
    if (action === 2) return state.withOrientation(state.orientation + this.turnDegrees);
    const rad = (state.orientation * Math.PI) / 180;
    const dx = roundHalfEven(this.stepSize * Math.sin(rad));
    const dy = roundHalfEven(this.stepSize * Math.cos(rad));
    const x = Math.min(grid.width - 1, Math.max(0, state.position.x + dx));
    const y = Math.min(grid.height - 1, Math.max(0, state.position.y + dy));
    return state.withPosition([x, y]);
  }

  getMetadata() {
    return {
      type: "compass_oriented",
      parameters: { turnDegrees: this.turnDegrees, stepSize: this.stepSize },
      movement_model: "forward_turn_left_turn_right",
      orientation_dependent: true,
    };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@compass/plume-action-oriented",
  options,
  create: (o) => new CompassOrientedActions(o),
});
