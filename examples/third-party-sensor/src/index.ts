/**
 * A gradient sensor: the odour difference across the agent, (c(x+1) - c(x-1), c(y+1) - c(y-1)) times a
 * gain, clamped into its Box(-1, 1, [2]) observation space. Cells off the grid read 0.
 */
import { definePlugin, ndarray, type EnvState, type NDArray, type ObservationMetadata, type ObservationModel } from "@plume/core-types";
import { Box } from "@plume/spaces";
import { z } from "zod";

const clamp = (v: number) => Math.min(1, Math.max(-1, v));

export class GradientSensor implements ObservationModel<NDArray<"float32">> {
  readonly #space = new Box({ low: -1, high: 1, shape: [2], dtype: "float32" });

  constructor(readonly gain = 2) {}

  get observationSpace(): Box<"float32"> {
    return this.#space;
  }

  getObservation(envState: EnvState): NDArray<"float32"> {
    const { x, y } = envState.agent_state.position;
    const { width, height } = envState.grid_size;
    const at = (cx: number, cy: number) => (cx >= 0 && cx < width && cy >= 0 && cy < height ? envState.concentration_field.sample(cx, cy) : 0);
    const dx = this.gain * (at(x + 1, y) - at(x - 1, y));
    const dy = this.gain * (at(x, y + 1) - at(x, y - 1));
    // Near the source the scaled difference exceeds the sensor's range: clamp it into [-1, 1].
    return ndarray("float32", [2], [clamp(dx), clamp(dy)]);
  }

  getMetadata(): ObservationMetadata {
    return {
      type: "gradient_sensor",
      modality: "olfactory",
      parameters: { gain: this.gain },
      required_state_keys: ["agent_state", "concentration_field", "grid_size"],
    };
  }
}

/** The plugin Plume's config system loads (`{ type: "@acme/plume-sensor-example", options: { gain } }`). */
export const plugin = definePlugin({
  kind: "sensor",
  name: "@acme/plume-sensor-example",
  options: z.object({ gain: z.number().positive().default(2) }),
  create: ({ gain }) => new GradientSensor(gain),
});

/** Options for `plume-contract check` (none needed: the sensor is deterministic and has no optional keys). */
export const contract = { numRuns: 50 };
