import { AgentState, ConfigurationError, Coordinates, GridSize, ValidationError, isPlugin, type EnvState, type VectorField } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WindVectorSensor, WindVectorSensorOptionsSchema, plugin, plugins, windVectorPlugin } from "../src/index.js";
import { constantWind, envState, expectPlumeError, gridAndState } from "./helpers.js";

const grid = new GridSize(6, 4);
const base = (x = 1, y = 2, rngSeed = 0): EnvState =>
  envState({ grid, field: new Float32Array(24), agent: new AgentState({ position: new Coordinates(x, y) }), rngSeed });
const withWind = (field: VectorField, state = base()): EnvState => ({ ...state, wind_field: field });

describe("WindVectorSensor without noise", () => {
  const sensor = new WindVectorSensor();

  it("returns the wind at the agent's position as float32 [vx, vy]", () => {
    const seen: unknown[] = [];
    const field: VectorField = { sample: (p) => (seen.push([p.x, p.y]), Float32Array.of(p.x / 10, -p.y / 10)) };
    const obs = sensor.getObservation(withWind(field, base(3, 1)));
    expect(obs.dtype).toBe("float32");
    expect(obs.shape).toEqual([2]);
    expect(Array.from(obs.data)).toEqual([Math.fround(0.3), Math.fround(-0.1)]);
    expect(seen).toEqual([[3, 1]]);
  });

  it("casts a float64 sample to float32", () => {
    const obs = sensor.getObservation(withWind({ sample: () => Float64Array.of(0.1, 1 / 3) as never }));
    expect(obs.data).toBeInstanceOf(Float32Array);
    expect(Array.from(obs.data)).toEqual([Math.fround(0.1), Math.fround(1 / 3)]);
  });

  it("returns zeros without a wind field, and does not touch the generator", () => {
    const state = base();
    const before = (state.rng as Generator).state;
    expect(Array.from(sensor.getObservation(state).data)).toEqual([0, 0]);
    expect(Array.from(sensor.getObservation({ ...state, wind_field: undefined }).data)).toEqual([0, 0]);
    expect((state.rng as Generator).state).toEqual(before);
    const minimal = { agent_state: state.agent_state } as unknown as EnvState;
    expect(Array.from(sensor.getObservation(minimal).data)).toEqual([0, 0]);
  });

  it("never hands out the field's array, and later calls do not change earlier observations", () => {
    const vector = Float32Array.of(0.5, 0.25);
    const sensorField: VectorField = { sample: () => vector };
    const a = sensor.getObservation(withWind(sensorField));
    vector[0] = 9;
    expect(Array.from(a.data)).toEqual([0.5, 0.25]);
    expect(a.data).not.toBe(vector);
  });

  it("rejects a field whose sample is not 2 numbers", () => {
    expectPlumeError(() => sensor.getObservation(withWind({ sample: () => Float32Array.of(1) })), ValidationError, "wind_field");
  });

  it("has a stable Box(-inf, inf, (2,), float32) and the reference's metadata", () => {
    expect(sensor.observationSpace).toBe(sensor.observationSpace);
    expect(String(sensor.observationSpace)).toBe("Box(-inf, inf, (2,), float32)");
    expect(sensor.stochastic).toBe(false);
    const metadata = sensor.getMetadata();
    expect(metadata).toEqual({
      type: "wind_vector_sensor",
      modality: "mechanosensory",
      parameters: { noise_std: 0 },
      required_state_keys: ["agent_state"],
      optional_state_keys: ["wind_field"],
      observation_shape: [2],
      observation_dtype: "float32",
      stochastic: false,
    });
    expect(JSON.parse(JSON.stringify(metadata))).toEqual(metadata);
  });
});

