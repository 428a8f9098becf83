// @moth/plume-policy-surge-cast-ok — surge forward while odour is detected; when it is lost, cast in
// zig-zags whose first turn direction is drawn at random. Plume's oriented actions (0 = forward,
// 1 = turn left, 2 = turn right). Memory (the cast state) is cleared by every reset(), with or without
// a seed; reset({ seed }) also re-creates the generator, and setRng() makes the policy draw from the
// generator it is given (an env's) instead. Correct: it must be accepted.
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  threshold: z.number().min(0).max(1).default(0.1),
  firstLeg: z.int().min(1).max(32).default(2),
  seed: z.int().min(0).max(0xffffffff).default(0),
});

class RandomisedSurgeCastPolicy {
  #space = new Discrete(3);
  #rng;
  #cast;

  constructor({ threshold, firstLeg, seed }) {
    this.threshold = threshold;
    this.firstLeg = firstLeg;
    this.#rng = Generator.fromSeed(seed);
    this.#cast = undefined;
  }

  get actionSpace() {
    return this.#space;
  }

  setRng(rng) {
    this.#rng = rng;
  }

  reset({ seed } = {}) {
    if (seed !== undefined) this.#rng = Generator.fromSeed(seed);
    this.#cast = undefined;
  }

  selectAction(observation) {
    const odour = isNDArray(observation) ? Number(observation.data[0]) : Number(observation);
    if (odour > this.threshold) {
      this.#cast = undefined;
      return 0;
    }
    if (this.#cast === undefined) this.#cast = { leg: this.firstLeg, step: 0, left: this.#rng.random() < 0.5 };
    const cast = this.#cast;
    if (cast.step < cast.leg) {
      cast.step += 1;
      return 0;
    }
    cast.step = 0;
    cast.leg += 1;
    cast.left = !cast.left;
    return cast.left ? 1 : 2;
  }

  getMetadata() {
    return { type: "surge_cast_random", parameters: { threshold: this.threshold, firstLeg: this.firstLeg }, movement_model: "forward_turn_left_turn_right" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@moth/plume-policy-surge-cast-ok",
  options,
  create: (o) => new RandomisedSurgeCastPolicy(o),
});
