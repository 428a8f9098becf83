import {
  AgentState,
  Coordinates,
  GridSize,
  hasObservationBatch,
  roundHalfEven,
  shapeSize,
  type BatchContext,
  type ConcentrationField,
  type EnvState,
  type NDArray,
  type ObservationModel,
} from "@plume/core-types";
import { Generator, type Box } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AntennaeArraySensor, ConcentrationHistorySensor, ConcentrationSensor } from "../src/index.js";
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
import { gaussianField } from "./helpers.js";

type BatchSensor = ObservationModel<NDArray<"float32">> & {
  fillObservationBatch: NonNullable<ConcentrationSensor["fillObservationBatch"]>;
};

/** A plume with a dense array, like GaussianPlume: `sample` is the nearest cell (ties to even), 0 off the grid. */
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

/**
 * A time-varying plume without a dense array: float64 values outside [0, 1], NaN, and tiny negatives (which
 * the env's float32 buffer turns into -0) at some cells and steps.
 */
function movingPlume(grid: GridSize, phase: number): ConcentrationField {
  const TINY = [-1e-50, 1e-50, -1e-300];
  return {
    sample: (x, y, t = 0) =>
      (x + 3 * y + t) % 11 === 0
        ? Number.NaN
        : (x + y + t) % 7 === 3
          ? (TINY[(x + t) % 3] as number)
          : Math.sin(x * 0.37 + y * 0.11 + t * 0.05 + phase) * 1.3 + 0.2,
    reset: () => undefined,
    gridSize: grid,
  };
}

/** The `plume_field` the environment builds for a plume without a (usable) dense array at step `t`. */
function sampledField(grid: GridSize, plume: ConcentrationField, t: number): Float32Array {
  const buffer = new Float32Array(grid.width * grid.height);
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) buffer[y * grid.width + x] = Number(plume.sample(x, y, t));
  }
  return buffer;
}

/** The three ways a batch sees the field: a dense array, none, or one that does not cover the grid. */
type FieldCase =
  | { readonly kind: "dense"; readonly sigma: number; readonly source: readonly [number, number]; readonly pokes: readonly (readonly [number, number])[] }
  | { readonly kind: "sampled" | "mismatched"; readonly phase: number };

const POKE_VALUES = [Number.NaN, -0.5, 1.5, -0, 0, 1, 2, Infinity, -Infinity, 1e-45];

const fieldCase: fc.Arbitrary<FieldCase> = fc.oneof(
  fc.record({
    kind: fc.constant("dense" as const),
    sigma: fc.double({ min: 0.5, max: 20, noNaN: true }),
    source: fc.tuple(fc.integer({ min: -5, max: 45 }), fc.integer({ min: -5, max: 45 })),
    pokes: fc.array(fc.tuple(fc.nat(2000), fc.nat(POKE_VALUES.length - 1)), { maxLength: 30 }),
  }),
  fc.record({ kind: fc.constantFrom("sampled" as const, "mismatched" as const), phase: fc.double({ min: 0, max: 7, noNaN: true }) }),
);

/** The batch context and, per env, the env state the object path gets. */
function world(c: BatchCase, f: FieldCase): { readonly context: BatchContext; readonly state: (i: number) => EnvState } {
  const grid = c.grid;
  let plume: ConcentrationField;
  let fieldArray: Float32Array | undefined;
  let plumeField: (t: number) => Float32Array;
  if (f.kind === "dense") {
    const field = gaussianField(grid, f.source, f.sigma);
    for (const [cell, value] of f.pokes) field[cell % field.length] = POKE_VALUES[value]!;
    plume = densePlume(grid, field);
    fieldArray = field;
    plumeField = () => field;
  } else {
    plume = movingPlume(grid, f.phase);
    // a dense array that does not cover the grid: the env ignores it and samples the plume
    fieldArray = f.kind === "mismatched" ? new Float32Array(grid.width * grid.height + 1).fill(0.5) : undefined;
    plumeField = (t) => sampledField(grid, plume, t);
  }
  const context = batchContext({ grid, field: plume, ...(fieldArray !== undefined && { fieldArray }) });
  const state = (i: number): EnvState => {
    const agent: AgentState = agentStateOf(c.envs[i]!);
    return {
      agent_state: agent,
      plume_field: plumeField(agent.step_count),
      concentration_field: plume,
      goal_location: grid.center(),
      grid_size: grid,
      step_count: agent.step_count,
      max_steps: 1000,
      rng: Generator.fromSeed(i),
    };
  };
  return { context, state };
}

