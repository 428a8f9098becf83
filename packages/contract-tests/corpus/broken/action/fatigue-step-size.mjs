// @biomech/plume-action-fatigue — cardinal moves of `stride` cells, with "muscle fatigue": after a
// number of moves the stride shrinks to 1 cell.
// BUG (hidden history): fatigue is counted per processor instance and never cleared (processors have no
// reset hook, and the metadata does not say the processor is stateful). The same (action, state, grid)
// moves 3 cells on a fresh instance and 1 cell after 500 earlier calls — in later episodes too.
import { ValidationError, definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  stride: z.int().min(1).max(16).default(3),
  enduranceMoves: z.int().min(1).max(1_000_000).default(500),
});

const DIRS = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

class FatigueActions {
  #space = new Discrete(4);
  #moves = 0;

  constructor({ stride, enduranceMoves }) {
    this.stride = stride;
    this.enduranceMoves = enduranceMoves;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    this.#moves += 1;
    const stride = this.#moves > this.enduranceMoves ? 1 : this.stride;
    const [dx, dy] = DIRS[action];
    const x = Math.min(grid.width - 1, Math.max(0, state.position.x + dx * stride));
    const y = Math.min(grid.height - 1, Math.max(0, state.position.y + dy * stride));
    return state.withPosition([x, y]);
  }

  getMetadata() {
    return {
      type: "fatigue_cardinal",
      parameters: { stride: this.stride, enduranceMoves: this.enduranceMoves },
      movement_model: "cardinal_directions",
      orientation_dependent: false,
    };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@biomech/plume-action-fatigue",
  options,
  create: (o) => new FatigueActions(o),
});
