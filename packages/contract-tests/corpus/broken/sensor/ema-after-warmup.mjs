// @antlab/plume-sensor-smoothed — a concentration sensor with "receptor adaptation".
// The first readings are raw (a warm-up so short tests see the plume as it is); after the warm-up the
// sensor low-pass filters the reading with its previous output, like a slow receptor.
// BUG (hidden history): the filter state lives in the instance, is never cleared (no reset()), and the
// sensor does not declare itself stateful. After `warmup` calls, the same env state gives a different
// observation depending on what the instance saw before — across episodes too.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  alpha: z.number().gt(0).lte(1).default(0.3),
  warmup: z.int().min(0).max(100_000).default(120),
});

class SmoothedConcentrationSensor {
  #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  #calls = 0;
  #previous = 0;

  constructor({ alpha, warmup }) {
    this.alpha = alpha;
    this.warmup = warmup;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const raw = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    this.#calls += 1;
    const value = this.#calls <= this.warmup ? raw : this.alpha * raw + (1 - this.alpha) * this.#previous;
    this.#previous = value;
    return ndarray("float32", [1], Float32Array.of(value));
  }

  getMetadata() {
    return {
      type: "smoothed_concentration",
      modality: "olfactory",
      parameters: { alpha: this.alpha, warmup: this.warmup },
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@antlab/plume-sensor-smoothed",
  options,
  create: (o) => new SmoothedConcentrationSensor(o),
});
