// @scale/plume-reward-standardised-ok — concentration-gain shaping divided by the running standard
// deviation of the raw rewards of the current episode (Welford's algorithm), clipped to [-clip, clip].
// Stateful by design and declared so: `stateful: true` in the metadata, and reset() (which the env calls
// on every reset) restarts the statistics. Correct: it must be accepted.
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

class EpisodeStandardisedGainReward {
  #count = 0;
  #mean = 0;
  #m2 = 0;

  constructor({ epsilon, clip }) {
    this.epsilon = epsilon;
    this.clip = clip;
  }

  reset() {
    this.#count = 0;
    this.#mean = 0;
    this.#m2 = 0;
  }

  computeReward(prevState, action, nextState, plumeField) {
    const raw = concentration(plumeField, nextState.position) - concentration(plumeField, prevState.position);
    this.#count += 1;
    const delta = raw - this.#mean;
    this.#mean += delta / this.#count;
    this.#m2 += delta * (raw - this.#mean);
    const std = this.#count > 1 ? Math.sqrt(this.#m2 / (this.#count - 1)) : 1;
    return Math.max(-this.clip, Math.min(this.clip, raw / Math.max(std, this.epsilon)));
  }

  getMetadata() {
    return {
      type: "episode_standardised_gain",
      parameters: { epsilon: this.epsilon, clip: this.clip },
      reward_range: [-this.clip, this.clip],
      stateful: true,
    };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@scale/plume-reward-standardised-ok",
  options,
  create: (o) => new EpisodeStandardisedGainReward(o),
});
