// @cfd/plume-wind-gridded — wind read from a gridded velocity table (a coarse CFD export), nearest
// cell, for the arena the table covers.
// BUG (off-grid / .5 ties): positions are rounded and used to index the table rows without a bounds
// check. Off the table (agents' antennae past the wall, a position at -0.5 or width - 0.5 that rounds
// outside) the row is undefined and sample() throws a TypeError instead of returning a finite vector.
import { definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  width: z.int().min(1).max(512).default(32),
  height: z.int().min(1).max(512).default(32),
});

class GriddedWind {
  #table;

  constructor({ width, height }) {
    this.width = width;
    this.height = height;
    // a synthetic "export": shear flow, faster near the top
    this.#table = Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => [0.5 + y / height, 0.1 * Math.sin(x / 5)]));
  }

  sample(position) {
    const row = this.#table[roundHalfEven(position.y)];
    const cell = row[Math.min(this.width - 1, Math.max(0, roundHalfEven(position.x)))];
    return Float32Array.of(cell[0], cell[1]);
  }

  getMetadata() {
    return { type: "gridded_wind", parameters: { width: this.width, height: this.height } };
  }
}

export const plugin = definePlugin({
  kind: "wind",
  name: "@cfd/plume-wind-gridded",
  options,
  create: (o) => new GriddedWind(o),
});
