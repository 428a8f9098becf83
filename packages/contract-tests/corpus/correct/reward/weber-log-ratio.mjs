// @chemo/plume-reward-log-ratio-ok — Weber-law reward log((c_next + eps) / (c_prev + eps)), clipped to
// [-clip, clip] and declared so; finite for readings of exactly 0 and for raw array fields. Correct: it
// must be accepted.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  eps: z.number().positive().max(1).default(1e-3),
  clip: z.number().positive().max(100).default(5),
});

function read(field, p) {
  if (field instanceof Float32Array) return 0;
  const c = field.sample(p.x, p.y);
  return Number.isFinite(c) ? Math.min(1, Math.max(0, c)) : 0;
}

class LogRatioReward {
  constructor({ eps, clip }) {
    this.eps = eps;
    this.clip = clip;
  }

  computeReward(prev, action, next, field) {
    const r = Math.log((read(field, next.position) + this.eps) / (read(field, prev.position) + this.eps));
    return Math.max(-this.clip, Math.min(this.clip, r));
  }

  getMetadata() {
    return { type: "log_ratio", parameters: { eps: this.eps, clip: this.clip }, reward_range: [-this.clip, this.clip] };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@chemo/plume-reward-log-ratio-ok",
  options,
  create: (o) => new LogRatioReward(o),
});
