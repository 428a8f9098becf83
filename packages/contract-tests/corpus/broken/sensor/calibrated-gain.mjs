// @mothlab/plume-sensor-calibrated — a concentration sensor with a per-device calibration gain taken
// from bench measurements (the default gain is the lab's average sensor: 1.0000001).
// BUG (float boundaries): the author clamps *before* applying the gain ("the field is already in
// [0, 1]"), so a reading of exactly 1 becomes 1.0000001, which rounds to the float32 1.0000001192...,
// the next float32 above the Box's high bound of 1. Only the source cell (reading exactly 1) leaves
// the space.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  gain: z.number().positive().max(1.001).default(1.0000001),
  offset: z.number().min(0).max(0.001).default(0),
});

class CalibratedConcentrationSensor {
  #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });

  constructor({ gain, offset }) {
    this.gain = gain;
    this.offset = offset;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const clamped = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    const calibrated = Math.max(0, clamped * this.gain - this.offset);
    return ndarray("float32", [1], Float32Array.of(calibrated));
  }

  getMetadata() {
    return {
      type: "calibrated_concentration",
      modality: "olfactory",
      parameters: { gain: this.gain, offset: this.offset },
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@mothlab/plume-sensor-calibrated",
  options,
  create: (o) => new CalibratedConcentrationSensor(o),
});