const SENTINEL = -7.25;

/** Runs the batch method and checks `out` and the agents against `getObservation` per listed env. */
function checkAgainstObjectPath(sensor: BatchSensor, c: BatchCase, f: FieldCase): void {
  const size = shapeSize((sensor.observationSpace as Box<"float32">).shape);
  const { context, state } = world(c, f);
  const agents = agentBatch(c.envs);
  const before = snapshot(agents);
  const out = new Float32Array(c.envs.length * size).fill(SENTINEL);
  const { indices, count } = indicesOf(c);
  sensor.fillObservationBatch(out, agents, context, indices, count);
  const expected = new Float32Array(out.length).fill(SENTINEL);
  for (const i of c.listed) expected.set(sensor.getObservation(state(i)).data, i * size);
  expectSameBits(out, expected, "out");
  expect(agents).toEqual(before);
}

const antennaeOptions = fc.record(
  {
    angles: fc.oneof(
      fc.constant(undefined),
      fc.array(
        fc.oneof(fc.constantFrom(0, 90, -90, 45, 180, 270, 30.5, -0), fc.double({ min: -720, max: 720, noNaN: true })),
        { minLength: 1, maxLength: 6 },
      ),
    ),
    n: fc.integer({ min: 1, max: 6 }),
    distance: fc.oneof(fc.constantFrom(0, 0.5, 1, 1.5, 2, 2.5, 3, 10, 100), fc.double({ min: 0, max: 20, noNaN: true })),
  },
  { requiredKeys: ["n", "distance"] },
);

describe("ConcentrationSensor.fillObservationBatch", () => {
  it("equals getObservation per listed env, bit for bit (dense, sampled and mismatched fields), and leaves the rest alone", () => {
    const sensor = new ConcentrationSensor();
    fc.assert(
      fc.property(batchCase, fieldCase, (c, f) => checkAgainstObjectPath(sensor, c, f)),
      { numRuns: 300 },
    );
  });

  it("clips to [0, 1] with NaN reading 0 (and -0 kept), reading the dense field directly", () => {
    const grid = new GridSize(6, 1);
    const field = Float32Array.of(2, -1, Number.NaN, 0.5, -0, 0.1);
    const context = batchContext({ grid, field: densePlume(grid, field), fieldArray: field });
    const agents = agentBatch([0, 1, 2, 3, 4, 5].map((x) => ({ x, y: 0, orientation: 0, stepCount: 0, totalReward: 0 })));
    const out = new Float32Array(6).fill(SENTINEL);
    new ConcentrationSensor().fillObservationBatch(out, agents, context, Int32Array.of(5, 4, 3, 2, 1), 5);
    expectSameBits(out, Float32Array.of(SENTINEL, 0, 0, 0.5, -0, Math.fround(0.1)), "out");
  });

  it("samples a field without a dense array at each env's own step count", () => {
    const grid = new GridSize(2, 2);
    const seen: number[][] = [];
    const plume: ConcentrationField = {
      sample: (x, y, t = -1) => (seen.push([x, y, t]), 0.1 * t),
      reset: () => undefined,
    };
    const agents = agentBatch([3, 5, 8].map((stepCount, i) => ({ x: i % 2, y: 1, orientation: 0, stepCount, totalReward: 0 })));
    const out = new Float32Array(3);
    new ConcentrationSensor().fillObservationBatch(out, agents, batchContext({ grid, field: plume }), Int32Array.of(2, 0), 2);
    expect(seen).toEqual([[0, 1, 8], [0, 1, 3]]);
    expectSameBits(out, Float32Array.of(Math.fround(0.30000000000000004), 0, Math.fround(0.8)), "out");
  });

  it("leaves unlisted envs' slots alone, including indices past count", () => {
    const grid = new GridSize(3, 3);
    const field = new Float32Array(9).fill(0.75);
    const agents = agentBatch([0, 1, 2, 0].map((x) => ({ x, y: x, orientation: 0, stepCount: 0, totalReward: 0 })));
    const out = new Float32Array(4).fill(SENTINEL);
    const context = batchContext({ grid, field: densePlume(grid, field), fieldArray: field });
    new ConcentrationSensor().fillObservationBatch(out, agents, context, Int32Array.of(1, 3, 0), 1);
    expectSameBits(out, Float32Array.of(SENTINEL, 0.75, SENTINEL, SENTINEL), "out");
    new ConcentrationSensor().fillObservationBatch(out, agents, context, Int32Array.of(2), 0);
    expectSameBits(out, Float32Array.of(SENTINEL, 0.75, SENTINEL, SENTINEL), "out");
  });
});

