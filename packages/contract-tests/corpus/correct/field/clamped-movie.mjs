// @puffs/plume-field-puff-movie-ok — a finite movie plume (a puff drifting downwind) that holds its
// last frame once the movie is over, so steps past the last frame are valid. Frames are stored as one
// flat Float32Array. Correct: it must be accepted.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(1024), z.int().min(1).max(1024)]).default([32, 24]),
  source: z.tuple([z.int(), z.int()]).default([4, 12]),
  frames: z.int().min(1).max(10_000).default(40),
  driftPerFrame: z.number().min(0).max(10).default(0.5),
  sigma: z.number().positive().max(1000).default(3),
});

class ClampedPuffMovie {
  #data;
  #frame = 0;

  constructor({ grid, source, frames, driftPerFrame, sigma }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.params = { frames, driftPerFrame, sigma };
    const [w, h] = grid;
    this.#data = new Float32Array(frames * w * h);
    for (let f = 0; f < frames; f++) {
      const cx = source[0] + driftPerFrame * f;
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) this.#data[f * w * h + y * w + x] = Math.exp(-((x - cx) ** 2 + (y - source[1]) ** 2) / (2 * sigma * sigma));
    }
  }

  advanceToStep(step) {
    this.#frame = Math.min(this.params.frames - 1, Math.max(0, Math.floor(step)));
  }

  reset() {
    this.#frame = 0;
  }

  get fieldArray() {
    const n = this.gridSize.width * this.gridSize.height;
    return this.#data.subarray(this.#frame * n, (this.#frame + 1) * n);
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    const { width, height } = this.gridSize;
    if (!(cx >= 0 && cx < width && cy >= 0 && cy < height)) return 0;
    return this.#data[this.#frame * width * height + cy * width + cx];
  }

  getMetadata() {
    return { type: "puff_movie", parameters: this.params, frame_count: this.params.frames, after_last_frame: "hold" };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@puffs/plume-field-puff-movie-ok",
  options,
  create: (o) => new ClampedPuffMovie(o),
});
