// @chemo/plume-policy-klinotaxis — temporal-gradient chemotaxis for the 4 cardinal moves: keep going
// while the concentration rises, turn when it falls. Remembers the previous reading and heading.
// BUG (hidden history / unseeded reset): reset() clears the memory only when a seed is given ("an
// unseeded reset just continues"). The contract says reset() always clears internal memory; the env
// calls policy.reset() between episodes without a seed, so the first action of episode 2 compares its
// first reading with the last reading of episode 1.
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  seed: z.int().min(0).max(0xffffffff).default(0),
});

const odour = (obs) => (isNDArray(obs) ? Number(obs.data[0]) : typeof obs === "number" ? obs : 0);

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

  reset(options = {}) {
    if (options.seed !== undefined) {
      this.#rng = Generator.fromSeed(options.seed);
      this.#previous = undefined;
      this.#heading = 0;
    }
  }

  selectAction(observation) {
    const c = odour(observation);
    if (this.#previous === undefined || c < this.#previous) this.#heading = this.#rng.integers(0, 4);
    this.#previous = c;
    return this.#heading;
  }

  getMetadata() {
    return { type: "klinotaxis", parameters: {}, movement_model: "cardinal_directions" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@chemo/plume-policy-klinotaxis",
  options,
  create: (o) => new KlinotaxisPolicy(o),
});
