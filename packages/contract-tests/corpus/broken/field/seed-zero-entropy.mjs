// @stoch/plume-field-patchy — a patchy plume: a Gaussian core multiplied by a random patch mask drawn at
// every reset from the seed (so each episode has its own filaments).
// BUG (seeding: seed 0): reset(seed) writes `seed ? Generator.fromSeed(seed) : Generator.fromSeed()`, so
// seed 0 is treated as "no seed" and draws OS entropy. reset(0) on two instances gives two different
// plumes, and `reset({ seed: 0 })` of an env is not reproducible. Every seed but 0 works.
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
  #mask;

  constructor({ grid, source, sigma, patchiness }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.sigma = sigma;
    this.patchiness = patchiness;
    this.reset(1);
  }

  reset(seed) {
    const rng = seed ? Generator.fromSeed(seed) : Generator.fromSeed();
    const { width, height } = this.gridSize;
    this.#mask = new Float32Array(width * height);
    for (let i = 0; i < this.#mask.length; i++) this.#mask[i] = 1 - this.patchiness * rng.random();
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
  name: "@stoch/plume-field-patchy",
  options,
  create: (o) => new PatchyPlume(o),
});
