/**
 * `Policy`: a controller that maps observations to actions (the reference's policy contract).
 * Implemented by `policy` plugins (random, temporal-gradient, surge-cast, ...).
 */
import type { ComponentMetadata } from "./metadata.js";
import type { RandomGenerator } from "./random.js";
import type { SpaceLike } from "./space.js";

/** Options of `Policy.reset`. */
export interface PolicyResetOptions {
  /** Re-creates the policy's generator deterministically (an integer in [0, 2^32 - 1]). */
  readonly seed?: number | undefined;
}

/** Options of `Policy.selectAction`. */
export interface SelectActionOptions {
  /** Enables exploratory randomness (default true). Seed-determinism holds either way. */
  readonly explore?: boolean | undefined;
}

export interface Policy<Obs = unknown, Act = unknown> {
  /** The space every selected action lies in. Must be an accessor returning the same instance on every read. */
  readonly actionSpace: SpaceLike<Act>;
  /**
   * Clears internal memory (e.g. the previous observation); with a `seed`, also re-seeds the policy's
   * generator, so that the same seed and the same observations give the same actions again.
   */
  reset(options?: PolicyResetOptions): void;
  /**
   * The action for `observation`. Postconditions: contained in `actionSpace`; `observation` is left
   * unchanged; after the same `reset({ seed })` the same observation sequence gives the same action
   * sequence. Randomness comes only from the policy's seeded generator (or the one given to `setRng`).
   */
  selectAction(observation: Obs, options?: SelectActionOptions): Act;
  /** Optional: makes the policy draw from the given generator (e.g. the environment's) instead of its own. */
  setRng?(rng: RandomGenerator): void;
  /** Optional JSON metadata, e.g. `{ type, parameters, movement_model }` to pair the policy with an action model. */
  getMetadata?(): ComponentMetadata;
}
