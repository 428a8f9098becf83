// @insect/plume-sensor-wobbly-antennae — two antennae ahead-left and ahead-right of the heading whose
// tips wobble by up to one cell each step ("antennae are never still"), the wobble drawn from the env's
// generator.
// BUG (undeclared randomness): the wobble is drawn from envState.rng on every call, but nothing declares
// it (no usesRng capability, no noise parameter in the metadata), so the very same env state gives
// different observations.
import { definePlugin, ndarray, roundHalfEven } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  distance: z.number().min(0).max(16).default(2),
  spread: z.number().min(0).max(180).default(45),
});

class WobblyAntennae {
  #space = new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });

  constructor({ distance, spread }) {
    this.distance = distance;
    this.spread = spread;
  }

  get observationSpace() {
    return this.#space;
  }

  #tip(envState, angle) {
    const { position, orientation } = envState.agent_state;
    const rad = ((orientation + angle) * Math.PI) / 180;
    const wobbleX = envState.rng.integers(-1, 2);
    const wobbleY = envState.rng.integers(-1, 2);
    const x = position.x + roundHalfEven(this.distance * Math.cos(rad)) + wobbleX;
    const y = position.y + roundHalfEven(this.distance * Math.sin(rad)) + wobbleY;
    return Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
  }

  getObservation(envState) {
    return ndarray("float32", [2], Float32Array.of(this.#tip(envState, this.spread), this.#tip(envState, -this.spread)));
  }

  getMetadata() {
    return {
      type: "wobbly_antennae",
      modality: "olfactory",
      parameters: { distance: this.distance, spread: this.spread },
      required_state_keys: ["agent_state", "concentration_field", "rng"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@insect/plume-sensor-wobbly-antennae",
  options,
  create: (o) => new WobblyAntennae(o),
});
