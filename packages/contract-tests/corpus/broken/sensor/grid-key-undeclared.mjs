// @edges/plume-sensor-wall-distance — odour plus the distance to the nearest wall (normalised by the
// grid's half-size), so agents learn to avoid corners.
// BUG (a key read but not declared): the sensor reads envState.grid_size but its metadata lists only
// agent_state and concentration_field as required. An env (or a wrapper) that supplies exactly the
// declared keys makes it throw. The kit's required-keys check already catches this one.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

class WallDistanceSensor {
  #space = new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const { width, height } = envState.grid_size;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    const wall = Math.min(x, y, width - 1 - x, height - 1 - y);
    const half = Math.max(1, Math.floor(Math.min(width, height) / 2));
    return ndarray("float32", [2], Float32Array.of(c, Math.min(1, wall / half)));
  }

  getMetadata() {
    return {
      type: "odour_wall_distance",
      modality: "composite",
      parameters: {},
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@edges/plume-sensor-wall-distance",
  options: z.strictObject({}),
  create: () => new WallDistanceSensor(),
});
