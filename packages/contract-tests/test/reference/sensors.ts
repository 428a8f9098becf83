/**
 * Correct reference sensors (CHECKS.md §12.5): every check must pass on them, with zero
 * errors and zero warnings outside the whitelist.
 */
import { ndarray, type EnvState, type NDArray, type ObservationMetadata, type ObservationModel } from "@plume/core-types";
import { Box, Dict, type Space } from "@plume/spaces";
import { roundHalfEven } from "../../src/kit.js";

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** S0 EX1: the concentration at the agent. */
export class ConcentrationSensor implements ObservationModel<NDArray<"float32">> {
  readonly #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }
  getObservation(envState: EnvState): NDArray<"float32"> {
    const { x, y } = envState.agent_state.position;
    return ndarray("float32", [1], Float32Array.of(clamp01(envState.concentration_field.sample(x, y))));
  }
  getMetadata(): ObservationMetadata {
    return { type: "concentration_sensor", modality: "olfactory", parameters: {}, required_state_keys: ["agent_state", "concentration_field"] };
  }
}

/** S0 EX2: n sensors at distance d around the heading (angles in degrees relative to the orientation). */
export class AntennaeArraySensor implements ObservationModel<NDArray<"float32">> {
  readonly #space: Box<"float32">;
  constructor(
    readonly distance = 2,
    readonly angles: readonly number[] = [45, -45],
  ) {
    this.#space = new Box({ low: 0, high: 1, shape: [angles.length], dtype: "float32" });
  }
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }
  getObservation(envState: EnvState): NDArray<"float32"> {
    const agent = envState.agent_state;
    const out = new Float32Array(this.angles.length);
    this.angles.forEach((angle, i) => {
      const rad = ((agent.orientation + angle) * Math.PI) / 180;
      const x = agent.position.x + roundHalfEven(this.distance * Math.cos(rad));
      const y = agent.position.y + roundHalfEven(this.distance * Math.sin(rad));
      const grid = envState.grid_size;
      out[i] = x >= 0 && x < grid.width && y >= 0 && y < grid.height ? clamp01(envState.concentration_field.sample(x, y)) : 0;
    });
    return ndarray("float32", [this.angles.length], out);
  }
  getMetadata(): ObservationMetadata {
    return {
      type: "antennae_array",
      modality: "olfactory",
      parameters: { distance: this.distance, angles: [...this.angles] },
      required_state_keys: ["agent_state", "concentration_field", "grid_size"],
    };
  }
}

/** S0 EX3: the wind vector (zeros without wind), plus Gaussian noise from envState.rng when noise_std > 0. */
export class WindVectorSensor implements ObservationModel<NDArray<"float32">> {
  readonly #space = new Box({ low: -Infinity, high: Infinity, shape: [2], dtype: "float32" });
  constructor(readonly noiseStd = 0) {}
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }
  getObservation(envState: EnvState): NDArray<"float32"> {
    const wind = envState.wind_field?.sample(envState.agent_state.position) ?? new Float32Array(2);
    const out = Float32Array.from(wind);
    if (this.noiseStd > 0) {
      out[0] = (out[0] as number) + envState.rng.normal(0, this.noiseStd);
      out[1] = (out[1] as number) + envState.rng.normal(0, this.noiseStd);
    }
    return ndarray("float32", [2], out);
  }
  getMetadata(): ObservationMetadata {
    return {
      type: "wind_vector",
      modality: "mechanosensory",
      parameters: { noise_std: this.noiseStd },
      required_state_keys: ["agent_state", "rng"],
      optional_state_keys: ["wind_field"],
    };
  }
}

type SensorRecord = Record<string, ObservationModel<unknown>>;

/** S0 EX4: a Dict of sensors. */
export class MultiModalSensor implements ObservationModel<Record<string, unknown>> {
  readonly #space: Dict;
  constructor(readonly sensors: SensorRecord) {
    this.#space = new Dict(Object.fromEntries(Object.entries(sensors).map(([k, s]) => [k, s.observationSpace as unknown as Space<unknown>])));
  }
  get observationSpace(): Dict {
    return this.#space;
  }
  getObservation(envState: EnvState): Record<string, unknown> {
    return Object.fromEntries(Object.entries(this.sensors).map(([k, s]) => [k, s.getObservation(envState)]));
  }
  getMetadata(): ObservationMetadata {
    const required = new Set<string>();
    const optional = new Set<string>();
    for (const s of Object.values(this.sensors)) {
      for (const k of s.getMetadata().required_state_keys ?? []) required.add(k);
      for (const k of s.getMetadata().optional_state_keys ?? []) optional.add(k);
    }
    return {
      type: "multi_modal",
      modality: "composite",
      parameters: { sensors: Object.keys(this.sensors) },
      required_state_keys: [...required],
      optional_state_keys: [...optional].filter((k) => !required.has(k)),
    };
  }
}

