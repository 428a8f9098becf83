// @puffs/plume-field-puff-movie — a "movie" plume: a procedurally generated sequence of frames (a puff
// drifting downwind), advanced by the env with advanceToStep(step).
// BUG (time): advanceToStep indexes `frames[step]` with no clamp or wrap. Past the last frame (step >=
// frames, 64 by default) the current frame is undefined and sample() throws a TypeError — i.e. after
// step 64 of any episode. The first frames are all fine.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(1024), z.int().min(1).max(1024)]).default([32, 24]),
  source: z.tuple([z.int(), z.int()]).default([4, 12]),
  frames: z.int().min(1).max(10_000).default(64),
  driftPerFrame: z.number().min(0).max(10).default(0.4),
  sigma: z.number().positive().max(1000).default(3),
});

class PuffMovie {
  #frames = [];
  #current;

  constructor({ grid, source, frames, driftPerFrame, sigma }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.params = { frames, driftPerFrame, sigma };
    const [w, h] = grid;
    for (let f = 0; f < frames; f++) {
      const cx = source[0] + driftPerFrame * f;
      const data = new Float32Array(w * h);
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = Math.exp(-((x - cx) ** 2 + (y - source[1]) ** 2) / (2 * sigma * sigma));
      this.#frames.push(data);
    }
    this.#current = this.#frames[0];
  }

  get fieldArray() {
    return this.#current;
  }

  advanceToStep(step) {
    this.#current = this.#frames[step];
  }

  reset() {
    this.#current = this.#frames[0];
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.#current[cy * this.gridSize.width + cx];
  }

  getMetadata() {
    return { type: "puff_movie", parameters: this.params, frame_count: this.params.frames };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@puffs/plume-field-puff-movie",
  options,
  create: (o) => new PuffMovie(o),
});
