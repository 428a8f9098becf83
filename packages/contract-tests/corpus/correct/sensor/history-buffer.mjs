// @memory/plume-sensor-history — the last `length` concentration readings (newest first), for agents
// without recurrence. Stateful, and says so: reset() clears the buffer, and the env calls it on every
// reset. Correct: it must be accepted.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  length: z.int().min(1).max(1024).default(4),
});

class HistorySensor {
  #space;
  #buffer;

  constructor({ length }) {
    this.length = length;
    this.#space = new Box({ low: 0, high: 1, shape: [length], dtype: "float32" });
    this.#buffer = new Float32Array(length);
  }

  get observationSpace() {
    return this.#space;
  }

  reset() {
    this.#buffer = new Float32Array(this.length);
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const c = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    const next = new Float32Array(this.length);
    next[0] = c;
    next.set(this.#buffer.subarray(0, this.length - 1), 1);
    this.#buffer = next;
    return ndarray("float32", [this.length], next.slice());
  }

  getMetadata() {
    return {
      type: "concentration_history",
      modality: "olfactory",
      parameters: { length: this.length },
      required_state_keys: ["agent_state", "concentration_field"],
      stateful: true,
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@memory/plume-sensor-history",
  options,
  create: (o) => new HistorySensor(o),
});
