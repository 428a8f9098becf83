/**
 * Reading the parts of an observation the baselines use, from the shapes Plume's sensors produce:
 * a float `NDArray` (`ConcentrationSensor`, `AntennaeArraySensor`), a plain typed array or number array, a
 * number, or a `MultiModalSensor` Dict observation `{ name: part }`. Nothing here writes to the observation.
 */
import { ValidationError } from "@plume/core-types";

/** Dict keys tried, in order, for the odour part of a multi-modal observation when none is configured. */
export const ODOR_KEYS: readonly string[] = Object.freeze(["odor", "odour", "concentration", "antennae"]);
/** Dict keys tried, in order, for the wind part of a multi-modal observation when none is configured. */
export const WIND_KEYS: readonly string[] = Object.freeze(["wind", "wind_vector"]);

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value) || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** The numbers of an NDArray-like (`{ data }`), a typed array, an array of numbers, or a number; else undefined. */
export function numbersOf(value: unknown): ArrayLike<number> | undefined {
  if (typeof value === "number") return [value];
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    if (value instanceof BigInt64Array || value instanceof BigUint64Array) return Array.from(value, Number);
    return value as unknown as ArrayLike<number>;
  }
  if (Array.isArray(value)) return value.every((v) => typeof v === "number") ? (value as number[]) : undefined;
  if (value !== null && typeof value === "object" && "data" in value && "shape" in value) {
    return numbersOf((value as { data: unknown }).data);
  }
  return undefined;
}

/** Whether `observation` is a Dict observation (a plain object of named parts). */
export function isDictObservation(observation: unknown): observation is Readonly<Record<string, unknown>> {
  return isPlainObject(observation) && !("data" in observation && "shape" in observation);
}

function partOf(observation: Readonly<Record<string, unknown>>, key: string | undefined, candidates: readonly string[]): unknown {
  if (key !== undefined) return observation[key];
  for (const k of candidates) if (k in observation) return observation[k];
  return undefined;
}

/**
 * The odour readings of `observation` (one per sensor): the observation itself, or its `key` part (default: the
 * first of `ODOR_KEYS` present) for a Dict observation.
 * @throws ValidationError (`parameter` `"observation"`) when no finite readings can be found.
 */
export function odorReadings(observation: unknown, key?: string, policy = "policy"): ArrayLike<number> {
  const part = isDictObservation(observation) ? partOf(observation, key, ODOR_KEYS) : observation;
  const values = numbersOf(part);
  if (values === undefined || values.length === 0) {
    const where = isDictObservation(observation)
      ? `a Dict observation with an odour part (${key === undefined ? ODOR_KEYS.join(" / ") : key})`
      : "a concentration observation (a float NDArray, typed array, number array or number)";
    throw ValidationError.invalid("observation", `${where} for ${policy}`, observation);
  }
  return values;
}

/**
 * The wind vector `[vx, vy]` of a Dict observation's `key` part (default: the first of `WIND_KEYS` present), or
 * undefined when the observation carries no wind (not a Dict, no such part, or not two finite numbers).
 */
export function windReading(observation: unknown, key?: string): readonly [number, number] | undefined {
  if (!isDictObservation(observation)) return undefined;
  const values = numbersOf(partOf(observation, key, WIND_KEYS));
  if (values === undefined || values.length !== 2) return undefined;
  const vx = Number(values[0]);
  const vy = Number(values[1]);
  return Number.isFinite(vx) && Number.isFinite(vy) ? [vx, vy] : undefined;
}
