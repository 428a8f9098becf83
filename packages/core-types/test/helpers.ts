import { expect } from "vitest";
import { PlumeError } from "../src/index.js";

type ErrorClass = abstract new (...args: never[]) => PlumeError;

/** Runs `fn`, asserts it throws an instance of `cls` with the given `code` and `parameter`, and returns the error. */
export function expectPlumeError<E extends PlumeError>(
  fn: () => unknown,
  cls: ErrorClass & (abstract new (...args: never[]) => E),
  code: string,
  parameter: string | undefined,
): E {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, "expected a throw").toBeInstanceOf(cls);
  const error = caught as E;
  expect(error.code).toBe(code);
  expect(error.parameter).toBe(parameter);
  return error;
}
