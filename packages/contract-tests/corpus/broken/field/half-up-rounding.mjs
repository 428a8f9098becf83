// @cone/plume-field-cone — a linear "cone" plume c = max(0, 1 - d / radius), sampled analytically
// (no dense array: the author's grids are huge).
// BUG (float boundaries: .5 ties): fractional coordinates are rounded with Math.round (ties up), where
// the ConcentrationField contract and Plume's env round ties half-to-even as the Python reference does.
// sample(2.5, y) reads cell 3 instead of cell 2. Integer positions are unaffected.
import { Coordinates, GridSize, definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(100_000), z.int().min(1).max(100_000)]).default([64, 64]),
  source: z.tuple([z.int(), z.int()]).default([20, 30]),
  radius: z.number().positive().max(1e6).default(24),
});

class ConePlume {
  constructor({ grid, source, radius }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.radius = radius;
  }

  sample(x, y) {
    const cx = Math.round(x);
    const cy = Math.round(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    const d = Math.hypot(cx - this.sourceLocation.x, cy - this.sourceLocation.y);
    return Math.fround(Math.max(0, 1 - d / this.radius));
  }

  reset() {}

  getMetadata() {
    return { type: "cone_plume", parameters: { radius: this.radius }, source_location: this.sourceLocation.toJSON() };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@cone/plume-field-cone",
  options,
  create: (o) => new ConePlume(o),
});
