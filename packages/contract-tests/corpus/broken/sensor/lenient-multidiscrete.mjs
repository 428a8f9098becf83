// @quantlab/plume-sensor-levels — a 3x3 odour patch quantised to 4 levels per cell (0..3), for agents with
// embedding tables. The author subclassed MultiDiscrete to make contains() "cheap": it checks only the
// shape, "the levels are in range by construction".
// BUG (independent judgement): the level is Math.round(c * 4), which is 4 wherever the concentration is
// above 0.875 — on and around the source — outside nvec 4. The space's own contains() accepts it, so a
// checker that asks the plugin's space is fooled; an embedding table of 4 rows is not.
import { definePlugin, ndarray } from "@plume/core-types";
import { MultiDiscrete } from "@plume/spaces";
import * as z from "zod";

const LEVELS = 4;

class ShapeCheckedMultiDiscrete extends MultiDiscrete {
  contains(value) {
    return typeof value === "object" && value !== null && Array.isArray(value.shape) && value.shape.length === 1 && value.shape[0] === 9;
  }
}

class LevelPatchSensor {
  #space = new ShapeCheckedMultiDiscrete(new Array(9).fill(LEVELS));

  get observationSpace() {
    return this.#space;
  }

  getObservation(envState) {
    const { x, y } = envState.agent_state.position;
    const field = envState.concentration_field;
    const levels = [];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const c = Math.min(1, Math.max(0, field.sample(x + dx, y + dy)));
        levels.push(Math.round(c * LEVELS));
      }
    }
    return ndarray(this.#space.dtype, [9], levels);
  }

  getMetadata() {
    return {
      type: "odour_level_patch",
      modality: "olfactory",
      parameters: { levels: LEVELS },
      required_state_keys: ["agent_state", "concentration_field"],
    };
  }
}

export const plugin = definePlugin({
  kind: "sensor",
  name: "@quantlab/plume-sensor-levels",
  options: z.strictObject({}),
  create: () => new LevelPatchSensor(),
});
