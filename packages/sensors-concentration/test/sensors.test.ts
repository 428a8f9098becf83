import { AgentState, ConfigurationError, Coordinates, GridSize, ValidationError, isPlugin, ndarray, type EnvState, type NDArray, type ObservationModel } from "@plume/core-types";
import { Box, Discrete } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AntennaeArraySensor,
  ConcentrationHistorySensor,
  ConcentrationSensor,
  antennaePlugin,
  concentrationHistoryPlugin,
  concentrationPlugin,
  plugin,
  plugins,
} from "../src/index.js";
import { envState, expectPlumeError, gaussianField, gridAndState } from "./helpers.js";

/** A 5 x 3 field whose cell (x, y) holds (10 y + x) / 100: every cell distinct, transpositions visible. */
const grid = new GridSize(5, 3);
const ramp = Float32Array.from({ length: 15 }, (_, i) => (10 * Math.floor(i / 5) + (i % 5)) / 100);
const agent = (x: number, y: number, orientation = 0) => new AgentState({ position: new Coordinates(x, y), orientation });
const stateAt = (x: number, y: number, orientation = 0, field = ramp, g = grid) =>
  envState({ grid: g, field, agent: agent(x, y, orientation) });
const values = (obs: NDArray) => Array.from(obs.data as ArrayLike<number>);

describe("ConcentrationSensor", () => {
  const sensor = new ConcentrationSensor();

  it("reads plume_field[y * width + x] at the agent as float32 [1]", () => {
    expect(values(sensor.getObservation(stateAt(3, 2)))).toEqual([Math.fround(0.23)]);
    expect(values(sensor.getObservation(stateAt(0, 1)))).toEqual([Math.fround(0.1)]);
    const obs = sensor.getObservation(stateAt(4, 0));
    expect(obs.dtype).toBe("float32");
    expect(obs.data).toBeInstanceOf(Float32Array);
    expect(sensor.observationSpace.contains(obs)).toBe(true);
  });

  it("clips to [0, 1] (NaN reads 0) and reads 0 off the grid", () => {
    const odd = Float32Array.from([2, -1, Number.NaN, 0.5, 1]);
    const g = new GridSize(5, 1);
    expect([0, 1, 2, 3, 4].map((x) => sensor.getObservation(stateAt(x, 0, 0, odd, g)).data[0])).toEqual([1, 0, 0, 0.5, 1]);
    const off = { ...stateAt(0, 0), agent_state: new AgentState({ position: new Coordinates(-1, 7) }) };
    expect(values(sensor.getObservation(off))).toEqual([0]);
  });

  it("works on a state holding only its required keys, and rejects a field that does not match the grid", () => {
    const full = stateAt(1, 1);
    const keys = sensor.getMetadata().required_state_keys as string[];
    expect(keys).toEqual(["agent_state", "plume_field", "grid_size"]);
    const minimal = Object.fromEntries(keys.map((k) => [k, full[k as keyof EnvState]])) as unknown as EnvState;
    expect(values(sensor.getObservation(minimal))).toEqual([Math.fround(0.11)]);
    expectPlumeError(() => sensor.getObservation({ ...full, plume_field: new Float32Array(14) }), ValidationError, "plume_field");
    expectPlumeError(() => sensor.getObservation({ ...full, grid_size: undefined } as never), ValidationError, "grid_size");
  });

  it("has a stable space, fresh output arrays and JSON metadata; rejects unknown options", () => {
    expect(sensor.observationSpace).toBe(sensor.observationSpace);
    expect(String(sensor.observationSpace)).toBe("Box(0.0, 1.0, (1,), float32)");
    const a = sensor.getObservation(stateAt(1, 1));
    const b = sensor.getObservation(stateAt(1, 1));
    expect(a.data).not.toBe(b.data);
    const metadata = sensor.getMetadata();
    expect(metadata).toMatchObject({ type: "concentration_sensor", modality: "olfactory" });
    expect(JSON.parse(JSON.stringify(metadata))).toEqual(metadata);
    expectPlumeError(() => new ConcentrationSensor({ gain: 2 } as never), ValidationError, "gain");
  });
});

