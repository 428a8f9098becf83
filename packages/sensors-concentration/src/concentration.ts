/**
 * `ConcentrationSensor`: the odour concentration at the agent's cell (the reference's default observation model).
 */
import {
  ndarray,
  parseWithSchema,
  type EnvState,
  type NDArray,
  type ObservationMetadata,
  type ObservationModel,
} from "@plume/core-types";
import { Box } from "@plume/spaces";
import { z } from "zod";
import { FIELD_STATE_KEYS, fieldView } from "./field.js";

/** Options of `ConcentrationSensor`: none (an empty object; unknown keys are rejected). */
export const ConcentrationSensorOptionsSchema = z.strictObject({});
export type ConcentrationSensorOptions = z.input<typeof ConcentrationSensorOptionsSchema>;

/**
 * One concentration sample at the agent's position: `plume_field[y * width + x]` clipped to [0, 1], as a float32
 * `NDArray` of shape [1] in `Box(0, 1, (1,), float32)`. An agent off the grid reads 0.
 */
export class ConcentrationSensor implements ObservationModel<NDArray<"float32">> {
  readonly #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });

  /** @throws ValidationError naming an unknown option. */
  constructor(options: ConcentrationSensorOptions = {}) {
    parseWithSchema(ConcentrationSensorOptionsSchema, options, { what: "ConcentrationSensor options" });
  }

  /** `Box(0, 1, (1,), float32)`: the same instance on every read. */
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }

  /**
   * A new float32 array `[c]`. Reads `agent_state`, `plume_field` and `grid_size`; modifies nothing.
   * @throws ValidationError (`"plume_field"` / `"grid_size"`) when the field does not match the grid.
   */
  getObservation(envState: EnvState): NDArray<"float32"> {
    const { x, y } = envState.agent_state.position;
    const value = fieldView(envState).read(x, y);
    return ndarray("float32", [1], Float32Array.of(value));
  }

  getMetadata(): ObservationMetadata {
    return {
      type: "concentration_sensor",
      modality: "olfactory",
      parameters: { n_sensors: 1, sensor_type: "point", range: [0, 1] },
      required_state_keys: [...FIELD_STATE_KEYS],
      observation_shape: [1],
      observation_dtype: "float32",
    };
  }
}
