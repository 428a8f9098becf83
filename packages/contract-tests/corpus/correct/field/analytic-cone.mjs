// @cone/plume-field-cone-ok — a linear "cone" plume c = max(0, 1 - d / radius) evaluated analytically
// (no dense array, for grids up to 100 000 cells wide), with fractional coordinates rounded
// half-to-even as the contract says. Correct: it must be accepted.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(100_000), z.int().min(1).max(100_000)]).default([5000, 300]),
  source: z.tuple([z.int(), z.int()]).default([20, 150]),
  radius: z.number().positive().max(1e6).default(2000),
});

class ConePlume {
  constructor({ grid, source, radius }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.radius = radius;
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
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
  name: "@cone/plume-field-cone-ok",
  options,
  create: (o) => new ConePlume(o),
});
