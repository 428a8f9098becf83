/**
 * `FlattenedMultiSensor`: sensors with Box spaces concatenated into one flat float32 vector (seed 000's
 * `FlattenedMultiSensor`), for learning code that wants a single feature vector.
 */
import {
  ComponentError,
  hasObservationBatch,
  isNDArray,
  ndarray,
  parseWithSchema,
  shapeSize,
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
import { combinedStateKeys, installReset, observationModelSchema } from "./model.js";

/** Options of `FlattenedMultiSensor`. */
export const FlattenedMultiSensorOptionsSchema = z.strictObject({
  /** The parts, in output order: at least one, each with a `Box` observation space. Required. */
  sensors: z
    .array(observationModelSchema, { error: "an array of ObservationModels" })
    .min(1, { error: "at least one sensor" })
    .superRefine((sensors, ctx) => {
      sensors.forEach((sensor, index) => {
        const space = sensor.observationSpace;
        if (!(space instanceof Box)) {
          ctx.addIssue({
            code: "custom",
            path: [index],
            message: `a sensor with a Box observation space (only Box parts can be flattened; sensors[${index}] has ${String(space)})`,
            input: sensor,
          });
        }
      });
    }),
});
export type FlattenedMultiSensorOptions = z.input<typeof FlattenedMultiSensorOptionsSchema>;

/**
 * `observationSpace` is `Box(-inf, inf, (total,), float32)` with `total` the sum of the parts' sizes (as the
 * seed); each observation is the parts' observations flattened in row-major order, concatenated in the given
 * order and cast to float32. The parts are called in that order. `reset()` exists exactly when some part has one.
 * `fillObservationBatch` (the batch protocol of `@plume/core-types`) exists exactly when every part has one.
 */
export class FlattenedMultiSensor implements ObservationModel<NDArray<"float32">> {
  /** The parts in output order. */
  readonly sensors: readonly ObservationModel[];
  /** The flattened size of each part. */
  readonly dimensions: readonly number[];
  /** The length of the output vector. */
  readonly totalDim: number;
  /** Present when a part is stateful: resets every stateful part. */
  declare readonly reset?: () => void;
  /**
   * Present exactly when every part has `fillObservationBatch` (batch protocol): fills `out[i * totalDim]` with
   * environment `i`'s vector, exactly as `getObservation` does, by running each part's batch method in part order
   * into a scratch buffer (allocated once per batch size) and copying its slice into place. Each part draws from
   * `context.rngs[i]` itself, so every environment's generator sees the parts' draws in the object path's order.
   */
  declare readonly fillObservationBatch?: BatchObservationModel["fillObservationBatch"];
  readonly #space: Box<"float32">;
  /** The parts' batch methods' owners (set when every part has one) and their flattened sizes. */
  readonly #batchParts: readonly BatchObservationModel[] = [];
  readonly #batchDims: Int32Array = new Int32Array(0);
  /** Scratch for one part's batch output (`agents.size * max(dimensions)`), reallocated only when the batch size changes. */
  #scratch: Float32Array | undefined;
  #scratchBatchSize = -1;

  /**
   * @throws ValidationError naming the bad option: `"sensors"` (not an array, or empty), `"sensors.2"` (not an
   * ObservationModel, or a part whose space is not a Box), or an unknown key.
   */
  constructor(options: FlattenedMultiSensorOptions) {
    const { sensors } = parseWithSchema(FlattenedMultiSensorOptionsSchema, options ?? {}, {
      what: "FlattenedMultiSensor options",
    });
    this.sensors = Object.freeze([...sensors]);
    this.dimensions = Object.freeze(sensors.map((s) => shapeSize((s.observationSpace as Box<never>).shape)));
    this.totalDim = this.dimensions.reduce((a, b) => a + b, 0);
    this.#space = new Box({ low: -Infinity, high: Infinity, shape: [this.totalDim], dtype: "float32" });
    installReset(this, this.sensors);
    if (this.sensors.every((part) => hasObservationBatch(part))) {
      this.#batchParts = Object.freeze(this.sensors.filter(hasObservationBatch));
      this.#batchDims = Int32Array.from(this.dimensions);
      const batch: BatchObservationModel["fillObservationBatch"] = (out, agents, context, indices, count) =>
        this.#fillObservationBatch(out, agents, context, indices, count);
      Object.defineProperty(this, "fillObservationBatch", {
        value: batch,
        enumerable: false,
        writable: false,
        configurable: false,
      });
    }
  }

  /** `Box(-inf, inf, (totalDim,), float32)`: the same instance on every read. */
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }

  /**
   * A new float32 vector of every part's observation, flattened and concatenated.
   * @throws ComponentError when a part returns something that is not an NDArray of its declared size.
   */
  getObservation(envState: EnvState): NDArray<"float32"> {
    const out = new Float32Array(this.totalDim);
    let offset = 0;
    this.sensors.forEach((sensor, index) => {
      const obs = sensor.getObservation(envState);
      const dim = this.dimensions[index] as number;
      if (!isNDArray(obs) || obs.data.length !== dim) {
        throw new ComponentError(`returned an observation that is not an NDArray of ${dim} elements`, {
          component: `sensors[${index}] (${sensor.getMetadata().type})`,
          parameter: `sensors.${index}`,
          expected: `an NDArray of shape [${(sensor.observationSpace as Box<never>).shape.join(", ")}]`,
          received: obs,
        });
      }
      const data = obs.data as ArrayLike<number | bigint>;
      for (let i = 0; i < dim; i++) out[offset + i] = Number(data[i]);
      offset += dim;
    });
    return ndarray("float32", [this.totalDim], out);
  }

  #fillObservationBatch(out: Float32Array, agents: AgentBatch, context: BatchContext, indices: Int32Array, count: number): void {
    const parts = this.#batchParts;
    const dims = this.#batchDims;
    const nParts = parts.length;
    if (nParts === 1) {
      // one part: its layout is the output's
      (parts[0] as BatchObservationModel).fillObservationBatch(out, agents, context, indices, count);
      return;
    }
    const total = this.totalDim;
    let scratch = this.#scratch;
    if (scratch === undefined || this.#scratchBatchSize !== agents.size) {
      let widest = 0;
      for (let p = 0; p < nParts; p++) widest = Math.max(widest, dims[p] as number);
      scratch = new Float32Array(agents.size * widest);
      this.#scratch = scratch;
      this.#scratchBatchSize = agents.size;
    }
    let offset = 0;
    for (let p = 0; p < nParts; p++) {
      const dim = dims[p] as number;
      (parts[p] as BatchObservationModel).fillObservationBatch(scratch, agents, context, indices, count);
      for (let k = 0; k < count; k++) {
        const i = indices[k] as number;
        const from = i * dim;
        const to = i * total + offset;
        for (let j = 0; j < dim; j++) out[to + j] = scratch[from + j] as number;
      }
      offset += dim;
    }
  }

  getMetadata(): ObservationMetadata {
    const parts = this.sensors.map((s) => s.getMetadata());
    return {
      type: "flattened_multi",
      modality: "composite",
      parameters: { dimensions: [...this.dimensions], total_dim: this.totalDim },
      dimensions: [...this.dimensions],
      total_dim: this.totalDim,
      sensors: parts,
      ...combinedStateKeys(parts),
    };
  }
}
