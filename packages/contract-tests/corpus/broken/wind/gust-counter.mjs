// @breeze/plume-wind-gusty — a constant wind with periodic gusts: every `gustEvery`-th reading is
// scaled by `gustFactor`, "like a real anemometer trace".
// BUG (hidden history): the gust schedule counts sample() calls on the instance instead of following
// the env's time (advanceToStep). The same position at the same step gives a different vector
// depending on how many samples were taken before — by the sensor, by a second sensor, by a renderer.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  direction: z.number().min(0).max(360).default(30),
  speed: z.number().min(0).max(20).default(1),
  gustEvery: z.int().min(2).max(1_000_000).default(97),
  gustFactor: z.number().min(1).max(10).default(2.5),
});

class GustyWind {
  #samples = 0;

  constructor(o) {
    Object.assign(this, o);
    const rad = (o.direction * Math.PI) / 180;
    this.base = [o.speed * Math.cos(rad), o.speed * Math.sin(rad)];
  }

  sample(_position) {
    this.#samples += 1;
    const k = this.#samples % this.gustEvery === 0 ? this.gustFactor : 1;
    return Float32Array.of(this.base[0] * k, this.base[1] * k);
  }

  getMetadata() {
    return {
      type: "gusty_wind",
      parameters: { direction: this.direction, speed: this.speed, gustEvery: this.gustEvery, gustFactor: this.gustFactor },
    };
  }
}

export const plugin = definePlugin({
  kind: "wind",
  name: "@breeze/plume-wind-gusty",
  options,
  create: (o) => new GustyWind(o),
});
