/** Broken ObservationModels, one per `obs.*` check id (CHECKS.md §1 "catches"). */
import { ndarray, type EnvState, type NDArray, type ObservationMetadata, type ObservationModel } from "@plume/core-types";
import { Box, Generator } from "@plume/spaces";
import { checkObservationModel, type ObservationModelOptions } from "../../src/index.js";
import { ConcentrationSensor, WindVectorSensor } from "../reference/sensors.js";
import { BatchConcentrationSensor } from "../reference/batch.js";
import type { FixtureTable } from "./harness.js";

const run = (create: () => ObservationModel<unknown>, options: ObservationModelOptions = {}) => (extra: Record<string, unknown> = {}) =>
  checkObservationModel(create, { ...options, ...extra });

const reading = (s: EnvState) => {
  const { x, y } = s.agent_state.position;
  return Math.min(1, Math.max(0, s.concentration_field.sample(x, y)));
};

/** A Box whose sample() returns values it does not contain. */
class LyingBox extends Box<"float32"> {
  constructor() {
    super({ low: 0, high: 1, shape: [1], dtype: "float32" });
  }
  override sample(): NDArray<"float32"> {
    return ndarray("float32", [1], Float32Array.of(1.5));
  }
}

/** A [0, 1] Box whose contains() checks only the shape ("bounds are guaranteed by construction"). */
class ShapeOnlyBox extends Box<"float32"> {
  constructor() {
    super({ low: 0, high: 1, shape: [1], dtype: "float32" });
  }
  override contains(v: unknown): v is NDArray<"float32"> {
    return typeof v === "object" && v !== null && Array.isArray((v as NDArray).shape) && (v as NDArray).shape.length === 1 && (v as NDArray).shape[0] === 1;
  }
}

/** A [0, 1] Box sampling with Math.random (members, but not reproducible from a seed). */
class MathRandomBox extends Box<"float32"> {
  constructor() {
    super({ low: 0, high: 1, shape: [1], dtype: "float32" });
  }
  override sample(): NDArray<"float32"> {
    // eslint-disable-next-line no-restricted-properties -- a deliberately broken space: hidden Math.random
    return ndarray("float32", [1], Float32Array.of(Math.random()));
  }
}

/** A space object whose description can change after construction (same identity). */
class MutableBox {
  inner = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  get shape() {
    return this.inner.shape;
  }
  get dtype() {
    return this.inner.dtype;
  }
  get low() {
    return this.inner.low;
  }
  get high() {
    return this.inner.high;
  }
  get isNpFlattenable() {
    return true;
  }
  contains(v: unknown): v is NDArray<"float32"> {
    return this.inner.contains(v);
  }
  sample() {
    return this.inner.sample();
  }
  seed(s?: number) {
    return this.inner.seed(s);
  }
  equals(o: unknown) {
    return this.inner.equals(o);
  }
  toJSON() {
    return this.inner.toJSON();
  }
  copy() {
    return this.inner.copy();
  }
  toString() {
    return String(this.inner);
  }
}

