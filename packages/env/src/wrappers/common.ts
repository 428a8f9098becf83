/**
 * Gymnasium's common wrappers: `TimeLimit`, `OrderEnforcing`, `PassiveEnvChecker` (what `make` adds),
 * `RecordEpisodeStatistics`, `FlattenObservation` and `NormalizeObservation`.
 */
import {
  ComponentError,
  StateError,
  ValidationError,
  isNDArray,
  ndarray,
  parseWithSchema,
  shapeSize,
  type DType,
  type Env,
  type EnvInfo,
  type NDArray,
  type RenderResult,
  type ResetOptions,
  type ResetResult,
  type SpaceLike,
  type StepResult,
} from "@plume/core-types";
import { Box, Space, flatten, flattenSpace } from "@plume/spaces";
import * as z from "zod";
import { observationProblem } from "../env/observation-check.js";
import type { EnvSpec } from "../env/types.js";
import { ObservationWrapper, Wrapper } from "./wrapper.js";

const positiveInt = (what: string) =>
  z.int({ error: what }).min(1, { error: what }).max(Number.MAX_SAFE_INTEGER, { error: what });

// ------------------------------------------------------------------------------------------ TimeLimit

/** Options of `TimeLimit`. */
export const TimeLimitOptionsSchema = z.strictObject({
  /** Steps per episode before `truncated` is forced true: an integer >= 1. Required. */
  maxEpisodeSteps: positiveInt("an integer >= 1"),
});

/**
 * Truncates episodes after `maxEpisodeSteps` steps (Gymnasium's `TimeLimit`): the step that reaches the
 * limit returns `truncated: true`. Following the plume lifecycle contract, a further `step` before
 * `reset` throws `StateError` (Gymnasium would let the inner env over-run).
 */
export class TimeLimit<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly maxEpisodeSteps: number;
  #elapsed: number | undefined = undefined;
  #truncated = false;

  /** @throws ValidationError (`parameter` `"maxEpisodeSteps"`) unless it is an integer >= 1. */
  constructor(env: Env<Obs, Act, Info>, maxEpisodeSteps: number) {
    super(env);
    this.maxEpisodeSteps = parseWithSchema(TimeLimitOptionsSchema, { maxEpisodeSteps }, { what: "TimeLimit options" }).maxEpisodeSteps;
  }

  /** Steps taken in the current episode (undefined before the first reset). */
  get elapsedSteps(): number | undefined {
    return this.#elapsed;
  }

  /** The inner spec with `maxEpisodeSteps` set to this limit (as Gymnasium's `TimeLimit.spec`; not an additional wrapper). */
  override get spec(): EnvSpec | undefined {
    const inner = (this.env as { spec?: EnvSpec }).spec;
    return inner === undefined ? undefined : Object.freeze({ ...inner, maxEpisodeSteps: this.maxEpisodeSteps });
  }

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    const result = super.reset(options);
    this.#elapsed = 0;
    this.#truncated = false;
    return result;
  }

  override step(action: Act): StepResult<Obs, Info> {
    if (this.#truncated) {
      throw new StateError("the episode was truncated by TimeLimit: call reset() before step()", {
        currentState: "TRUNCATED",
        allowedStates: ["READY"],
      });
    }
    const [observation, reward, terminated, truncated, info] = super.step(action);
    this.#elapsed = (this.#elapsed ?? 0) + 1;
    const limit = this.#elapsed >= this.maxEpisodeSteps;
    if (limit && !terminated) this.#truncated = true;
    return [observation, reward, terminated, truncated || limit, info];
  }
}

// ------------------------------------------------------------------------------------------ OrderEnforcing

/** Options of `OrderEnforcing`. */
export const OrderEnforcingOptionsSchema = z.strictObject({
  /** Allow `render()` before the first `reset()` (Gymnasium's `disable_render_order_enforcing`). Default false. */
  disableRenderOrderEnforcing: z.boolean({ error: "a boolean" }).default(false),
});
export type OrderEnforcingOptions = z.input<typeof OrderEnforcingOptionsSchema>;

