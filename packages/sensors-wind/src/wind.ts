/**
 * `WindVectorSensor`: the wind vector at the agent's position (the reference's `WindVectorSensor`), optionally
 * with Gaussian noise drawn from the environment's generator.
 */
import {
  ValidationError,
  ndarray,
  parseWithSchema,
  type AgentBatch,
  type BatchContext,
  type BatchObservationModel,
  type EnvState,
  type NDArray,
  type ObservationMetadata,
  type ObservationModel,
  type RandomGenerator,
} from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

/** Options of `WindVectorSensor`. */
export const WindVectorSensorOptionsSchema = z.strictObject({
  /** Standard deviation of the Gaussian noise added to each component: a finite number >= 0. Default 0 (no noise). */
  noiseStd: z
    .number({ error: "a finite number >= 0 (noise standard deviation)" })
    .min(0, { error: "a finite number >= 0 (noise standard deviation)" })
    .max(1e37, { error: "a finite number in [0, 1e37] (noise standard deviation)" })
    .default(0),
});
export type WindVectorSensorOptions = z.input<typeof WindVectorSensorOptionsSchema>;

function isGenerator(value: unknown): value is RandomGenerator {
  return value !== null && typeof value === "object" && typeof (value as RandomGenerator).normal === "function";
}

/**
 * `(vx, vy)` as a float32 `NDArray` of shape [2] in `Box(-inf, inf, (2,), float32)`.
 *
 * - The base vector is `envState.wind_field.sample(agent position)` cast to float32, or `(0, 0)` when the state
 *   has no `wind_field` (odour-only environments keep working).
 * - With `noiseStd > 0`, the sensor draws `rng.normal(0, noiseStd)` twice (x, then y) from `envState.rng` and
 *   adds each, cast to float32, in float32 — the reference's `rng.normal(0, std, size=2)`, draw for draw, so a
 *   seeded environment reproduces it exactly. The draws are made even without a wind field. It never uses
 *   another source of randomness: a noisy sensor given a state without `rng` throws.
 * - The wind field's y sign is the field's business: the reference's constant wind is
 *   `(speed cos d, -speed sin d)`, the opposite y sign from the grid's movement convention.
 */
export class WindVectorSensor implements ObservationModel<NDArray<"float32">>, BatchObservationModel {
  /** Noise standard deviation (0 = noiseless). */
  readonly noiseStd: number;
  readonly #space = new Box({ low: -Infinity, high: Infinity, shape: [2], dtype: "float32" });
  /** The point handed to the wind field by the batch path (reused: no allocation per environment). */
  readonly #point = { x: 0, y: 0 };

  /** @throws ValidationError (`parameter` `"noiseStd"`, or the unknown key) for bad options. */
  constructor(options: WindVectorSensorOptions = {}) {
    const { noiseStd } = parseWithSchema(WindVectorSensorOptionsSchema, options, { what: "WindVectorSensor options" });
    this.noiseStd = noiseStd + 0;
  }

  /** `Box(-inf, inf, (2,), float32)`: the same instance on every read. */
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }

  /** True when the sensor draws from `envState.rng` (`noiseStd > 0`). */
  get stochastic(): boolean {
    return this.noiseStd > 0;
  }

  /**
   * A new float32 `[vx, vy]`. Reads `agent_state`, `wind_field` (optional) and, when noisy, `rng` (advancing it
   * by two normal draws); modifies nothing else.
   * @throws ValidationError (`parameter` `"rng"`) when noisy and the state has no generator;
   * (`parameter` `"wind_field"`) when the field's sample is not two numbers.
   */
  getObservation(envState: EnvState): NDArray<"float32"> {
    const out = new Float32Array(2);
    const field = envState.wind_field;
    if (field !== undefined && field !== null) {
      const sample = field.sample(envState.agent_state.position) as ArrayLike<number> | undefined;
      if (sample === undefined || sample === null || sample.length !== 2) {
        throw ValidationError.invalid("wind_field", "a VectorField whose sample() returns 2 numbers (vx, vy)", sample);
      }
      out[0] = Number(sample[0]);
      out[1] = Number(sample[1]);
    }
    if (this.noiseStd > 0) {
      const rng = envState.rng;
      if (!isGenerator(rng)) {
        throw ValidationError.invalid("rng", "the environment's generator in envState.rng (noiseStd > 0)", rng);
      }
      const nx = Math.fround(rng.normal(0, this.noiseStd));
      const ny = Math.fround(rng.normal(0, this.noiseStd));
      out[0] = (out[0] as number) + nx;
      out[1] = (out[1] as number) + ny;
    }
    return ndarray("float32", [2], out);
  }

  /**
   * The batch form of `getObservation` (the batch protocol of `@plume/core-types`): writes environment `i`'s
   * `[vx, vy]` at `out[2 i]`, exactly as `getObservation`: `context.windField` (the env's `wind_field`) sampled
   * at `(x[i], y[i])` and cast to float32, or `(0, 0)` without a field; with `noiseStd > 0`, two draws
   * `normal(0, noiseStd)` (x, then y) from `context.rngs[i]` (environment `i`'s generator, the object path's
   * `envState.rng`), each cast to float32 and added in float32.
   * @throws ValidationError (`"wind_field"`) when a sample is not two numbers; (`"rng"`) when noisy and
   * `context.rngs[i]` is not a generator.
   */
  fillObservationBatch(out: Float32Array, agents: AgentBatch, context: BatchContext, indices: Int32Array, count: number): void {
    const field = context.windField;
    const hasField = field !== undefined && field !== null;
    const std = this.noiseStd;
    const noisy = std > 0;
    const rngs = context.rngs;
    const point = this.#point;
    const fround = Math.fround;
    const xs = agents.x;
    const ys = agents.y;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      let vx = 0;
      let vy = 0;
      if (hasField) {
        point.x = xs[i] as number;
        point.y = ys[i] as number;
        const sample = field.sample(point) as ArrayLike<number> | undefined;
        if (sample === undefined || sample === null || sample.length !== 2) {
          throw ValidationError.invalid("wind_field", "a VectorField whose sample() returns 2 numbers (vx, vy)", sample);
        }
        vx = fround(Number(sample[0]));
        vy = fround(Number(sample[1]));
      }
      if (noisy) {
        const rng = rngs[i];
        if (!isGenerator(rng)) {
          throw ValidationError.invalid("rng", `the environment's generator in context.rngs[${i}] (noiseStd > 0)`, rng);
        }
        vx += fround(rng.normal(0, std));
        vy += fround(rng.normal(0, std));
      }
      const offset = i * 2;
      out[offset] = vx;
      out[offset + 1] = vy;
    }
  }

  getMetadata(): ObservationMetadata {
    const noisy = this.noiseStd > 0;
    return {
      type: "wind_vector_sensor",
      modality: "mechanosensory",
      parameters: { noise_std: this.noiseStd },
      required_state_keys: noisy ? ["agent_state", "rng"] : ["agent_state"],
      optional_state_keys: ["wind_field"],
      observation_shape: [2],
      observation_dtype: "float32",
      stochastic: noisy,
    };
  }
}
