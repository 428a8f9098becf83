/**
 * `ObservationModel`: a sensor that maps the environment state to an observation (seed 000).
 * Implemented by `sensor` plugins.
 */
import type { EnvState } from "./env-state.js";
import type { ObservationMetadata } from "./metadata.js";
import type { SpaceLike } from "./space.js";

/**
 * @typeParam Obs - the observation type (an `NDArray` for a Box space, a plain object for Dict, an array for Tuple).
 * @typeParam State - the env state it reads; extend `EnvState` for sensors that need custom keys.
 */
export interface ObservationModel<Obs = unknown, State extends EnvState = EnvState> {
  /**
   * The space every observation lies in. Must be an accessor (not a method) returning the same instance
   * on every read, and its description must never change (no widening after large readings).
   */
  readonly observationSpace: SpaceLike<Obs>;
  /**
   * The observation for `envState`. Postconditions: the result is contained in `observationSpace` with
   * the space's exact shape and dtype (a typed array of the dtype for every Box leaf; no ±Infinity); the
   * same state gives an equal observation; `envState` and everything in it are left unchanged; a
   * previously returned observation is never modified later (no shared output buffer). Any randomness
   * comes from `envState.rng` only. Works for agents on every corner and edge of the grid.
   */
  getObservation(envState: State): Obs;
  /** JSON metadata: `type`, `modality`, `parameters`, `required_state_keys` (and `optional_state_keys`). */
  getMetadata(): ObservationMetadata;
  /**
   * Optional: clears internal state (e.g. a history buffer). The environment calls it on every reset.
   * A sensor with `reset` is stateful: after the same reset and the same states it gives the same observations.
   */
  reset?(): void;
}
