// @chemo/plume-policy-klinotaxis-ok — temporal-gradient chemotaxis over the 4 cardinal moves: keep the
// heading while the reading rises, pick a new random heading when it does not (plateaus included).
// Stateful: reset() always clears the remembered reading and heading, with or without a seed.
// Correct: it must be accepted.
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  seed: z.int().min(0).max(0xffffffff).default(0),
});

const odour = (obs) => {
  const v = isNDArray(obs) ? Number(obs.data[0]) : typeof obs === "number" ? obs : 0;
  return Number.isFinite(v) ? v : 0;
};

class KlinotaxisPolicy {
  #space = new Discrete(4);
  #rng;
  #previous;
  #heading = 0;

  constructor({ seed }) {
    this.#rng = Generator.fromSeed(seed);
  }

  get actionSpace() {
    return this.#space;
  }

  reset({ seed } = {}) {
    if (seed !== undefined) this.#rng = Generator.fromSeed(seed);
    this.#previous = undefined;
    this.#heading = 0;
  }

  selectAction(observation) {
    const c = odour(observation);
    if (this.#previous === undefined || !(c > this.#previous)) this.#heading = this.#rng.integers(0, 4);
    this.#previous = c;
    return this.#heading;
  }

  getMetadata() {
    return { type: "klinotaxis", parameters: {}, movement_model: "cardinal_directions" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@chemo/plume-policy-klinotaxis-ok",
  options,
  create: (o) => new KlinotaxisPolicy(o),
});
