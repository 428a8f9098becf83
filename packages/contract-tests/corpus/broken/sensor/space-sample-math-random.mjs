// @tabular/plume-sensor-binary — "odour present?" as Discrete(2), for tabular agents. The author wrote
// a tiny Discrete subclass with a faster sample() for the random-policy baselines.
// BUG (independent judgement): the subclass samples with Math.random, ignoring the space's seeded
// generator, so `space.seed(s); space.sample()` is not reproducible and the random baseline run by
// `plume run --policy random --seed 1` differs every time.
import { definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

class QuickDiscrete extends Discrete {
  sample() {
    // eslint-disable-next-line no-restricted-properties -- the planted bug of this corpus entry
    return this.start + Math.floor(Math.random() * this.n);
  }
}

const options = z.strictObject({
  threshold: z.number().min(0).max(1).default(0.05),
});

class BinaryOdourSensor {
  #space = new QuickDiscrete(2);

  constructor({ threshold }) {
    this.threshold = threshold;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    return envState.concentration_field.sample(x, y) > this.threshold ? 1 : 0;
  }

  getMetadata() {
    return {
      type: "binary_odour",
      modality: "olfactory",
      parameters: { threshold: this.threshold },
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@tabular/plume-sensor-binary",
  options,
  create: (o) => new BinaryOdourSensor(o),
});
