// @release/plume-field-ramp — a time-varying release: the source switches on at half strength and ramps
// up linearly over `rampSteps` steps (a valve opening), on a Gaussian plume.
// BUG (time): the ramp factor 0.5 + step / (2 * rampSteps) is never clipped at 1. At step rampSteps it
// reaches 1 and keeps growing, so after step 2000 (the default ramp) the source cell exceeds 1 and the
// field leaves [0, 1]. Checks that advance a few steps see a perfectly bounded field.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(1024), z.int().min(1).max(1024)]).default([32, 32]),
  source: z.tuple([z.int(), z.int()]).default([16, 16]),
  sigma: z.number().positive().max(1000).default(5),
  rampSteps: z.int().min(1).max(1_000_000).default(2000),
});

class RampPlume {
  #step = 0;

  constructor({ grid, source, sigma, rampSteps }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.sigma = sigma;
    this.rampSteps = rampSteps;
  }

  advanceToStep(step) {
    this.#step = step;
  }

  reset() {
    this.#step = 0;
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    const strength = 0.5 + this.#step / (2 * this.rampSteps);
    const d2 = (cx - this.sourceLocation.x) ** 2 + (cy - this.sourceLocation.y) ** 2;
    return Math.fround(strength * Math.exp(-d2 / (2 * this.sigma * this.sigma)));
  }

  getMetadata() {
    return { type: "ramp_plume", parameters: { sigma: this.sigma, rampSteps: this.rampSteps }, source_location: this.sourceLocation.toJSON() };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@release/plume-field-ramp",
  options,
  create: (o) => new RampPlume(o),
});
