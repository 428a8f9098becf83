// @quad/plume-policy-bearing-ok — steers towards the odour-weighted bearing of its readings (any number
// of antennae, evenly spread), choosing among 8 king moves; with no odour at all (every reading 0, or
// a plateau where the bearing is undefined) it keeps going straight (action 0). Deterministic, no
// generator. Correct: it must be accepted.
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

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
    r.forEach((w, i) => {
      const rad = (2 * Math.PI * i) / r.length;
      const weight = Number.isFinite(w) && w > 0 ? w : 0;
      sx += weight * Math.cos(rad);
      sy += weight * Math.sin(rad);
    });
    if (Math.hypot(sx, sy) < 1e-12) return 0;
    const bearing = (Math.atan2(sy, sx) * 180) / Math.PI;
    return ((Math.round(bearing / 45) % 8) + 8) % 8;
  }

  getMetadata() {
    return { type: "odour_bearing", parameters: {}, movement_model: "eight_directions" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@quad/plume-policy-bearing-ok",
  options: z.strictObject({}),
  create: () => new BearingPolicy(),
});
