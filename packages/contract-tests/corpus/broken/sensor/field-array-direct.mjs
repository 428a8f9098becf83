// @gridnav/plume-sensor-gradient — the odour gradient at the agent by central differences, read
// straight from the plume object's dense array ("faster than calling sample() four times").
// BUG (realistic inputs): it reads `envState.concentration_field.fieldArray`, an optional member that
// movie-backed and turbulent plumes do not have (they only offer sample()). With such a plume the
// sensor throws a TypeError on the first observation. The dense array the env always provides is
// `envState.plume_field`.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  scale: z.number().positive().max(100).default(1),
});

class GradientSensor {
  #space = new Box({ low: -1, high: 1, shape: [2], dtype: "float32" });

  constructor({ scale }) {
    this.scale = scale;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const field = envState.concentration_field;
    const data = field.fieldArray;
    const { width, height } = envState.grid_size;
    const { x, y } = envState.agent_state.position;
    const at = (cx, cy) => data[Math.min(height - 1, Math.max(0, cy)) * width + Math.min(width - 1, Math.max(0, cx))];
    const gx = (at(x + 1, y) - at(x - 1, y)) / 2;
    const gy = (at(x, y + 1) - at(x, y - 1)) / 2;
    const clamp = (v) => Math.min(1, Math.max(-1, v * this.scale));
    return ndarray("float32", [2], Float32Array.of(clamp(gx), clamp(gy)));
  }

  getMetadata() {
    return {
      type: "odour_gradient",
      modality: "olfactory",
      parameters: { scale: this.scale },
      required_state_keys: ["agent_state", "concentration_field", "grid_size"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@gridnav/plume-sensor-gradient",
  options,
  create: (o) => new GradientSensor(o),
});
