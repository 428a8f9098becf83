import {
  AgentState,
  ComponentError,
  ConfigurationError,
  Coordinates,
  GridSize,
  ValidationError,
  isPlugin,
  ndarray,
  type EnvState,
  type NDArray,
  type ObservationModel,
} from "@plume/core-types";
import { AntennaeArraySensor, ConcentrationHistorySensor, ConcentrationSensor } from "@plume/sensors-concentration";
import { WindVectorSensor } from "@plume/sensors-wind";
import { Box, Dict, Discrete, Generator } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FlattenedMultiSensor,
  MultiModalSensor,
  flattenedPlugin,
  multiModalPlugin,
  plugin,
  plugins,
} from "../src/index.js";
import { constantWind, envState, expectPlumeError, gaussianField, gridAndState } from "./helpers.js";

const grid = new GridSize(12, 8);
const field = gaussianField(grid, [8, 4], 3);
const stateAt = (x: number, y: number, rngSeed = 0): EnvState => ({
  ...envState({ grid, field, agent: new AgentState({ position: new Coordinates(x, y) }), rngSeed }),
  wind_field: constantWind(30, 0.8),
});
const values = (obs: unknown) => Array.from((obs as NDArray).data as ArrayLike<number>);

/** A sensor with a Discrete space (valid for a Dict, not flattenable into a Box). */
const counter: ObservationModel<number> = {
  observationSpace: new Discrete(5),
  getObservation: (s) => s.step_count % 5,
  getMetadata: () => ({ type: "step_counter", modality: "time", required_state_keys: ["step_count"] }),
};

describe("MultiModalSensor", () => {
  it("builds a Dict space from the named sensors and observes each of them", () => {
    const odor = new ConcentrationSensor();
    const wind = new WindVectorSensor();
    const sensor = new MultiModalSensor({ sensors: { wind, odor, steps: counter } });
    expect(sensor.observationSpace).toBe(sensor.observationSpace);
    expect(sensor.observationSpace).toBeInstanceOf(Dict);
    expect(sensor.observationSpace.keys).toEqual(["odor", "steps", "wind"]);
    expect(sensor.observationSpace.spaces.odor).toBe(odor.observationSpace);
    const state = stateAt(7, 4);
    const obs = sensor.getObservation(state);
    expect(Object.keys(obs)).toEqual(["wind", "odor", "steps"]); // call order = given order
    expect(values(obs.odor)).toEqual(values(odor.getObservation(state)));
    expect(values(obs.wind)).toEqual(values(wind.getObservation(state)));
    expect(obs.steps).toBe(0);
    expect(sensor.observationSpace.contains(obs)).toBe(true);
  });

  it("calls the sensors in the given order, so generator draws are reproducible", () => {
    const a = new WindVectorSensor({ noiseStd: 0.1 });
    const b = new WindVectorSensor({ noiseStd: 0.5 });
    const sensor = new MultiModalSensor({ sensors: { b, a } });
    const rng = Generator.fromSeed(3);
    const expected = rng.clone();
    const obs = sensor.getObservation({ ...stateAt(1, 1), rng });
    const wind = constantWind(30, 0.8).vector;
    const bx = Math.fround((wind[0] as number) + Math.fround(expected.normal(0, 0.5)));
    expect(values(obs.b)[0]).toBe(bx);
    expected.normal(0, 0.5);
    expect(values(obs.a)[0]).toBe(Math.fround((wind[0] as number) + Math.fround(expected.normal(0, 0.1))));
  });

  it("has reset() exactly when a part is stateful, and it resets those parts", () => {
    expect("reset" in new MultiModalSensor({ sensors: { odor: new ConcentrationSensor() } })).toBe(false);
    const history = new ConcentrationHistorySensor({ n: 2 });
    const sensor = new MultiModalSensor({ sensors: { odor: new ConcentrationSensor(), past: history } });
    expect(typeof sensor.reset).toBe("function");
    sensor.getObservation(stateAt(1, 1));
    sensor.getObservation(stateAt(8, 4));
    sensor.reset?.();
    expect(values(sensor.getObservation(stateAt(8, 4)).past)).toEqual([1, 1]);
    expect(sensor.getMetadata().stateful).toBe(true);
  });

  it("reports the parts' metadata and the union of their state keys", () => {
    const sensor = new MultiModalSensor({ sensors: { odor: new ConcentrationSensor(), wind: new WindVectorSensor({ noiseStd: 0.1 }), steps: counter } });
    const metadata = sensor.getMetadata();
    expect(metadata).toMatchObject({
      type: "multi_modal",
      modality: "composite",
      parameters: { sensor_names: ["odor", "wind", "steps"] },
      required_state_keys: ["agent_state", "plume_field", "grid_size", "rng", "step_count"],
      optional_state_keys: ["wind_field"],
      stochastic: true,
    });
    expect((metadata.sensors as Record<string, { type: string }>).wind?.type).toBe("wind_vector_sensor");
    expect(JSON.parse(JSON.stringify(metadata))).toEqual(metadata);
  });

  it("rejects an empty sensor list, non-sensors and unknown keys by name", () => {
    expectPlumeError(() => new MultiModalSensor({ sensors: {} }), ValidationError, "sensors");
    expectPlumeError(() => new MultiModalSensor({ sensors: { odor: {} as never } }), ValidationError, "sensors.odor");
    const plainSpace = { observationSpace: { shape: [1] }, getObservation: () => 0, getMetadata: () => ({ type: "x" }) };
    expectPlumeError(() => new MultiModalSensor({ sensors: { x: plainSpace as never } }), ValidationError, "sensors.x");
    expectPlumeError(() => new MultiModalSensor(undefined as never), ValidationError, "sensors");
    expectPlumeError(() => new MultiModalSensor({ sensors: { a: counter }, flatten: true } as never), ValidationError, "flatten");
    expectPlumeError(() => multiModalPlugin.create({ sensors: {} }, { path: "sensor.options" }), ConfigurationError, "sensor.options.sensors");
  });
});

