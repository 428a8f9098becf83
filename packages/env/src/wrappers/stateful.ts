/**
 * Gymnasium 1.x's stateful wrappers: `FrameStackObservation`, `DelayObservation`,
 * `TimeAwareObservation`, `StickyAction` and `NormalizeReward`.
 */
import {
  StateError,
  ValidationError,
  ndarray,
  parseWithSchema,
  type Env,
  type EnvInfo,
  type ResetOptions,
  type ResetResult,
  type SpaceLike,
  type StepResult,
} from "@plume/core-types";
import { Box, Dict, Space, Tuple, batchSpace, concatenate, flatten, flattenSpace } from "@plume/spaces";
import * as z from "zod";
import type { EnvSpec } from "../env/types.js";
import { intAtLeast } from "../internal/schemas.js";
import { RunningMeanStd, TimeLimit, asSpace } from "./common.js";
import { zeroOf } from "./space-utils.js";
import { ActionWrapper, ObservationWrapper, Wrapper } from "./wrapper.js";


// ------------------------------------------------------------------------------------------ FrameStackObservation

/** Options of `FrameStackObservation`. */
export interface FrameStackObservationOptions<Obs> {
  /**
   * What fills the stack after a reset: `"reset"` (default) repeats the reset observation, `"zero"` uses
   * the space's zero observation, anything else is a custom observation of the environment's space.
   */
  readonly paddingType?: "reset" | "zero" | Obs | undefined;
}

/**
 * Stacks the last `stackSize` observations along a new leading axis (Gymnasium's
 * `FrameStackObservation`); the space is `batchSpace(env.observationSpace, stackSize)`.
 *
 * ```ts
 * const env = new FrameStackObservation(make("PlumeNav-v0"), 4);   // observations of shape [4, 1]
 * ```
 */
export class FrameStackObservation<Obs, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<unknown, Act, Info, Obs, Act> {
  static override readonly specPackage = "@plume/env";
  readonly stackSize: number;
  /** `"reset"`, `"zero"` or `"_custom"`. */
  readonly paddingType: "reset" | "zero" | "_custom";
  #paddingValue: Obs;
  readonly #inner: Space<unknown>;
  readonly #space: Space<unknown>;
  readonly #queue: Obs[] = [];

  /**
   * @throws ValidationError (`parameter` `"stackSize"`) unless an integer >= 1; (`"paddingType"`) for a
   * value that is neither "reset", "zero" nor an observation of the space.
   */
  constructor(env: Env<Obs, Act, Info>, stackSize: number, options: FrameStackObservationOptions<Obs> = {}) {
    super(env);
    this.stackSize = parseWithSchema(z.object({ stackSize: intAtLeast(1) }), { stackSize }, { what: "FrameStackObservation options" }).stackSize;
    this.#inner = asSpace(env.observationSpace, "FrameStackObservation");
    const padding = options.paddingType ?? "reset";
    if (padding === "reset" || padding === "zero") {
      this.paddingType = padding as "reset" | "zero";
      this.#paddingValue = zeroOf(this.#inner) as Obs;
    } else if (this.#inner.contains(padding)) {
      this.paddingType = "_custom";
      this.#paddingValue = padding as Obs;
    } else {
      throw ValidationError.invalid("paddingType", `"reset", "zero" or an observation of ${String(this.#inner)}`, padding);
    }
    this.#space = batchSpace(this.#inner, this.stackSize) as Space<unknown>;
  }

  override get observationSpace(): SpaceLike<unknown> {
    return this.#space as unknown as SpaceLike<unknown>;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> | null {
    return this.paddingType === "_custom" ? null : { stackSize: this.stackSize, paddingType: this.paddingType };
  }

