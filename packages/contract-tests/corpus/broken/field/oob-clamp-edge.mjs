// @edge/plume-field-plateau — a flat-topped plume (1 within `core` cells of the source, Gaussian
// fall-off outside), with "no surprises at the walls": off-grid samples read the nearest edge cell.
// BUG (a MUST clause reported only as a warning): off the grid the field returns the clamped edge value
// instead of 0, and its metadata declares no `out_of_bounds_value`. Sensors that look past the wall
// (antennae) see odour where the contract says there is none.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(4096), z.int().min(1).max(4096)]).default([40, 40]),
  source: z.tuple([z.int(), z.int()]).default([0, 20]),
  core: z.number().min(0).max(100).default(2),
  sigma: z.number().positive().max(1e4).default(8),
});

class PlateauPlume {
  constructor({ grid, source, core, sigma }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.core = core;
    this.sigma = sigma;
  }

  sample(x, y) {
    const cx = Math.min(this.gridSize.width - 1, Math.max(0, roundHalfEven(x)));
    const cy = Math.min(this.gridSize.height - 1, Math.max(0, roundHalfEven(y)));
    const d = Math.hypot(cx - this.sourceLocation.x, cy - this.sourceLocation.y);
    if (d <= this.core) return 1;
    const e = d - this.core;
    return Math.fround(Math.exp(-(e * e) / (2 * this.sigma * this.sigma)));
  }

  reset() {}

  getMetadata() {
    return { type: "plateau_plume", parameters: { core: this.core, sigma: this.sigma } };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@edge/plume-field-plateau",
  options,
  create: (o) => new PlateauPlume(o),
});
