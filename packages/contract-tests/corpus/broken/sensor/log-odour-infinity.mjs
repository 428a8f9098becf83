// @weber/plume-sensor-log-odour — the log-concentration (Weber-Fechner perception), in an unbounded
// float32 Box because "log readings have no natural bounds".
// BUG (a MUST clause reported only as a warning): log(0) = -Infinity wherever the plume is exactly 0
// (far from the source, or anywhere on an empty field). The ObservationModel contract forbids ±Infinity
// in any leaf even when the Box is unbounded (seed 001 C7: no NaN or Inf), and networks fed -Infinity
// produce NaN. An unbounded Box still "contains" -Infinity, so containment checks pass.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

class LogOdourSensor {
  #space = new Box({ low: -Infinity, high: 0, shape: [1], dtype: "float32" });

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    return ndarray("float32", [1], Float32Array.of(Math.log(c)));
  }

  getMetadata() {
    return {
      type: "log_odour",
      modality: "olfactory",
      parameters: {},
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@weber/plume-sensor-log-odour",
  options: z.strictObject({}),
  create: () => new LogOdourSensor(),
});
