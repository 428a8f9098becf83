// @explore/plume-policy-epsilon-ok — epsilon-greedy upwind search over the 4 cardinal moves. Its own
// generator is re-created by reset({ seed }) (seed 0 included); setRng() makes it draw from the given
// generator instead (Plume's runner passes the env's). Correct: it must be accepted.
import { definePlugin } from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  epsilon: z.number().min(0).max(1).default(0.3),
  preferred: z.int().min(0).max(3).default(3),
  seed: z.int().min(0).max(0xffffffff).default(0),
});

class EpsilonUpwindPolicy {
  #space = new Discrete(4);
  #rng;

  constructor({ epsilon, preferred, seed }) {
    this.epsilon = epsilon;
    this.preferred = preferred;
    this.#rng = Generator.fromSeed(seed);
  }

  get actionSpace() {
    return this.#space;
  }

  setRng(rng) {
    this.#rng = rng;
  }

  reset({ seed } = {}) {
    if (seed !== undefined) this.#rng = Generator.fromSeed(seed);
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
  name: "@explore/plume-policy-epsilon-ok",
  options,
  create: (o) => new EpsilonUpwindPolicy(o),
});
