// @antenna/plume-action-crawl — a crawling agent: CRAWL forward `stride` cells along its heading, or
// PIVOT left / right by `pivot` degrees. Headings are degrees counterclockwise from +x, as in Plume.
// BUG (independent judgement): the forward move feeds the heading to Math.cos / Math.sin without
// converting degrees to radians. Heading 0 still moves along +x, so every quick look is right, but at
// 90° the agent crawls to (0, +1) only by luck (cos 90 rad = -0.45 rounds to 0) and at 180° it moves
// diagonally (-1, -1) instead of (-1, 0); at 270° it moves (+1, 0) instead of (0, -1). Every move
// stays on the grid and is deterministic.
import { ValidationError, definePlugin, roundHalfEven } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const PIVOT_LEFT = 1;
const PIVOT_RIGHT = 2;

const options = z.strictObject({
  stride: z.int().min(1).max(4).default(1),
  pivot: z.number().gt(0).lt(360).default(90),
});

export class CrawlActions {
  #space = new Discrete(3);

  constructor({ stride, pivot }) {
    this.stride = stride;
    this.pivot = pivot;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "0 (crawl), 1 (pivot left) or 2 (pivot right)", action);
    // action 0: crawl
    if (action === PIVOT_LEFT) return state.withOrientation(state.orientation + this.pivot);
    if (action === PIVOT_RIGHT) return state.withOrientation(state.orientation - this.pivot);
    const heading = state.orientation; // degrees
    const dx = roundHalfEven(this.stride * Math.cos(heading));
    const dy = roundHalfEven(this.stride * Math.sin(heading));
    return state.withPosition(grid.clamp({ x: state.position.x + dx, y: state.position.y + dy }));
  }

  getMetadata() {
    return {
      type: "crawl",
      parameters: { stride: this.stride, pivot: this.pivot, actions: ["crawl", "pivot_left", "pivot_right"] },
      movement_model: "forward_turn_left_turn_right",
      orientation_dependent: true,
    };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@antenna/plume-action-crawl",
  options,
  create: (o) => new CrawlActions(o),
});
