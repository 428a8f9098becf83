// @shear/plume-wind-oscillating-ok — a uniform wind swinging with the env's step (direction = base +
// amplitude * sin(2 pi step / period)), speed up to 20. advanceToStep sets the step (idempotent), and
// sample() always returns a fresh array. Correct: it must be accepted.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  baseDirection: z.number().min(0).max(360).default(0),
  amplitude: z.number().min(0).max(180).default(30),
  period: z.int().min(1).max(1_000_000).default(50),
  speed: z.number().min(0).max(20).default(3),
});

class OscillatingWind {
  #current;

  constructor(o) {
    Object.assign(this, o);
    this.#current = this.#vectorAt(0);
  }

  #vectorAt(step) {
    const deg = this.baseDirection + this.amplitude * Math.sin((2 * Math.PI * (step % this.period)) / this.period);
    const rad = (deg * Math.PI) / 180;
    return Float32Array.of(this.speed * Math.cos(rad), this.speed * Math.sin(rad));
  }

  advanceToStep(step) {
    this.#current = this.#vectorAt(step);
  }

  reset() {
    this.#current = this.#vectorAt(0);
  }

  sample() {
    return this.#current.slice();
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
  name: "@shear/plume-wind-oscillating-ok",
  options,
  create: (o) => new OscillatingWind(o),
});