describe("AntennaeArraySensor.fillObservationBatch", () => {
  it("equals getObservation per listed env, bit for bit (sensor cells off the grid, ties, all field kinds)", () => {
    fc.assert(
      fc.property(batchCase, fieldCase, antennaeOptions, (c, f, o) => {
        const sensor =
          o.angles !== undefined
            ? new AntennaeArraySensor({ sensorAngles: o.angles, sensorDistance: o.distance })
            : new AntennaeArraySensor({ nSensors: o.n, sensorDistance: o.distance });
        checkAgainstObjectPath(sensor, c, f);
      }),
      { numRuns: 300 },
    );
  });

  it("reads the half-even rounded sensor cells (distance 0.5 ties) at out[i * nSensors]", () => {
    const grid = new GridSize(5, 5);
    const field = Float32Array.from({ length: 25 }, (_, k) => k / 100);
    const context = batchContext({ grid, field: densePlume(grid, field), fieldArray: field });
    const sensor = new AntennaeArraySensor({ sensorAngles: [0, 180], sensorDistance: 0.5 });
    // agent (1, 2) heading 0: cells (round(1.5), 2) = (2, 2) and (round(0.5), 2) = (0, 2)
    const agents = agentBatch([{ x: 4, y: 4, orientation: 0, stepCount: 0, totalReward: 0 }, { x: 1, y: 2, orientation: 0, stepCount: 0, totalReward: 0 }]);
    const out = new Float32Array(4).fill(SENTINEL);
    sensor.fillObservationBatch(out, agents, context, Int32Array.of(1), 1);
    expectSameBits(out, Float32Array.of(SENTINEL, SENTINEL, Math.fround(0.12), Math.fround(0.1)), "out");
  });
});

describe("batch support", () => {
  it("ConcentrationSensor and AntennaeArraySensor have fillObservationBatch; the stateful history sensor has none", () => {
    expect(hasObservationBatch(new ConcentrationSensor())).toBe(true);
    expect(hasObservationBatch(new AntennaeArraySensor())).toBe(true);
    const history = new ConcentrationHistorySensor();
    expect(hasObservationBatch(history)).toBe(false);
    expect("fillObservationBatch" in history).toBe(false);
  });

  it("the test's object-path env states are what the env builds (sanity check of the helpers)", () => {
    const grid = new GridSize(3, 2);
    const plume = movingPlume(grid, 0);
    const buffer = sampledField(grid, plume, 4);
    expect(buffer[1 * 3 + 2]).toBe(Math.fround(plume.sample(2, 1, 4)));
    const state = world({ grid, envs: [{ x: 2, y: 1, orientation: 0, stepCount: 4, totalReward: 0 }], listed: [0], trailing: [] }, { kind: "sampled", phase: 0 }).state(0);
    expect(state.plume_field).toEqual(buffer);
    expect(state.agent_state.position).toEqual(new Coordinates(2, 1));
  });
});
