// @fleet/plume-field-gaussian-shared — a Gaussian plume for large vector envs: 64 parallel envs with the same
// plume would each compute the same field, so computed fields are kept in a module-level cache and shared.
// BUG (caches across instances): the cache key is the plume's physics, `${sigma}@${source}`, but not its grid.
// A second plume with the same sigma and source on another grid (a curriculum that grows the arena, a sweep
// over grid sizes) is handed the first grid's array: fieldArray has the wrong length and sample() reads cells
// of the wrong row, or past the end of the array.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(4096), z.int().min(1).max(4096)]).default([40, 30]),
  source: z.tuple([z.int(), z.int()]).default([20, 15]),
  sigma: z.number().positive().max(1e4).default(5),
});

const fieldCache = new Map();

function computeField([w, h], [sx, sy], sigma) {
  const data = new Float32Array(w * h);
  const inv = 1 / (2 * sigma * sigma);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = Math.exp(-((x - sx) ** 2 + (y - sy) ** 2) * inv);
  return data;
}

class SharedGaussianPlume {
  constructor({ grid, source, sigma }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.sigma = sigma;
    const key = `${sigma}@${source.join(",")}`;
    if (!fieldCache.has(key)) fieldCache.set(key, computeField(grid, source, sigma));
    this.fieldArray = fieldCache.get(key);
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.fieldArray[cy * this.gridSize.width + cx];
  }

  reset() {}

  getMetadata() {
    return { type: "shared_gaussian", parameters: { sigma: this.sigma }, source_location: this.sourceLocation.toJSON(), sigma: this.sigma };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@fleet/plume-field-gaussian-shared",
  options,
  create: (o) => new SharedGaussianPlume(o),
});
