// @ridge/plume-field-ridge — a ridge plume: a steady wind carries odour along +x from a line source, so
// the concentration is a Gaussian across the wind that decays along it, c = exp(-(y - y0)^2 / 2s^2) *
// exp(-x / L). Analytic, with no dense array.
// BUG (float boundaries): positions are turned into cells with `x | 0` (truncation toward zero), which the
// author took for rounding. sample(4.7, y) reads cell 4 instead of 5, and y in [h - 0.5, h) reads the last
// row instead of being off the grid. Integer positions, which most tests use, are right.
import { Coordinates, GridSize, definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  width: z.int().min(1).max(20_000).default(80),
  height: z.int().min(1).max(20_000).default(40),
  centreline: z.number().default(20),
  crossSigma: z.number().positive().max(1e4).default(4),
  decayLength: z.number().positive().max(1e6).default(60),
});

class RidgePlume {
  constructor({ width, height, centreline, crossSigma, decayLength }) {
    this.gridSize = new GridSize(width, height);
    this.sourceLocation = new Coordinates(0, Math.round(centreline));
    Object.assign(this, { centreline, crossSigma, decayLength });
  }

  sample(x, y) {
    if (!(x > -1 && y > -1)) return 0;
    const cx = x | 0;
    const cy = y | 0;
    if (cx >= this.gridSize.width || cy >= this.gridSize.height) return 0;
    const across = (cy - this.centreline) / this.crossSigma;
    return Math.fround(Math.exp(-0.5 * across * across - cx / this.decayLength));
  }

  reset() {}

  getMetadata() {
    return { type: "ridge_plume", parameters: { crossSigma: this.crossSigma, decayLength: this.decayLength } };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@ridge/plume-field-ridge",
  options,
  create: (o) => new RidgePlume(o),
});
