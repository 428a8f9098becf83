import { PlumeError, type Plugin } from "@plume/core-types";
import { plugins as continuousPlugins } from "@plume/actions-continuous";
import { plugins as orientedPlugins } from "@plume/actions-oriented";
import { plugins as composePlugins } from "@plume/sensors-compose";
import { plugins as windPlugins } from "@plume/sensors-wind";
import { expect } from "vitest";
import {
  createEnvironmentFromConfigSync,
  type CreateEnvironmentOptions,
  type EnvironmentConfigInput,
  type PlumeEnv,
} from "../src/index.js";

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

/**
 * Every plugin of Plume's plugin packages. `createEnvironmentFromConfigSync` imports nothing, so tests that
 * build configs naming `wind_vector`, `oriented`, ... synchronously pass these (as a browser app would).
 */
export const ALL_PLUGINS: readonly Plugin[] = Object.freeze([
  ...windPlugins,
  ...composePlugins,
  ...continuousPlugins,
  ...orientedPlugins,
] as readonly Plugin[]);

/** `createEnvironmentFromConfigSync` with `ALL_PLUGINS`. */
export function configEnv(config: EnvironmentConfigInput, options: CreateEnvironmentOptions = {}): PlumeEnv<unknown, unknown> {
  return createEnvironmentFromConfigSync(config, { plugins: ALL_PLUGINS, ...options });
}
