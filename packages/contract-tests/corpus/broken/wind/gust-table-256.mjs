// @breeze/plume-wind-recorded — wind replayed from a recorded gust table (one direction per step,
// 256 steps of a field campaign), with the speed taken from the options.
// BUG (time): advanceToStep(step) indexes the table with `step` directly, without wrapping or
// clamping. From step 256 on the direction is undefined and every sample is [NaN, NaN]. Episodes of
// 200 steps never notice.
import { definePlugin } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import * as z from "zod";

const TABLE_LENGTH = 256;
// The "recording": a smooth random walk of directions, regenerated from a fixed seed so the package
// ships no data file.
const RECORDED_DIRECTIONS = (() => {
  const rng = Generator.fromSeed(20230611);
  const out = new Float64Array(TABLE_LENGTH);
  let d = 90;
  for (let i = 0; i < TABLE_LENGTH; i++) out[i] = d = (d + rng.normal(0, 8) + 360) % 360;
  return out;
})();

const options = z.strictObject({
  speed: z.number().min(0).max(20).default(1.5),
});

class RecordedWind {
  #direction = RECORDED_DIRECTIONS[0];

  constructor({ speed }) {
    this.speed = speed;
  }

  advanceToStep(step) {
    this.#direction = RECORDED_DIRECTIONS[step];
  }

  reset() {
    this.#direction = RECORDED_DIRECTIONS[0];
  }

  sample() {
    const rad = (this.#direction * Math.PI) / 180;
    return Float32Array.of(this.speed * Math.cos(rad), this.speed * Math.sin(rad));
  }

  getMetadata() {
    return { type: "recorded_wind", parameters: { speed: this.speed }, frame_count: TABLE_LENGTH };
  }
}

export const plugin = definePlugin({
  kind: "wind",
  name: "@breeze/plume-wind-recorded",
  options,
  create: (o) => new RecordedWind(o),
});
