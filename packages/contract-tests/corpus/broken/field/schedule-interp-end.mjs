// @ops/plume-field-release-schedule — a Gaussian plume whose source strength follows a plant's release
// schedule: one value per minute of the day (1,440 entries; an env step is a minute), repeating every day and
// interpolated linearly within the minute's sub-steps.
// BUG (time): the interpolation reads schedule[i + 1] with i = step mod 1440, so on the last minute of every
// day (steps 1439, 2879, 4319, ...) it reads past the end: undefined turns the strength into NaN for that
// one step. Every other step, including every step of a short rollout, is fine.
import { Coordinates, GridSize, definePlugin, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

const MINUTES = 1440;

const options = z.strictObject({
  grid: z.tuple([z.int().min(1).max(2048), z.int().min(1).max(2048)]).default([40, 30]),
  source: z.tuple([z.int(), z.int()]).default([10, 15]),
  sigma: z.number().positive().max(1e4).default(5),
  subSteps: z.int().min(1).max(60).default(4),
});

/** A smooth daily cycle between 0.3 (night) and 1 (noon shift). */
function dailySchedule() {
  return Array.from({ length: MINUTES }, (_, m) => 0.65 - 0.35 * Math.cos((2 * Math.PI * m) / MINUTES));
}

class ScheduledPlume {
  #schedule = dailySchedule();
  #strength;

  constructor({ grid, source, sigma, subSteps }) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(source[0], source[1]);
    this.sigma = sigma;
    this.subSteps = subSteps;
    this.#strength = this.#strengthAt(0);
  }

  #strengthAt(step) {
    const i = step % MINUTES;
    // the strength at the end of the minute's last sub-step, as the plant's historian logs it
    const frac = (this.subSteps - 1) / this.subSteps;
    return this.#schedule[i] + frac * (this.#schedule[i + 1] - this.#schedule[i]);
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
    return { type: "scheduled_plume", parameters: { sigma: this.sigma, schedule_minutes: MINUTES, subSteps: this.subSteps } };
  }
}

export const plugin = definePlugin({
  kind: "plume",
  name: "@ops/plume-field-release-schedule",
  options,
  create: (o) => new ScheduledPlume(o),
});