describe("FlattenedMultiSensor", () => {
  it("concatenates the parts' flattened observations in order as float32", () => {
    const odor = new ConcentrationSensor();
    const wind = new WindVectorSensor();
    const antennae = new AntennaeArraySensor({ sensorAngles: [90, -90], sensorDistance: 2 });
    const sensor = new FlattenedMultiSensor({ sensors: [odor, wind, antennae] });
    expect(sensor.dimensions).toEqual([1, 2, 2]);
    expect(sensor.totalDim).toBe(5);
    expect(sensor.observationSpace).toBe(sensor.observationSpace);
    expect(String(sensor.observationSpace)).toBe("Box(-inf, inf, (5,), float32)");
    const state = stateAt(6, 3);
    const obs = sensor.getObservation(state);
    expect(obs.data).toBeInstanceOf(Float32Array);
    expect(values(obs)).toEqual([...values(odor.getObservation(state)), ...values(wind.getObservation(state)), ...values(antennae.getObservation(state))]);
    expect(sensor.observationSpace.contains(obs)).toBe(true);
  });

  it("flattens multi-dimensional and non-float parts row-major, cast to float32", () => {
    const grid2: ObservationModel<NDArray<"int64">> = {
      observationSpace: new Box({ low: -10, high: 10, shape: [2, 2], dtype: "int64" }),
      getObservation: () => ndarray("int64", [2, 2], BigInt64Array.of(1n, 2n, 3n, -4n)),
      getMetadata: () => ({ type: "patch" }),
    };
    const f64: ObservationModel<NDArray<"float64">> = {
      observationSpace: new Box({ low: 0, high: 1, shape: [1], dtype: "float64" }),
      getObservation: () => ndarray("float64", [1], Float64Array.of(0.1)),
      getMetadata: () => ({ type: "f64" }),
    };
    const sensor = new FlattenedMultiSensor({ sensors: [grid2, f64] });
    expect(values(sensor.getObservation(stateAt(0, 0)))).toEqual([1, 2, 3, -4, Math.fround(0.1)]);
  });

  it("rejects a non-Box part with a clear error naming it", () => {
    const error = expectPlumeError(() => new FlattenedMultiSensor({ sensors: [new ConcentrationSensor(), counter as never] }), ValidationError, "sensors.1");
    expect(error.message).toContain("Box");
    expect(error.message).toContain("Discrete(5)");
    expectPlumeError(() => flattenedPlugin.create({ sensors: [counter] }, { path: "sensor.options" }), ConfigurationError, "sensor.options.sensors.0");
  });

  it("rejects an empty sensor list and non-sensors", () => {
    expectPlumeError(() => new FlattenedMultiSensor({ sensors: [] }), ValidationError, "sensors");
    expectPlumeError(() => new FlattenedMultiSensor({ sensors: [new WindVectorSensor(), 3 as never] }), ValidationError, "sensors.1");
    expectPlumeError(() => new FlattenedMultiSensor({ sensors: new WindVectorSensor() as never }), ValidationError, "sensors");
  });

  it("throws ComponentError when a part breaks its own space", () => {
    const liar: ObservationModel<NDArray<"float32">> = {
      observationSpace: new Box({ low: 0, high: 1, shape: [3], dtype: "float32" }),
      getObservation: () => ndarray("float32", [2], Float32Array.of(0, 0)),
      getMetadata: () => ({ type: "liar" }),
    };
    expectPlumeError(() => new FlattenedMultiSensor({ sensors: [liar] }).getObservation(stateAt(0, 0)), ComponentError, "sensors.0");
  });

  it("has reset() exactly when a part is stateful, and reports metadata", () => {
    const history = new ConcentrationHistorySensor({ n: 3 });
    const sensor = new FlattenedMultiSensor({ sensors: [history, new WindVectorSensor()] });
    expect(typeof sensor.reset).toBe("function");
    expect("reset" in new FlattenedMultiSensor({ sensors: [new WindVectorSensor()] })).toBe(false);
    sensor.getObservation(stateAt(1, 1));
    sensor.reset?.();
    const obs = sensor.getObservation(stateAt(8, 4));
    expect(values(obs).slice(0, 3)).toEqual([1, 1, 1]);
    const metadata = sensor.getMetadata();
    expect(metadata).toMatchObject({
      type: "flattened_multi",
      modality: "composite",
      dimensions: [3, 2],
      total_dim: 5,
      required_state_keys: ["agent_state", "plume_field", "grid_size"],
      optional_state_keys: ["wind_field"],
      stateful: true,
    });
    expect(JSON.parse(JSON.stringify(metadata))).toEqual(metadata);
  });
});