/** A stateful sensor: (current, previous) readings; `forgetful` makes reset() leave the previous reading. */
class PreviousReadingSensor implements ObservationModel<NDArray<"float32">> {
  readonly #space = new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });
  #previous = 0;
  constructor(readonly forgetful: boolean) {}
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }
  reset(): void {
    if (!this.forgetful) this.#previous = 0;
  }
  getObservation(s: EnvState): NDArray<"float32"> {
    const now = reading(s);
    const out = ndarray("float32", [2], Float32Array.of(now, this.#previous));
    this.#previous = now;
    return out;
  }
  getMetadata(): ObservationMetadata {
    return { type: "previous_reading", modality: "olfactory", parameters: {}, required_state_keys: ["agent_state", "concentration_field"] };
  }
}

export const OBS_FIXTURES: FixtureTable = {
  "obs.protocol-shape": {
    what: "missing getMetadata",
    run: run(() => {
      const base = new ConcentrationSensor();
      return {
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation: (s: EnvState) => base.getObservation(s),
      } as unknown as ObservationModel<unknown>;
    }),
    alsoFails: ["obs.metadata-type", "obs.rng-only", "obs.required-keys", "obs.optional-absent", "obs.rng-undeclared"],
  },
  "obs.space-valid": {
    what: "a space that does not contain its own samples",
    run: run(() => {
      const base = new ConcentrationSensor();
      const space = new LyingBox();
      return { get observationSpace() { return space; }, getObservation: (s: EnvState) => base.getObservation(s), getMetadata: () => base.getMetadata() };
    }),
  },
  "obs.space-valid#lenient": {
    what: "a Box subclass whose contains() checks only the shape (the readings themselves stay in [0, 1])",
    run: run(() => {
      const base = new ConcentrationSensor();
      const space = new ShapeOnlyBox();
      return { get observationSpace() { return space; }, getObservation: (s: EnvState) => base.getObservation(s), getMetadata: () => base.getMetadata() };
    }),
  },
  "obs.space-valid#math-random": {
    what: "a Box subclass whose sample() draws from Math.random instead of its seeded generator",
    run: run(() => {
      const base = new ConcentrationSensor();
      const space = new MathRandomBox();
      return { get observationSpace() { return space; }, getObservation: (s: EnvState) => base.getObservation(s), getMetadata: () => base.getMetadata() };
    }),
  },
  "obs.space-stable": {
    what: "a getter that builds new Box(...) on each read",
    run: run(() => {
      const base = new ConcentrationSensor();
      return {
        get observationSpace() {
          return new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
        },
        getObservation: (s: EnvState) => base.getObservation(s),
        getMetadata: () => base.getMetadata(),
      };
    }),
  },
  "obs.space-unchanged": {
    what: "a sensor that widens high after seeing a large value",
    run: run(() => {
      const space = new MutableBox();
      return {
        get observationSpace() {
          return space;
        },
        getObservation(s: EnvState) {
          const v = reading(s);
          if (v > 0.01) space.inner = new Box({ low: 0, high: 2, shape: [1], dtype: "float32" });
          return ndarray("float32", [1], Float32Array.of(v));
        },
        getMetadata: () => new ConcentrationSensor().getMetadata(),
      };
    }),
  },
  "obs.space-containment": {
    what: "an unclamped reading (1 + concentration for a [0, 1] Box)",
    run: run(() => {
      const base = new ConcentrationSensor();
      return { get observationSpace() { return base.observationSpace; }, getObservation: (s: EnvState) => ndarray("float32", [1], Float32Array.of(1 + reading(s))), getMetadata: () => base.getMetadata() };
    }),
    alsoFails: ["obs.realistic-states", "obs.edge-positions", "obs.required-keys"],
  },
  "obs.shape-consistency": {
    what: "2 values for shape [3]",
    run: run(() => {
      const space = new Box({ low: 0, high: 1, shape: [3], dtype: "float32" });
      return { get observationSpace() { return space; }, getObservation: (s: EnvState) => ndarray("float32", [2], Float32Array.of(reading(s), reading(s))), getMetadata: () => new ConcentrationSensor().getMetadata() };
    }),
    alsoFails: ["obs.realistic-states", "obs.space-containment", "obs.edge-positions", "obs.required-keys"],
  },
  "obs.dtype-consistency": {
    what: "an int16 array for a float32 Box (contained, but the wrong dtype)",
    run: run(() => {
      const base = new ConcentrationSensor();
      return { get observationSpace() { return base.observationSpace; }, getObservation: (s: EnvState) => ndarray("int16", [1], [Math.round(reading(s))]), getMetadata: () => base.getMetadata() };
    }),
    alsoFails: ["obs.realistic-states"],
  },
  "obs.finite": {
    what: "a wind sensor dividing by zero speed",
    run: run(() => {
      const base = new WindVectorSensor(0);
      return {
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation(s: EnvState) {
          const w = base.getObservation(s);
          const speed = Math.hypot(w.data[0] as number, w.data[1] as number);
          return ndarray("float32", [2], Float32Array.of(1 / speed, 0));
        },
        getMetadata: () => base.getMetadata(),
      };
    }),
    alsoFails: ["obs.realistic-states"],
  },
  "obs.determinism": {
    what: "Math.random() noise",
    run: run(() => {
      const base = new ConcentrationSensor();
      // eslint-disable-next-line no-restricted-properties -- a deliberately broken sensor: hidden Math.random
      return { get observationSpace() { return base.observationSpace; }, getObservation: (s: EnvState) => ndarray("float32", [1], Float32Array.of(reading(s) * Math.random())), getMetadata: () => base.getMetadata() };
    }),
  },
  "obs.history-independence#stateful": {
    what: "a sensor reporting (current, previous) readings whose reset() forgets to clear the previous one",
    run: run(() => new PreviousReadingSensor(true)),
    alsoFails: ["obs.determinism"],
  },
  "obs.history-independence": {
    what: "a reading memoised by agent position only, so a later state at the same cell gets a stale value",
    run: run(() => {
      const base = new ConcentrationSensor();
      const memo = new Map<string, number>();
      return {
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation(s: EnvState) {
          const key = `${s.agent_state.position.x},${s.agent_state.position.y}`;
          if (!memo.has(key)) memo.set(key, reading(s));
          return ndarray("float32", [1], Float32Array.of(memo.get(key) as number));
        },
        getMetadata: () => base.getMetadata(),
      };
    }),
  },
  "obs.rng-undeclared": {
    what: "sensor noise drawn from envState.rng without declaring usesRng or noise_std",
    alsoFails: ["obs.required-keys"],
    run: run(() => {
      const base = new ConcentrationSensor();
      return {
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation: (s: EnvState) => ndarray("float32", [1], Float32Array.of(Math.min(1, Math.max(0, reading(s) + s.rng.normal(0, 0.05))))),
        getMetadata: () => base.getMetadata(),
      };
    }),
    ungated: () => checkObservationModel(() => new WindVectorSensor(0.1), { numRuns: 20 }),
  },
  "obs.batch-agrees": {
    what: "a batch that writes row k instead of row indices[k]",
    run: run(() => {
      const sensor = new BatchConcentrationSensor();
      sensor.fillObservationBatch = (out, agents, context, indices, count) => {
        for (let k = 0; k < count; k++) {
          const i = indices[k] as number;
          out[k] = Math.min(1, Math.max(0, context.concentrationField.sample(agents.x[i] as number, agents.y[i] as number, agents.stepCount[i])));
        }
      };
      return sensor;
    }),
    ungated: () => checkObservationModel(() => new ConcentrationSensor(), { numRuns: 10 }),
  },
  "obs.rng-only": {
    what: "a private generator used as a fallback when rng is absent",
    run: run(
      () => {
        const base = new WindVectorSensor(0.1);
        const fallback = Generator.fromSeed(99);
        return {
          get observationSpace() {
            return base.observationSpace;
          },
          getObservation(s: EnvState) {
            const rng = (s as Partial<EnvState>).rng ?? fallback;
            return ndarray("float32", [2], Float32Array.of(rng.normal(0, 0.1), rng.normal(0, 0.1)));
          },
          getMetadata: () => base.getMetadata(),
        };
      },
      { capabilities: { usesRng: true } },
    ),
    ungated: () =>
      checkObservationModel(() => {
        const base = new ConcentrationSensor();
        return { get observationSpace() { return base.observationSpace; }, getObservation: (s: EnvState) => base.getObservation(s), getMetadata: (): ObservationMetadata => ({ ...base.getMetadata(), parameters: { noise_std: 0 } }) };
      }),
  },
  "obs.purity": {
    what: "writing envState.lastObs",
    run: run(() => {
      const base = new ConcentrationSensor();
      return {
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation(s: EnvState) {
          const obs = base.getObservation(s);
          (s as unknown as Record<string, unknown>)["lastObs"] = obs;
          return obs;
        },
        getMetadata: () => base.getMetadata(),
      };
    }),
  },
  "obs.no-aliasing": {
    what: "one preallocated output buffer reused on every call",
    run: run(() => {
      const base = new ConcentrationSensor();
      const buffer = ndarray("float32", [1]);
      return {
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation(s: EnvState) {
          buffer.data[0] = reading(s);
          return buffer;
        },
        getMetadata: () => base.getMetadata(),
      };
    }),
  },
  "obs.edge-positions#ladder": {
    what: "a distance-to-goal feature normalised by a 128-cell arena, above 1 on larger grids",
    run: run(() => {
      const space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
      return {
        get observationSpace() {
          return space;
        },
        getObservation: (s: EnvState) => {
          const { x, y } = s.agent_state.position;
          return ndarray("float32", [1], Float32Array.of(Math.hypot(s.goal_location.x - x, s.goal_location.y - y) / 128));
        },
        getMetadata: () => ({ type: "goal_distance", modality: "proprioceptive", parameters: {}, required_state_keys: ["agent_state", "goal_location"] }),
      };
    }),
    alsoFails: ["obs.space-containment", "obs.realistic-states"],
  },
  "obs.shape-consistency#ladder": {
    what: "a row of the plume copied into a fixed 100-cell buffer (throws on wider grids)",
    run: run(() => {
      const space = new Box({ low: 0, high: 1, shape: [100], dtype: "float32" });
      return {
        get observationSpace() {
          return space;
        },
        getObservation: (s: EnvState) => {
          const { width } = s.grid_size;
          const y = s.agent_state.position.y;
          const out = new Float32Array(100);
          out.set(s.plume_field.subarray(y * width, (y + 1) * width));
          return ndarray("float32", [100], out);
        },
        getMetadata: () => ({ type: "scan_row", modality: "olfactory", parameters: {}, required_state_keys: ["agent_state", "plume_field", "grid_size"] }),
      };
    }),
    alsoFails: ["obs.space-containment", "obs.edge-positions", "obs.realistic-states"],
  },
  "obs.realistic-states": {
    what: "elapsed time normalised by a 10,000-step horizon (log1p(step) / log1p(10000)), above 1 in longer episodes",
    run: run(() => {
      const space = new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });
      return {
        get observationSpace() {
          return space;
        },
        getObservation: (s: EnvState) => ndarray("float32", [2], Float32Array.of(reading(s), Math.log1p(s.step_count) / Math.log1p(10_000))),
        getMetadata: () => ({ type: "odour_and_time", modality: "composite", parameters: {}, required_state_keys: ["agent_state", "concentration_field", "step_count"] }),
      };
    }),
  },
  "obs.edge-positions": {
    what: "an antenna reading (y - 1) * w + x, which is undefined at y = 0",
    run: run(() => {
      const base = new ConcentrationSensor();
      return {
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation(s: EnvState) {
          const { x, y } = s.agent_state.position;
          return ndarray("float32", [1], Float32Array.of(s.plume_field[(y - 1) * s.grid_size.width + x] as number));
        },
        getMetadata: (): ObservationMetadata => ({ ...base.getMetadata(), required_state_keys: ["agent_state", "plume_field", "grid_size"] }),
      };
    }),
    alsoFails: ["obs.realistic-states", "obs.space-containment"],
  },
  "obs.required-keys": {
    what: "reads grid_size without declaring it",
    run: run(() => {
      const base = new ConcentrationSensor();
      return {
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation(s: EnvState) {
          const { x, y } = s.agent_state.position;
          const w = s.grid_size.width;
          return ndarray("float32", [1], Float32Array.of(Math.min(1, Math.max(0, s.plume_field[y * w + x] ?? 0))));
        },
        getMetadata: (): ObservationMetadata => ({ ...base.getMetadata(), required_state_keys: ["agent_state", "plume_field"] }),
      };
    }),
    ungated: () =>
      checkObservationModel(() => {
        const base = new ConcentrationSensor();
        return { get observationSpace() { return base.observationSpace; }, getObservation: (s: EnvState) => base.getObservation(s), getMetadata: (): ObservationMetadata => ({ type: "no_keys", modality: "olfactory", parameters: {} }) };
      }),
  },
  "obs.optional-absent": {
    what: "an optional key (goal_location) read unguarded",
    run: run(() => {
      const base = new ConcentrationSensor();
      return {
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation(s: EnvState) {
          const g = s.goal_location;
          return ndarray("float32", [1], Float32Array.of(g.x === s.agent_state.position.x ? 1 : reading(s)));
        },
        getMetadata: (): ObservationMetadata => ({ ...base.getMetadata(), optional_state_keys: ["goal_location"] }),
      };
    }),
    alsoFails: ["obs.required-keys"],
    ungated: () => checkObservationModel(() => new ConcentrationSensor()),
  },
  "obs.metadata-type": {
    what: "getMetadata() returns a string",
    run: run(() => {
      const base = new ConcentrationSensor();
      return { get observationSpace() { return base.observationSpace; }, getObservation: (s: EnvState) => base.getObservation(s), getMetadata: () => "concentration" as unknown as ObservationMetadata };
    }),
  },
  "obs.metadata-fields": {
    what: "no required_state_keys",
    run: run(() => {
      const base = new ConcentrationSensor();
      return { get observationSpace() { return base.observationSpace; }, getObservation: (s: EnvState) => base.getObservation(s), getMetadata: (): ObservationMetadata => ({ type: "c", modality: "olfactory", parameters: {} }) };
    }),
  },
  "obs.metadata-json": {
    what: "antenna offsets stored as a Float32Array",
    run: run(() => {
      const base = new ConcentrationSensor();
      return {
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation: (s: EnvState) => base.getObservation(s),
        getMetadata: () => ({ ...base.getMetadata(), parameters: { offsets: Float32Array.of(1, 2) } }) as unknown as ObservationMetadata,
      };
    }),
  },
};
