// @multimodal/plume-sensor-odour-clock — a Dict observation: the odour reading and the episode clock.
// BUG (a MUST clause, reported only as a warning): the `clock` key is declared as an int32 Box but the
// sensor fills it with a Float32Array (the author built both leaves with one helper). The values are
// whole numbers inside the bounds, so a lenient containment test accepts them, but seed 000 requires
// the observation's dtype to match the space (RTS test_dtype_consistency), and RL libraries that
// allocate int32 buffers from the space break on it.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box, Dict } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  horizon: z.int().min(1).max(1_000_000).default(100_000),
});

const leaf = (values) => ndarray("float32", [values.length], Float32Array.from(values));

class OdourClockSensor {
  #space;

  constructor({ horizon }) {
    this.horizon = horizon;
    this.#space = new Dict({
      odour: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
      clock: new Box({ low: 0, high: horizon, shape: [1], dtype: "int32" }),
    });
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    return { odour: leaf([c]), clock: leaf([Math.min(envState.step_count, this.horizon)]) };
  }

  getMetadata() {
    return {
      type: "odour_clock",
      modality: "composite",
      parameters: { horizon: this.horizon },
      required_state_keys: ["agent_state", "concentration_field", "step_count"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@multimodal/plume-sensor-odour-clock",
  options,
  create: (o) => new OdourClockSensor(o),
});
