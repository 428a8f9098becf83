/**
 * The vector environments' `call`, `getAttr` and `setAttr` over a list of environments (Gymnasium's
 * `call` / `get_attr` / `set_attr`, which go through each environment's wrapper stack).
 */
import { ValidationError } from "@plume/core-types";
import type { AnyEnv } from "../env/types.js";
import { getEnvAttr, setEnvAttr } from "../wrappers/attributes.js";

/**
 * Methods `call` refuses: they change an environment behind the vector env's back (its autoreset
 * bookkeeping, its batch kernel). Use the vector env's own `reset`, `step` and `close`.
 */
export const REFUSED_CALLS: ReadonlySet<string> = new Set(["reset", "step", "close"]);

/** `name` on each environment: the result of calling it with `args` when it is a method, else its value. */
export function callEach(envs: readonly AnyEnv[], name: string, args: readonly unknown[]): unknown[] {
  if (REFUSED_CALLS.has(name)) {
    throw ValidationError.invalid("name", `a method other than ${[...REFUSED_CALLS].join(", ")} (use the vector env's own ${name}())`, name);
  }
  return envs.map((env) => {
    const value = getEnvAttr(env, name);
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown)(...args) : value;
  });
}

/** The attribute `name` of each environment (through its wrappers). */
export function getEach(envs: readonly AnyEnv[], name: string): unknown[] {
  return envs.map((env) => getEnvAttr(env, name));
}

/**
 * The values `setAttr` gives each of `n` environments: `values` itself when it is an array of `n` values
 * (one each), else `values` for every one (Gymnasium's rule).
 * @throws ValidationError (`parameter` `"values"`) for an array of another length.
 */
export function valuesPerEnv(values: unknown, n: number): unknown[] {
  if (!Array.isArray(values)) return new Array<unknown>(n).fill(values);
  if (values.length !== n) throw ValidationError.invalid("values", `one value for every environment, or an array of exactly ${n} values (one each)`, values.length);
  return values;
}

/** Sets `name` on each environment (through its wrappers) to its value in `values` (see `valuesPerEnv`). */
export function setEach(envs: readonly AnyEnv[], name: string, values: readonly unknown[]): void {
  envs.forEach((env, i) => setEnvAttr(env, name, values[i], true));
}