/** Throws `StateError` for `step()` (and by default `render()`) before the first `reset()` (Gymnasium's `OrderEnforcing`). */
export class OrderEnforcing<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly disableRenderOrderEnforcing: boolean;
  #hasReset = false;

  constructor(env: Env<Obs, Act, Info>, options: OrderEnforcingOptions = {}) {
    super(env);
    this.disableRenderOrderEnforcing = parseWithSchema(OrderEnforcingOptionsSchema, options, {
      what: "OrderEnforcing options",
    }).disableRenderOrderEnforcing;
  }

  /** Whether `reset()` has been called. */
  get hasReset(): boolean {
    return this.#hasReset;
  }

  /** The inner spec with `orderEnforce: true` (not an additional wrapper). */
  override get spec(): EnvSpec | undefined {
    const inner = (this.env as { spec?: EnvSpec }).spec;
    return inner === undefined ? undefined : Object.freeze({ ...inner, orderEnforce: true });
  }

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    const result = super.reset(options);
    this.#hasReset = true;
    return result;
  }

  override step(action: Act): StepResult<Obs, Info> {
    if (!this.#hasReset) {
      throw new StateError("step() called before reset()", { currentState: "CREATED", allowedStates: ["READY"] });
    }
    return super.step(action);
  }

  override render(mode?: string): RenderResult {
    if (!this.disableRenderOrderEnforcing && !this.#hasReset) {
      throw new StateError("render() called before reset() (pass disableRenderOrderEnforcing to allow it)", {
        currentState: "CREATED",
        allowedStates: ["READY", "TERMINATED", "TRUNCATED"],
      });
    }
    return super.render(mode);
  }
}

// ------------------------------------------------------------------------------------------ PassiveEnvChecker

/** A problem the passive checker found. */
export interface EnvCheckerWarning {
  /** Where: `"reset"`, `"step"` or `"render"`. */
  readonly call: string;
  readonly message: string;
}

/** Options of `PassiveEnvChecker`. */
export interface PassiveEnvCheckerOptions {
  /** Receives soft problems (Gymnasium's warnings). Default: `process.emitWarning` (type `PlumeEnvCheckerWarning`). */
  readonly warn?: ((warning: EnvCheckerWarning) => void) | undefined;
}

function defaultWarn(warning: EnvCheckerWarning): void {
  const emit = (globalThis as { process?: { emitWarning?: (message: string, type: string) => void } }).process?.emitWarning;
  emit?.(`${warning.call}: ${warning.message}`, "PlumeEnvCheckerWarning");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function checkSpace(space: unknown, name: string): void {
  const candidate = space as Partial<SpaceLike> | null | undefined;
  if (
    candidate === null ||
    candidate === undefined ||
    typeof candidate.contains !== "function" ||
    typeof candidate.sample !== "function"
  ) {
    throw new ComponentError(`the environment's ${name} is not a space`, {
      component: "env",
      expected: "a @plume/spaces Space (contains, sample)",
      received: space,
    });
  }
}

/**
 * Gymnasium's `PassiveEnvChecker`: checks the spaces when wrapping, and the results of the first
 * `reset`, `step` and `render` without changing them. Broken contracts (a wrong result shape, a
 * non-boolean flag, a non-number reward, a non-object info) throw `ComponentError`; an observation
 * outside its space or a non-finite reward is reported through `warn`.
 */
export class PassiveEnvChecker<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly #warn: (warning: EnvCheckerWarning) => void;
  #checkedReset = false;
  #checkedStep = false;
  #checkedRender = false;

  /** @throws ComponentError when the environment has no action or observation space. */
  constructor(env: Env<Obs, Act, Info>, options: PassiveEnvCheckerOptions = {}) {
    super(env);
    this.#warn = options.warn ?? defaultWarn;
    checkSpace(env.actionSpace, "actionSpace");
    checkSpace(env.observationSpace, "observationSpace");
  }

  /** The inner spec with `disableEnvChecker: false` (not an additional wrapper). */
  override get spec(): EnvSpec | undefined {
    const inner = (this.env as { spec?: EnvSpec }).spec;
    return inner === undefined ? undefined : Object.freeze({ ...inner, disableEnvChecker: false });
  }

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    const result = super.reset(options);
    if (!this.#checkedReset) {
      this.#checkedReset = true;
      if (!Array.isArray(result) || result.length !== 2) {
        throw new ComponentError("reset() must return [observation, info]", {
          component: "env",
          expected: "a 2-element array",
          received: result,
        });
      }
      if (!isPlainObject(result[1])) {
        throw new ComponentError("reset() info must be a plain object", { component: "env", received: result[1] });
      }
      const problem = observationProblem(this.observationSpace as SpaceLike<unknown>, result[0]);
      if (problem !== undefined) this.#warn({ call: "reset", message: `the observation returned by reset() is not within the observation space: ${problem}` });
    }
    return result;
  }

  override step(action: Act): StepResult<Obs, Info> {
    const result = super.step(action);
    if (!this.#checkedStep) {
      this.#checkedStep = true;
      if (!Array.isArray(result) || result.length !== 5) {
        throw new ComponentError("step() must return [observation, reward, terminated, truncated, info]", {
          component: "env",
          expected: "a 5-element array",
          received: Array.isArray(result) ? `an array of ${result.length}` : result,
        });
      }
      const [observation, reward, terminated, truncated, info] = result;
      if (typeof terminated !== "boolean" || typeof truncated !== "boolean") {
        throw new ComponentError("terminated and truncated must be booleans", {
          component: "env",
          received: [terminated, truncated],
        });
      }
      if (typeof reward !== "number") {
        throw new ComponentError("the reward must be a number", { component: "env", received: reward });
      }
      if (Number.isNaN(reward)) this.#warn({ call: "step", message: "the reward is a NaN value" });
      else if (!Number.isFinite(reward)) this.#warn({ call: "step", message: `the reward is an inf value (${reward})` });
      if (!isPlainObject(info)) {
        throw new ComponentError("step() info must be a plain object", { component: "env", received: info });
      }
      const problem = observationProblem(this.observationSpace as SpaceLike<unknown>, observation);
      if (problem !== undefined) this.#warn({ call: "step", message: `the observation returned by step() is not within the observation space: ${problem}` });
    }
    return result;
  }

  override render(mode?: string): RenderResult {
    const result = super.render(mode);
    if (!this.#checkedRender) {
      this.#checkedRender = true;
      mode ??= this.renderMode ?? undefined;
      if (mode === "rgb_array") {
        const frame = result as NDArray | undefined;
        if (!isNDArray(frame) || frame.dtype !== "uint8" || frame.shape.length !== 3 || frame.shape[2] !== 3) {
          this.#warn({ call: "render", message: "rgb_array render must return a uint8 NDArray of shape [H, W, 3]" });
        }
      } else if (mode === "human" && result !== undefined && result !== null) {
        this.#warn({ call: "render", message: "human render should return undefined" });
      }
    }
    return result;
  }
}

