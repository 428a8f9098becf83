// @vecsim/plume-reward-odour-gain — reward = increase in concentration (clipped at 0), with a batch path.
// BUG (batch protocol): computeRewardBatch writes environment indices[k]'s reward at out[k] instead of
// out[indices[k]]. Rewards of a partial batch land in other environments' slots.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  scale: z.number().positive().max(100).default(1),
});

const read = (field, x, y) => (field instanceof Float32Array ? 0 : Math.min(1, Math.max(0, field.sample(x, y))));

class OdourGainReward {
  constructor({ scale }) {
    this.scale = scale;
  }

  computeReward(prev, action, next, field) {
    const gain = read(field, next.position.x, next.position.y) - read(field, prev.position.x, prev.position.y);
    return this.scale * Math.max(0, gain);
  }

  computeRewardBatch(out, actions, agents, context, indices, count) {
    const field = context.concentrationField;
    for (let k = 0; k < count; k++) {
      const i = indices[k];
      const gain = read(field, agents.x[i], agents.y[i]) - read(field, agents.prevX[i], agents.prevY[i]);
      out[k] = this.scale * Math.max(0, gain);
    }
  }

  getMetadata() {
    return { type: "odour_gain", parameters: { scale: this.scale }, reward_range: [0, this.scale] };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@vecsim/plume-reward-odour-gain",
  options,
  create: (o) => new OdourGainReward(o),
});
