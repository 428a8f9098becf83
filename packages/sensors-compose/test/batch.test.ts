import {
  GridSize,
  hasObservationBatch,
  roundHalfEven,
  type AgentBatch,
  type BatchContext,
  type ConcentrationField,
  type EnvState,
  type ObservationModel,
  type VectorField,
} from "@plume/core-types";
import { AntennaeArraySensor, ConcentrationHistorySensor, ConcentrationSensor } from "@plume/sensors-concentration";
import { WindVectorSensor } from "@plume/sensors-wind";
import { Box, Generator } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FlattenedMultiSensor, MultiModalSensor } from "../src/index.js";
import {
  agentBatch,
  agentStateOf,
  batchCase,
  batchContext,
  expectSameBits,
  indicesOf,
  snapshot,
  type BatchCase,
} from "@plume/test-support/batch";
import { constantWind, gaussianField } from "./helpers.js";

/** A plume with a dense array, like GaussianPlume. */
function densePlume(grid: GridSize, field: Float32Array): ConcentrationField {
  return {
    sample: (x, y) => {
      const ix = roundHalfEven(x);
      const iy = roundHalfEven(y);
      return grid.contains({ x: ix, y: iy }) ? (field[iy * grid.width + ix] as number) : 0;
    },
    reset: () => undefined,
    gridSize: grid,
    fieldArray: field,
  };
}

/** Descriptions of parts (built per run: sensors are cheap and some are generated with options). */
type PartSpec =
  | { readonly kind: "concentration" }
  | { readonly kind: "antennae"; readonly n: number; readonly distance: number }
  | { readonly kind: "wind"; readonly noiseStd: number }
  | { readonly kind: "nested"; readonly noiseStd: number };

const partSpec: fc.Arbitrary<PartSpec> = fc.oneof(
  fc.constant({ kind: "concentration" as const }),
  fc.record({
    kind: fc.constant("antennae" as const),
    n: fc.integer({ min: 1, max: 5 }),
    distance: fc.oneof(fc.constantFrom(0, 0.5, 1, 1.5, 2.5), fc.double({ min: 0, max: 10, noNaN: true })),
  }),
  fc.record({ kind: fc.constant("wind" as const), noiseStd: fc.constantFrom(0, 0.1, 0.5, 2) }),
  fc.record({ kind: fc.constant("nested" as const), noiseStd: fc.constantFrom(0, 0.3) }),
);

function build(spec: PartSpec): ObservationModel {
  switch (spec.kind) {
    case "concentration":
      return new ConcentrationSensor();
    case "antennae":
      return new AntennaeArraySensor({ nSensors: spec.n, sensorDistance: spec.distance });
    case "wind":
      return new WindVectorSensor({ noiseStd: spec.noiseStd });
    case "nested":
      return new FlattenedMultiSensor({ sensors: [new WindVectorSensor({ noiseStd: spec.noiseStd }), new ConcentrationSensor()] });
  }
}

const SENTINEL = -7.25;

/** The batch world: a dense Gaussian field with a few odd cells, and maybe wind. */
function world(c: BatchCase, wind: VectorField | undefined, seed: number) {
  const field = gaussianField(c.grid, [Math.floor(c.grid.width / 3), c.grid.height - 1], 4);
  field[seed % field.length] = Number.NaN;
  field[(seed * 7) % field.length] = 1.5;
  const plume = densePlume(c.grid, field);
  const batchRngs = c.envs.map((_, i) => Generator.fromSeed(seed + 104_729 * i));
  const objectRngs = batchRngs.map((g) => g.clone());
  const context = batchContext({ grid: c.grid, field: plume, fieldArray: field, rngs: batchRngs, ...(wind !== undefined && { windField: wind }) });
  const state = (i: number): EnvState => {
    const agent = agentStateOf(c.envs[i]!);
    return {
      agent_state: agent,
      plume_field: field,
      concentration_field: plume,
      wind_field: wind,
      goal_location: c.grid.center(),
      grid_size: c.grid,
      step_count: agent.step_count,
      max_steps: 1000,
      rng: objectRngs[i]!,
    };
  };
  return { context, state, batchRngs, objectRngs };
}

function checkAgainstObjectPath(sensor: FlattenedMultiSensor, c: BatchCase, wind: VectorField | undefined, seed: number): void {
  expect(hasObservationBatch(sensor)).toBe(true);
  const fill = sensor.fillObservationBatch!;
  const total = sensor.totalDim;
  const { context, state, batchRngs, objectRngs } = world(c, wind, seed);
  const agents = agentBatch(c.envs);
  const before = snapshot(agents);
  const out = new Float32Array(c.envs.length * total).fill(SENTINEL);
  const { indices, count } = indicesOf(c);
  fill(out, agents, context, indices, count);
  const expected = new Float32Array(out.length).fill(SENTINEL);
  for (const i of c.listed) expected.set(sensor.getObservation(state(i)).data, i * total);
  expectSameBits(out, expected, "out");
  expect(agents).toEqual(before);
  batchRngs.forEach((g, i) => expect(g.state, `generator ${i}`).toEqual(objectRngs[i]!.state));
}

/** A float32 Box part with a batch method that records the `out` array it is given. */
function spyPart(dim: number, seen: Float32Array[]): ObservationModel & { fillObservationBatch: FlattenedMultiSensor["fillObservationBatch"] } {
  const space = new Box({ low: -Infinity, high: Infinity, shape: [dim], dtype: "float32" });
  return {
    observationSpace: space,
    getObservation: () => {
      throw new Error("not used");
    },
    getMetadata: () => ({ type: "spy" }),
    fillObservationBatch: (out: Float32Array, agents: AgentBatch, _context: BatchContext, indices: Int32Array, count: number) => {
      seen.push(out);
      for (let k = 0; k < count; k++) {
        const i = indices[k]!;
        for (let j = 0; j < dim; j++) out[i * dim + j] = agents.x[i]! * 10 + j;
      }
    },
  };
}

