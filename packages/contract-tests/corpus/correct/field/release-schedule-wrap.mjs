// @ops/plume-field-release-schedule-ok — a Gaussian plume whose source strength follows a daily release
// schedule of 1,440 one-minute entries, interpolated towards the next minute with the day wrapping around
// (the entry after 23:59 is 00:00), and an occasional maintenance purge: every 997th step the source is shut
// (strength 0). Time-varying at every step, repeating, never past [0, 1]. Correct: it must be accepted.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const MINUTES = 1440;

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(2048), z.int().min(1).max(2048)]).default([36, 28]),
  source: z.tuple([z.int(), z.int()]).default([8, 14]),
  sigma: z.number().positive().max(1e4).default(4),
  subSteps: z.int().min(1).max(60).default(4),
  purgeEvery: z.int().min(2).max(1_000_000).default(997),
});

class ScheduledPlume {
  #schedule = Array.from({ length: MINUTES }, (_, m) => 0.65 - 0.35 * Math.cos((2 * Math.PI * m) / MINUTES));
  #strength;

  constructor({ grid, source, sigma, subSteps, purgeEvery }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    Object.assign(this, { sigma, subSteps, purgeEvery });
    this.#strength = this.#strengthAt(0);
  }

  #strengthAt(step) {
    if (step > 0 && step % this.purgeEvery === 0) return 0;
    const i = step % MINUTES;
    const next = this.#schedule[(i + 1) % MINUTES];
    const frac = (this.subSteps - 1) / this.subSteps;
    return this.#schedule[i] + frac * (next - this.#schedule[i]);
  }

  advanceToStep(step) {
    this.#strength = this.#strengthAt(step);
  }

  reset() {
    this.#strength = this.#strengthAt(0);
  }

  sample(x, y) {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    const d2 = (cx - this.sourceLocation.x) ** 2 + (cy - this.sourceLocation.y) ** 2;
    return Math.fround(this.#strength * Math.exp(-d2 / (2 * this.sigma * this.sigma)));
  }

  getMetadata() {
    return { type: "scheduled_plume", parameters: { sigma: this.sigma, schedule_minutes: MINUTES, purge_every: this.purgeEvery } };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@ops/plume-field-release-schedule-ok",
  options,
  create: (o) => new ScheduledPlume(o),
});
