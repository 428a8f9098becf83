/**
 * `EnvState`: the read-only snapshot the environment hands to `ObservationModel.getObservation`
 * after each reset and step (design.md §2). Keys keep the reference's snake_case spelling.
 */
import type { AgentState } from "./agent-state.js";
import type { Coordinates } from "./coordinates.js";
import type { ConcentrationField, VectorField } from "./fields.js";
import type { GridSize } from "./grid-size.js";
import type { RandomGenerator } from "./random.js";

/**
 * The environment state passed to sensors. Consumers must treat it, and everything reachable from it,
 * as read-only (typed arrays cannot be frozen, so this is a contract rather than a runtime guarantee).
 * Sensors that need extra keys declare them with `ObservationModel`'s `State` parameter.
 */
export interface EnvState {
  /** The agent after the action was applied (post-step counters). */
  readonly agent_state: AgentState;
  /** The plume's current dense field: row-major `Float32Array`, length `width * height`, indexed `[y * width + x]`. */
  readonly plume_field: Float32Array;
  /** The plume object itself, for sensors that sample it. */
  readonly concentration_field: ConcentrationField;
  /** The wind field; absent when the environment has no wind (sensors must then degrade gracefully). */
  readonly wind_field?: VectorField | undefined;
  /** The goal cell (the source location in the default environment). */
  readonly goal_location: Coordinates;
  /** The grid bounds. */
  readonly grid_size: GridSize;
  /** Steps taken in the episode (equals `info.step_count`). */
  readonly step_count: number;
  /** The truncation limit. */
  readonly max_steps: number;
  /** The environment's seeded generator; the only permitted source of sensor randomness. */
  readonly rng: RandomGenerator;
}

/** A key of `EnvState`. */
export type EnvStateKey = keyof EnvState;

// A record over EnvStateKey, so that the compiler rejects a key list that misses or adds a key.
const KEYS: Readonly<Record<EnvStateKey, true>> = {
  agent_state: true,
  plume_field: true,
  concentration_field: true,
  wind_field: true,
  goal_location: true,
  grid_size: true,
  step_count: true,
  max_steps: true,
  rng: true,
};

/** Every key the environment supplies, in design.md's order (`wind_field` only when wind is configured). */
export const ENV_STATE_KEYS: readonly EnvStateKey[] = Object.freeze(Object.keys(KEYS) as EnvStateKey[]);

/**
 * An env-state extension: one more key of the state the environment hands its sensor (seed 000's
 * "custom fields can be added by users for novel sensors", e.g. an obstacle map or a second odour).
 * Environments take extensions as an option (`PlumeEnv`'s `stateExtensions`), wrappers add them
 * (`ExtendEnvState`), and config files give constant ones in their `state` section. A sensor that reads
 * the key lists it in its metadata's `required_state_keys` (or `optional_state_keys`); the environment
 * refuses to observe with a sensor whose required keys nothing supplies.
 *
 * ```ts
 * const obstacles: EnvStateExtension<"obstacle_map", Uint8Array> = {
 *   key: "obstacle_map",
 *   value: () => walls, // the same array every call: sensors must not modify it
 * };
 * ```
 * @typeParam K - the key; @typeParam V - its value.
 */
export interface EnvStateExtension<K extends string = string, V = unknown> {
  /** The key: a name that is not one of `ENV_STATE_KEYS` (`[A-Za-z_][A-Za-z0-9_]*`). */
  readonly key: K;
  /**
   * The key's value for the state about to be observed, computed from the base keys. Called once per
   * observation (after every reset and every step that calls the sensor), after the base keys are
   * filled. Must be deterministic in `state` (draw randomness only from `state.rng`) and must not modify it.
   */
  value(state: EnvState): V;
  /** Optional: called on every reset of the environment, before the first observation of the episode. */
  reset?(rng: RandomGenerator, seed: number | undefined): void;
}

/**
 * The env state with the keys of `Extensions` added, for typing sensors that read them:
 * `ObservationModel<Obs, EnvStateWith<[typeof obstacles]>>`.
 */
export type EnvStateWith<Extensions extends readonly EnvStateExtension[]> = EnvState & {
  readonly [E in Extensions[number] as E["key"]]: ReturnType<E["value"]>;
};

/** The pattern a state extension's key must match. */
export const STATE_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether `value` has the shape of an `EnvStateExtension` (a string `key` and a `value` function). */
export function isEnvStateExtension(value: unknown): value is EnvStateExtension {
  if (value === null || typeof value !== "object") return false;
  const candidate = value as { key?: unknown; value?: unknown; reset?: unknown };
  return (
    typeof candidate.key === "string" &&
    typeof candidate.value === "function" &&
    (candidate.reset === undefined || typeof candidate.reset === "function")
  );
}
