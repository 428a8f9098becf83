// @tabular/plume-sensor-neighbours — which of the 4 neighbouring cells (up, right, down, left) smell
// stronger than the agent's own cell, as MultiBinary(4). Off-grid neighbours read 0 (never stronger).
// Correct: it must be accepted.
import { definePlugin, ndarray } from "@plume/core-types";
import { MultiBinary } from "@plume/spaces";
import * as z from "zod";

const NEIGHBOURS = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

class NeighbourSensor {
  #space = new MultiBinary(4);

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const field = envState.concentration_field;
    const here = field.sample(x, y);
    const bits = new Int8Array(4);
    NEIGHBOURS.forEach(([dx, dy], i) => {
      bits[i] = field.sample(x + dx, y + dy) > here ? 1 : 0;
    });
    return ndarray("int8", [4], bits);
  }

  getMetadata() {
    return {
      type: "stronger_neighbours",
      modality: "olfactory",
      parameters: {},
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@tabular/plume-sensor-neighbours",
  options: z.strictObject({}),
  create: () => new NeighbourSensor(),
});