describe("AntennaeArraySensor", () => {
  it("places sensors at heading + angle with dx = d cos, dy = -d sin (the reference's y sign)", () => {
    const sensor = new AntennaeArraySensor({ sensorAngles: [45, -45], sensorDistance: 1 });
    expect(sensor.sensorCells(2, 1, 0)).toEqual([
      [3, 0],
      [3, 2],
    ]);
    expect(values(sensor.getObservation(stateAt(2, 1, 0)))).toEqual([Math.fround(0.03), Math.fround(0.23)]);
    // heading 90: the first sensor (135 deg) is up-left in the reference's frame -> (1, 0)
    expect(sensor.sensorCells(2, 1, 90)).toEqual([
      [1, 0],
      [3, 0],
    ]);
  });

  it("rounds sensor offsets half to even", () => {
    const sensor = new AntennaeArraySensor({ sensorAngles: [0], sensorDistance: 1.5 });
    expect(sensor.sensorCells(2, 0, 0)).toEqual([[4, 0]]); // 3.5 -> 4
    expect(sensor.sensorCells(1, 0, 0)).toEqual([[2, 0]]); // 2.5 -> 2
    expect(sensor.sensorCells(1, 0, 180)).toEqual([[0, 0]]); // -0.5 -> 0
  });

  it("defaults to 2 sensors at distance 1, spread evenly (forward and back)", () => {
    const sensor = new AntennaeArraySensor();
    expect([sensor.nSensors, sensor.sensorDistance, sensor.sensorAngles]).toEqual([2, 1, [0, 180]]);
    expect(new AntennaeArraySensor({ nSensors: 4 }).sensorAngles).toEqual([0, 90, 180, 270]);
    expect(new AntennaeArraySensor({ sensorAngles: [10, 20, 30] }).nSensors).toBe(3);
    expect(String(new AntennaeArraySensor({ nSensors: 3 }).observationSpace)).toBe("Box(0.0, 1.0, (3,), float32)");
  });

  it("reads 0 for sensors off the grid, on every corner of a 1 x 1 grid", () => {
    const sensor = new AntennaeArraySensor({ nSensors: 4, sensorDistance: 1 });
    const one = new GridSize(1, 1);
    const obs = sensor.getObservation(envState({ grid: one, field: Float32Array.of(0.7), agent: agent(0, 0, 45) }));
    expect(values(obs)).toEqual([0, 0, 0, 0]);
    const zero = new AntennaeArraySensor({ nSensors: 3, sensorDistance: 0 });
    expect(values(zero.getObservation(envState({ grid: one, field: Float32Array.of(0.7), agent: agent(0, 0) })))).toEqual(
      [0.7, 0.7, 0.7].map(Math.fround),
    );
  });

  it("reports the reference's metadata as JSON", () => {
    const metadata = new AntennaeArraySensor({ sensorAngles: [-0, 90], sensorDistance: 2 }).getMetadata();
    expect(metadata).toEqual({
      type: "antennae_array_sensor",
      modality: "olfactory",
      parameters: { n_sensors: 2, sensor_angles: [0, 90], sensor_distance: 2, sensor_type: "array", range: [0, 1] },
      required_state_keys: ["agent_state", "plume_field", "grid_size"],
      observation_shape: [2],
      observation_dtype: "float32",
    });
    expect(Object.is((metadata.parameters as { sensor_angles: number[] }).sensor_angles[0], 0)).toBe(true);
    expect(JSON.parse(JSON.stringify(metadata))).toEqual(metadata);
  });

  it("rejects bad options with the option's name", () => {
    expectPlumeError(() => new AntennaeArraySensor({ sensorDistance: -1 }), ValidationError, "sensorDistance");
    expectPlumeError(() => new AntennaeArraySensor({ sensorDistance: Number.NaN }), ValidationError, "sensorDistance");
    expectPlumeError(() => new AntennaeArraySensor({ nSensors: 0 }), ValidationError, "nSensors");
    expectPlumeError(() => new AntennaeArraySensor({ nSensors: 1.5 }), ValidationError, "nSensors");
    expectPlumeError(() => new AntennaeArraySensor({ sensorAngles: [] }), ValidationError, "sensorAngles");
    expectPlumeError(() => new AntennaeArraySensor({ sensorAngles: [0, Infinity] }), ValidationError, "sensorAngles.1");
    expectPlumeError(() => new AntennaeArraySensor({ nSensors: 3, sensorAngles: [0, 1] }), ValidationError, "sensorAngles");
    expectPlumeError(() => antennaePlugin.create({ sensorDistance: -2 }, { path: "sensor.options" }), ConfigurationError, "sensor.options.sensorDistance");
  });
});