describe("FlattenedMultiSensor.fillObservationBatch", () => {
  it("equals getObservation per listed env, bit for bit, with the same draws from each env's generator", () => {
    fc.assert(
      fc.property(
        batchCase,
        fc.array(partSpec, { minLength: 1, maxLength: 4 }),
        fc.option(fc.tuple(fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true })), { nil: undefined }),
        fc.nat(1_000_000),
        (c, specs, windSpec, seed) => {
          const wind = windSpec === undefined ? undefined : constantWind(windSpec[0], windSpec[1]);
          checkAgainstObjectPath(new FlattenedMultiSensor({ sensors: specs.map(build) }), c, wind, seed);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("exists exactly when every part has one", () => {
    const all = new FlattenedMultiSensor({ sensors: [new ConcentrationSensor(), new WindVectorSensor(), new AntennaeArraySensor()] });
    expect(hasObservationBatch(all)).toBe(true);
    const withHistory = new FlattenedMultiSensor({ sensors: [new ConcentrationSensor(), new ConcentrationHistorySensor()] });
    expect(hasObservationBatch(withHistory)).toBe(false);
    expect("fillObservationBatch" in withHistory).toBe(false);
    const custom: ObservationModel = {
      observationSpace: new Box({ low: 0, high: 1, shape: [2], dtype: "float32" }),
      getObservation: () => {
        throw new Error("not used");
      },
      getMetadata: () => ({ type: "custom" }),
    };
    expect(hasObservationBatch(new FlattenedMultiSensor({ sensors: [custom, new ConcentrationSensor()] }))).toBe(false);
    expect(hasObservationBatch(new FlattenedMultiSensor({ sensors: [withHistory] }))).toBe(false);
    expect(hasObservationBatch(new FlattenedMultiSensor({ sensors: [all, new ConcentrationSensor()] }))).toBe(true);
  });

  it("allocates its scratch buffer once per batch size and hands a single part the output itself", () => {
    const seen: Float32Array[] = [];
    const sensor = new FlattenedMultiSensor({ sensors: [spyPart(2, seen), spyPart(3, seen)] });
    const grid = new GridSize(9, 9);
    const run = (n: number) => {
      const agents = agentBatch(Array.from({ length: n }, (_, i) => ({ x: i, y: 0, orientation: 0, stepCount: 0, totalReward: 0 })));
      const out = new Float32Array(n * 5).fill(SENTINEL);
      sensor.fillObservationBatch!(out, agents, batchContext({ grid }), Int32Array.from({ length: n }, (_, i) => n - 1 - i), n);
      return out;
    };
    const first = run(3);
    expectSameBits(first, [0, 1, 0, 1, 2, 10, 11, 10, 11, 12, 20, 21, 20, 21, 22], "out");
    run(3);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(1); // both parts, both calls: the same scratch
    expect(seen[0]!.length).toBe(3 * 3);
    run(5);
    expect(seen[4]).not.toBe(seen[0]);
    expect(seen[4]!.length).toBe(5 * 3);

    const single: Float32Array[] = [];
    const one = new FlattenedMultiSensor({ sensors: [spyPart(2, single)] });
    const out = new Float32Array(4);
    one.fillObservationBatch!(out, agentBatch([{ x: 1, y: 0, orientation: 0, stepCount: 0, totalReward: 0 }, { x: 2, y: 0, orientation: 0, stepCount: 0, totalReward: 0 }]), batchContext({ grid }), Int32Array.of(1), 1);
    expect(single[0]).toBe(out);
    expectSameBits(out, [0, 0, 20, 21], "out");
  });

  it("touches only the listed envs' slices (count = 0 writes nothing; indices past count are ignored)", () => {
    const grid = new GridSize(4, 4);
    const field = new Float32Array(16).fill(0.5);
    const sensor = new FlattenedMultiSensor({ sensors: [new ConcentrationSensor(), new WindVectorSensor({ noiseStd: 1 })] });
    const rngs = [0, 1, 2].map((s) => Generator.fromSeed(s));
    const states = rngs.map((g) => g.state);
    const context = batchContext({ grid, field: densePlume(grid, field), fieldArray: field, rngs, windField: constantWind(0, 1) });
    const agents = agentBatch([0, 1, 2].map((x) => ({ x, y: x, orientation: 0, stepCount: 0, totalReward: 0 })));
    const out = new Float32Array(9).fill(SENTINEL);
    sensor.fillObservationBatch!(out, agents, context, Int32Array.of(0, 1, 2), 0);
    expectSameBits(out, new Float32Array(9).fill(SENTINEL), "out");
    sensor.fillObservationBatch!(out, agents, context, Int32Array.of(1, 0, 2), 1);
    expectSameBits(out.subarray(0, 3), [SENTINEL, SENTINEL, SENTINEL], "env 0");
    expectSameBits(out.subarray(6, 9), [SENTINEL, SENTINEL, SENTINEL], "env 2");
    expect(out[3]).toBe(0.5);
    expect(rngs[0]!.state).toEqual(states[0]);
    expect(rngs[2]!.state).toEqual(states[2]);
  });
});

describe("MultiModalSensor", () => {
  it("has no fillObservationBatch (its observation is a Dict)", () => {
    const sensor = new MultiModalSensor({ sensors: { odor: new ConcentrationSensor(), wind: new WindVectorSensor() } });
    expect(hasObservationBatch(sensor)).toBe(false);
    expect("fillObservationBatch" in sensor).toBe(false);
  });
});
