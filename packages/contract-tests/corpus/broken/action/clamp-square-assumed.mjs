// @arena/plume-action-cardinal-square — the 4 cardinal moves for the author's square arenas.
// BUG (elongated grids): both coordinates are clamped with `grid.width - 1` ("arenas are square"). On a
// grid taller than wide, y is clamped too late and the agent walks off the top; on a wide one it stops
// early. The kit's non-square grids already catch this one.
import { ValidationError, definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const MOVES = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

class SquareArenaActions {
  #space = new Discrete(4);

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const [dx, dy] = MOVES[action];
    const side = grid.width - 1;
    const x = Math.min(side, Math.max(0, state.position.x + dx));
    const y = Math.min(side, Math.max(0, state.position.y + dy));
    return state.withPosition([x, y]);
  }

  getMetadata() {
    return { type: "square_cardinal", parameters: {}, movement_model: "cardinal_directions", orientation_dependent: false };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@arena/plume-action-cardinal-square",
  options: z.strictObject({}),
  create: () => new SquareArenaActions(),
});
