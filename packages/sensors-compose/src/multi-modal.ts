/**
 * `MultiModalSensor`: named sensors composed into one Gymnasium `Dict` observation (seed 000's `MultiModalSensor`).
 */
import {
  parseWithSchema,
  type EnvState,
  type ObservationMetadata,
  type ObservationModel,
} from "@plume/core-types";
import { Dict, type Space } from "@plume/spaces";
import * as z from "zod";
import { combinedStateKeys, installReset, observationModelSchema } from "./model.js";

/** Options of `MultiModalSensor`. */
export const MultiModalSensorOptionsSchema = z.strictObject({
  /** The named sensors, e.g. `{ odor: new ConcentrationSensor(), wind: new WindVectorSensor() }`: at least one. Required. */
  sensors: z
    .record(z.string().min(1, { error: "a non-empty sensor name" }), observationModelSchema, {
      error: "an object of named ObservationModels",
    })
    .refine((sensors) => Object.keys(sensors).length > 0, { error: "at least one sensor" }),
});
export type MultiModalSensorOptions = z.input<typeof MultiModalSensorOptionsSchema>;

/** A multi-modal observation: one entry per sensor name. */
export type MultiModalObservation = Record<string, unknown>;

/**
 * `observationSpace` is `Dict({ name: sensor.observationSpace })` (keys sorted, as Gymnasium does); each observation
 * is a plain object `{ name: sensor.getObservation(envState) }`. The sensors are called in the order they were
 * given (JavaScript object order: integer-like names first), which fixes the order of any generator draws.
 * `reset()` exists exactly when some part has one, and resets those parts.
 */
export class MultiModalSensor implements ObservationModel<MultiModalObservation> {
  // Deliberately no `fillObservationBatch` (batch protocol): that is for float32 Box observations, and this
  // sensor's observation is a Dict. Environments step it through `getObservation`.
  /** The parts in call order. */
  readonly sensors: Readonly<Record<string, ObservationModel>>;
  /** Present when a part is stateful: resets every stateful part. */
  declare readonly reset?: () => void;
  readonly #entries: readonly (readonly [string, ObservationModel])[];
  readonly #space: Dict;

  /** @throws ValidationError naming the bad option (`"sensors"`, `"sensors.wind"`, or an unknown key). */
  constructor(options: MultiModalSensorOptions) {
    const { sensors } = parseWithSchema(MultiModalSensorOptionsSchema, options ?? {}, { what: "MultiModalSensor options" });
    this.#entries = Object.freeze(Object.entries(sensors).map(([name, sensor]) => Object.freeze([name, sensor] as const)));
    this.sensors = Object.freeze(Object.fromEntries(this.#entries));
    const spaces: Record<string, Space<unknown>> = {};
    for (const [name, sensor] of this.#entries) spaces[name] = sensor.observationSpace as Space<unknown>;
    this.#space = new Dict(spaces);
    installReset(this, this.#entries.map(([, sensor]) => sensor));
  }

  /** `Dict` of the parts' spaces: the same instance on every read. */
  get observationSpace(): Dict {
    return this.#space;
  }

  /** A new object with every part's observation. Each part reads `envState` as it needs; nothing is modified. */
  getObservation(envState: EnvState): MultiModalObservation {
    const out: MultiModalObservation = {};
    for (const [name, sensor] of this.#entries) out[name] = sensor.getObservation(envState);
    return out;
  }

  getMetadata(): ObservationMetadata {
    const parts = this.#entries.map(([name, sensor]) => [name, sensor.getMetadata()] as const);
    return {
      type: "multi_modal",
      modality: "composite",
      parameters: { sensor_names: parts.map(([name]) => name) },
      sensors: Object.fromEntries(parts),
      ...combinedStateKeys(parts.map(([, meta]) => meta)),
    };
  }
}
