// @vision/plume-sensor-odour-patch — a (2r+1) x (2r+1) odour image centred on the agent (15x15 by
// default, up to 129x129 = 16641 values), zeros off the grid, for convolutional policies. Read from
// the dense plume array the env provides. Correct: it must be accepted.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  radius: z.int().min(0).max(64).default(7),
});

class OdourPatchSensor {
  #space;

  constructor({ radius }) {
    this.radius = radius;
    const side = 2 * radius + 1;
    this.#space = new Box({ low: 0, high: 1, shape: [side, side], dtype: "float32" });
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const r = this.radius;
    const side = 2 * r + 1;
    const { width, height } = envState.grid_size;
    const { x, y } = envState.agent_state.position;
    const field = envState.plume_field;
    const out = new Float32Array(side * side);
    for (let dy = -r; dy <= r; dy++) {
      const cy = y + dy;
      if (cy < 0 || cy >= height) continue;
      for (let dx = -r; dx <= r; dx++) {
        const cx = x + dx;
        if (cx < 0 || cx >= width) continue;
        out[(dy + r) * side + (dx + r)] = Math.min(1, Math.max(0, field[cy * width + cx]));
      }
    }
    return ndarray("float32", [side, side], out);
  }

  getMetadata() {
    return {
      type: "odour_patch",
      modality: "olfactory",
      parameters: { radius: this.radius },
      required_state_keys: ["agent_state", "plume_field", "grid_size"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@vision/plume-sensor-odour-patch",
  options,
  create: (o) => new OdourPatchSensor(o),
});
