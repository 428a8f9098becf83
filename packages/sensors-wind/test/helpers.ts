import { AgentState, Coordinates, GridSize, PlumeError, type ConcentrationField, type EnvState, type PointLike, type VectorField } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import fc from "fast-check";
import { expect } from "vitest";

type ErrorClass<E> = abstract new (...args: never[]) => E;

/** Runs `fn` and asserts it throws an instance of `cls` whose `parameter` is `parameter`. */
export function expectPlumeError<E extends PlumeError>(fn: () => unknown, cls: ErrorClass<E>, parameter: string): E {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, "expected a throw").toBeInstanceOf(cls);
  expect((caught as E).parameter).toBe(parameter);
  return caught as E;
}

/** A grid (1-64 per side) with an in-bounds agent state carrying non-default counters. */
export const gridAndState = fc
  .record({ width: fc.integer({ min: 1, max: 64 }), height: fc.integer({ min: 1, max: 64 }) })
  .chain(({ width, height }) =>
    fc.record({
      grid: fc.constant(new GridSize(width, height)),
      state: fc
        .record({
          x: fc.oneof(fc.constantFrom(0, width - 1), fc.integer({ min: 0, max: width - 1 })),
          y: fc.oneof(fc.constantFrom(0, height - 1), fc.integer({ min: 0, max: height - 1 })),
          orientation: fc.oneof(fc.constantFrom(0, 45, 90, 180, 270, 359.999), fc.double({ min: 0, max: 359.999, noNaN: true })),
          step_count: fc.nat(100),
          total_reward: fc.double({ min: -1000, max: 1000, noNaN: true }),
          goal_reached: fc.boolean(),
        })
        .map(
          ({ x, y, ...rest }) => new AgentState({ position: new Coordinates(x, y), ...rest }),
        ),
    }),
  );

/** Values that are not members of a Discrete(n) space. */
export const FOREIGN_ACTIONS: readonly unknown[] = [
  -1, 1.5, Number.NaN, Infinity, -Infinity, "0", "1", true, false, null, undefined, {}, [], [0], 1n,
  new Int32Array([0]), Number.MAX_SAFE_INTEGER,
];

/** The reference's static Gaussian plume: `exp(-((x - sx)^2 + (y - sy)^2) / (2 sigma^2))`, row-major float32. */
export function gaussianField(grid: GridSize, source: readonly [number, number], sigma: number): Float32Array {
  const out = new Float32Array(grid.width * grid.height);
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      const d2 = (x - source[0]) ** 2 + (y - source[1]) ** 2;
      out[y * grid.width + x] = Math.exp(-d2 / (2 * sigma * sigma));
    }
  }
  return out;
}

/** A complete env state (design.md §2) around a dense field. */
export function envState(options: {
  readonly grid: GridSize;
  readonly field: Float32Array;
  readonly agent: AgentState;
  readonly goal?: Coordinates;
  readonly rngSeed?: number;
}): EnvState {
  const { grid, field } = options;
  const concentration: ConcentrationField = {
    // integer cells only: enough for these tests, which never sample the field object
    sample: (x, y) =>
      Number.isInteger(x) && Number.isInteger(y) && grid.contains({ x, y }) ? (field[y * grid.width + x] as number) : 0,
    reset: () => undefined,
    gridSize: grid,
    fieldArray: field,
  };
  return {
    agent_state: options.agent,
    plume_field: field,
    concentration_field: concentration,
    goal_location: options.goal ?? grid.center(),
    grid_size: grid,
    step_count: options.agent.step_count,
    max_steps: 1000,
    rng: Generator.fromSeed(options.rngSeed ?? 0),
  };
}

/**
 * The reference's ConstantWindField: `vector = float32([speed cos(d), -speed sin(d)])` with `d` in radians
 * (`math.radians`); `sample` returns a fresh copy.
 */
export function constantWind(directionDeg: number, speed: number): VectorField & { readonly vector: Float32Array } {
  const theta = directionDeg * (Math.PI / 180);
  const vector = Float32Array.of(speed * Math.cos(theta), -speed * Math.sin(theta));
  return { vector, sample: (_position: PointLike) => vector.slice() };
}
