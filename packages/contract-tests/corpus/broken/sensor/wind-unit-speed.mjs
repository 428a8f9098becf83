// @aerolab/plume-sensor-wind-polar — wind as (speed, cos θ, sin θ), because angles are easier to learn
// from than raw components.
// BUG (realistic inputs): speed is declared in [0, 1] ("Plume winds are unit vectors") and not
// clamped. Real wind fields (a constant wind of speed 2, a turbulent field with gusts) exceed 1, and
// the observation leaves the space.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({});

class PolarWindSensor {
  #space = new Box({ low: [0, -1, -1], high: [1, 1, 1], shape: [3], dtype: "float32" });

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const wind = envState.wind_field;
    if (wind === undefined) return ndarray("float32", [3], Float32Array.of(0, 1, 0));
    const v = wind.sample(envState.agent_state.position);
    const speed = Math.hypot(v[0], v[1]);
    if (speed === 0) return ndarray("float32", [3], Float32Array.of(0, 1, 0));
    return ndarray("float32", [3], Float32Array.of(speed, v[0] / speed, v[1] / speed));
  }

  getMetadata() {
    return {
      type: "wind_polar",
      modality: "mechanosensory",
      parameters: {},
      required_state_keys: ["agent_state"],
      optional_state_keys: ["wind_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@aerolab/plume-sensor-wind-polar",
  options,
  create: () => new PolarWindSensor(),
});
