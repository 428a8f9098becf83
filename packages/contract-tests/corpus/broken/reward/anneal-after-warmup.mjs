// @shaping/plume-reward-annealed — sparse goal reward plus a concentration-shaping bonus whose weight
// anneals away during training ("curriculum shaping"), after a warm-up of full-strength shaping.
// BUG (hidden history): the annealing schedule counts computeReward calls on the instance. The metadata
// does not declare the reward stateful and there is no reset(), so after the warm-up the same transition
// is worth less on every call — the reward depends on how many transitions came before, across
// episodes and across envs sharing the instance.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  goal: z.tuple([z.int(), z.int()]).default([64, 64]),
  goalRadius: z.number().positive().max(1000).default(1),
  shaping: z.number().min(0).max(1).default(0.1),
  warmupCalls: z.int().min(0).max(10_000_000).default(1000),
  halfLife: z.number().positive().max(1e9).default(5000),
});

function concentrationAt(field, p) {
  if (field instanceof Float32Array) return 0; // array fields: no shaping
  return Math.min(1, Math.max(0, field.sample(p.x, p.y)));
}

class AnnealedShapingReward {
  #calls = 0;

  constructor(o) {
    Object.assign(this, o);
  }

  computeReward(prev, action, next, field) {
    this.#calls += 1;
    const [gx, gy] = this.goal;
    if (Math.hypot(next.position.x - gx, next.position.y - gy) <= this.goalRadius) return 1;
    const excess = Math.max(0, this.#calls - this.warmupCalls);
    const weight = this.shaping * Math.pow(0.5, excess / this.halfLife);
    return weight * (concentrationAt(field, next.position) - concentrationAt(field, prev.position));
  }

  getMetadata() {
    return {
      type: "annealed_shaping",
      parameters: { goal: this.goal, goalRadius: this.goalRadius, shaping: this.shaping, warmupCalls: this.warmupCalls, halfLife: this.halfLife },
      reward_range: [-1, 1],
    };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@shaping/plume-reward-annealed",
  options,
  create: (o) => new AnnealedShapingReward(o),
});
