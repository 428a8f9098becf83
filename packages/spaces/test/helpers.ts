import { ErrorCode, ValidationError } from "@plume/core-types";
import { expect } from "vitest";

/** Asserts that `fn` throws a ValidationError naming `parameter` (and, optionally, an expected form). */
export function expectValidation(fn: () => unknown, parameter: string, expected?: RegExp): ValidationError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ValidationError);
  const error = caught as ValidationError;
  expect(error.code).toBe(ErrorCode.VALIDATION);
  expect(error.parameter).toBe(parameter);
  expect(error.expected).toBeTypeOf("string");
  if (expected) expect(error.expected).toMatch(expected);
  return error;
}
