// @expo/plume-field-exponential — an exponential-decay plume c = exp(-d / lengthScale), precomputed on
// the grid as a dense float32 array.
// BUG (float boundaries): fractional positions are rounded with Math.round and only *then* the
// author checks `cx < width` for x but forgets `cy < height` ("rows are checked by the array bounds").
// A y in [height - 0.5, height) rounds to `height`: for the last column that index is past the end of
// the array (undefined -> NaN), for other columns it wraps into nothing. Integer positions all work.
import { Coordinates, GridSize, definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(4096), z.int().min(1).max(4096)]).default([48, 32]),
  source: z.tuple([z.int(), z.int()]).default([10, 16]),
  lengthScale: z.number().positive().max(1e4).default(8),
});

class ExponentialPlume {
  constructor({ grid, source, lengthScale }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.lengthScale = lengthScale;
    const data = new Float32Array(grid[0] * grid[1]);
    for (let y = 0; y < grid[1]; y++) {
      for (let x = 0; x < grid[0]; x++) data[y * grid[0] + x] = Math.exp(-Math.hypot(x - source[0], y - source[1]) / lengthScale);
    }
    this.fieldArray = data;
  }

  sample(x, y) {
    const cx = Math.round(x);
    const cy = Math.round(y);
    if (cx < 0 || cx >= this.gridSize.width || cy < 0) return 0;
    const v = this.fieldArray[cy * this.gridSize.width + cx];
    return v;
  }

  reset() {}

  getMetadata() {
    return {
      type: "exponential_plume",
      parameters: { lengthScale: this.lengthScale },
      source_location: this.sourceLocation.toJSON(),
    };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@expo/plume-field-exponential",
  options,
  create: (o) => new ExponentialPlume(o),
});
