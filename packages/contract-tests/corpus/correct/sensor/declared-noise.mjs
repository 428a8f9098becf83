// @robolfaction/plume-sensor-noisy — a concentration sensor with multiplicative log-normal noise drawn
// from envState.rng, and it says so: the metadata carries noise_std and the module's `contract` export
// declares `usesRng`. Correct: it must be accepted.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  noiseStd: z.number().min(0).max(2).default(0.2),
});

class NoisyConcentrationSensor {
  #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });

  constructor({ noiseStd }) {
    this.noiseStd = noiseStd;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    const noisy = this.noiseStd > 0 ? c * Math.exp(envState.rng.normal(0, this.noiseStd)) : c;
    return ndarray("float32", [1], Float32Array.of(Math.min(1, noisy)));
  }

  getMetadata() {
    return {
      type: "noisy_concentration",
      modality: "olfactory",
      parameters: { noise_std: this.noiseStd },
      noise_std: this.noiseStd,
      required_state_keys: ["agent_state", "concentration_field", "rng"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@robolfaction/plume-sensor-noisy",
  options,
  create: (o) => new NoisyConcentrationSensor(o),
});

export const contract = { capabilities: { usesRng: true } };
