/**
 * `ConcentrationHistorySensor`: the last `n` concentrations, oldest first (the reference's
 * `ConcentrationNBackWrapper`, as a stateful sensor instead of an env wrapper).
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
import * as z from "zod";
import { ConcentrationSensor } from "./concentration.js";

/** Upper bound on the history length. */
export const MAX_HISTORY = 100_000;

/** The dtypes a history can hold (the inner sensor's Box dtype). */
export type HistoryDType = "float32" | "float64";

/** A scalar sensor the history can wrap: its observation space is a float Box of shape [1]. */
export type ScalarSensor = ObservationModel<NDArray<HistoryDType>>;

function isScalarSensor(value: unknown): value is ScalarSensor {
  if (value === null || typeof value !== "object") return false;
  const candidate = value as Partial<ObservationModel>;
  if (typeof candidate.getObservation !== "function" || typeof candidate.getMetadata !== "function") return false;
  const space = candidate.observationSpace;
  return (
    space instanceof Box &&
    space.shape.length === 1 &&
    space.shape[0] === 1 &&
    (space.dtype === "float32" || space.dtype === "float64")
  );
}

const historyLength = `a positive integer <= ${MAX_HISTORY}`;

/** Options of `ConcentrationHistorySensor`. */
export const ConcentrationHistorySensorOptionsSchema = z.strictObject({
  /** How many recent concentrations to keep: a positive integer. Default 3. */
  n: z.int({ error: historyLength }).min(1, { error: historyLength }).max(MAX_HISTORY, { error: historyLength }).default(3),
  /** The sensor whose readings are recorded: a Box of shape [1] (float32 or float64). Default: a `ConcentrationSensor`. */
  sensor: z
    .custom<ScalarSensor>(isScalarSensor, {
      error: "an ObservationModel whose observationSpace is a float32 or float64 Box of shape [1] (e.g. ConcentrationSensor)",
    })
    .optional(),
});
export type ConcentrationHistorySensorOptions = z.input<typeof ConcentrationHistorySensorOptionsSchema>;

/**
 * A stateful sensor: each `getObservation` call reads the inner sensor once, appends the reading and returns the
 * last `n` readings, oldest first, as an `NDArray` of shape `[n]` in the dtype and bounds of the inner sensor's
 * Box. The first call after construction or `reset()` fills the whole history with that first reading (the
 * reference pads with the initial value). The environment calls `reset()` on every episode reset, before the
 * reset observation. So the same reset and the same sequence of states give the same sequence of observations.
 */
export class ConcentrationHistorySensor implements ObservationModel<NDArray<HistoryDType>> {
  // Deliberately no `fillObservationBatch` (batch protocol): the history is per-environment state kept in this
  // instance, while a batch method is called on one instance for all environments. Environments step it
  // through `getObservation` instead.
  /** History length. */
  readonly n: number;
  /** The recorded sensor. */
  readonly sensor: ScalarSensor;
  readonly #space: Box<HistoryDType>;
  readonly #dtype: HistoryDType;
  #buffer: number[] = [];

  /** @throws ValidationError naming the bad option (`"n"`, `"sensor"`, or an unknown key). */
  constructor(options: ConcentrationHistorySensorOptions = {}) {
    const parsed = parseWithSchema(ConcentrationHistorySensorOptionsSchema, options, {
      what: "ConcentrationHistorySensor options",
    });
    this.n = parsed.n;
    this.sensor = parsed.sensor ?? new ConcentrationSensor();
    const inner = this.sensor.observationSpace as Box<HistoryDType>;
    this.#dtype = inner.dtype;
    const low = Number(inner.low.data[0]);
    const high = Number(inner.high.data[0]);
    this.#space = new Box({ low, high, shape: [this.n], dtype: this.#dtype });
  }

  /** `Box(low, high, (n,), dtype)` with the inner sensor's bounds and dtype: the same instance on every read. */
  get observationSpace(): Box<HistoryDType> {
    return this.#space;
  }

  /** Clears the history (and resets the inner sensor when it has `reset`). */
  reset(): void {
    this.#buffer = [];
    this.sensor.reset?.();
  }

  /** Records the inner sensor's reading for `envState` and returns a new array of the last `n` readings. */
  getObservation(envState: EnvState): NDArray<HistoryDType> {
    const reading = Number(this.sensor.getObservation(envState).data[0]);
    if (this.#buffer.length === 0) this.#buffer = Array.from({ length: this.n }, () => reading);
    else {
      this.#buffer.push(reading);
      if (this.#buffer.length > this.n) this.#buffer.shift();
    }
    const data = this.#dtype === "float64" ? Float64Array.from(this.#buffer) : Float32Array.from(this.#buffer);
    return ndarray(this.#dtype, [this.n], data);
  }

  getMetadata(): ObservationMetadata {
    const inner = this.sensor.getMetadata();
    return {
      type: "concentration_history",
      modality: inner.modality ?? "olfactory",
      parameters: { n: this.n, sensor_type: inner.type, order: "oldest_first", padding: "first_value" },
      required_state_keys: [...(inner.required_state_keys ?? ["agent_state"])],
      ...(inner.optional_state_keys !== undefined && { optional_state_keys: [...inner.optional_state_keys] }),
      stateful: true,
      sensor: inner,
      observation_shape: [this.n],
      observation_dtype: this.#dtype,
    };
  }
}
