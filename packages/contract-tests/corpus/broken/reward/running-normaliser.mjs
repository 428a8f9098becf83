// @scale/plume-reward-standardised — concentration-gain shaping, standardised online ("reward scaling",
// as PPO implementations do): each raw reward is divided by the running standard deviation of all raw
// rewards seen so far (Welford's algorithm), so the learner sees rewards of unit scale.
// BUG (hidden history): the running statistics live in the instance and are never reset — the metadata
// does not declare the reward stateful and there is no reset(). The same transition is worth a
// different amount depending on every transition evaluated before it, in this episode, in earlier
// episodes and in other envs sharing the instance.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  epsilon: z.number().positive().max(1).default(1e-8),
  clip: z.number().positive().max(100).default(10),
});

function concentration(field, position) {
  if (field instanceof Float32Array) return 0;
  const c = field.sample(position.x, position.y);
  return Number.isFinite(c) ? c : 0;
}

class StandardisedGainReward {
  #count = 0;
  #mean = 0;
  #m2 = 0;

  constructor({ epsilon, clip }) {
    this.epsilon = epsilon;
    this.clip = clip;
  }

  #observe(raw) {
    this.#count += 1;
    const delta = raw - this.#mean;
    this.#mean += delta / this.#count;
    this.#m2 += delta * (raw - this.#mean);
  }

  computeReward(prevState, action, nextState, plumeField) {
    const raw = concentration(plumeField, nextState.position) - concentration(plumeField, prevState.position);
    this.#observe(raw);
    const std = this.#count > 1 ? Math.sqrt(this.#m2 / (this.#count - 1)) : 1;
    const scaled = raw / Math.max(std, this.epsilon);
    return Math.max(-this.clip, Math.min(this.clip, scaled));
  }

  getMetadata() {
    return {
      type: "standardised_gain",
      parameters: { epsilon: this.epsilon, clip: this.clip },
      reward_range: [-this.clip, this.clip],
    };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@scale/plume-reward-standardised",
  options,
  create: (o) => new StandardisedGainReward(o),
});
