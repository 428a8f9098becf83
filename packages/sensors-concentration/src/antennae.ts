/**
 * `AntennaeArraySensor`: concentration sensors at fixed angles and a fixed distance around the agent's heading
 * (the reference's `AntennaeArraySensor`), like an insect's antennae.
 */
import {
  libm,
  ndarray,
  parseWithSchema,
  type AgentBatch,
  type BatchContext,
  type BatchObservationModel,
  type EnvState,
  type NDArray,
  type ObservationMetadata,
  type ObservationModel,
  roundHalfEven,
} from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";
import { FIELD_STATE_KEYS, batchFieldArray, fieldView, sampledCell } from "./field.js";
import { NanPolicySchema, concentrationBox, type NanPolicy } from "./nan.js";

/** Upper bound on the number of sensors (keeps the observation a sensible size). */
export const MAX_ANTENNAE = 4096;

const sensorCount = `a positive integer <= ${MAX_ANTENNAE}`;

/** Options of `AntennaeArraySensor`. */
export const AntennaeArraySensorOptionsSchema = z
  .strictObject({
    /** Number of sensors. Default: `sensorAngles.length` when angles are given, else 2. */
    nSensors: z.int({ error: sensorCount }).min(1, { error: sensorCount }).max(MAX_ANTENNAE, { error: sensorCount }).optional(),
    /**
     * Angle of each sensor relative to the heading, in degrees (finite). Default: evenly spread,
     * `i * 360 / nSensors` (so 2 sensors look forward and backward).
     */
    sensorAngles: z
      .array(z.number({ error: "a finite number of degrees" }), { error: "an array of angles in degrees" })
      .min(1, { error: "at least one sensor angle" })
      .max(MAX_ANTENNAE, { error: `at most ${MAX_ANTENNAE} sensor angles` })
      .optional(),
    /** Distance from the agent to each sensor, in cells: a finite number >= 0. Default 1. */
    sensorDistance: z
      .number({ error: "a finite number of cells >= 0" })
      .min(0, { error: "a finite number of cells >= 0" })
      .max(1e9, { error: "a finite number of cells >= 0 (at most 1e9)" })
      .default(1),
    /** What a NaN concentration reads as: `"zero"` (default) or `"propagate"` (NaN, as the reference's `np.clip`). */
    nan: NanPolicySchema,
  })
  .superRefine((options, ctx) => {
    if (options.sensorAngles !== undefined && options.nSensors !== undefined && options.sensorAngles.length !== options.nSensors) {
      ctx.addIssue({
        code: "custom",
        path: ["sensorAngles"],
        message: `one angle per sensor (nSensors is ${options.nSensors}, got ${options.sensorAngles.length} angles)`,
        input: options.sensorAngles,
      });
    }
  });
export type AntennaeArraySensorOptions = z.input<typeof AntennaeArraySensorOptionsSchema>;

/**
 * `nSensors` concentration samples around the agent, as a float32 `NDArray` of shape `[nSensors]` in
 * `Box(0, 1, (nSensors,), float32)`.
 *
 * Sensor `i` sits at `(round(x + d cos a), round(y - d sin a))` with `a = deg2rad(orientation + sensorAngles[i])`
 * and Python's ties-to-even `round`. `deg2rad`, `sin` and `cos` are glibc's, as NumPy computes them (`libm` of
 * `@plume/core-types`), so ties such as 240° at distance √3 land on the reference's cell. Note the minus: like the reference, the array uses the opposite y
 * sign from the grid's movement convention (a sensor at +90 degrees reads the cell at `y - d`). A sensor off the
 * grid reads 0; readings are clipped to [0, 1].
 */