/** S0 EX5: Box sensors concatenated into one unbounded float32 vector. */
export class FlattenedSensor implements ObservationModel<NDArray<"float32">> {
  readonly #space: Box<"float32">;
  readonly #dims: number[];
  constructor(readonly sensors: readonly ObservationModel<NDArray>[]) {
    this.#dims = sensors.map((s) => (s.observationSpace.shape ?? [1]).reduce((a, b) => a * b, 1));
    this.#space = new Box({ low: -Infinity, high: Infinity, shape: [this.#dims.reduce((a, b) => a + b, 0)], dtype: "float32" });
  }
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }
  getObservation(envState: EnvState): NDArray<"float32"> {
    const out = new Float32Array(this.#space.shape[0] as number);
    let offset = 0;
    for (const s of this.sensors) {
      const part = s.getObservation(envState);
      for (let i = 0; i < part.data.length; i++) out[offset + i] = Number(part.data[i]);
      offset += part.data.length;
    }
    return ndarray("float32", [out.length], out);
  }
  getMetadata(): ObservationMetadata {
    const required = new Set<string>();
    const optional = new Set<string>();
    for (const s of this.sensors) {
      for (const k of s.getMetadata().required_state_keys ?? []) required.add(k);
      for (const k of s.getMetadata().optional_state_keys ?? []) optional.add(k);
    }
    return {
      type: "flattened_multi",
      modality: "composite",
      parameters: { dimensions: this.#dims },
      required_state_keys: [...required],
      optional_state_keys: [...optional].filter((k) => !required.has(k)),
    };
  }
}

/** A stateful sensor: the last n concentrations (newest last), cleared by reset(). */
export class NBackSensor implements ObservationModel<NDArray<"float32">> {
  readonly #space: Box<"float32">;
  #history: number[] = [];
  constructor(readonly n = 3) {
    this.#space = new Box({ low: 0, high: 1, shape: [n], dtype: "float32" });
  }
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }
  reset(): void {
    this.#history = [];
  }
  getObservation(envState: EnvState): NDArray<"float32"> {
    const { x, y } = envState.agent_state.position;
    this.#history = [...this.#history, clamp01(envState.concentration_field.sample(x, y))].slice(-this.n);
    const out = new Float32Array(this.n);
    out.set(this.#history, this.n - this.#history.length);
    return ndarray("float32", [this.n], out);
  }
  getMetadata(): ObservationMetadata {
    return { type: "n_back", modality: "olfactory", parameters: { n: this.n }, required_state_keys: ["agent_state", "concentration_field"] };
  }
}

/** Every reference sensor, by label. */
export const REFERENCE_SENSORS: Readonly<Record<string, { create: () => ObservationModel<unknown>; options?: Record<string, unknown> }>> = {
  ConcentrationSensor: { create: () => new ConcentrationSensor() },
  "AntennaeArraySensor(2 at d=2)": { create: () => new AntennaeArraySensor(2, [45, -45]) },
  "AntennaeArraySensor(4 custom angles)": { create: () => new AntennaeArraySensor(3, [0, 90, 180, 270]) },
  "WindVectorSensor(noise 0)": { create: () => new WindVectorSensor(0) },
  "WindVectorSensor(noise 0.1)": { create: () => new WindVectorSensor(0.1), options: { capabilities: { usesRng: true } } },
  MultiModalSensor: { create: () => new MultiModalSensor({ odor: new ConcentrationSensor(), wind: new WindVectorSensor(0) }) },
  FlattenedSensor: { create: () => new FlattenedSensor([new ConcentrationSensor(), new WindVectorSensor(0), new AntennaeArraySensor(2, [45, -45])]) },
  NBackSensor: { create: () => new NBackSensor(3), options: { capabilities: { stateful: true } } },
};
