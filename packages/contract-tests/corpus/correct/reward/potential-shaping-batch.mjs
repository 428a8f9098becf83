// @potential/plume-reward-pbrs-ok — potential-based shaping with phi(s) = -d(s, goal) / diagonal (bounded,
// finite everywhere, including on the goal), a goal bonus, and a batch path that reads the same inputs
// and does the same float64 arithmetic as computeReward. Correct: it must be accepted.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  goal: z.tuple([z.int(), z.int()]).default([64, 64]),
  goalRadius: z.number().positive().max(1000).default(2),
  gamma: z.number().gt(0).lte(1).default(0.99),
  scale: z.number().positive().max(1e6).default(128),
});

class PotentialShapingReward {
  constructor(o) {
    Object.assign(this, o);
  }

  #phi(x, y) {
    return -Math.hypot(x - this.goal[0], y - this.goal[1]) / this.scale;
  }

  #reward(px, py, nx, ny) {
    if (Math.hypot(nx - this.goal[0], ny - this.goal[1]) <= this.goalRadius) return 1;
    return this.gamma * this.#phi(nx, ny) - this.#phi(px, py);
  }

  computeReward(prev, action, next, _plumeField) {
    return this.#reward(prev.position.x, prev.position.y, next.position.x, next.position.y);
  }

  computeRewardBatch(out, actions, agents, context, indices, count) {
    for (let k = 0; k < count; k++) {
      const i = indices[k];
      out[i] = this.#reward(agents.prevX[i], agents.prevY[i], agents.x[i], agents.y[i]);
    }
  }

  getMetadata() {
    return {
      type: "potential_shaping",
      parameters: { goal: this.goal, goalRadius: this.goalRadius, gamma: this.gamma, scale: this.scale },
    };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@potential/plume-reward-pbrs-ok",
  options,
  create: (o) => new PotentialShapingReward(o),
});
