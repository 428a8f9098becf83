// @glide/plume-action-momentum — the 4 cardinal moves with "momentum": repeating the previous action
// glides one cell further each time (up to `maxGlide` cells), changing direction stops the glide.
// BUG (hidden history): the previous action and the glide length live in the processor instance. The
// processor protocol has no reset hook and the metadata does not say the processor keeps state, so the
// same (action, state, grid) moves 1 cell on a fresh instance and up to 3 cells after the same action
// on another state — the glide even carries over from one env's agent to another env's sharing the
// processor, and across episodes.
import { AgentState, Coordinates, ValidationError, definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  maxGlide: z.int().min(1).max(8).default(3),
});

const HEADINGS = Object.freeze([
  Object.freeze({ dx: 0, dy: 1 }),
  Object.freeze({ dx: 1, dy: 0 }),
  Object.freeze({ dx: 0, dy: -1 }),
  Object.freeze({ dx: -1, dy: 0 }),
]);

function clamp(v, hi) {
  return v < 0 ? 0 : v > hi ? hi : v;
}

class MomentumActions {
  #space = new Discrete(4);
  #last = -1;
  #glide = 1;

  constructor({ maxGlide }) {
    this.maxGlide = maxGlide;
  }

  get actionSpace() {
    return this.#space;
  }

  validateAction(action) {
    return this.#space.contains(action);
  }

  processAction(action, state, grid) {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    this.#glide = action === this.#last ? Math.min(this.maxGlide, this.#glide + 1) : 1;
    this.#last = action;
    const { dx, dy } = HEADINGS[action];
    const x = clamp(state.position.x + dx * this.#glide, grid.width - 1);
    const y = clamp(state.position.y + dy * this.#glide, grid.height - 1);
    return new AgentState({ ...state.toInit(), position: new Coordinates(x, y) });
  }

  getMetadata() {
    return {
      type: "momentum_cardinal",
      parameters: { maxGlide: this.maxGlide },
      movement_model: "cardinal_directions",
      orientation_dependent: false,
    };
  }
}

export const plugin = definePlugin({
  kind: "action",
  name: "@glide/plume-action-momentum",
  options,
  create: (o) => new MomentumActions(o),
});