describe("ConcentrationHistorySensor", () => {
  const walk = [stateAt(0, 0), stateAt(1, 0), stateAt(2, 0), stateAt(3, 0), stateAt(4, 0)];
  const f = (x: number) => Math.fround(x / 100);

  it("pads with the first reading, then keeps the last n oldest first", () => {
    const sensor = new ConcentrationHistorySensor({ n: 3 });
    const seen = walk.map((s) => values(sensor.getObservation(s)));
    expect(seen).toEqual([
      [f(0), f(0), f(0)],
      [f(0), f(0), f(1)],
      [f(0), f(1), f(2)],
      [f(1), f(2), f(3)],
      [f(2), f(3), f(4)],
    ]);
  });

  it("starts over after reset(), and the same reset + states give the same observations", () => {
    const sensor = new ConcentrationHistorySensor({ n: 2 });
    const run = () => {
      sensor.reset();
      return walk.map((s) => values(sensor.getObservation(s)));
    };
    const first = run();
    expect(run()).toEqual(first);
    sensor.reset();
    expect(values(sensor.getObservation(walk[4] as EnvState))).toEqual([f(4), f(4)]);
  });

  it("defaults to n = 3 over a ConcentrationSensor, with a stable Box(0, 1, (n,), float32)", () => {
    const sensor = new ConcentrationHistorySensor();
    expect(sensor.n).toBe(3);
    expect(sensor.sensor).toBeInstanceOf(ConcentrationSensor);
    expect(sensor.observationSpace).toBe(sensor.observationSpace);
    expect(String(sensor.observationSpace)).toBe("Box(0.0, 1.0, (3,), float32)");
    const a = sensor.getObservation(walk[1] as EnvState);
    const b = sensor.getObservation(walk[2] as EnvState);
    expect(values(a)).toEqual([f(1), f(1), f(1)]); // not overwritten by the later call
    expect(sensor.observationSpace.contains(b)).toBe(true);
  });

  it("wraps another scalar sensor, taking its bounds and dtype, and resets it", () => {
    let resets = 0;
    let t = 0;
    const inner: ObservationModel<NDArray<"float64">> & { reset(): void } = {
      observationSpace: new Box({ low: -5, high: 5, shape: [1], dtype: "float64" }),
      getObservation: () => ndarray("float64", [1], Float64Array.of((t += 1) - 3)),
      getMetadata: () => ({ type: "ticker", modality: "time", required_state_keys: ["step_count"] }),
      reset: () => {
        resets += 1;
        t = 0;
      },
    };
    const sensor = new ConcentrationHistorySensor({ n: 2, sensor: inner });
    expect(String(sensor.observationSpace)).toBe("Box(-5.0, 5.0, (2,), float64)");
    sensor.reset();
    expect(resets).toBe(1);
    const obs = [1, 2, 3].map(() => sensor.getObservation(walk[0] as EnvState));
    expect(obs.map(values)).toEqual([
      [-2, -2],
      [-2, -1],
      [-1, 0],
    ]);
    expect(obs[2]?.data).toBeInstanceOf(Float64Array);
    expect(sensor.getMetadata()).toMatchObject({ type: "concentration_history", modality: "time", required_state_keys: ["step_count"], stateful: true });
  });

  it("rejects bad options with the option's name", () => {
    expectPlumeError(() => new ConcentrationHistorySensor({ n: 0 }), ValidationError, "n");
    expectPlumeError(() => new ConcentrationHistorySensor({ n: 2.5 }), ValidationError, "n");
    expectPlumeError(() => new ConcentrationHistorySensor({ sensor: new AntennaeArraySensor() as never }), ValidationError, "sensor");
    const discrete = { observationSpace: new Discrete(3), getObservation: () => 0, getMetadata: () => ({ type: "d" }) };
    expectPlumeError(() => new ConcentrationHistorySensor({ sensor: discrete as never }), ValidationError, "sensor");
    expectPlumeError(() => concentrationHistoryPlugin.create({ n: -1 }, { path: "sensor.options" }), ConfigurationError, "sensor.options.n");
  });
});

