/**
 * Env-state extensions in the kit: a sensor that reads keys beyond the env's own (an obstacle map, a
 * second odour) is checked with the same `EnvStateExtension`s the environment is given, whose values the
 * kit computes from each generated state exactly as the environment does.
 */
import { ValidationError, type EnvState, type EnvStateExtension } from "@plume/core-types";

/**
 * `state` with every extension's key added (`value(state)` computed from the base state, in order), as a
 * new object.
 * @throws ValidationError (`parameter` `"stateExtensions[i]"`) when an extension's `value` throws.
 */
export function applyStateExtensions(state: EnvState, extensions: readonly EnvStateExtension[]): EnvState {
  const out: Record<string, unknown> = { ...state };
  extensions.forEach((extension, i) => {
    try {
      out[extension.key] = extension.value(state);
    } catch (error) {
      throw new ValidationError(`stateExtensions[${i}] ("${extension.key}").value(state) threw: ${error instanceof Error ? error.message : String(error)}`, {
        parameter: `stateExtensions[${i}]`,
        expected: "an extension whose value(state) works on every generated state",
        received: extension.key,
        cause: error,
      });
    }
  });
  return out as unknown as EnvState;
}
