/** Shared checks and metadata helpers for the compositions. */
import type { JsonObject, ObservationMetadata, ObservationModel } from "@plume/core-types";
import { Space } from "@plume/spaces";
import * as z from "zod";

/** True for an `ObservationModel` whose `observationSpace` is a `@plume/spaces` `Space`. */
export function isObservationModel(value: unknown): value is ObservationModel {
  if (value === null || typeof value !== "object") return false;
  const candidate = value as Partial<ObservationModel>;
  return (
    typeof candidate.getObservation === "function" &&
    typeof candidate.getMetadata === "function" &&
    candidate.observationSpace instanceof Space
  );
}

/** Schema of one part: an `ObservationModel` with a `@plume/spaces` space. */
export const observationModelSchema = z.custom<ObservationModel>(isObservationModel, {
  error: "an ObservationModel (observationSpace: a @plume/spaces Space, getObservation, getMetadata)",
});

/** The metadata keys a composition derives from its parts: key unions, `stateful`, `stochastic`. */
export function combinedStateKeys(parts: readonly ObservationMetadata[]): JsonObject {
  const required = new Set<string>();
  const optional = new Set<string>();
  for (const meta of parts) {
    for (const key of meta.required_state_keys ?? []) required.add(key);
    for (const key of meta.optional_state_keys ?? []) optional.add(key);
  }
  for (const key of required) optional.delete(key);
  const stateful = parts.some((m) => m.stateful === true);
  const stochastic = parts.some((m) => m.stochastic === true);
  return {
    required_state_keys: [...required],
    ...(optional.size > 0 && { optional_state_keys: [...optional] }),
    ...(stateful && { stateful }),
    ...(stochastic && { stochastic }),
  };
}

/**
 * Gives `target` a `reset()` that resets every part that has one, but only when some part has one: a composition
 * is stateful exactly when one of its parts is.
 */
export function installReset(target: { reset?: () => void }, parts: readonly ObservationModel[]): void {
  const stateful = parts.filter((p) => typeof p.reset === "function");
  if (stateful.length === 0) return;
  Object.defineProperty(target, "reset", {
    value: () => {
      for (const part of stateful) part.reset?.();
    },
    enumerable: false,
    writable: false,
    configurable: false,
  });
}
