// @explore/plume-reward-first-visit — a first-visit bonus: 0.05 the first time a cell is entered, plus a
// goal reward. The visited set is module-level "so that every env in the process shares exploration".
// BUG (hidden history, global): the reward of a transition depends on every transition evaluated before
// in the process — by any instance, in any episode — and nothing declares or resets that state.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const visited = new Set();

const options = z.strictObject({
  goal: z.tuple([z.int(), z.int()]).default([64, 64]),
  goalRadius: z.number().positive().max(1000).default(1),
  bonus: z.number().min(0).max(1).default(0.05),
});

class FirstVisitReward {
  constructor(o) {
    Object.assign(this, o);
  }

  computeReward(prev, action, next, _field) {
    const { x, y } = next.position;
    if (Math.hypot(x - this.goal[0], y - this.goal[1]) <= this.goalRadius) return 1;
    const key = `${x},${y}`;
    if (visited.has(key)) return 0;
    visited.add(key);
    return this.bonus;
  }

  getMetadata() {
    return { type: "first_visit", parameters: { goal: this.goal, goalRadius: this.goalRadius, bonus: this.bonus }, reward_range: [0, 1] };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@explore/plume-reward-first-visit",
  options,
  create: (o) => new FirstVisitReward(o),
});
