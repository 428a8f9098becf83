// @swarmbots/plume-sensor-patch — a 3x3 odour patch around the agent, read from the dense plume array.
// To save memory the author precomputes the 9 neighbour offsets as flat cell indices in an Int16Array
// ("offsets are tiny, a few cells").
// BUG (sizes): the agent's flat index `y * width + x` is cached in the same Int16Array. On any grid
// with more than 32767 cells (e.g. 256x256, or an elongated 40x1000 corridor) the index wraps
// negative for agents in the far rows and the sensor reads `undefined` -> NaN. Every grid up to
// 181x181 works.
import { definePlugin, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({});

class OdourPatchSensor {
  #space = new Box({ low: 0, high: 1, shape: [9], dtype: "float32" });
  #scratch = new Int16Array(10); // [agentIndex, offset0..offset8]

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { width, height } = envState.grid_size;
    const { x, y } = envState.agent_state.position;
    const field = envState.plume_field;
    const out = new Float32Array(9);
    this.#scratch[0] = y * width + x;
    let k = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        this.#scratch[1 + k] = dy * width + dx;
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && nx < width && ny >= 0 && ny < height) {
          out[k] = field[this.#scratch[0] + this.#scratch[1 + k]];
        }
        k++;
      }
    }
    return ndarray("float32", [9], out);
  }

  getMetadata() {
    return {
      type: "odour_patch_3x3",
      modality: "olfactory",
      parameters: {},
      required_state_keys: ["agent_state", "plume_field", "grid_size"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@swarmbots/plume-sensor-patch",
  options,
  create: () => new OdourPatchSensor(),
});