// ------------------------------------------------------------------------------------------ RecordEpisodeStatistics

/** The statistics `RecordEpisodeStatistics` adds to the info of an episode's last step. */
export interface EpisodeStatistics {
  /** The episode's return (sum of rewards). */
  readonly r: number;
  /** The episode's length in steps. */
  readonly l: number;
  /** Wall-clock seconds since the reset, rounded to 6 decimals. */
  readonly t: number;
}

/** Options of `RecordEpisodeStatistics`. */
export const RecordEpisodeStatisticsOptionsSchema = z.strictObject({
  /** How many finished episodes the `returnQueue`/`lengthQueue`/`timeQueue` keep. Default 100. */
  bufferLength: positiveInt("an integer >= 1").default(100),
  /** The info key the statistics go under. Default `"episode"`. */
  statsKey: z.string({ error: "a non-empty string" }).min(1, { error: "a non-empty string" }).default("episode"),
  /** Milliseconds clock. Default `performance.now`. */
  clock: z.custom<() => number>((v) => typeof v === "function", { error: "a function () => milliseconds" }).optional(),
});
export type RecordEpisodeStatisticsOptions = z.input<typeof RecordEpisodeStatisticsOptionsSchema>;

/**
 * Gymnasium's `RecordEpisodeStatistics`: when an episode ends (terminated or truncated), its info gets
 * `{ [statsKey]: { r, l, t } }`, and the return, length and time go into bounded queues.
 */
export class RecordEpisodeStatistics<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<
  Obs,
  Act,
  Info
