// @heading/plume-action-facing — cardinal moves that also turn the agent to face where it moved, so
// heading-relative sensors (antennae) point forward.
// BUG (a MUST clause reported only as a warning): the processor changes `orientation` on every move
// but its metadata declares `orientation_dependent: false`. Plume's vector env trusts that declaration
// and skips keeping headings, so vectorised and single-env runs of an antenna sensor diverge.
import { ValidationError, definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const MOVES = [
  { dx: 0, dy: 1, heading: 90 },
  { dx: 1, dy: 0, heading: 0 },
  { dx: 0, dy: -1, heading: 270 },
  { dx: -1, dy: 0, heading: 180 },
];

class FacingCardinalActions {
  #space = new Discrete(4);

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const { dx, dy, heading } = MOVES[action];
    const x = Math.min(grid.width - 1, Math.max(0, state.position.x + dx));
    const y = Math.min(grid.height - 1, Math.max(0, state.position.y + dy));
    return state.with({ position: [x, y], orientation: heading });
  }

  getMetadata() {
    return {
      type: "facing_cardinal",
      parameters: { n_actions: 4 },
      movement_model: "cardinal_directions",
      orientation_dependent: false,
    };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@heading/plume-action-facing",
  options: z.strictObject({}),
  create: () => new FacingCardinalActions(),
});
