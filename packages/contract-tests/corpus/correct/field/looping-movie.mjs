// @loops/plume-field-looping-movie — a looping "movie" plume: frames are generated once (a source
// orbiting the centre) and advanceToStep(step) shows frame step mod frames, so any step — 10, 10 000 or
// 10 000 000 — is valid, and reset() returns to frame 0. Correct: it must be accepted.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(512), z.int().min(1).max(512)]).default([24, 20]),
  frames: z.int().min(1).max(1000).default(12),
  orbit: z.number().min(0).max(100).default(4),
  sigma: z.number().positive().max(1000).default(3),
});

class LoopingMovie {
  #frames = [];
  #step = 0;

  constructor({ grid, frames, orbit, sigma }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(Math.floor(grid[0] / 2), Math.floor(grid[1] / 2));
    this.params = { frames, orbit, sigma };
    const [w, h] = grid;
    for (let f = 0; f < frames; f++) {
      const phase = (2 * Math.PI * f) / frames;
      const sx = this.sourceLocation.x + orbit * Math.cos(phase);
      const sy = this.sourceLocation.y + orbit * Math.sin(phase);
      const data = new Float32Array(w * h);
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = Math.exp(-((x - sx) ** 2 + (y - sy) ** 2) / (2 * sigma * sigma));
      this.#frames.push(data);
    }
  }

  advanceToStep(step) {
    this.#step = step;
  }

  reset() {
    this.#step = 0;
  }

  get fieldArray() {
    return this.#frames[this.#step % this.#frames.length];
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.fieldArray[cy * this.gridSize.width + cx];
  }

  getMetadata() {
    return { type: "looping_movie", parameters: this.params, frame_count: this.params.frames, loop: true };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@loops/plume-field-looping-movie",
  options,
  create: (o) => new LoopingMovie(o),
});
