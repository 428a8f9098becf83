// @curriculum/plume-sensor-progress — odour plus "episode progress" so the policy can learn urgency.
// BUG (realistic inputs): progress is step_count / 1000, the default max_steps of PlumeEnv, instead of
// step_count / max_steps. Fine for default envs; in an env configured with maxSteps 5000 every step
// past 1000 gives progress > 1, outside the declared [0, 1] Box.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const DEFAULT_MAX_STEPS = 1000;

const options = z.strictObject({});

class ProgressSensor {
  #space = new Box({ low: [0, 0], high: [1, 1], shape: [2], dtype: "float32" });

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    const progress = envState.step_count / DEFAULT_MAX_STEPS;
    return ndarray("float32", [2], Float32Array.of(c, progress));
  }

  getMetadata() {
    return {
      type: "odour_progress",
      modality: "composite",
      parameters: {},
      required_state_keys: ["agent_state", "concentration_field", "step_count"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@curriculum/plume-sensor-progress",
  options,
  create: () => new ProgressSensor(),
});
