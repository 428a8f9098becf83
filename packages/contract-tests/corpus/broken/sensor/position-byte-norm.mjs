// @microbots/plume-sensor-pose — odour plus the agent's normalised position, for a robot whose motor
// board takes coordinates as bytes. The author normalises by 255 ("coordinates are uint8 on the board")
// instead of by the grid's size.
// BUG (sizes): on any grid wider or taller than 256 cells the position component reaches
// (width - 1) / 255 > 1, outside the declared [0, 1] Box. Every arena the author tried was 100x100.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box, Dict } from "@plume/spaces";
import * as z from "zod";

const BYTE = 255;

class PoseSensor {
  #space = new Dict({
    odour: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
    position: new Box({ low: 0, high: 1, shape: [2], dtype: "float32" }),
  });

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const c = envState.concentration_field.sample(x, y);
    return {
      odour: ndarray("float32", [1], Float32Array.of(Math.min(1, Math.max(0, c)))),
      position: ndarray("float32", [2], Float32Array.of(x / BYTE, y / BYTE)),
    };
  }

  getMetadata() {
    return {
      type: "odour_pose",
      modality: "composite",
      parameters: { scale: BYTE },
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@microbots/plume-sensor-pose",
  options: z.strictObject({}),
  create: () => new PoseSensor(),
});
