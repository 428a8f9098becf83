// @vecsim/plume-sensor-fast — a concentration sensor with a batch path for Plume's vector envs.
// BUG (batch protocol): fillObservationBatch writes environment indices[k]'s reading at out[k] (the
// loop counter) instead of out[indices[k]], and reads the agent at k too. With the contiguous index set
// 0..n-1 both agree, so the author's vector-env smoke test passed; with any other index set (some
// environments already done, a start offset) observations land in the wrong environments' rows.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({});

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
      out[k] = clamp01(field.sample(agents.x[k], agents.y[k]));
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
  name: "@vecsim/plume-sensor-fast",
  options,
  create: () => new FastConcentrationSensor(),
});
