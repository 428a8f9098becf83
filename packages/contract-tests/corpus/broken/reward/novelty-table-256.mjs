// @explore/plume-reward-count-table — a count-based novelty bonus (bonus / sqrt(visits)) with the visit
// counts in a flat Uint16Array for speed. Stateful and declared so (metadata `stateful: true`, reset()
// clears the table).
// BUG (sizes): the table is sized for 256x256 grids and indexed `y * 256 + x`. On a wider grid a cell with
// x >= 256 aliases a cell of the next row, and past the end of the table (y >= 256) the count is
// `undefined`, so the bonus is bonus / sqrt(NaN) = NaN. Every grid up to 256x256 works.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const SIDE = 256;

const options = z.strictObject({
  goal: z.tuple([z.int(), z.int()]).default([64, 64]),
  goalRadius: z.number().positive().max(1000).default(1),
  bonus: z.number().min(0).max(1).default(0.1),
});

class CountTableNoveltyReward {
  #visits = new Uint16Array(SIDE * SIDE);

  constructor(o) {
    Object.assign(this, o);
  }

  reset() {
    this.#visits = new Uint16Array(SIDE * SIDE);
  }

  computeReward(prev, action, next, _plumeField) {
    const { x, y } = next.position;
    if (Math.hypot(x - this.goal[0], y - this.goal[1]) <= this.goalRadius) return 1;
    const index = y * SIDE + x;
    const n = this.#visits[index] + 1;
    if (index < this.#visits.length) this.#visits[index] = Math.min(65535, n);
    return this.bonus / Math.sqrt(n);
  }

  getMetadata() {
    return {
      type: "count_table_novelty",
      parameters: { goal: this.goal, goalRadius: this.goalRadius, bonus: this.bonus },
      reward_range: [0, 1],
      stateful: true,
    };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@explore/plume-reward-count-table",
  options,
  create: (o) => new CountTableNoveltyReward(o),
});
