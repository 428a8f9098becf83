// @robolfaction/plume-sensor-dropout — a concentration sensor whose reading drops to 0 with
// probability `dropout` (intermittent plume contact), drawn from the env's generator as the docs say.
// BUG (undeclared randomness): the sensor draws from envState.rng on every call but the package never
// declares it (no `usesRng` capability in its contract export, nothing in the metadata), so two calls
// with the very same env state — generator included — give different observations (seed 000 says
// same state, same observation).
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  dropout: z.number().min(0).max(1).default(0.1),
});

class DropoutConcentrationSensor {
  #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });

  constructor({ dropout }) {
    this.dropout = dropout;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    let c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    if (this.dropout > 0 && envState.rng.random() < this.dropout) c = 0;
    return ndarray("float32", [1], Float32Array.of(c));
  }

  getMetadata() {
    return {
      type: "dropout_concentration",
      modality: "olfactory",
      parameters: { dropout: this.dropout },
      required_state_keys: ["agent_state", "concentration_field", "rng"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@robolfaction/plume-sensor-dropout",
  options,
  create: (o) => new DropoutConcentrationSensor(o),
});
