// @quad/plume-policy-bearing — steers towards the odour-weighted bearing of a 4-antenna array
// (front, left, back, right), choosing among 8 king moves.
// BUG (float boundaries: readings of exactly 0): the bearing is the reading-weighted mean of the antenna
// angles, divided by the sum of readings. With all four readings exactly 0 (outside the plume) the sum
// is 0, the bearing is NaN, and the action `Math.round(NaN) % 8` is NaN — not in Discrete(8).
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const ANGLES = [0, 90, 180, 270];

class BearingPolicy {
  #space = new Discrete(8);

  get actionSpace() {
    return this.#space;
  }

  reset() {}

  selectAction(observation) {
    const r = isNDArray(observation) ? Array.from(observation.data, Number) : [Number(observation)];
    let sx = 0;
    let sy = 0;
    let total = 0;
    for (let i = 0; i < ANGLES.length; i++) {
      const w = r[i % r.length];
      const rad = (ANGLES[i] * Math.PI) / 180;
      sx += w * Math.cos(rad);
      sy += w * Math.sin(rad);
      total += w;
    }
    const bearing = (Math.atan2(sy / total, sx / total) * 180) / Math.PI;
    return ((Math.round(bearing / 45) % 8) + 8) % 8;
  }

  getMetadata() {
    return { type: "odour_bearing", parameters: {}, movement_model: "eight_directions" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@quad/plume-policy-bearing",
  options: z.strictObject({}),
  create: () => new BearingPolicy(),
});
