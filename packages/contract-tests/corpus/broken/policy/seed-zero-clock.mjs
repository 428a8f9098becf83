// @explore/plume-policy-epsilon — epsilon-greedy over the 4 cardinal moves with a fixed preferred
// direction (upwind), seeded through reset({ seed }).
// BUG (seeding: seed 0): reset writes `seed || (new Date().getTime() >>> 0)`, so reset({ seed: 0 }) —
// a seed like any other — draws its generator from the clock and is not reproducible. Seeds 42, 123
// and 777 behave.
import { definePlugin } from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  epsilon: z.number().min(0).max(1).default(0.3),
  preferred: z.int().min(0).max(3).default(3),
});

class EpsilonUpwindPolicy {
  #space = new Discrete(4);
  #rng = Generator.fromSeed(1);

  constructor({ epsilon, preferred }) {
    this.epsilon = epsilon;
    this.preferred = preferred;
  }

  get actionSpace() {
    return this.#space;
  }

  reset({ seed } = {}) {
    if (seed === undefined) return;
    this.#rng = Generator.fromSeed(seed || new Date().getTime() >>> 0);
  }

  selectAction(_observation, { explore = true } = {}) {
    if (explore && this.#rng.random() < this.epsilon) return this.#rng.integers(0, 4);
    return this.preferred;
  }

  getMetadata() {
    return { type: "epsilon_upwind", parameters: { epsilon: this.epsilon, preferred: this.preferred }, movement_model: "cardinal_directions" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@explore/plume-policy-epsilon",
  options,
  create: (o) => new EpsilonUpwindPolicy(o),
});
