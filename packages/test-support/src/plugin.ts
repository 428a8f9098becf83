/**
 * Helpers every plugin package's tests share: a typed-error assertion, a grid-and-agent arbitrary, and
 * values that no Discrete space contains.
 */
import { AgentState, Coordinates, GridSize, PlumeError } from "@plume/core-types";
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
