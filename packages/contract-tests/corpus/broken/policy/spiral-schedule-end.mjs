// @search/plume-policy-spiral — surge upwind while odour is detected, otherwise follow a square spiral
// search pattern (right 1, up 1, left 2, down 2, right 3, ...), precomputed once for speed.
// BUG (time / long runs): the spiral schedule is precomputed for 1000 search steps, "the default episode
// length". A search longer than that — an env with maxSteps 5000, or a policy that is not reset between
// episodes — indexes past the end of the schedule and returns `undefined`, which is not in Discrete(4).
// Short runs never get there.
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const SCHEDULE_LENGTH = 1000;
const SPIRAL = (() => {
  const moves = [];
  const turn = [1, 0, 3, 2]; // right, up, left, down
  for (let leg = 0; moves.length < SCHEDULE_LENGTH; leg++) {
    const length = Math.floor(leg / 2) + 1;
    for (let i = 0; i < length && moves.length < SCHEDULE_LENGTH; i++) moves.push(turn[leg % 4]);
  }
  return Object.freeze(moves);
})();

const options = z.strictObject({
  upwind: z.int().min(0).max(3).default(3),
  threshold: z.number().min(0).max(1).default(0.05),
});

const reading = (obs) => (isNDArray(obs) ? Number(obs.data[0]) : Number(obs));

class SpiralSearchPolicy {
  #space = new Discrete(4);
  #searchStep = 0;

  constructor({ upwind, threshold }) {
    this.upwind = upwind;
    this.threshold = threshold;
  }

  get actionSpace() {
    return this.#space;
  }

  reset() {
    this.#searchStep = 0;
  }

  selectAction(observation) {
    if (reading(observation) > this.threshold) return this.upwind;
    const action = SPIRAL[this.#searchStep];
    this.#searchStep += 1;
    return action;
  }

  getMetadata() {
    return { type: "spiral_search", parameters: { upwind: this.upwind, threshold: this.threshold, schedule: SCHEDULE_LENGTH }, movement_model: "cardinal_directions" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@search/plume-policy-spiral",
  options,
  create: (o) => new SpiralSearchPolicy(o),
});
