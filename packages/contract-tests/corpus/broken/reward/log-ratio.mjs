// @chemo/plume-reward-log-ratio — Weber-law chemotaxis reward: log(c_next / c_prev), the log change of
// concentration, guarded against a zero previous reading.
// BUG (float boundaries: readings of exactly 0): the guard covers c_prev = 0 only. A move onto a cell
// whose reading is exactly 0 — far from the source, or off the field's grid — gives log(0) = -Infinity.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  clip: z.number().positive().max(100).default(5),
});

const read = (field, p) => (field instanceof Float32Array ? field[0] ?? 0 : field.sample(p.x, p.y));

class LogRatioReward {
  constructor({ clip }) {
    this.clip = clip;
  }

  computeReward(prev, action, next, field) {
    const before = read(field, prev.position);
    const after = read(field, next.position);
    if (before === 0) return after > 0 ? this.clip : 0;
    const r = Math.log(after / before);
    return r > this.clip ? this.clip : r;
  }

  getMetadata() {
    return { type: "log_ratio", parameters: { clip: this.clip } };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@chemo/plume-reward-log-ratio",
  options,
  create: (o) => new LogRatioReward(o),
});
