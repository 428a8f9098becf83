// @lidar/plume-sensor-scanline — the odour along the agent's whole row (a "scan line"), zero-padded to a
// fixed 64 cells so every grid gives the same observation shape.
// BUG (sizes): the row is copied into the 64-cell buffer with `set()`, which throws a RangeError when the
// grid is wider than 64 cells ("our arenas are 64 wide"). The author never tried a wider grid.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const SCAN_WIDTH = 64;

class ScanlineSensor {
  #space = new Box({ low: 0, high: 1, shape: [SCAN_WIDTH], dtype: "float32" });

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { width } = envState.grid_size;
    const { y } = envState.agent_state.position;
    const row = envState.plume_field.subarray(y * width, (y + 1) * width);
    const out = new Float32Array(SCAN_WIDTH);
    out.set(row);
    for (let i = 0; i < SCAN_WIDTH; i++) out[i] = Math.min(1, Math.max(0, out[i]));
    return ndarray("float32", [SCAN_WIDTH], out);
  }

  getMetadata() {
    return {
      type: "odour_scanline",
      modality: "olfactory",
      parameters: { width: SCAN_WIDTH },
      required_state_keys: ["agent_state", "plume_field", "grid_size"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@lidar/plume-sensor-scanline",
  options: z.strictObject({}),
  create: () => new ScanlineSensor(),
});
