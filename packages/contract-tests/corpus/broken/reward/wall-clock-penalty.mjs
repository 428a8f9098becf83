// @realtime/plume-reward-time — a step penalty that grows with the real time spent in the episode
// (for robot-in-the-loop experiments, where wall time is the real cost).
// BUG (clock dependence): the penalty reads the wall clock through `new Date()` (which the author
// believed was fine because "Date.now is mocked in tests"). The same transition gives a different reward
// depending on when it is evaluated: seconds elapsed since the instance's first call.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  perSecond: z.number().min(0).max(1).default(0.001),
  base: z.number().min(0).max(1).default(0.01),
});

class WallClockPenaltyReward {
  #start;

  constructor({ perSecond, base }) {
    this.perSecond = perSecond;
    this.base = base;
  }

  computeReward() {
    const now = new Date().getTime();
    this.#start ??= now;
    const seconds = Math.floor((now - this.#start) / 1000);
    return -(this.base + this.perSecond * seconds);
  }

  getMetadata() {
    return { type: "wall_clock_penalty", parameters: { perSecond: this.perSecond, base: this.base } };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@realtime/plume-reward-time",
  options,
  create: (o) => new WallClockPenaltyReward(o),
});
