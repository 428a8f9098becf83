// @temporal/plume-sensor-odour-time — odour plus a normalised time feature, as in seed 000's
// `_get_env_state` example (which names the step counter `time_step`).
// BUG (realistic inputs): the sensor reads `envState.time_step`, an alias a real Plume env never
// provides (Plume's env state has `step_count`). Any state generator that also supplies the alias
// passes it; in PlumeEnv the feature is NaN and the env rejects the observation. The metadata does not
// list `required_state_keys`, so nothing warns the author.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  horizon: z.int().min(1).max(1_000_000).default(1000),
});

class OdourTimeSensor {
  #space = new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });

  constructor({ horizon }) {
    this.horizon = horizon;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    const t = Math.min(1, envState.time_step / this.horizon);
    return ndarray("float32", [2], Float32Array.of(c, t));
  }

  getMetadata() {
    return { type: "odour_time", modality: "composite", parameters: { horizon: this.horizon } };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@temporal/plume-sensor-odour-time",
  options,
  create: (o) => new OdourTimeSensor(o),
});
