// @grid/plume-action-dxdy — independent x and y moves, MultiDiscrete([3, 3]) (0 = -1, 1 = stay,
// 2 = +1), for factored action heads. A "stay" still returns a new AgentState. Correct: it must be
// accepted.
import { ValidationError, definePlugin } from "@plume/core-types";
import { MultiDiscrete } from "@plume/spaces";
import * as z from "zod";

class DxDyActions {
  #space = new MultiDiscrete([3, 3]);

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "a MultiDiscrete([3, 3]) pair", action);
    const dx = Number(action.data[0]) - 1;
    const dy = Number(action.data[1]) - 1;
    const x = Math.min(grid.width - 1, Math.max(0, state.position.x + dx));
    const y = Math.min(grid.height - 1, Math.max(0, state.position.y + dy));
    return state.withPosition([x, y]);
  }

  getMetadata() {
    return { type: "dx_dy", parameters: { nvec: [3, 3] }, movement_model: "factored_moves", orientation_dependent: false };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@grid/plume-action-dxdy",
  options: z.strictObject({}),
  create: () => new DxDyActions(),
});