describe("WindVectorSensor with noise", () => {
  it("adds rng.normal(0, std) twice (x then y), cast to float32, and nothing else", () => {
    const sensor = new WindVectorSensor({ noiseStd: 0.5 });
    const wind = constantWind(0, 1);
    const rng = Generator.fromSeed(123);
    const reference = rng.clone();
    const obs = sensor.getObservation({ ...withWind(wind), rng });
    const nx = Math.fround(reference.normal(0, 0.5));
    const ny = Math.fround(reference.normal(0, 0.5));
    expect(Array.from(obs.data)).toEqual([Math.fround((wind.vector[0] as number) + nx), Math.fround((wind.vector[1] as number) + ny)]);
    expect(rng.state).toEqual(reference.state);
  });

  it("draws the noise even without a wind field (as the reference)", () => {
    const sensor = new WindVectorSensor({ noiseStd: 0.1 });
    const rng = Generator.fromSeed(4);
    const reference = rng.clone();
    const obs = sensor.getObservation({ ...base(), rng });
    expect(Array.from(obs.data)).toEqual([Math.fround(reference.normal(0, 0.1)), Math.fround(reference.normal(0, 0.1))]);
  });

  it("is reproducible given the generator, differs across seeds, and declares rng as required", () => {
    const sensor = new WindVectorSensor({ noiseStd: 0.2 });
    const run = (seed: number) => {
      const rng = Generator.fromSeed(seed);
      return Array.from({ length: 5 }, () => Array.from(sensor.getObservation({ ...withWind(constantWind(45, 1)), rng }).data));
    };
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
    expect(sensor.stochastic).toBe(true);
    expect(sensor.getMetadata()).toMatchObject({ required_state_keys: ["agent_state", "rng"], optional_state_keys: ["wind_field"], stochastic: true });
  });

  it("throws ValidationError naming rng when the state has no generator (no hidden fallback)", () => {
    const sensor = new WindVectorSensor({ noiseStd: 0.2 });
    expectPlumeError(() => sensor.getObservation({ ...base(), rng: undefined } as never), ValidationError, "rng");
  });
});

describe("options", () => {
  it("default noiseStd to 0", () => {
    expect(new WindVectorSensor().noiseStd).toBe(0);
    expect(WindVectorSensorOptionsSchema.parse({})).toEqual({ noiseStd: 0 });
  });

  it.each([-0.1, -1, Number.NaN, Infinity, "0.1", null])("reject noiseStd %s naming the option", (noiseStd) => {
    expectPlumeError(() => new WindVectorSensor({ noiseStd: noiseStd as number }), ValidationError, "noiseStd");
    expectPlumeError(() => windVectorPlugin.create({ noiseStd }, { path: "sensor.options" }), ConfigurationError, "sensor.options.noiseStd");
  });

  it("reject unknown keys", () => {
    expectPlumeError(() => new WindVectorSensor({ noise_std: 0.1 } as never), ValidationError, "noise_std");
  });
});

describe("plugin", () => {
  it("is the sensor plugin named wind_vector", () => {
    expect(plugin).toBe(windVectorPlugin);
    expect(plugins).toEqual([windVectorPlugin]);
    expect(isPlugin(plugin, "sensor")).toBe(true);
    expect(plugin.create({ noiseStd: 0.3 }).noiseStd).toBe(0.3);
  });
});

describe("properties", () => {
  it("observations are in the space, finite, and equal the field's float32 vector when noiseless", () => {
    fc.assert(
      fc.property(gridAndState, fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), ({ grid: g, state }, direction, speed) => {
        const wind = constantWind(direction, speed);
        const s = { ...envState({ grid: g, field: new Float32Array(g.width * g.height), agent: state }), wind_field: wind };
        const obs = new WindVectorSensor().getObservation(s);
        expect(new WindVectorSensor().observationSpace.contains(obs)).toBe(true);
        expect(Array.from(obs.data)).toEqual(Array.from(wind.vector));
      }),
      { numRuns: 100 },
    );
  });

  it("noisy observations depend only on the generator state", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.double({ min: 0.001, max: 3, noNaN: true }), (seed, std) => {
        const sensor = new WindVectorSensor({ noiseStd: std });
        const obs = () => Array.from(sensor.getObservation({ ...withWind(constantWind(10, 1)), rng: Generator.fromSeed(seed) }).data);
        const a = obs();
        expect(obs()).toEqual(a);
        expect(a.every(Number.isFinite)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});
