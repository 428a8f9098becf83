// @vecsim/plume-sensor-fast-correct — a concentration sensor with a batch path that follows the batch
// protocol: environment indices[k] is read at indices[k] and written at out[indices[k]], with the same
// clamp and the same float32 rounding as the object path. Correct: it must be accepted.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const clamp01 = (v) => Math.min(1, Math.max(0, v));

class FastConcentrationSensor {
  #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    return ndarray("float32", [1], Float32Array.of(clamp01(envState.concentration_field.sample(x, y))));
  }

  fillObservationBatch(out, agents, context, indices, count) {
    const field = context.concentrationField;
    for (let k = 0; k < count; k++) {
      const i = indices[k];
      out[i] = clamp01(field.sample(agents.x[i], agents.y[i]));
    }
  }

  getMetadata() {
    return {
      type: "fast_concentration",
      modality: "olfactory",
      parameters: {},
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@vecsim/plume-sensor-fast-correct",
  options: z.strictObject({}),
  create: () => new FastConcentrationSensor(),
});
