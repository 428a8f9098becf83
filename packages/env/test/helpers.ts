import { PlumeError } from "@plume/core-types";
import { expect } from "vitest";

type ErrorClass<E> = abstract new (...args: never[]) => E;

/** Runs `fn`, asserts it throws `cls` naming `parameter` (when given), and returns the error. */
export function expectError<E extends PlumeError>(fn: () => unknown, cls: ErrorClass<E>, parameter?: string): E {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught, "expected a throw").toBeInstanceOf(cls);
  if (parameter !== undefined) expect((caught as E).parameter).toBe(parameter);
  return caught as E;
}

/** The async form of `expectError`. */
export async function expectRejection<E extends PlumeError>(
  promise: Promise<unknown>,
  cls: ErrorClass<E>,
  parameter?: string,
): Promise<E> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, "expected a rejection").toBeInstanceOf(cls);
  if (parameter !== undefined) expect((caught as E).parameter).toBe(parameter);
  return caught as E;
}
