// @vecsim/plume-sensor-bilateral — two antennae left and right of the agent (fixed, not heading
// dependent), with a batch path that reads the dense field array directly for speed.
// BUG (batch protocol): the object path returns 0 for an antenna off the grid (seed 000's antenna
// example), but the batch path clamps the antenna cell into the grid and reads the edge cell. Agents on
// the left or right edge get different observations in a vector env than in a single env.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  spacing: z.int().min(1).max(16).default(1),
});

class BilateralSensor {
  #space = new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });

  constructor({ spacing }) {
    this.spacing = spacing;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const { width, height } = envState.grid_size;
    const read = (cx) => (cx >= 0 && cx < width && y >= 0 && y < height ? envState.plume_field[y * width + cx] : 0);
    return ndarray("float32", [2], Float32Array.of(read(x - this.spacing), read(x + this.spacing)));
  }

  fillObservationBatch(out, agents, context, indices, count) {
    const w = context.gridWidth;
    const data = context.fieldArray;
    for (let k = 0; k < count; k++) {
      const i = indices[k];
      const x = agents.x[i];
      const row = agents.y[i] * w;
      const left = Math.max(0, x - this.spacing);
      const right = Math.min(w - 1, x + this.spacing);
      out[2 * i] = data[row + left];
      out[2 * i + 1] = data[row + right];
    }
  }

  getMetadata() {
    return {
      type: "bilateral_antennae",
      modality: "olfactory",
      parameters: { spacing: this.spacing },
      required_state_keys: ["agent_state", "plume_field", "grid_size"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@vecsim/plume-sensor-bilateral",
  options,
  create: (o) => new BilateralSensor(o),
});
