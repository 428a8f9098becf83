// @navkit/plume-sensor-goal-compass — distance and bearing to the goal, normalised for the network.
// BUG (sizes): the distance is normalised by 64 * sqrt(2), the diagonal of the author's 64x64 arena,
// instead of the diagonal of the actual grid. On any grid with a diagonal longer than 64·√2 cells the
// "normalised" distance exceeds the declared [0, 1] bound.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const ARENA_DIAGONAL = 64 * Math.SQRT2;

const options = z.strictObject({
  /** Report the bearing as (cos, sin) instead of degrees/360. */
  vectorBearing: z.boolean().default(true),
});

class GoalCompassSensor {
  #space;

  constructor({ vectorBearing }) {
    this.vectorBearing = vectorBearing;
    this.#space = vectorBearing
      ? new Box({ low: [0, -1, -1], high: [1, 1, 1], shape: [3], dtype: "float32" })
      : new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });
  }

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const goal = envState.goal_location;
    const dx = goal.x - x;
    const dy = goal.y - y;
    const distance = Math.hypot(dx, dy) / ARENA_DIAGONAL;
    const angle = Math.atan2(dy, dx);
    if (this.vectorBearing) {
      return ndarray("float32", [3], Float32Array.of(distance, Math.cos(angle), Math.sin(angle)));
    }
    const turns = ((angle / (2 * Math.PI)) % 1 + 1) % 1;
    return ndarray("float32", [2], Float32Array.of(distance, turns));
  }

  getMetadata() {
    return {
      type: "goal_compass",
      modality: "proprioceptive",
      parameters: { vectorBearing: this.vectorBearing },
      required_state_keys: ["agent_state", "goal_location"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@navkit/plume-sensor-goal-compass",
  options,
  create: (o) => new GoalCompassSensor(o),
});
