// @explore/plume-reward-novelty — a count-based novelty bonus (bonus / sqrt(visits of the new cell))
// plus a goal reward. Stateful by design, and declared so: the metadata says `stateful: true` and
// reset() clears the visit counts (the env calls it on every reset). Correct: it must be accepted.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  goal: z.tuple([z.int(), z.int()]).default([64, 64]),
  goalRadius: z.number().positive().max(1000).default(1),
  bonus: z.number().min(0).max(1).default(0.1),
});

class NoveltyReward {
  #visits = new Map();

  constructor(o) {
    Object.assign(this, o);
  }

  reset() {
    this.#visits = new Map();
  }

  computeReward(prev, action, next, _plumeField) {
    const { x, y } = next.position;
    if (Math.hypot(x - this.goal[0], y - this.goal[1]) <= this.goalRadius) return 1;
    const key = `${x},${y}`;
    const n = (this.#visits.get(key) ?? 0) + 1;
    this.#visits.set(key, n);
    return this.bonus / Math.sqrt(n);
  }

  getMetadata() {
    return {
      type: "novelty_bonus",
      parameters: { goal: this.goal, goalRadius: this.goalRadius, bonus: this.bonus },
      reward_range: [0, 1],
      stateful: true,
    };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@explore/plume-reward-novelty",
  options,
  create: (o) => new NoveltyReward(o),
});
