// @memory/plume-policy-windowed-gradient — compares the current reading with the mean of the last
// `window` readings (a smoothed temporal gradient): above the mean, keep the heading; below, turn to
// the next heading clockwise. Readings are kept in a preallocated Float64Array "for the hot loop".
// BUG (time / long runs): the buffer holds 1024 readings and is indexed by the step counter without
// wrapping ("episodes are 1000 steps"). From step 1024 on, writes past the end are silently dropped
// and reads return undefined, the mean becomes NaN, the comparison is false on every step and the
// heading index `turns % 4` is computed from a NaN counter: selectAction returns undefined, which is
// not in Discrete(4). Any run shorter than 1024 steps is fine; reset() restarts the counter.
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const CAPACITY = 1024;
const CLOCKWISE = [1, 2, 3, 0];

const options = z.strictObject({
  window: z.int().min(1).max(64).default(8),
});

const reading = (obs) => {
  const v = isNDArray(obs) ? Number(obs.data[0]) : Number(obs);
  return Number.isFinite(v) ? v : 0;
};

class WindowedGradientPolicy {
  #space = new Discrete(4);
  #buffer = new Float64Array(CAPACITY);
  #step = 0;
  #heading = 0;
  #turns = 0;

  constructor({ window }) {
    this.window = window;
  }

  get actionSpace() {
    return this.#space;
  }

  reset() {
    this.#buffer.fill(0);
    this.#step = 0;
    this.#heading = 0;
    this.#turns = 0;
  }

  #mean() {
    const n = Math.min(this.window, this.#step);
    if (n === 0) return undefined;
    let sum = 0;
    for (let k = 1; k <= n; k++) sum += this.#buffer[this.#step - k];
    return sum / n;
  }

  selectAction(observation) {
    const c = reading(observation);
    const mean = this.#mean();
    if (mean !== undefined && !(c >= mean)) {
      this.#turns = this.#turns + (c < mean ? 1 : Number.NaN);
      this.#heading = CLOCKWISE[this.#turns % 4];
    }
    this.#buffer[this.#step] = c;
    this.#step += 1;
    return this.#heading;
  }

  getMetadata() {
    return { type: "windowed_gradient", parameters: { window: this.window, capacity: CAPACITY }, movement_model: "cardinal_directions" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@memory/plume-policy-windowed-gradient",
  options,
  create: (o) => new WindowedGradientPolicy(o),
});
