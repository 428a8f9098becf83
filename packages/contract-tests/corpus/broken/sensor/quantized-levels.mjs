// @spikelab/plume-sensor-spiking — an olfactory receptor neuron model: the firing-rate bin of the
// concentration, as a categorical observation (Discrete(levels)), for tabular RL.
// BUG (float boundaries): the bin is floor(c * levels). A reading of exactly 1 — the source cell of any
// normalised plume — gives bin `levels`, one past the last category of Discrete(levels).
import { definePlugin } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  levels: z.int().min(2).max(256).default(16),
});

class SpikingReceptorSensor {
  #space;

  constructor({ levels }) {
    this.levels = levels;
    this.#space = new Discrete(levels);
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    // firing-rate bin; (c == 1 -> levels) is the bug
    return Math.floor(c * this.levels);
  }

  getMetadata() {
    return {
      type: "spiking_receptor",
      modality: "olfactory",
      parameters: { levels: this.levels },
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@spikelab/plume-sensor-spiking",
  options,
  create: (o) => new SpikingReceptorSensor(o),
});
