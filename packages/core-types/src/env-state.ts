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