> {
  static override readonly specPackage = "@plume/env";
  readonly bufferLength: number;
  readonly statsKey: string;
  readonly returnQueue: number[] = [];
  readonly lengthQueue: number[] = [];
  readonly timeQueue: number[] = [];
  readonly #clock: () => number;
  readonly #customClock: boolean;
  #episodeReturn = 0;
  #episodeLength = 0;
  #episodeStart = 0;
  #episodeCount = 0;

  constructor(env: Env<Obs, Act, Info>, options: RecordEpisodeStatisticsOptions = {}) {
    super(env);
    const parsed = parseWithSchema(RecordEpisodeStatisticsOptionsSchema, options, { what: "RecordEpisodeStatistics options" });
    this.bufferLength = parsed.bufferLength;
    this.statsKey = parsed.statsKey;
    this.#clock = parsed.clock ?? (() => performance.now());
    this.#customClock = parsed.clock !== undefined;
  }

  /** Episodes finished so far. */
  get episodeCount(): number {
    return this.#episodeCount;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> | null {
    return this.#customClock ? null : { bufferLength: this.bufferLength, statsKey: this.statsKey };
  }

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    const result = super.reset(options);
    this.#episodeReturn = 0;
    this.#episodeLength = 0;
    this.#episodeStart = this.#clock();
    return result;
  }

  override step(action: Act): StepResult<Obs, Info> {
    const [observation, reward, terminated, truncated, info] = super.step(action);
    this.#episodeReturn += reward;
    this.#episodeLength += 1;
    if (!(terminated || truncated)) return [observation, reward, terminated, truncated, info];
    const t = Math.round((this.#clock() - this.#episodeStart) * 1000) / 1e6;
    const stats: EpisodeStatistics = { r: this.#episodeReturn, l: this.#episodeLength, t };
    this.#episodeCount += 1;
    for (const [queue, value] of [
      [this.returnQueue, stats.r],
      [this.lengthQueue, stats.l],
      [this.timeQueue, stats.t],
    ] as const) {
      queue.push(value);
      if (queue.length > this.bufferLength) queue.shift();
    }
    return [observation, reward, terminated, truncated, { ...info, [this.statsKey]: stats } as Info];
  }
}

// ------------------------------------------------------------------------------------------ FlattenObservation

/** `space` as a `@plume/spaces` Space, or a ValidationError naming `env.observationSpace`. */
export function asSpace(space: unknown, wrapper: string): Space<unknown> {
  if (!(space instanceof Space)) {
    throw ValidationError.invalid("env.observationSpace", `a @plume/spaces Space (${wrapper} needs one)`, String(space));
  }
  return space;
}

/** Flattens observations to a 1-D `NDArray` (Gymnasium's `FlattenObservation`, via `@plume/spaces` `flatten`). */
export class FlattenObservation<InnerObs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends ObservationWrapper<
  NDArray,
  InnerObs,
  Act,
  Info
> {
  static override readonly specPackage = "@plume/env";
  readonly #inner: Space<unknown>;
  readonly #space: Box<DType>;

  /** @throws ValidationError when the observation space does not flatten to a vector (e.g. contains a Sequence). */
  constructor(env: Env<InnerObs, Act, Info>) {
    super(env);
    this.#inner = asSpace(env.observationSpace, "FlattenObservation");
    const flat = flattenSpace(this.#inner);
    if (!(flat instanceof Box)) {
      throw ValidationError.invalid("env.observationSpace", "a space that flattens to a Box", String(this.#inner));
    }
    this.#space = flat;
  }

  override get observationSpace(): Box<DType> {
    return this.#space;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return {};
  }

  observation(observation: InnerObs): NDArray {
    return flatten(this.#inner, observation) as NDArray;
  }
}

// ------------------------------------------------------------------------------------------ NormalizeObservation

/** Options of `NormalizeObservation`. */
export const NormalizeObservationOptionsSchema = z.strictObject({
  /** Added to the variance before the square root. Default 1e-8. */
  epsilon: z.number({ error: "a finite number > 0" }).gt(0, { error: "a finite number > 0" }).default(1e-8),
});
export type NormalizeObservationOptions = z.input<typeof NormalizeObservationOptionsSchema>;

/** Gymnasium's `RunningMeanStd` (parallel-variance update, initial count 1e-4), elementwise in float64. */
export class RunningMeanStd {
  readonly mean: Float64Array;
  readonly var: Float64Array;
  count: number;

  constructor(size: number, epsilon = 1e-4) {
    this.mean = new Float64Array(size);
    this.var = new Float64Array(size).fill(1);
    this.count = epsilon;
  }

  /**
   * Updates with a batch of `count` samples laid out one after the other (`count * mean.length`
   * numbers), from the batch's mean and population variance, as Gymnasium's `RunningMeanStd.update`.
   */
  updateBatch(samples: ArrayLike<number>, count: number): void {
    const size = this.mean.length;
    const batchMean = new Float64Array(size);
    const batchVar = new Float64Array(size);
    for (let k = 0; k < count; k++) for (let i = 0; i < size; i++) batchMean[i] = (batchMean[i] as number) + (samples[k * size + i] as number);
    for (let i = 0; i < size; i++) batchMean[i] = (batchMean[i] as number) / count;
    for (let k = 0; k < count; k++) {
      for (let i = 0; i < size; i++) {
        const d = (samples[k * size + i] as number) - (batchMean[i] as number);
        batchVar[i] = (batchVar[i] as number) + d * d;
      }
    }
    for (let i = 0; i < size; i++) batchVar[i] = (batchVar[i] as number) / count;
    this.updateFromMoments(batchMean, batchVar, count);
  }

  /** Gymnasium's `update_from_moments`: the parallel-variance combination of the running and the batch statistics. */
  updateFromMoments(batchMean: ArrayLike<number>, batchVar: ArrayLike<number>, batchCount: number): void {
    const total = this.count + batchCount;
    for (let i = 0; i < this.mean.length; i++) {
      const mean = this.mean[i] as number;
      const delta = (batchMean[i] as number) - mean;
      const m2 = (this.var[i] as number) * this.count + (batchVar[i] as number) * batchCount + (delta * delta * this.count * batchCount) / total;
      this.mean[i] = mean + (delta * batchCount) / total;
      this.var[i] = m2 / total;
    }
    this.count = total;
  }

  /** Updates with a batch of one sample. */
  update(sample: ArrayLike<number>): void {
    const batchCount = 1;
    const total = this.count + batchCount;
    for (let i = 0; i < this.mean.length; i++) {
      const mean = this.mean[i] as number;
      const delta = (sample[i] as number) - mean;
      // m_b = batch_var * batch_count is 0 for a single sample.
      const m2 = (this.var[i] as number) * this.count + (delta * delta * this.count * batchCount) / total;
      this.mean[i] = mean + (delta * batchCount) / total;
      this.var[i] = m2 / total;
    }
    this.count = total;
  }
}

/**
 * Normalises Box observations to roughly zero mean and unit variance with running statistics
 * (Gymnasium's `NormalizeObservation`); the observation space becomes `Box(-inf, inf, shape, float32)`.
 * Set `updateRunningMean = false` to freeze the statistics (e.g. for evaluation).
 */
export class NormalizeObservation<Act = unknown, Info extends EnvInfo = EnvInfo> extends ObservationWrapper<
  NDArray<"float32">,
  NDArray,
  Act,
  Info
> {
  static override readonly specPackage = "@plume/env";
  readonly epsilon: number;
  readonly obsRms: RunningMeanStd;
  updateRunningMean = true;
  readonly #space: Box<"float32">;
  readonly #shape: readonly number[];

  /** @throws ValidationError unless the observation space is a Box with numeric (non-bigint) elements. */
  constructor(env: Env<NDArray, Act, Info>, options: NormalizeObservationOptions = {}) {
    super(env);
    this.epsilon = parseWithSchema(NormalizeObservationOptionsSchema, options, { what: "NormalizeObservation options" }).epsilon;
    const space = env.observationSpace;
    if (!(space instanceof Box) || space.dtype === "int64" || space.dtype === "uint64") {
      throw ValidationError.invalid("env.observationSpace", "a Box of a non-64-bit-integer dtype", String(space));
    }
    this.#shape = [...space.shape];
    this.#space = new Box({ low: -Infinity, high: Infinity, shape: this.#shape, dtype: "float32" });
    this.obsRms = new RunningMeanStd(shapeSize(this.#shape));
  }

  override get observationSpace(): Box<"float32"> {
    return this.#space;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return { epsilon: this.epsilon };
  }

  observation(observation: NDArray): NDArray<"float32"> {
    const values = observation.data as ArrayLike<number>;
    if (this.updateRunningMean) this.obsRms.update(values);
    const out = new Float32Array(values.length);
    const { mean, var: variance } = this.obsRms;
    for (let i = 0; i < out.length; i++) {
      out[i] = ((values[i] as number) - (mean[i] as number)) / Math.sqrt((variance[i] as number) + this.epsilon);
    }
    return ndarray("float32", this.#shape, out);
  }
}
