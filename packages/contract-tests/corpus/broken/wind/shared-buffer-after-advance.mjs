// @shear/plume-wind-oscillating — a uniform wind that swings back and forth with the env's step
// (direction = base + amplitude * sin(2 pi step / period)). The current vector is computed once per
// step in advanceToStep, and sample() hands it out.
// BUG (time / aliasing): before the first advanceToStep, sample() returns a fresh copy; after it,
// sample() returns the cached per-step Float32Array itself ("no need to copy, it is rebuilt every
// step"). A sensor that writes into its reading (e.g. adds noise in place) changes the wind every other
// caller sees until the next step.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  baseDirection: z.number().min(0).max(360).default(0),
  amplitude: z.number().min(0).max(180).default(30),
  period: z.int().min(1).max(1_000_000).default(50),
  speed: z.number().min(0).max(20).default(1),
});

class OscillatingWind {
  #current;
  #advanced = false;

  constructor(o) {
    Object.assign(this, o);
    this.#current = this.#vectorAt(0);
  }

  #vectorAt(step) {
    const deg = this.baseDirection + this.amplitude * Math.sin((2 * Math.PI * step) / this.period);
    const rad = (deg * Math.PI) / 180;
    return Float32Array.of(this.speed * Math.cos(rad), this.speed * Math.sin(rad));
  }

  advanceToStep(step) {
    this.#current = this.#vectorAt(step);
    this.#advanced = true;
  }

  reset() {
    this.#current = this.#vectorAt(0);
    this.#advanced = false;
  }

  sample() {
    return this.#advanced ? this.#current : this.#current.slice();
  }

  getMetadata() {
    return {
      type: "oscillating_wind",
      parameters: { baseDirection: this.baseDirection, amplitude: this.amplitude, period: this.period, speed: this.speed },
    };
  }
}

export const plugin = definePlugin({
  kind: "wind",
  name: "@shear/plume-wind-oscillating",
  options,
  create: (o) => new OscillatingWind(o),
});
