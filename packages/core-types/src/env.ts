/**
 * `Env`: the Gymnasium-style environment interface (seed 001). `@plume/env` implements it; the contract
 * kit checks any object against it, so the kit never imports `@plume/env`.
 */
import * as z from "zod";
import type { CoordinatesData } from "./coordinates.js";
import type { NDArray } from "./ndarray.js";
import type { RandomGenerator } from "./random.js";
import type { SpaceLike } from "./space.js";

/** Largest seed: seeds are integers in [0, 2^32 - 1]. */
export const MAX_SEED = 0xffff_ffff;

/** Schema of a seed: an integer in [0, 2^32 - 1] (no bigint, no numeric string). */
export const seedSchema = z
  .int({ error: `an integer in [0, ${MAX_SEED}]` })
  .min(0, { error: `an integer in [0, ${MAX_SEED}]` })
  .max(MAX_SEED, { error: `an integer in [0, ${MAX_SEED}]` });

/** Schema of `Env.reset`'s argument: `{ seed?, options? }` (`undefined` counts as absent; no other keys). */
export const resetOptionsSchema = z
  .strictObject({
    /** Re-creates the environment's generator from this seed (an integer in [0, 2**32 - 1]). Default: none, the stream continues. */
    seed: seedSchema.optional(),
    /** Environment-specific reset options. Default: none. */
    options: z.record(z.string(), z.unknown(), { error: "a plain object" }).optional(),
  })
  .optional();

/** `Env.reset`'s argument. */
export interface ResetOptions {
  /** Re-creates the environment's generator from this seed. Without it, the generator's stream continues. */
  readonly seed?: number | undefined;
  /** Environment-specific reset options. */
  readonly options?: Readonly<Record<string, unknown>> | undefined;
}

/** The info object of any environment: a plain object. */
export type EnvInfo = Readonly<Record<string, unknown>>;

/**
 * The info of a Plume environment (design.md §2). Positions are the reference's `[x, y]` tuples.
 * Optional keys may be added by an environment without breaking the API.
 */
export interface PlumeInfo extends EnvInfo {
  readonly agent_position: CoordinatesData;
  /** Alias of `agent_position` that the reference also reports. */
  readonly agent_xy?: CoordinatesData;
  readonly goal_location: CoordinatesData;
  readonly source_location: CoordinatesData;
  /** Steps in the episode: 0 after reset, +1 per step. */
  readonly step_count: number;
  /** Episodes started on this environment, counting the current one. */
  readonly episode_count: number;
  /** Sum of the rewards returned since the last reset. */
  readonly total_reward: number;
  readonly goal_reached: boolean;
  /** Euclidean distance from the agent to the goal; present in step infos. */
  readonly distance_to_goal?: number;
  /** The seed of the last seeded reset; absent or null after an unseeded one. */
  readonly seed?: number | null;
}

/** `reset`'s result: `[observation, info]`. */
export type ResetResult<Obs, Info extends EnvInfo = EnvInfo> = readonly [observation: Obs, info: Info];

/** `step`'s result: `[observation, reward, terminated, truncated, info]`. */
export type StepResult<Obs, Info extends EnvInfo = EnvInfo> = readonly [
  observation: Obs,
  reward: number,
  terminated: boolean,
  truncated: boolean,
  info: Info,
];

/**
 * What `render()` returns: `undefined`/`null` for `"human"`, a uint8 `NDArray` of shape `[H, W, 3]` for
 * `"rgb_array"`, a 2-D `NDArray` for `"depth_array"`, a string for `"ansi"`, and an array of such
 * frames for the `*_list` modes.
 */
export type RenderResult = NDArray | readonly NDArray[] | string | readonly string[] | null | undefined;

/** `Env.metadata`. */
export interface EnvMetadata extends Readonly<Record<string, unknown>> {
  /** The render modes the environment supports, e.g. `["human", "rgb_array"]`. */
  readonly render_modes: readonly string[];
  /** Frames per second for `"human"` rendering; positive when given. */
  readonly render_fps?: number | null;
}

/** The lifecycle states of an environment (the reference's environment state machine). */
export const EnvLifecycle = Object.freeze({
  /** After construction: `reset` is allowed, `step` throws `StateError`. */
  CREATED: "CREATED",
  /** After `reset`: `step` is allowed. */
  READY: "READY",
  /** The last step reached the goal: `step` throws `StateError` until `reset`. */
  TERMINATED: "TERMINATED",
  /** The last step hit `max_steps`: `step` throws `StateError` until `reset`. */
  TRUNCATED: "TRUNCATED",
  /** After `close`: `reset` and `step` throw `StateError`. */
  CLOSED: "CLOSED",
} as const);
export type EnvLifecycleState = (typeof EnvLifecycle)[keyof typeof EnvLifecycle];

/**
 * A Gymnasium-style environment.
 * @typeParam Obs - observation type; @typeParam Act - action type; @typeParam Info - info shape
 * (`PlumeInfo` for Plume environments).
 */
export interface Env<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> {
  /** The space of observations. The same instance before and after reset, step and close. */
  readonly observationSpace: SpaceLike<Obs>;
  /** The space of actions. The same instance before and after reset, step and close. */
  readonly actionSpace: SpaceLike<Act>;
  /** The render mode chosen at construction: one of `metadata.render_modes`, or null for no rendering. */
  readonly renderMode: string | null;
  /** Static metadata: `render_modes` and `render_fps`. */
  readonly metadata: EnvMetadata;
  /** The environment's generator (Gymnasium's `np_random`); undefined until the first reset creates it. */
  readonly npRandom?: RandomGenerator | undefined;
  /** The innermost environment (itself when not wrapped). */
  readonly unwrapped?: Env<unknown, unknown, EnvInfo>;
  /**
   * Starts a new episode and returns `[observation, info]`. With a `seed`, re-creates the generator from
   * it (same seed -> same episode, on any instance); without one, the generator's stream continues.
   * Allowed from every state except CLOSED; repeated resets are safe. The observation is in
   * `observationSpace`; `info.seed` is the seed (absent or null after an unseeded reset).
   * @throws ValidationError (`parameter` `"seed"`) for a seed outside the integers [0, 2^32 - 1], leaving the env unchanged.
   * @throws StateError after `close()`.
   */
  reset(options?: ResetOptions): ResetResult<Obs, Info>;
  /**
   * Applies `action` and returns `[observation, reward, terminated, truncated, info]`: the observation is
   * in `observationSpace` and reflects the post-action state; the reward is a finite number;
   * `terminated` (goal reached) and `truncated` (`step_count >= max_steps`) are booleans and may both be
   * true. Deterministic given the seed and the actions.
   * @throws ValidationError (`parameter` `"action"`) for an action outside `actionSpace`; nothing changes then.
   * @throws StateError before the first `reset`, after the episode ended (until `reset`), or after `close`.
   */
  step(action: Act): StepResult<Obs, Info>;
  /**
   * Renders according to `renderMode` (see `RenderResult`); has no effect on the trajectory. `mode`, where
   * an environment accepts it (as the reference's `render(mode)` does), overrides `renderMode` for this
   * call; wrappers forward it.
   */
  render(mode?: string): RenderResult;
  /** Releases resources and moves to CLOSED. Idempotent and never throws, from any state. */
  close(): void;
}
