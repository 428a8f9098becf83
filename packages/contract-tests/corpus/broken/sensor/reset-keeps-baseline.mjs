// @adapt/plume-sensor-adaptive — an adapting receptor: the last `length` readings, each relative to a
// slowly tracked baseline (reading - baseline, floored at 0), like an olfactory receptor neuron that
// adapts to background odour. Stateful, and declared so (it has reset()).
// BUG (hidden history, declared-stateful): reset() clears the reading buffer but forgets the adaptation
// baseline, so after reset() the same sequence of states gives different observations than on a fresh
// instance — episode 2 starts adapted to episode 1's odour (contract: reset restores the state).
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  length: z.int().min(1).max(256).default(3),
  adaptation: z.number().min(0).max(1).default(0.2),
});

class AdaptiveReceptor {
  #space;
  #buffer;
  #baseline = 0;

  constructor({ length, adaptation }) {
    this.length = length;
    this.adaptation = adaptation;
    this.#space = new Box({ low: 0, high: 1, shape: [length], dtype: "float32" });
    this.#buffer = new Float32Array(length);
  }

  get observationSpace() {
    return this.#space;
  }

  reset() {
    this.#buffer = new Float32Array(this.length);
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    const response = Math.max(0, c - this.#baseline);
    this.#baseline += this.adaptation * (c - this.#baseline);
    const next = new Float32Array(this.length);
    next[0] = response;
    next.set(this.#buffer.subarray(0, this.length - 1), 1);
    this.#buffer = next;
    return ndarray("float32", [this.length], next.slice());
  }

  getMetadata() {
    return {
      type: "adaptive_receptor",
      modality: "olfactory",
      parameters: { length: this.length, adaptation: this.adaptation },
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@adapt/plume-sensor-adaptive",
  options,
  create: (o) => new AdaptiveReceptor(o),
});
