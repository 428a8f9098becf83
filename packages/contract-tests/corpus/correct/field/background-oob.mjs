// @edge/plume-field-background — a Gaussian plume over a uniform background odour (0.02 by default),
// which also holds off the grid; the metadata declares that `out_of_bounds_value`, as the contract
// allows. Correct: it must be accepted.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(4096), z.int().min(1).max(4096)]).default([40, 30]),
  source: z.tuple([z.int(), z.int()]).default([30, 15]),
  sigma: z.number().positive().max(1e4).default(6),
  background: z.number().min(0).max(0.5).default(0.02),
});

class BackgroundPlume {
  constructor({ grid, source, sigma, background }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.sigma = sigma;
    this.background = background;
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return this.background;
    const d2 = (cx - this.sourceLocation.x) ** 2 + (cy - this.sourceLocation.y) ** 2;
    const plume = Math.exp(-d2 / (2 * this.sigma * this.sigma));
    return Math.fround(this.background + (1 - this.background) * plume);
  }

  reset() {}

  getMetadata() {
    return {
      type: "background_plume",
      parameters: { sigma: this.sigma, background: this.background },
      out_of_bounds_value: this.background,
    };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@edge/plume-field-background",
  options,
  create: (o) => new BackgroundPlume(o),
});
