/**
 * The `nan` option: NaN concentrations (a movie read as the reference reads it) read as 0 by default, or
 * pass through with `nan: "propagate"` — in the object and the batch methods alike, for plain fields and
 * time-varying ones (`BatchContext.frameAt`) — and only then does the observation space contain NaN.
 */
import { AgentState, GridSize, type BatchContext, type EnvState, type NDArray } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import { AntennaeArraySensor, ConcentrationSensor, NanTolerantBox } from "../src/index.js";

const grid = new GridSize(4, 3);
// Row-major [y][x]: NaN at (1, 1) and (3, 2), 1.5 at (2, 0), -0.5 at (0, 2).
const field = Float32Array.from([0.1, 0.2, 1.5, 0.3, 0.4, Number.NaN, 0.6, 0.7, -0.5, 0.8, 0.9, Number.NaN]);
/** The keys the sensors read (their `required_state_keys`), as an `EnvState`. */
const state = (x: number, y: number, orientation = 0, plume_field: Float32Array = field): EnvState =>
  ({ agent_state: new AgentState({ position: [x, y], orientation }), plume_field, grid_size: grid }) as unknown as EnvState;
const values = (o: unknown) => Array.from((o as NDArray<"float32">).data);

describe("ConcentrationSensor nan", () => {
  it("zero (default): NaN reads 0, values clipped to [0, 1]", () => {
    const s = new ConcentrationSensor();
    expect(s.nan).toBe("zero");
    expect([1, 3, 2, 0].map((x, i) => values(s.getObservation(state(x, [1, 2, 0, 2][i] as number)))[0])).toEqual([0, 0, 1, 0]);
    expect(s.observationSpace).not.toBeInstanceOf(NanTolerantBox);
  });

  it("propagate: NaN passes through, the rest is clipped the same; the space contains NaN only then", () => {
    const s = new ConcentrationSensor({ nan: "propagate" });
    const nan = s.getObservation(state(1, 1));
    expect(Number.isNaN(values(nan)[0])).toBe(true);
    expect(values(s.getObservation(state(2, 0)))).toEqual([1]);
    expect(s.observationSpace.contains(nan)).toBe(true);
    expect(String(s.observationSpace)).toBe(String(new ConcentrationSensor().observationSpace));
    expect(new ConcentrationSensor().observationSpace.contains(nan)).toBe(false);
    expect(s.observationSpace.contains({ dtype: "float32", shape: [1], data: Float32Array.of(1.5) })).toBe(false);
    expect(s.getMetadata().parameters).toMatchObject({ nan: "propagate" });
  });

  it("rejects other values", () => {
    expect(() => new ConcentrationSensor({ nan: "keep" as never })).toThrow(/zero, propagate/);
  });
});

describe("the batch methods, for plain and time-varying fields", () => {
  const agents = (xs: number[], ys: number[], steps: number[]) => ({
    size: xs.length,
    x: Int32Array.from(xs),
    y: Int32Array.from(ys),
    prevX: Int32Array.from(xs),
    prevY: Int32Array.from(ys),
    orientation: new Float64Array(xs.length),
    stepCount: Float64Array.from(steps),
    totalReward: new Float64Array(xs.length),
    distance: new Float64Array(xs.length),
  });
  const other = Float32Array.from(field, (v) => (Number.isNaN(v) ? 0.25 : v));
  const context = (frames: boolean): BatchContext => ({
    gridWidth: 4,
    gridHeight: 3,
    goalX: 0,
    goalY: 0,
    goalRadius: 1,
    maxSteps: 10,
    concentrationField: { sample: () => 0, reset: () => undefined },
    fieldArray: frames ? undefined : field,
    frameAt: frames ? (step: number) => (step % 2 === 0 ? field : other) : undefined,
    windField: undefined,
    rngs: [],
  });
  const indices = Int32Array.from([0, 1, 2]);

  for (const frames of [false, true]) {
    for (const nan of ["zero", "propagate"] as const) {
      it(`${frames ? "frameAt" : "fieldArray"}, nan ${nan}: equal to the object method on that step's field`, () => {
        const a = agents([1, 1, 3], [1, 1, 2], [0, 1, 2]);
        for (const sensor of [new ConcentrationSensor({ nan }), new AntennaeArraySensor({ nSensors: 2, sensorDistance: 1, nan })]) {
          const n = sensor.observationSpace.shape[0] as number;
          const out = new Float32Array(3 * n);
          sensor.fillObservationBatch(out, a, context(frames), indices, 3);
          for (let i = 0; i < 3; i++) {
            const f = frames && i === 1 ? other : field;
            const want = values(sensor.getObservation(state(a.x[i] as number, a.y[i] as number, 0, f)));
            expect(Array.from(out.subarray(i * n, (i + 1) * n)).map((v) => (Number.isNaN(v) ? "nan" : v)), `env ${i}`).toEqual(want.map((v) => (Number.isNaN(v) ? "nan" : v)));
          }
          if (nan === "zero") expect(Array.from(out).some(Number.isNaN)).toBe(false);
        }
      });
    }
  }
});
