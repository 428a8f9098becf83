// @turb/plume-wind-turbulent — a constant mean wind plus per-step turbulence drawn from a generator
// seeded at reset (one draw pair per step, so sample() stays pure within a step).
// BUG (seeding / across resets): reset(seed) only re-creates the generator when the seed differs from
// the previous one ("re-seeding is expensive"). reset(5), a few steps, reset(5) again continues the old
// stream instead of replaying it, so the second episode with the same seed is not the first one again.
import { definePlugin } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  mean: z.tuple([z.number(), z.number()]).default([1, 0]),
  turbulence: z.number().min(0).max(10).default(0.3),
});

class TurbulentWind {
  #seed;
  #rng = Generator.fromSeed(0);
  #gusts = [[0, 0]];
  #step = 0;

  constructor({ mean, turbulence }) {
    this.mean = mean;
    this.turbulence = turbulence;
  }

  reset(seed) {
    const s = seed ?? 0;
    if (s !== this.#seed) {
      this.#rng = Generator.fromSeed(s);
      this.#seed = s;
    }
    this.#gusts = [[0, 0]];
    this.#step = 0;
  }

  advanceToStep(step) {
    // one draw pair per step, generated in step order, so advancing twice to the same step is a no-op
    while (this.#gusts.length <= step) this.#gusts.push([this.#rng.normal(0, this.turbulence), this.#rng.normal(0, this.turbulence)]);
    this.#step = step;
  }

  sample() {
    const [gx, gy] = this.#gusts[this.#step];
    return Float32Array.of(this.mean[0] + gx, this.mean[1] + gy);
  }

  getMetadata() {
    return { type: "turbulent_wind", parameters: { mean: this.mean, turbulence: this.turbulence } };
  }
}

export const plugin = definePlugin({
  kind: "wind",
  name: "@turb/plume-wind-turbulent",
  options,
  create: (o) => new TurbulentWind(o),
});