export class AntennaeArraySensor implements ObservationModel<NDArray<"float32">>, BatchObservationModel {
  /** Number of sensors. */
  readonly nSensors: number;
  /** Sensor angles relative to the heading, in degrees. */
  readonly sensorAngles: readonly number[];
  /** Distance from the agent to each sensor, in cells. */
  readonly sensorDistance: number;
  readonly #space: Box<"float32">;
  /** What a NaN concentration reads as. */
  readonly nan: NanPolicy;
  /** Per heading: the sensors' offsets `[d cos a, -d sin a, ...]`, computed once per distinct heading. */
  readonly #offsets: libm.SinCosCache<Float64Array>;
  readonly #angles: Float64Array;
  /** Consecutive lookups that missed the full heading cache, and lookups still to skip (batch path). */
  #misses = 0;
  #skipLookups = 0;

  /**
   * @throws ValidationError naming the bad option (`"nSensors"`, `"sensorAngles"`, `"sensorAngles.1"`,
   * `"sensorDistance"`, or an unknown key).
   */
  constructor(options: AntennaeArraySensorOptions = {}) {
    const parsed = parseWithSchema(AntennaeArraySensorOptionsSchema, options, { what: "AntennaeArraySensor options" });
    const n = parsed.nSensors ?? parsed.sensorAngles?.length ?? 2;
    const step = 360 / n;
    this.nSensors = n;
    // `+ 0` turns -0 into 0, so the metadata survives a JSON round trip unchanged.
    this.sensorAngles = Object.freeze(
      parsed.sensorAngles ? parsed.sensorAngles.map((a) => a + 0) : Array.from({ length: n }, (_, i) => i * step),
    );
    this.sensorDistance = parsed.sensorDistance + 0;
    const angles = Float64Array.from(this.sensorAngles);
    const d = this.sensorDistance;
    this.#angles = angles;
    this.#offsets = new libm.SinCosCache((heading: number) => {
      const out = new Float64Array(2 * angles.length);
      for (let s = 0; s < angles.length; s++) {
        // The reference: rad = np.deg2rad(orientation + angle); dx = d * np.cos(rad); dy = -d * np.sin(rad)
        const rad = libm.deg2rad(heading + (angles[s] as number));
        out[2 * s] = d * libm.cos(rad);
        out[2 * s + 1] = -d * libm.sin(rad);
      }
      return out;
    });
    this.nan = parsed.nan;
    this.#space = concentrationBox(n, parsed.nan);
  }

  /** `Box(0, 1, (nSensors,), float32)`: the same instance on every read. */
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }

  /** The cell each sensor reads for an agent at `(x, y)` facing `orientation` degrees (may lie off the grid). */
  sensorCells(x: number, y: number, orientation: number): [x: number, y: number][] {
    const offsets = this.#offsets.get(orientation);
    return this.sensorAngles.map((_, s) => [
      roundHalfEven(x + (offsets[2 * s] as number)),
      roundHalfEven(y + (offsets[2 * s + 1] as number)),
    ]);
  }

  /**
   * A new float32 array of the readings in sensor order. Reads `agent_state` (position and orientation),
   * `plume_field` and `grid_size`; modifies nothing.
   * @throws ValidationError (`"plume_field"` / `"grid_size"`) when the field does not match the grid.
   */
  getObservation(envState: EnvState): NDArray<"float32"> {
    const view = fieldView(envState, this.nan === "propagate");
    const { position, orientation } = envState.agent_state;
    const out = new Float32Array(this.nSensors);
    this.sensorCells(position.x, position.y, orientation).forEach(([sx, sy], i) => {
      out[i] = view.read(sx, sy);
    });
    return ndarray("float32", [this.nSensors], out);
  }

  /**
   * The batch form of `getObservation` (the batch protocol of `@plume/core-types`): writes environment `i`'s
   * `nSensors` readings at `out[i * nSensors]`, exactly as `getObservation` for the agent at `(x[i], y[i])`
   * facing `orientation[i]`: the same sensor cells (`sensorCells`), the dense field (`context.fieldArray`, or
   * without one the field sampled at step `stepCount[i]` and rounded to float32, as the environment's
   * `plume_field` then holds it) clipped to [0, 1] with NaN reading 0, and 0 off the grid. Nothing is allocated.
   */
  fillObservationBatch(out: Float32Array, agents: AgentBatch, context: BatchContext, indices: Int32Array, count: number): void {
    const width = context.gridWidth;
    const height = context.gridHeight;
    const field = batchFieldArray(context);
    const keepNaN = this.nan === "propagate";
    // A time-varying field (a movie): each environment reads the frame of its own step.
    const frameAt = field === undefined ? context.frameAt : undefined;
    const n = this.nSensors;
    const cache = this.#offsets;
    const angles = this.#angles;
    const d = this.sensorDistance;
    const xs = agents.x;
    const ys = agents.y;
    const headings = agents.orientation;
    const steps = agents.stepCount;
    let full = cache.full;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      const x = xs[i] as number;
      const y = ys[i] as number;
      const heading = headings[i] as number;
      // Exact offsets per distinct heading, cached; once the cache is full (a new heading nearly every
      // step, as with continuous tumbles), V8's trigonometry with glibc's only near a rounding tie,
      // which gives the same cells (libm.roundedOffsetCell).
      let offsets: Float64Array | undefined;
      if (!full) {
        offsets = cache.get(heading);
        full = cache.full;
      } else if (this.#skipLookups > 0) this.#skipLookups -= 1;
      else {
        offsets = cache.peek(heading);
        // Headings that keep missing a full cache are continuous: stop looking them up for a while.
        this.#misses = offsets === undefined ? this.#misses + 1 : 0;
        if (this.#misses >= 64) {
          this.#misses = 0;
          this.#skipLookups = 65536;
        }
      }
      const base = i * n;
      const cells = field ?? (frameAt !== undefined ? frameAt(steps[i] as number) : undefined);
      const marginX = libm.TIE_MARGIN * (1 + d + Math.abs(x));
      const marginY = libm.TIE_MARGIN * (1 + d + Math.abs(y));
      for (let s = 0; s < n; s++) {
        // sensorCells, inline
        let sx: number;
        let sy: number;
        if (offsets !== undefined) {
          sx = roundHalfEven(x + (offsets[2 * s] as number));
          sy = roundHalfEven(y + (offsets[2 * s + 1] as number));
        } else {
          // libm.roundedOffsetCell, inline: V8's values unless within the tie margin of a .5 boundary.
          const rad = (heading + (angles[s] as number)) * libm.DEG2RAD;
          const vx = x + d * Math.cos(rad);
          const vy = y + -d * Math.sin(rad);
          sx = Math.abs(vx - Math.floor(vx) - 0.5) > marginX ? roundHalfEven(vx) : roundHalfEven(x + d * libm.cos(rad));
          sy = Math.abs(vy - Math.floor(vy) - 0.5) > marginY ? roundHalfEven(vy) : roundHalfEven(y + -d * libm.sin(rad));
        }
        let value = 0;
        if (sx >= 0 && sx < width && sy >= 0 && sy < height) {
          const c = cells !== undefined ? (cells[sy * width + sx] as number) : sampledCell(context, sx, sy, steps[i] as number);
          value = c > 1 ? 1 : c >= 0 ? c : keepNaN && c !== c ? c : 0; // clip01
        }
        out[base + s] = value;
      }
    }
  }

  getMetadata(): ObservationMetadata {
    return {
      type: "antennae_array_sensor",
      modality: "olfactory",
      parameters: {
        n_sensors: this.nSensors,
        sensor_angles: [...this.sensorAngles],
        sensor_distance: this.sensorDistance,
        sensor_type: "array",
        range: [0, 1],
        ...(this.nan === "propagate" && { nan: "propagate" }),
      },
      required_state_keys: [...FIELD_STATE_KEYS],
      observation_shape: [this.nSensors],
      observation_dtype: "float32",
    };
  }
}
