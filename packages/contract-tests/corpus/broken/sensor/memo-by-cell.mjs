// @odorlab/plume-sensor-cached — a concentration sensor that memoises readings per cell.
// Author's note: "sampling an analytic plume is expensive on big grids, so we cache by cell".
// BUG (hidden history): the memo is keyed on the agent's cell only, not on the field or the time
// step, so one instance that has seen a cell keeps returning that stale reading for every later
// state at the same cell (another plume, a later frame of a movie plume, another episode).
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  /** Maximum number of cached cells before the cache is cleared. */
  cacheSize: z.int().min(1).max(1_000_000).default(4096),
});

class CachedConcentrationSensor {
  #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  #cache = new Map();

  constructor({ cacheSize }) {
    this.cacheSize = cacheSize;
  }

  get observationSpace() {
    return this.#space;
  }

  #read(envState) {
    const { x, y } = envState.agent_state.position;
    const key = `${x},${y}`;
    let value = this.#cache.get(key);
    if (value === undefined) {
      value = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
      if (this.#cache.size >= this.cacheSize) this.#cache.clear();
      this.#cache.set(key, value);
    }
    return value;
  }

  getObservation(envState) {
    return ndarray("float32", [1], Float32Array.of(this.#read(envState)));
  }

  getMetadata() {
    return {
      type: "cached_concentration",
      modality: "olfactory",
      parameters: { cacheSize: this.cacheSize },
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@odorlab/plume-sensor-cached",
  options,
  create: (o) => new CachedConcentrationSensor(o),
});
