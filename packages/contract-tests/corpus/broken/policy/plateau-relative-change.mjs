// @weber/plume-policy-relative — run-and-tumble on the *relative* change of concentration (Weber's law:
// dC / C), for the 2-action run/tumble model (0 = run, 1 = tumble).
// BUG (float boundaries: plateaus and zero readings): the decision is `Math.sign(dC / C_prev)` mapped
// to an action index. Two equal readings of 0 in a row (a plateau outside the plume) give 0 / 0 = NaN
// and the action NaN; a plateau of equal non-zero readings with explore: false gives (1 - 0) / 2 = 0.5.
// Neither is in Discrete(2). Random observations never repeat exactly.
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  seed: z.int().min(0).max(0xffffffff).default(0),
  tumbleOnFlat: z.number().min(0).max(1).default(0.2),
});

const reading = (obs) => (isNDArray(obs) ? Number(obs.data[0]) : Number(obs));

class RelativeChangePolicy {
  #space = new Discrete(2);
  #rng;
  #previous;

  constructor({ seed, tumbleOnFlat }) {
    this.tumbleOnFlat = tumbleOnFlat;
    this.#rng = Generator.fromSeed(seed);
  }

  get actionSpace() {
    return this.#space;
  }

  reset(options = {}) {
    if (options.seed !== undefined) this.#rng = Generator.fromSeed(options.seed);
    this.#previous = undefined;
  }

  selectAction(observation, { explore = true } = {}) {
    const c = reading(observation);
    const previous = this.#previous;
    this.#previous = c;
    if (previous === undefined) return 0;
    if (previous === 0 && c > 0) return 0;
    const trend = Math.sign((c - previous) / previous);
    if (trend === 0 && explore) return this.#rng.random() < this.tumbleOnFlat ? 1 : 0;
    return (1 - trend) / 2; // rising -> 0 (run), falling -> 1 (tumble)
  }

  getMetadata() {
    return { type: "relative_change", parameters: { tumbleOnFlat: this.tumbleOnFlat }, movement_model: "run_and_tumble" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@weber/plume-policy-relative",
  options,
  create: (o) => new RelativeChangePolicy(o),
});
