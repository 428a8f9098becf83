import { ndarray, type NDArray, type PlumeError } from "@plume/core-types";
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

/** A concentration observation as the default sensor makes it. */
export const conc = (c: number): NDArray<"float32"> => ndarray("float32", [1], Float32Array.of(c));
/** An antenna-array observation. */
export const antennae = (...values: number[]): NDArray<"float32"> => ndarray("float32", [values.length], Float32Array.from(values));
