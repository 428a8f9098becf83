// @temporal/plume-sensor-elapsed — odour plus the raw step counter as an int32 feature, for agents that
// learn their own time discounting. The counter is kept in an Int16Array scratch buffer "to match the
// embedded board's registers".
// BUG (time): from step 32768 on the Int16 scratch wraps to negative numbers, which the int32 Box
// [0, 2^31 - 1] does not contain. Long (100 000-step) foraging episodes hit it; short ones never do.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box, Dict } from "@plume/spaces";
import * as z from "zod";

class ElapsedSensor {
  #space = new Dict({
    odour: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
    elapsed: new Box({ low: 0, high: 2 ** 31 - 1, shape: [1], dtype: "int32" }),
  });
  #register = new Int16Array(1);

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    this.#register[0] = envState.step_count;
    return {
      odour: ndarray("float32", [1], Float32Array.of(c)),
      elapsed: ndarray("int32", [1], Int32Array.of(this.#register[0])),
    };
  }

  getMetadata() {
    return {
      type: "odour_elapsed",
      modality: "composite",
      parameters: {},
      required_state_keys: ["agent_state", "concentration_field", "step_count"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@temporal/plume-sensor-elapsed",
  options: z.strictObject({}),
  create: () => new ElapsedSensor(),
});
