// @tabular/plume-sensor-detect-bearing — a Tuple observation: (odour detected? Discrete(2), bearing to
// the goal as a unit vector Box(-1, 1, [2])). Correct: it must be accepted.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box, Discrete, Tuple } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  threshold: z.number().min(0).max(1).default(0.1),
});

class DetectBearingSensor {
  #space = new Tuple([new Discrete(2), new Box({ low: -1, high: 1, shape: [2], dtype: "float32" })]);

  constructor({ threshold }) {
    this.threshold = threshold;
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const detected = envState.concentration_field.sample(x, y) > this.threshold ? 1 : 0;
    const dx = envState.goal_location.x - x;
    const dy = envState.goal_location.y - y;
    const d = Math.hypot(dx, dy);
    const bearing = d === 0 ? Float32Array.of(0, 0) : Float32Array.of(Math.max(-1, Math.min(1, dx / d)), Math.max(-1, Math.min(1, dy / d)));
    return [detected, ndarray("float32", [2], bearing)];
  }

  getMetadata() {
    return {
      type: "detect_bearing",
      modality: "composite",
      parameters: { threshold: this.threshold },
      required_state_keys: ["agent_state", "concentration_field", "goal_location"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@tabular/plume-sensor-detect-bearing",
  options,
  create: (o) => new DetectBearingSensor(o),
});
