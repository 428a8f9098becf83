// @puffs/plume-field-decaying-puff — a single released puff that spreads and decays: amplitude
// exp(-rate * t), width sigma0 * sqrt(1 + t / tau), renormalised so the peak stays 1 ("the agent should
// still be able to find it").
// BUG (time): the renormalisation divides exp(-rate * t) * kernel by exp(-rate * t). Past t ~ 745 /
// rate (about step 2980 at the default rate) exp underflows to 0 and every cell becomes 0 / 0 = NaN.
// Any short rollout sees a valid field.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(1024), z.int().min(1).max(1024)]).default([32, 32]),
  source: z.tuple([z.int(), z.int()]).default([8, 16]),
  sigma0: z.number().positive().max(1000).default(2),
  tau: z.number().positive().max(1e9).default(50),
  rate: z.number().positive().max(10).default(0.25),
});

class DecayingPuff {
  #t = 0;

  constructor({ grid, source, sigma0, tau, rate }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    Object.assign(this, { sigma0, tau, rate });
  }

  advanceToStep(step) {
    this.#t = step;
  }

  onReset() {
    this.#t = 0;
  }

  reset() {
    this.#t = 0;
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    const sigma = this.sigma0 * Math.sqrt(1 + this.#t / this.tau);
    const amplitude = Math.exp(-this.rate * this.#t);
    const d2 = (cx - this.sourceLocation.x) ** 2 + (cy - this.sourceLocation.y) ** 2;
    const raw = amplitude * Math.exp(-d2 / (2 * sigma * sigma));
    return Math.fround(raw / amplitude);
  }

  getMetadata() {
    return { type: "decaying_puff", parameters: { sigma0: this.sigma0, tau: this.tau, rate: this.rate } };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@puffs/plume-field-decaying-puff",
  options,
  create: (o) => new DecayingPuff(o),
});
