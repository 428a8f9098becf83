// @potential/plume-reward-pbrs — potential-based reward shaping (Ng et al. 1999) with the potential
// phi(s) = -1 / d(s, goal) ("steeper near the goal"), plus a goal bonus.
// BUG (goal): the goal bonus is only added when the agent *enters* the goal region, but the shaping term
// is evaluated first: for a transition onto (or from) the declared goal cell, d = 0 and
// phi = -1/0 = -Infinity. Random transitions on a 128x128 grid almost never touch the goal cell.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  goal: z.tuple([z.int(), z.int()]).default([40, 24]),
  gamma: z.number().gt(0).lte(1).default(0.99),
  bonus: z.number().min(0).max(100).default(10),
});

class PotentialShapingReward {
  constructor({ goal, gamma, bonus }) {
    this.goal = goal;
    this.gamma = gamma;
    this.bonus = bonus;
  }

  #phi(p) {
    return -1 / Math.hypot(p.x - this.goal[0], p.y - this.goal[1]);
  }

  computeReward(prev, action, next) {
    const shaping = this.gamma * this.#phi(next.position) - this.#phi(prev.position);
    const entered = next.position.x === this.goal[0] && next.position.y === this.goal[1] && !prev.goal_reached;
    return shaping + (entered ? this.bonus : 0);
  }

  getMetadata() {
    return { type: "potential_shaping", parameters: { goal: this.goal, gamma: this.gamma, bonus: this.bonus }, goal_position: this.goal };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@potential/plume-reward-pbrs",
  options,
  create: (o) => new PotentialShapingReward(o),
});
