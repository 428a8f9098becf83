/**
 * `ConcentrationSensor`: the odour concentration at the agent's cell (the reference's default observation model).
 */
import {
  ndarray,
  parseWithSchema,
  type AgentBatch,
  type BatchContext,
  type BatchObservationModel,
  type EnvState,
  type NDArray,
  type ObservationMetadata,
  type ObservationModel,
} from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";
import { FIELD_STATE_KEYS, batchFieldArray, fieldView, sampledCell } from "./field.js";
import { NanPolicySchema, concentrationBox, type NanPolicy } from "./nan.js";

/** Options of `ConcentrationSensor` (unknown keys are rejected). */
export const ConcentrationSensorOptionsSchema = z.strictObject({
  /** What a NaN concentration reads as: `"zero"` (default) or `"propagate"` (NaN, as the reference's `np.clip`). */
  nan: NanPolicySchema,
});
export type ConcentrationSensorOptions = z.input<typeof ConcentrationSensorOptionsSchema>;

/**
 * One concentration sample at the agent's position: `plume_field[y * width + x]` clipped to [0, 1], as a float32
 * `NDArray` of shape [1] in `Box(0, 1, (1,), float32)`. An agent off the grid reads 0.
 */
export class ConcentrationSensor implements ObservationModel<NDArray<"float32">>, BatchObservationModel {
  readonly #space: Box<"float32">;
  /** What a NaN concentration reads as. */
  readonly nan: NanPolicy;

  /** @throws ValidationError naming an unknown option. */
  constructor(options: ConcentrationSensorOptions = {}) {
    this.nan = parseWithSchema(ConcentrationSensorOptionsSchema, options, { what: "ConcentrationSensor options" }).nan;
    this.#space = concentrationBox(1, this.nan);
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
    const value = fieldView(envState, this.nan === "propagate").read(x, y);
    return ndarray("float32", [1], Float32Array.of(value));
  }

  /**
   * The batch form of `getObservation` (the batch protocol of `@plume/core-types`): writes environment `i`'s
   * reading at `out[i]`, exactly as `getObservation` for the agent at `(x[i], y[i])`: the dense field
   * (`context.fieldArray`; for a time-varying field `context.frameAt(stepCount[i])`; or without either the field
   * sampled at step `stepCount[i]` and rounded to float32, as
   * the environment's `plume_field` then holds it), clipped to [0, 1] with NaN reading 0; 0 off the grid.
   * Nothing is allocated.
   */
  fillObservationBatch(out: Float32Array, agents: AgentBatch, context: BatchContext, indices: Int32Array, count: number): void {
    const width = context.gridWidth;
    const height = context.gridHeight;
    const field = batchFieldArray(context);
    const keepNaN = this.nan === "propagate";
    const xs = agents.x;
    const ys = agents.y;
    if (field !== undefined) {
      for (let k = 0; k < count; k++) {
        const i = indices[k] as number;
        const x = xs[i] as number;
        const y = ys[i] as number;
        let value = 0;
        if (x >= 0 && x < width && y >= 0 && y < height) {
          const c = field[y * width + x] as number;
          value = c > 1 ? 1 : c >= 0 ? c : keepNaN && c !== c ? c : 0; // clip01
        }
        out[i] = value;
      }
      return;
    }
    const steps = agents.stepCount;
    const frameAt = context.frameAt;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      const x = xs[i] as number;
      const y = ys[i] as number;
      let value = 0;
      if (x >= 0 && x < width && y >= 0 && y < height) {
        // A time-varying field: the frame of this environment's step; else the field sampled at its step.
        const c = frameAt !== undefined ? (frameAt(steps[i] as number)[y * width + x] as number) : sampledCell(context, x, y, steps[i] as number);
        value = c > 1 ? 1 : c >= 0 ? c : keepNaN && c !== c ? c : 0; // clip01
      }
      out[i] = value;
    }
  }

  getMetadata(): ObservationMetadata {
    return {
      type: "concentration_sensor",
      modality: "olfactory",
      parameters: { n_sensors: 1, sensor_type: "point", range: [0, 1], ...(this.nan === "propagate" && { nan: "propagate" }) },
      required_state_keys: [...FIELD_STATE_KEYS],
      observation_shape: [1],
      observation_dtype: "float32",
    };
  }
}
