// @memlean/plume-field-gaussian-rows — a Gaussian plume with a precomputed table of row offsets
// (y * width) in a Uint16Array, so sample() needs no multiplication.
// BUG (sizes): row offsets above 65535 wrap modulo 65536. On any grid with more than 65536 cells
// (e.g. 300x300) sample() reads rows near the top of the array for agents in the far rows, so
// sample(x, y) no longer equals fieldArray[y * width + x]. Every grid up to 256x256 works.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(4096), z.int().min(1).max(4096)]).default([64, 48]),
  source: z.tuple([z.int(), z.int()]).default([32, 24]),
  sigma: z.number().positive().max(1e4).default(10),
});

class RowTablePlume {
  #rowStart;

  constructor({ grid, source, sigma }) {
    const [w, h] = grid;
    this.gridSize = new GridSize(w, h);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.sigma = sigma;
    this.#rowStart = new Uint16Array(h);
    const data = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      this.#rowStart[y] = y * w;
      for (let x = 0; x < w; x++) data[y * w + x] = Math.exp(-((x - source[0]) ** 2 + (y - source[1]) ** 2) / (2 * sigma * sigma));
    }
    this.fieldArray = data;
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.fieldArray[this.#rowStart[cy] + cx];
  }

  reset() {}

  getMetadata() {
    return { type: "row_table_gaussian", parameters: { sigma: this.sigma } };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@memlean/plume-field-gaussian-rows",
  options,
  create: (o) => new RowTablePlume(o),
});
