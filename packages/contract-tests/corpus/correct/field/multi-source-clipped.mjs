// @lazy/plume-field-multi-source — several Gaussian sources summed and clipped at 1 (overlapping plumes
// saturate the receptor), precomputed as a dense array. The field reaches 1 at several cells away from
// any single "the" source. Correct: it must be accepted.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(2048), z.int().min(1).max(2048)]).default([48, 32]),
  sources: z.array(z.tuple([z.int(), z.int()])).min(1).max(16).default([[10, 10], [14, 12], [40, 25]]),
  sigma: z.number().positive().max(1e4).default(4),
});

class MultiSourcePlume {
  constructor({ grid, sources, sigma }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sources = sources;
    this.sigma = sigma;
    this.sourceLocation = new Coordinates(sources[0][0], sources[0][1]);
    const [w, h] = grid;
    const data = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let total = 0;
        for (const [sx, sy] of sources) total += Math.exp(-((x - sx) ** 2 + (y - sy) ** 2) / (2 * sigma * sigma));
        data[y * w + x] = Math.min(1, total);
      }
    }
    this.fieldArray = data;
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.fieldArray[cy * this.gridSize.width + cx];
  }

  reset() {}

  getMetadata() {
    return { type: "multi_source", parameters: { sources: this.sources, sigma: this.sigma } };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@lazy/plume-field-multi-source",
  options,
  create: (o) => new MultiSourcePlume(o),
});
