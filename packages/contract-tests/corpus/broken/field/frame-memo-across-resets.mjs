// @turb/plume-field-meander — a meandering plume: the plume centreline wanders with a random walk whose
// increments are drawn from the reset seed, so every episode meanders differently. Frames are
// expensive (a full grid per step), so each computed frame is memoised by step.
// BUG (time across resets): the frame memo is not cleared by reset(seed). After a reset with a new seed,
// every step the previous episode already visited returns the previous episode's frame; only steps
// past the old episode's length follow the new seed. The first episode of an instance is always right.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(512), z.int().min(1).max(512)]).default([32, 24]),
  sigma: z.number().positive().max(1000).default(3),
  meander: z.number().min(0).max(5).default(0.7),
});

class MeanderingPlume {
  #frames = new Map();
  #offsets = [0];
  #rng = Generator.fromSeed(0);
  #step = 0;

  constructor({ grid, sigma, meander }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(0, Math.floor(grid[1] / 2));
    this.sigma = sigma;
    this.meander = meander;
  }

  reset(seed) {
    this.#rng = Generator.fromSeed(seed ?? 0);
    this.#offsets = [0];
    this.#step = 0;
  }

  advanceToStep(step) {
    this.#step = step;
  }

  #offset(step) {
    while (this.#offsets.length <= step) this.#offsets.push(this.#offsets.at(-1) + this.meander * this.#rng.standardNormal());
    return this.#offsets[step];
  }

  #frame(step) {
    let frame = this.#frames.get(step);
    if (frame === undefined) {
      const { width, height } = this.gridSize;
      const centre = this.sourceLocation.y + this.#offset(step);
      frame = new Float32Array(width * height);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const spread = this.sigma * Math.sqrt(1 + x / 4);
          frame[y * width + x] = Math.exp(-((y - centre) ** 2) / (2 * spread * spread) - x / (4 * width));
        }
      }
      this.#frames.set(step, frame);
    }
    return frame;
  }

  get fieldArray() {
    return this.#frame(this.#step);
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.#frame(this.#step)[cy * this.gridSize.width + cx];
  }

  getMetadata() {
    return { type: "meandering_plume", parameters: { sigma: this.sigma, meander: this.meander } };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@turb/plume-field-meander",
  options,
  create: (o) => new MeanderingPlume(o),
});
