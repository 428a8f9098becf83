// @multimodal/plume-sensor-odour-wind-clock — a Dict observation: odour (float32), wind (float32,
// unbounded: winds can be fast), and the step clock (int32, capped at the env's max_steps). Zero wind
// without a wind field, as seed 000 asks. Correct: it must be accepted.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box, Dict } from "@plume/spaces";
import * as z from "zod";

const MAX_CLOCK = 2 ** 31 - 1;

class OdourWindClockSensor {
  #space = new Dict({
    odour: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
    wind: new Box({ low: -Infinity, high: Infinity, shape: [2], dtype: "float32" }),
    clock: new Box({ low: 0, high: MAX_CLOCK, shape: [1], dtype: "int32" }),
  });

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { position } = envState.agent_state;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(position.x, position.y)));
    const w = envState.wind_field === undefined ? new Float32Array(2) : Float32Array.from(envState.wind_field.sample(position));
    const clock = Math.min(MAX_CLOCK, envState.step_count);
    return {
      odour: ndarray("float32", [1], Float32Array.of(c)),
      wind: ndarray("float32", [2], w),
      clock: ndarray("int32", [1], Int32Array.of(clock)),
    };
  }

  getMetadata() {
    return {
      type: "odour_wind_clock",
      modality: "composite",
      parameters: {},
      required_state_keys: ["agent_state", "concentration_field", "step_count"],
      optional_state_keys: ["wind_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@multimodal/plume-sensor-odour-wind-clock",
  options: z.strictObject({}),
  create: () => new OdourWindClockSensor(),
});

