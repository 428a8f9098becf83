/** Checks and errors for the generator an environment injects with `setRng`. */
import { StateError, ValidationError, type RandomGenerator } from "@plume/core-types";

const MEMBERS = ["random", "integers", "uniform", "standardNormal", "normal"] as const;

/** True for an object with the `RandomGenerator` members (e.g. the `Generator` of `@plume/spaces`). */
export function isRandomGenerator(value: unknown): value is RandomGenerator {
  return (
    value !== null &&
    typeof value === "object" &&
    MEMBERS.every((name) => typeof (value as Record<string, unknown>)[name] === "function")
  );
}

/** @throws ValidationError (`parameter` `"rng"`) unless `rng` is a `RandomGenerator`. */
export function assertRandomGenerator(rng: unknown): asserts rng is RandomGenerator {
  if (!isRandomGenerator(rng)) {
    throw ValidationError.invalid("rng", "a RandomGenerator (e.g. Generator.fromSeed(seed) from @plume/spaces)", rng);
  }
}

/** The error for a random draw before the environment injected its generator. */
export function missingRng(component: string, draw: string): StateError {
  return new StateError(`${component} needs the environment's generator for ${draw}; call setRng(rng) first`, {
    parameter: "rng",
    expected: "setRng(generator) to have been called (the environment does it on every reset)",
    currentState: "no generator",
  });
}

/** The error for a batch draw when the context has no generator for environment `index`. */
export function missingBatchRng(component: string, draw: string, index: number): StateError {
  return new StateError(`${component} needs environment ${index}'s generator (context.rngs[${index}]) for ${draw}`, {
    parameter: "rng",
    expected: "a generator for every listed environment in context.rngs",
    currentState: "no generator",
  });
}
