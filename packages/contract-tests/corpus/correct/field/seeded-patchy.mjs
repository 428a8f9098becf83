// @stoch/plume-field-patchy-ok — a patchy plume whose patch mask is drawn from the reset seed (seed 0
// included). An unseeded reset continues the field's own stream, which is itself seeded by the last
// seed, so two instances reset alike stay alike. Correct: it must be accepted.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(1024), z.int().min(1).max(1024)]).default([32, 32]),
  source: z.tuple([z.int(), z.int()]).default([16, 16]),
  sigma: z.number().positive().max(1e4).default(6),
  patchiness: z.number().min(0).max(1).default(0.5),
});

class PatchyPlume {
  #rng = Generator.fromSeed(0);
  #mask;

  constructor({ grid, source, sigma, patchiness }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.sigma = sigma;
    this.patchiness = patchiness;
    this.reset(0);
  }

  reset(seed) {
    if (seed !== undefined) this.#rng = Generator.fromSeed(seed);
    const { width, height } = this.gridSize;
    const mask = new Float32Array(width * height);
    for (let i = 0; i < mask.length; i++) mask[i] = 1 - this.patchiness * this.#rng.random();
    this.#mask = mask;
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    const { width, height } = this.gridSize;
    if (!(cx >= 0 && cx < width && cy >= 0 && cy < height)) return 0;
    const d2 = (cx - this.sourceLocation.x) ** 2 + (cy - this.sourceLocation.y) ** 2;
    return Math.fround(Math.exp(-d2 / (2 * this.sigma ** 2)) * this.#mask[cy * width + cx]);
  }

  getMetadata() {
    return { type: "patchy_plume", parameters: { sigma: this.sigma, patchiness: this.patchiness } };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@stoch/plume-field-patchy-ok",
  options,
  create: (o) => new PatchyPlume(o),
});