describe("plugins", () => {
  it("are sensor plugins named multi_modal and flattened", () => {
    expect(plugin).toBe(multiModalPlugin);
    expect(plugins.map((p) => p.name)).toEqual(["multi_modal", "flattened"]);
    for (const p of plugins) expect(isPlugin(p, "sensor")).toBe(true);
    expect(multiModalPlugin.create({ sensors: { odor: new ConcentrationSensor() } })).toBeInstanceOf(MultiModalSensor);
    expect(flattenedPlugin.create({ sensors: [new ConcentrationSensor()] }).totalDim).toBe(1);
  });
});

describe("properties", () => {
  it("observations lie in the space and equal the parts' observations, for every state", () => {
    fc.assert(
      fc.property(gridAndState, fc.integer({ min: 0, max: 2 ** 32 - 1 }), ({ grid: g, state }, seed) => {
        const parts = [new ConcentrationSensor(), new AntennaeArraySensor({ nSensors: 3, sensorDistance: 1.5 }), new WindVectorSensor({ noiseStd: 0.2 })];
        const s = { ...envState({ grid: g, field: gaussianField(g, [0, 0], 5), agent: state }), wind_field: constantWind(200, 1.2), rng: Generator.fromSeed(seed) };
        const flat = new FlattenedMultiSensor({ sensors: parts });
        const multi = new MultiModalSensor({ sensors: { c: parts[0] as ObservationModel, a: parts[1] as ObservationModel, w: parts[2] as ObservationModel } });
        const obsFlat = flat.getObservation({ ...s, rng: Generator.fromSeed(seed) });
        const obsMulti = multi.getObservation({ ...s, rng: Generator.fromSeed(seed) });
        expect(flat.observationSpace.contains(obsFlat)).toBe(true);
        expect(multi.observationSpace.contains(obsMulti)).toBe(true);
        expect(values(obsFlat)).toEqual([...values(obsMulti.c), ...values(obsMulti.a), ...values(obsMulti.w)]);
      }),
      { numRuns: 60 },
    );
  });
});
