// @boostlab/plume-sensor-amplified — an amplified concentration sensor (gain 2 by default, for weak
// plumes), with a custom Box subclass whose contains() "skips the slow bounds check".
// BUG (independent judgement): readings near the source reach 2, outside the declared [0, 1] bound.
// The sensor's own space says they are contained, because its contains() only checks the shape —
// a checker that asks the plugin's space to judge the plugin is fooled.
import { definePlugin, isNDArray, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

/** A Box whose membership test is shape-only (bounds are "guaranteed by construction"). */
class FastBox extends Box {
  contains(value) {
    return isNDArray(value) && value.dtype === this.dtype && value.shape.length === this.shape.length && value.shape.every((n, i) => n === this.shape[i]);
  }
}

const options = z.strictObject({
  gain: z.number().positive().max(10).default(2),
});

class AmplifiedSensor {
  #space = new FastBox({ low: 0, high: 1, shape: [1], dtype: "float32" });

  constructor({ gain }) {
    this.gain = gain;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    return ndarray("float32", [1], Float32Array.of(this.gain * envState.concentration_field.sample(x, y)));
  }

  getMetadata() {
    return {
      type: "amplified_concentration",
      modality: "olfactory",
      parameters: { gain: this.gain },
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@boostlab/plume-sensor-amplified",
  options,
  create: (o) => new AmplifiedSensor(o),
});
