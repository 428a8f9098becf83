// @lazy/plume-field-dipole-ok — two Gaussian sources on grids up to 100 000 cells wide, evaluated lazily
// and memoised per cell with a collision-free key (y * width + x), so sampling order never matters and
// nothing is computed for cells no agent visits. Correct: it must be accepted.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(100_000), z.int().min(1).max(100_000)]).default([2000, 40]),
  sources: z.array(z.tuple([z.int(), z.int()])).min(1).max(8).default([[100, 20], [1500, 10]]),
  sigma: z.number().positive().max(1e5).default(30),
});

class LazyDipolePlume {
  #memo = new Map();

  constructor({ grid, sources, sigma }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sources = sources;
    this.sigma = sigma;
    this.sourceLocation = new Coordinates(sources[0][0], sources[0][1]);
  }

  #evaluate(cx, cy) {
    let total = 0;
    for (const [sx, sy] of this.sources) total += Math.exp(-((cx - sx) ** 2 + (cy - sy) ** 2) / (2 * this.sigma ** 2));
    return Math.fround(Math.min(1, total));
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    const key = cy * this.gridSize.width + cx;
    let v = this.#memo.get(key);
    if (v === undefined) {
      v = this.#evaluate(cx, cy);
      this.#memo.set(key, v);
    }
    return v;
  }

  reset() {}

  getMetadata() {
    return { type: "dipole_plume", parameters: { sources: this.sources, sigma: this.sigma } };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@lazy/plume-field-dipole-ok",
  options,
  create: (o) => new LazyDipolePlume(o),
});