describe("plugins", () => {
  it("are sensor plugins named concentration, antennae and concentration_history", () => {
    expect(plugin).toBe(concentrationPlugin);
    expect(plugins.map((p) => p.name)).toEqual(["concentration", "antennae", "concentration_history"]);
    for (const p of plugins) expect(isPlugin(p, "sensor")).toBe(true);
    expect(concentrationPlugin.create()).toBeInstanceOf(ConcentrationSensor);
    expect(antennaePlugin.create({ nSensors: 2, sensorDistance: 2 }).sensorAngles).toEqual([0, 180]);
    expect(concentrationHistoryPlugin.create({ n: 5 }).n).toBe(5);
  });
});

describe("properties", () => {
  const fieldFor = (g: GridSize, kind: number) =>
    kind === 0 ? new Float32Array(g.width * g.height) : kind === 1 ? new Float32Array(g.width * g.height).fill(1) : gaussianField(g, [Math.floor(g.width / 3), g.height - 1], 3);
  const sensors = [
    new ConcentrationSensor(),
    new AntennaeArraySensor(),
    new AntennaeArraySensor({ sensorAngles: [0, 45, -45, 137.5], sensorDistance: 2.5 }),
  ];

  it("observations lie in the space, are deterministic and leave the state untouched", () => {
    fc.assert(
      fc.property(gridAndState, fc.nat(2), fc.nat(2), ({ grid: g, state }, which, kind) => {
        const sensor = sensors[which] as ConcentrationSensor;
        const field = fieldFor(g, kind);
        const s = envState({ grid: g, field, agent: state });
        const before = Array.from(field);
        const a = sensor.getObservation(s);
        const b = sensor.getObservation(s);
        expect(sensor.observationSpace.contains(a)).toBe(true);
        expect(a.shape).toEqual(sensor.observationSpace.shape);
        expect(values(a)).toEqual(values(b));
        expect(Array.from(field)).toEqual(before);
        expect(s.agent_state).toBe(state);
      }),
      { numRuns: 150 },
    );
  });

  it("a sensor at distance 0 reads the agent's own cell, whatever the angles", () => {
    fc.assert(
      fc.property(gridAndState, fc.array(fc.double({ min: -720, max: 720, noNaN: true }), { minLength: 1, maxLength: 5 }), ({ grid: g, state }, angles) => {
        const field = gaussianField(g, [0, 0], 4);
        const s = envState({ grid: g, field, agent: state });
        const own = new ConcentrationSensor().getObservation(s).data[0];
        const obs = new AntennaeArraySensor({ sensorAngles: angles, sensorDistance: 0 }).getObservation(s);
        expect(values(obs)).toEqual(angles.map(() => own));
      }),
      { numRuns: 50 },
    );
  });

  it("history observations lie in the space and end with the current reading", () => {
    fc.assert(
      fc.property(gridAndState, fc.integer({ min: 1, max: 6 }), fc.array(fc.nat(1000), { minLength: 1, maxLength: 12 }), ({ grid: g, state }, n, path) => {
        const sensor = new ConcentrationHistorySensor({ n });
        const field = gaussianField(g, [0, 0], 2);
        sensor.reset();
        for (const k of path) {
          const agentState = state.withPosition(new Coordinates(k % g.width, Math.floor(k / g.width) % g.height));
          const s = envState({ grid: g, field, agent: agentState });
          const obs = sensor.getObservation(s);
          expect(sensor.observationSpace.contains(obs)).toBe(true);
          expect(obs.data[n - 1]).toBe(new ConcentrationSensor().getObservation(s).data[0]);
        }
      }),
      { numRuns: 50 },
    );
  });
});
