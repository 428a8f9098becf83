// @memlean/plume-field-gaussian-compact — a Gaussian plume that stores squared distances to the source
// in a Uint16Array (half the memory of float32) and evaluates exp(-d^2 / 2 sigma^2) on demand.
// BUG (sizes): squared distances above 65535 wrap around modulo 65536. On grids up to ~181 cells from
// the source everything is right; on a 512x512 grid a far cell at d^2 = 65536 + 4 reads as d^2 = 4 and
// the field rises again far from the source (the maximum is no longer unique and the field is not
// monotone in distance).
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(4096), z.int().min(1).max(4096)]).default([64, 64]),
  source: z.tuple([z.int(), z.int()]).default([32, 32]),
  sigma: z.number().positive().max(1e4).default(12),
});

class CompactGaussianPlume {
  #d2;

  constructor({ grid, source, sigma }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.sigma = sigma;
    this.#d2 = new Uint16Array(grid[0] * grid[1]);
    for (let y = 0; y < grid[1]; y++) {
      for (let x = 0; x < grid[0]; x++) {
        const dx = x - source[0];
        const dy = y - source[1];
        this.#d2[y * grid[0] + x] = dx * dx + dy * dy;
      }
    }
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return Math.fround(Math.exp(-this.#d2[cy * this.gridSize.width + cx] / (2 * this.sigma * this.sigma)));
  }

  reset() {}

  getMetadata() {
    return {
      type: "compact_gaussian",
      parameters: { sigma: this.sigma },
      source_location: this.sourceLocation.toJSON(),
      sigma: this.sigma,
    };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@memlean/plume-field-gaussian-compact",
  options,
  create: (o) => new CompactGaussianPlume(o),
});
