// @turb/plume-wind-turbulent-ok — a mean wind plus per-step turbulence. Every reset(seed) re-creates the
// generator (seed 0 included); an unseeded reset continues the stream. Gusts are generated in step
// order and kept, so advanceToStep is idempotent and sample() is pure within a step. Correct: it must
// be accepted.
import { definePlugin } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  mean: z.tuple([z.number(), z.number()]).default([1.5, 0]),
  turbulence: z.number().min(0).max(10).default(0.4),
});

class TurbulentWind {
  #rng = Generator.fromSeed(0);
  #gusts = [[0, 0]];
  #step = 0;

  constructor({ mean, turbulence }) {
    this.mean = mean;
    this.turbulence = turbulence;
  }

  reset(seed) {
    if (seed !== undefined) this.#rng = Generator.fromSeed(seed);
    this.#gusts = [[0, 0]];
    this.#step = 0;
  }

  advanceToStep(step) {
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
  name: "@turb/plume-wind-turbulent-ok",
  options,
  create: (o) => new TurbulentWind(o),
});
