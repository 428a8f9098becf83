// @vecsim/plume-action-king — 8 directions (no stay) with a batch path.
// BUG (batch protocol): processActionBatch moves agents 0..count-1 instead of the listed environments
// indices[0..count). Correct for a full, contiguous batch; with a non-contiguous index set it moves
// environments that were not asked to step (and leaves the listed ones where they were).
import { ValidationError, definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const DX = [0, 1, 1, 1, 0, -1, -1, -1];
const DY = [1, 1, 0, -1, -1, -1, 0, 1];
const clamp = (v, hi) => (v < 0 ? 0 : v > hi ? hi : v);

class KingMoveActions {
  #space = new Discrete(8);

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 7]", action);
    return state.withPosition([clamp(state.position.x + DX[action], grid.width - 1), clamp(state.position.y + DY[action], grid.height - 1)]);
  }

  processActionBatch(actions, agents, context, indices, count) {
    for (let i = 0; i < count; i++) {
      const a = actions[i];
      agents.x[i] = clamp(agents.x[i] + DX[a], context.gridWidth - 1);
      agents.y[i] = clamp(agents.y[i] + DY[a], context.gridHeight - 1);
    }
  }

  getMetadata() {
    return { type: "king_moves", parameters: { n_actions: 8 }, movement_model: "eight_directions", orientation_dependent: false };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@vecsim/plume-action-king",
  options: z.strictObject({}),
  create: () => new KingMoveActions(),
});
