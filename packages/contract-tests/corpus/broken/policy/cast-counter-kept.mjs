// @moth/plume-policy-surge-cast — the classic moth strategy for Plume's oriented actions
// (0 = forward, 1 = turn left, 2 = turn right): surge forward while odour is detected; once it is
// lost, cast by turning left and right in widening zig-zags. Deterministic: no generator at all.
// BUG (hidden history / unseeded reset): reset() clears the cast state only when a seed is given
// ("a seed means a new experiment"). The env calls reset() without a seed between episodes, so a new
// episode that starts without odour continues the zig-zag of the previous episode mid-cast instead of
// starting a fresh cast — episode 2 depends on where episode 1 ended.
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const FORWARD = 0;
const LEFT = 1;
const RIGHT = 2;

const options = z.strictObject({
  threshold: z.number().min(0).max(1).default(0.1),
  firstLeg: z.int().min(1).max(32).default(2),
});

class SurgeCastPolicy {
  #space = new Discrete(3);
  #legLength;
  #legStep = 0;
  #turnLeft = true;

  constructor({ threshold, firstLeg }) {
    this.threshold = threshold;
    this.firstLeg = firstLeg;
    this.#legLength = firstLeg;
  }

  get actionSpace() {
    return this.#space;
  }

  reset({ seed } = {}) {
    if (seed === undefined) return;
    this.#legLength = this.firstLeg;
    this.#legStep = 0;
    this.#turnLeft = true;
  }

  selectAction(observation) {
    const odour = isNDArray(observation) ? Number(observation.data[0]) : Number(observation);
    if (odour > this.threshold) {
      this.#legLength = this.firstLeg;
      this.#legStep = 0;
      return FORWARD;
    }
    if (this.#legStep < this.#legLength) {
      this.#legStep += 1;
      return FORWARD;
    }
    this.#legStep = 0;
    this.#legLength += 1;
    this.#turnLeft = !this.#turnLeft;
    return this.#turnLeft ? LEFT : RIGHT;
  }

  getMetadata() {
    return { type: "surge_cast", parameters: { threshold: this.threshold, firstLeg: this.firstLeg }, movement_model: "forward_turn_left_turn_right" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@moth/plume-policy-surge-cast",
  options,
  create: (o) => new SurgeCastPolicy(o),
});
