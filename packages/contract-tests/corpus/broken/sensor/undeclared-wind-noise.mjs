// @aerolab/plume-sensor-anemometer — a noisy anemometer: the wind vector plus Gaussian noise from the
// env's generator, clamped to [-1, 1]. Returns zeros without wind, as seed 000 asks.
// BUG (undeclared randomness): noise is on by default (noiseStd 0.05) and drawn from envState.rng, but
// the module declares no randomness (no `contract` export with usesRng), so the same env state gives a
// different observation on every call.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  noiseStd: z.number().min(0).max(1).default(0.05),
});

const clamp = (v) => Math.min(1, Math.max(-1, v));

class NoisyAnemometer {
  #space = new Box({ low: -1, high: 1, shape: [2], dtype: "float32" });

  constructor({ noiseStd }) {
    this.noiseStd = noiseStd;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const wind = envState.wind_field;
    if (wind === undefined) return ndarray("float32", [2], new Float32Array(2));
    const v = wind.sample(envState.agent_state.position);
    let vx = v[0];
    let vy = v[1];
    if (this.noiseStd > 0) {
      vx += envState.rng.normal(0, this.noiseStd);
      vy += envState.rng.normal(0, this.noiseStd);
    }
    return ndarray("float32", [2], Float32Array.of(clamp(vx), clamp(vy)));
  }

  getMetadata() {
    return {
      type: "noisy_anemometer",
      modality: "mechanosensory",
      parameters: { noiseStd: this.noiseStd },
      required_state_keys: ["agent_state", "rng"],
      optional_state_keys: ["wind_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@aerolab/plume-sensor-anemometer",
  options,
  create: (o) => new NoisyAnemometer(o),
});
