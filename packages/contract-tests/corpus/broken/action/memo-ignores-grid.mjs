// @pathcache/plume-action-cardinal — the 4 cardinal moves with a move cache ("processAction is our
// hottest function; positions repeat a lot").
// BUG (hidden history): the cache key is (x, y, action) and ignores the grid. One instance used on a
// 100x100 grid and then on a 10x10 grid (two envs sharing a processor, or one env reconfigured) returns
// the cached, unclamped-for-this-grid target, which can lie outside the smaller grid. Fresh instances
// are always right.
import { AgentState, Coordinates, ValidationError, definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const MOVES = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

class CachedCardinalActions {
  #space = new Discrete(4);
  #cache = new Map();

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const { x, y } = state.position;
    const key = `${x}:${y}:${action}`;
    let target = this.#cache.get(key);
    if (target === undefined) {
      const [dx, dy] = MOVES[action];
      target = new Coordinates(Math.min(grid.width - 1, Math.max(0, x + dx)), Math.min(grid.height - 1, Math.max(0, y + dy)));
      this.#cache.set(key, target);
    }
    return new AgentState({ ...state.toInit(), position: target });
  }

  getMetadata() {
    return {
      type: "cached_cardinal",
      parameters: { n_actions: 4 },
      movement_model: "cardinal_directions",
      orientation_dependent: false,
    };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@pathcache/plume-action-cardinal",
  options: z.strictObject({}),
  create: () => new CachedCardinalActions(),
});
