import { GridSize, ValidationError, hasObservationBatch, type EnvState, type PointLike, type VectorField } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WindVectorSensor } from "../src/index.js";
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
import { constantWind, expectPlumeError } from "./helpers.js";

/** Wind fields: none, the reference's constant wind, and a position-dependent one sampling float64 values. */
const windField: fc.Arbitrary<VectorField | undefined> = fc.oneof(
  fc.constant(undefined),
  fc
    .tuple(
      fc.oneof(fc.constantFrom(0, 30, 90, 180, 270), fc.double({ min: 0, max: 360, noNaN: true })),
      fc.oneof(fc.constantFrom(0, 0.8, 1, 5), fc.double({ min: 0, max: 1e6, noNaN: true })),
    )
    .map(([direction, speed]) => constantWind(direction, speed)),
  fc.constant<VectorField>({
    sample: (p: PointLike) => Float64Array.of(Math.sin(p.x * 0.7) * 3.3, -Math.cos(p.y * 1.3) / 3) as unknown as Float32Array,
  }),
  fc.constant<VectorField>({ sample: (p: PointLike) => [p.x / 10, -p.y / 7, 99].slice(0, 2) as unknown as Float32Array }),
);

const noiseStd = fc.oneof(fc.constantFrom(0, 0.1, 0.5, 1), fc.double({ min: 0, max: 1e3, noNaN: true }));

const SENTINEL = -7.25;

/**
 * Runs the batch method with generator `i` for env `i`, and checks `out`, the agents and every generator's state
 * against `getObservation` per listed env with an identically seeded generator as `envState.rng`.
 */
function checkAgainstObjectPath(sensor: WindVectorSensor, c: BatchCase, wind: VectorField | undefined, seed: number): void {
  const batchRngs = c.envs.map((_, i) => Generator.fromSeed(seed + 104_729 * i));
  const objectRngs = batchRngs.map((g) => g.clone());
  const agents = agentBatch(c.envs);
  const before = snapshot(agents);
  const out = new Float32Array(c.envs.length * 2).fill(SENTINEL);
  const { indices, count } = indicesOf(c);
  const context = batchContext({ grid: c.grid, rngs: batchRngs, ...(wind !== undefined && { windField: wind }) });
  sensor.fillObservationBatch(out, agents, context, indices, count);
  const expected = new Float32Array(out.length).fill(SENTINEL);
  for (const i of c.listed) {
    const agent = agentStateOf(c.envs[i]!);
    const state: EnvState = {
      agent_state: agent,
      plume_field: new Float32Array(c.grid.width * c.grid.height),
      concentration_field: context.concentrationField,
      wind_field: wind,
      goal_location: c.grid.center(),
      grid_size: c.grid,
      step_count: agent.step_count,
      max_steps: 1000,
      rng: objectRngs[i]!,
    };
    expected.set(sensor.getObservation(state).data, i * 2);
  }
  expectSameBits(out, expected, "out");
  expect(agents).toEqual(before);
  batchRngs.forEach((g, i) => expect(g.state, `generator ${i}`).toEqual(objectRngs[i]!.state));
}

describe("WindVectorSensor.fillObservationBatch", () => {
  it("is detected by hasObservationBatch", () => {
    expect(hasObservationBatch(new WindVectorSensor())).toBe(true);
    expect(hasObservationBatch(new WindVectorSensor({ noiseStd: 0.3 }))).toBe(true);
  });

  it("equals getObservation per listed env, bit for bit, with the same draws from each env's generator", () => {
    fc.assert(
      fc.property(batchCase, windField, noiseStd, fc.nat(1_000_000), (c, wind, std, seed) => {
        checkAgainstObjectPath(new WindVectorSensor({ noiseStd: std }), c, wind, seed);
      }),
      { numRuns: 300 },
    );
  });

  it("samples the field at each listed agent's cell, in index order, and writes [vx, vy] at out[2 i]", () => {
    const seen: [number, number][] = [];
    const field: VectorField = { sample: (p) => (seen.push([p.x, p.y]), Float32Array.of(p.x / 10, -p.y / 10)) };
    const grid = new GridSize(6, 4);
    const agents = agentBatch([0, 1, 2].map((x) => ({ x: 2 * x, y: x + 1, orientation: 0, stepCount: 0, totalReward: 0 })));
    const out = new Float32Array(6).fill(SENTINEL);
    new WindVectorSensor().fillObservationBatch(out, agents, batchContext({ grid, windField: field }), Int32Array.of(2, 0, 1), 2);
    expect(seen).toEqual([[4, 3], [0, 1]]);
    expectSameBits(out, Float32Array.of(0, Math.fround(-0.1), SENTINEL, SENTINEL, Math.fround(0.4), Math.fround(-0.3)), "out");
  });

  it("leaves unlisted envs' slots and generators alone", () => {
    const grid = new GridSize(3, 3);
    const rngs = [0, 1, 2].map((s) => Generator.fromSeed(s));
    const states = rngs.map((g) => g.state);
    const agents = agentBatch([0, 1, 2].map((x) => ({ x, y: x, orientation: 0, stepCount: 0, totalReward: 0 })));
    const out = new Float32Array(6).fill(SENTINEL);
    const sensor = new WindVectorSensor({ noiseStd: 0.5 });
    sensor.fillObservationBatch(out, agents, batchContext({ grid, rngs }), Int32Array.of(1, 0, 2), 1);
    expect(rngs[0]!.state).toEqual(states[0]);
    expect(rngs[2]!.state).toEqual(states[2]);
    expect(rngs[1]!.state).not.toEqual(states[1]);
    expectSameBits(out.subarray(0, 2), [SENTINEL, SENTINEL], "env 0");
    expectSameBits(out.subarray(4, 6), [SENTINEL, SENTINEL], "env 2");
    sensor.fillObservationBatch(out, agents, batchContext({ grid, rngs }), Int32Array.of(0), 0);
    expect(rngs[0]!.state).toEqual(states[0]);
  });

  it("throws like getObservation: wind_field for a bad sample, rng for a noisy sensor without a generator", () => {
    const grid = new GridSize(2, 2);
    const agents = agentBatch([{ x: 0, y: 0, orientation: 0, stepCount: 0, totalReward: 0 }]);
    const out = new Float32Array(2);
    const bad = batchContext({ grid, windField: { sample: () => Float32Array.of(1) } });
    expectPlumeError(() => new WindVectorSensor().fillObservationBatch(out, agents, bad, Int32Array.of(0), 1), ValidationError, "wind_field");
    expectPlumeError(
      () => new WindVectorSensor({ noiseStd: 1 }).fillObservationBatch(out, agents, batchContext({ grid, rngs: [] }), Int32Array.of(0), 1),
      ValidationError,
      "rng",
    );
  });
});