  override reset(options?: ResetOptions): ResetResult<unknown, Info> {
    const [observation, info] = this.env.reset(options);
    if (this.paddingType === "reset") this.#paddingValue = observation;
    this.#queue.length = 0;
    for (let i = 0; i < this.stackSize - 1; i++) this.#queue.push(this.#paddingValue);
    this.#queue.push(observation);
    return [this.#stacked(), info];
  }

  override step(action: Act): StepResult<unknown, Info> {
    const [observation, reward, terminated, truncated, info] = this.env.step(action);
    this.#queue.push(observation);
    if (this.#queue.length > this.stackSize) this.#queue.shift();
    return [this.#stacked(), reward, terminated, truncated, info];
  }

  #stacked(): unknown {
    return concatenate(this.#inner, this.#queue as never[]);
  }
}

// ------------------------------------------------------------------------------------------ DelayObservation

/**
 * Returns each observation `delay` steps late; until then, the space's zero observation (Gymnasium's
 * `DelayObservation`).
 */
export class DelayObservation<Obs, Act = unknown, Info extends EnvInfo = EnvInfo> extends ObservationWrapper<Obs, Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly delay: number;
  readonly #queue: Obs[] = [];
  readonly #space: Space<unknown>;

  /** @throws ValidationError (`parameter` `"delay"`) unless an integer >= 0. */
  constructor(env: Env<Obs, Act, Info>, delay: number) {
    super(env);
    this.delay = parseWithSchema(z.object({ delay: intAtLeast(0) }), { delay }, { what: "DelayObservation options" }).delay;
    this.#space = asSpace(env.observationSpace, "DelayObservation");
    zeroOf(this.#space);
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return { delay: this.delay };
  }

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    this.#queue.length = 0;
    return super.reset(options);
  }

  observation(observation: Obs): Obs {
    this.#queue.push(observation);
    if (this.#queue.length > this.delay) return this.#queue.shift() as Obs;
    return zeroOf(this.#space) as Obs;
  }
}

// ------------------------------------------------------------------------------------------ TimeAwareObservation

/** Options of `TimeAwareObservation`. */
export const TimeAwareObservationOptionsSchema = z.strictObject({
  /** Flatten the observation (with the time) into one Box. Default true. */
  flatten: z.boolean({ error: "a boolean" }).default(true),
  /** The time as `t / maxEpisodeSteps` in [0, 1] (float32) instead of the step count (int32). Default false. */
  normalizeTime: z.boolean({ error: "a boolean" }).default(false),
  /** The key of the time in a Dict observation. Default `"time"`. */
  dictTimeKey: z.string({ error: "a non-empty string" }).min(1, { error: "a non-empty string" }).default("time"),
});
export type TimeAwareObservationOptions = z.input<typeof TimeAwareObservationOptionsSchema>;

/** The episode length a time-aware wrapper divides by: the spec's, a `TimeLimit` in the stack, or the environment's own `maxSteps`. */
function episodeLength(env: Env<unknown, unknown, EnvInfo>): number | undefined {
  const fromSpec = (env as { spec?: EnvSpec }).spec?.maxEpisodeSteps;
  if (typeof fromSpec === "number") return fromSpec;
  for (let layer: unknown = env; layer !== null && typeof layer === "object"; layer = (layer as { env?: unknown }).env) {
    if (layer instanceof TimeLimit) return layer.maxEpisodeSteps;
  }
  const own = (env.unwrapped as { maxSteps?: unknown } | undefined)?.maxSteps;
  return typeof own === "number" && Number.isSafeInteger(own) && own >= 1 ? own : undefined;
}

/**
 * Adds the number of steps taken in the episode to each observation (Gymnasium's
 * `TimeAwareObservation`): under `dictTimeKey` in a Dict observation, as the last item of a Tuple one, else
 * as `{ obs, time }`; flattened into one Box by default. The time is an int32 count, or with
 * `normalizeTime` a float32 `t / maxEpisodeSteps`.
 */
export class TimeAwareObservation<Act = unknown, Info extends EnvInfo = EnvInfo> extends ObservationWrapper<unknown, unknown, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly flatten: boolean;
  readonly normalizeTime: boolean;
  readonly dictTimeKey: string;
  /** The episode length the time is measured against. */
  readonly maxTimesteps: number;
  /** Steps taken in the current episode. */
  timesteps = 0;
  readonly #structured: Space<unknown>;
  readonly #space: Space<unknown>;
  readonly #kind: "dict" | "tuple" | "other";

  /**
   * @throws ValidationError (`parameter` `"env"`) when no episode length is known (no spec
   * `maxEpisodeSteps`, no `TimeLimit`, no `maxSteps`); (`"dictTimeKey"`) for a key the Dict space has.
   */
  constructor(env: Env<unknown, Act, Info>, options: TimeAwareObservationOptions = {}) {
    super(env);
    const parsed = parseWithSchema(TimeAwareObservationOptionsSchema, options, { what: "TimeAwareObservation options" });
    this.flatten = parsed.flatten;
    this.normalizeTime = parsed.normalizeTime;
    this.dictTimeKey = parsed.dictTimeKey;
    const length = episodeLength(env as Env<unknown, unknown, EnvInfo>);
    if (length === undefined) {
      throw ValidationError.invalid("env", "an environment wrapped by a TimeLimit, or whose spec (or own maxSteps) gives the episode length", String(env));
    }
    this.maxTimesteps = length;
    const time = parsed.normalizeTime ? new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }) : new Box({ low: 0, high: length, shape: [1], dtype: "int32" });
    const inner = asSpace(env.observationSpace, "TimeAwareObservation");
    if (inner instanceof Dict) {
      if (inner.keys.includes(parsed.dictTimeKey)) throw ValidationError.invalid("dictTimeKey", "a key the observation space does not have", parsed.dictTimeKey);
      this.#kind = "dict";
      this.#structured = new Dict({ [parsed.dictTimeKey]: time, ...inner.spaces });
    } else if (inner instanceof Tuple) {
      this.#kind = "tuple";
      this.#structured = new Tuple([...(inner.spaces as readonly Space<unknown>[]), time]);
    } else {
      this.#kind = "other";
      this.#structured = new Dict({ obs: inner, time });
    }
    this.#space = parsed.flatten ? (flattenSpace(this.#structured) as Space<unknown>) : this.#structured;
  }

  override get observationSpace(): SpaceLike<unknown> {
    return this.#space as unknown as SpaceLike<unknown>;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return { flatten: this.flatten, normalizeTime: this.normalizeTime, dictTimeKey: this.dictTimeKey };
  }

  override reset(options?: ResetOptions): ResetResult<unknown, Info> {
    this.timesteps = 0;
    return super.reset(options);
  }

  /** Counts the step once the environment has taken it (a rejected action changes nothing). */
  override step(action: Act): StepResult<unknown, Info> {
    const [observation, reward, terminated, truncated, info] = this.env.step(action);
    this.timesteps += 1;
    return [this.observation(observation), reward, terminated, truncated, info];
  }

  observation(observation: unknown): unknown {
    const time = this.normalizeTime
      ? ndarray("float32", [1], [this.timesteps / this.maxTimesteps])
      : ndarray("int32", [1], [this.timesteps]);
    const combined =
      this.#kind === "dict"
        ? { [this.dictTimeKey]: time, ...(observation as Record<string, unknown>) }
        : this.#kind === "tuple"
          ? [...(observation as readonly unknown[]), time]
          : { obs: observation, time };
    return this.flatten ? flatten(this.#structured, combined) : combined;
  }
}

// ------------------------------------------------------------------------------------------ StickyAction

/** Options of `StickyAction`. */
export interface StickyActionOptions {
  /**
   * For how many steps a repeat lasts once it starts: a number, or `[min, max]` drawn uniformly per
   * repeat (Gymnasium 1.1's `repeat_action_duration`). Default 1.
   */
  readonly repeatActionDuration?: number | readonly [number, number] | undefined;
}

const stickySchema = z.strictObject({
  repeatActionProbability: z.number({ error: "a probability in [0, 1)" }).min(0, { error: "a probability in [0, 1)" }).lt(1, { error: "a probability in [0, 1)" }),
  repeatActionDuration: z
    .union([intAtLeast(1), z.tuple([intAtLeast(1), intAtLeast(1)])], { error: "an integer >= 1 or [min, max] with 1 <= min <= max" })
    .refine((d) => typeof d === "number" || d[0] <= d[1], { error: "[min, max] with min <= max" })
    .default(1),
});

/**
 * With probability `repeatActionProbability`, the previous action is taken again instead of the agent's,
 * for `repeatActionDuration` steps (Gymnasium's `StickyAction`, Machado et al. 2018). The draws come from
 * the environment's generator (`npRandom`): a `uniform()` per step that is not already repeating (after
 * the first), and an `integers(min, max + 1)` when a repeat starts.
 */
export class StickyAction<Act, Obs = unknown, Info extends EnvInfo = EnvInfo> extends ActionWrapper<Act, Act, Obs, Info> {
  static override readonly specPackage = "@plume/env";
  readonly repeatActionProbability: number;
  /** `[min, max]` steps per repeat. */
  readonly repeatActionDurationRange: readonly [number, number];
  lastAction: Act | undefined = undefined;
  isStickyActions = false;
  numRepeats = 0;
  repeatsTaken = 0;

  /** @throws ValidationError (`parameter` `"repeatActionProbability"` or `"repeatActionDuration"`) for bad values. */
  constructor(env: Env<Obs, Act, Info>, repeatActionProbability: number, options: StickyActionOptions = {}) {
    super(env);
    const parsed = parseWithSchema(stickySchema, { repeatActionProbability, ...options }, { what: "StickyAction options" });
    this.repeatActionProbability = parsed.repeatActionProbability;
    const d = parsed.repeatActionDuration;
    this.repeatActionDurationRange = Object.freeze(typeof d === "number" ? [d, d] : [d[0], d[1]]) as readonly [number, number];
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    const [lo, hi] = this.repeatActionDurationRange;
    return { repeatActionProbability: this.repeatActionProbability, repeatActionDuration: lo === hi ? lo : [lo, hi] };
  }

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    this.lastAction = undefined;
    this.isStickyActions = false;
    this.numRepeats = 0;
    this.repeatsTaken = 0;
    return super.reset(options);
  }

  /**
   * An action outside the action space is rejected before anything is drawn or remembered; if the
   * environment then fails the step, the wrapper's repeat state is put back (draws already made stay made).
   */
  override step(action: Act): StepResult<Obs, Info> {
    if (!this.actionSpace.contains(action)) {
      throw new ValidationError("invalid action", { parameter: "action", expected: `an element of ${String(this.actionSpace)}`, received: action });
    }
    const saved = [this.lastAction, this.isStickyActions, this.numRepeats, this.repeatsTaken] as const;
    try {
      return super.step(action);
    } catch (error) {
      [this.lastAction, this.isStickyActions, this.numRepeats, this.repeatsTaken] = saved;
      throw error;
    }
  }

  action(action: Act): Act {
    const rng = this.npRandom;
    if (rng === undefined) throw new StateError("StickyAction needs the environment's generator: call reset() first", { currentState: "CREATED", allowedStates: ["READY"] });
    let chosen = action;
    if (this.isStickyActions || (this.lastAction !== undefined && rng.uniform(0, 1) < this.repeatActionProbability)) {
      if (this.numRepeats === 0) {
        const [lo, hi] = this.repeatActionDurationRange;
        this.numRepeats = rng.integers(lo, hi + 1);
      }
      chosen = this.lastAction as Act;
      this.isStickyActions = true;
      this.repeatsTaken += 1;
    }
    if (this.isStickyActions && this.numRepeats === this.repeatsTaken) {
      this.isStickyActions = false;
      this.numRepeats = 0;
      this.repeatsTaken = 0;
    }
    this.lastAction = chosen;
    return chosen;
  }
}

// ------------------------------------------------------------------------------------------ NormalizeReward

/** Options of `NormalizeReward`. */
export const NormalizeRewardOptionsSchema = z.strictObject({
  /** Discount of the running return whose variance is tracked. Default 0.99. */
  gamma: z.number({ error: "a number in [0, 1]" }).min(0, { error: "a number in [0, 1]" }).max(1, { error: "a number in [0, 1]" }).default(0.99),
  /** Added to the variance before the square root. Default 1e-8. */
  epsilon: z.number({ error: "a finite number > 0" }).gt(0, { error: "a finite number > 0" }).refine(Number.isFinite, { error: "a finite number > 0" }).default(1e-8),
});
export type NormalizeRewardOptions = z.input<typeof NormalizeRewardOptionsSchema>;

/**
 * Scales rewards so that their exponential moving average has a fixed variance (Gymnasium's
 * `NormalizeReward`): `discountedReward = discountedReward * gamma * (1 - terminated) + reward`, the
 * running variance of it is updated, and the reward is divided by `sqrt(var + epsilon)` (not centred).
 * Set `updateRunningMean = false` to freeze the statistics.
 */
export class NormalizeReward<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly gamma: number;
  readonly epsilon: number;
  readonly returnRms = new RunningMeanStd(1);
  discountedReward = 0;
  updateRunningMean = true;

  /** @throws ValidationError (`parameter` `"gamma"` or `"epsilon"`) for bad options. */
  constructor(env: Env<Obs, Act, Info>, options: NormalizeRewardOptions = {}) {
    super(env);
    const parsed = parseWithSchema(NormalizeRewardOptionsSchema, options, { what: "NormalizeReward options" });
    this.gamma = parsed.gamma;
    this.epsilon = parsed.epsilon;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return { gamma: this.gamma, epsilon: this.epsilon };
  }

  override step(action: Act): StepResult<Obs, Info> {
    const [observation, reward, terminated, truncated, info] = this.env.step(action);
    this.discountedReward = this.discountedReward * this.gamma * (1 - (terminated ? 1 : 0)) + reward;
    if (this.updateRunningMean) this.returnRms.update([this.discountedReward]);
    return [observation, reward / Math.sqrt((this.returnRms.var[0] as number) + this.epsilon), terminated, truncated, info];
  }
}
