/**
 * Gymnasium 1.x's vector wrappers (`gymnasium.wrappers.vector`), for `SyncVectorEnv` and
 * `AsyncVectorEnv` alike: `RecordEpisodeStatistics`, `NormalizeObservation`, `NormalizeReward`,
 * `TransformObservation`, `TransformReward`, `ClipAction` and `RescaleAction`, on the base classes
 * `VectorWrapper`, `VectorObservationWrapper`, `VectorRewardWrapper` and `VectorActionWrapper`.
 * Exported from the package as the `vectorWrappers` namespace (the names match the single-env wrappers).
 */
import { ValidationError, isNDArray, ndarray, parseWithSchema, shapeSize, type EnvMetadata, type NDArray } from "@plume/core-types";
import { Box, batchSpace, type Space } from "@plume/spaces";
import {
  NormalizeObservationOptionsSchema,
  RecordEpisodeStatisticsOptionsSchema,
  RunningMeanStd,
  type NormalizeObservationOptions,
  type RecordEpisodeStatisticsOptions,
} from "../wrappers/common.js";
import { NormalizeRewardOptionsSchema, type NormalizeRewardOptions } from "../wrappers/stateful.js";
import { actionNumbers, boundNumbers, boxBounds, floatBox } from "../wrappers/space-utils.js";
import type { VectorInfo } from "./infos.js";
import { AutoresetMode, resetMask, type VectorResetOptions, type VectorResetResult, type VectorStepResult } from "./options.js";

/** What the vector wrappers need of a vector environment (`SyncVectorEnv`, `AsyncVectorEnv`, or a wrapper of one). */
export interface VectorEnvLike<Obs = unknown> {
  readonly numEnvs: number;
  readonly singleObservationSpace: Space<unknown>;
  readonly singleActionSpace: Space<unknown>;
  readonly observationSpace: Space<unknown>;
  readonly actionSpace: Space<unknown>;
  readonly autoresetMode: AutoresetMode;
  readonly metadata: EnvMetadata;
  reset(options?: VectorResetOptions): VectorResetResult<Obs>;
  step(actions: unknown): VectorStepResult<Obs>;
  close(): void | Promise<void>;
  call(name: string, ...args: unknown[]): unknown[];
  getAttr(name: string): unknown[];
  setAttr(name: string, values: unknown): void;
  render(mode?: string): unknown[];
}

function assertVectorEnv(env: unknown): void {
  const v = env as Partial<Record<"reset" | "step" | "close" | "numEnvs", unknown>> | null;
  if (v === null || typeof v !== "object" || typeof v.reset !== "function" || typeof v.step !== "function" || typeof v.close !== "function" || typeof v.numEnvs !== "number") {
    throw ValidationError.invalid("env", "a vector environment (SyncVectorEnv, AsyncVectorEnv or a vector wrapper)", env);
  }
}

/** Forwards everything to the wrapped vector environment (Gymnasium's `VectorWrapper`); subclasses change what they need. */
export class VectorWrapper<Obs = unknown, InnerObs = Obs> implements VectorEnvLike<Obs> {
  readonly env: VectorEnvLike<InnerObs>;

  /** @throws ValidationError (`parameter` `"env"`) when `env` is not a vector environment. */
  constructor(env: VectorEnvLike<InnerObs>) {
    assertVectorEnv(env);
    this.env = env;
  }

  get numEnvs(): number {
    return this.env.numEnvs;
  }
  get singleObservationSpace(): Space<unknown> {
    return this.env.singleObservationSpace;
  }
  get singleActionSpace(): Space<unknown> {
    return this.env.singleActionSpace;
  }
  get observationSpace(): Space<unknown> {
    return this.env.observationSpace;
  }
  get actionSpace(): Space<unknown> {
    return this.env.actionSpace;
  }
  get autoresetMode(): AutoresetMode {
    return this.env.autoresetMode;
  }
  get metadata(): EnvMetadata {
    return this.env.metadata;
  }
  /** The innermost vector environment. */
  get unwrapped(): VectorEnvLike<unknown> {
    const inner = this.env as VectorEnvLike<unknown> & { unwrapped?: VectorEnvLike<unknown> };
    return inner.unwrapped ?? inner;
  }

  reset(options?: VectorResetOptions): VectorResetResult<Obs> {
    return this.env.reset(options) as unknown as VectorResetResult<Obs>;
  }
  step(actions: unknown): VectorStepResult<Obs> {
    return this.env.step(actions) as unknown as VectorStepResult<Obs>;
  }
  close(): void | Promise<void> {
    return this.env.close();
  }
  call(name: string, ...args: unknown[]): unknown[] {
    return this.env.call(name, ...args);
  }
  getAttr(name: string): unknown[] {
    return this.env.getAttr(name);
  }
  setAttr(name: string, values: unknown): void {
    this.env.setAttr(name, values);
  }
  render(mode?: string): unknown[] {
    return mode === undefined ? this.env.render() : this.env.render(mode);
  }
  toString(): string {
    return `${this.constructor.name}<${String(this.env)}>`;
  }
}

/** Transforms the stacked observations of `reset` and `step`: implement `observations(obs)`. */
export abstract class VectorObservationWrapper<Obs, InnerObs = unknown> extends VectorWrapper<Obs, InnerObs> {
  abstract observations(observations: InnerObs): Obs;

  override reset(options?: VectorResetOptions): VectorResetResult<Obs> {
    const [observations, infos] = this.env.reset(options);
    return [this.observations(observations), infos];
  }

  override step(actions: unknown): VectorStepResult<Obs> {
    const [observations, rewards, terminations, truncations, infos] = this.env.step(actions);
    return [this.observations(observations), rewards, terminations, truncations, infos];
  }
}

/** Transforms the rewards array of `step`: implement `rewards(r)`. */
export abstract class VectorRewardWrapper<Obs = unknown> extends VectorWrapper<Obs, Obs> {
  abstract rewards(rewards: NDArray<"float64">): NDArray<"float64">;

  override step(actions: unknown): VectorStepResult<Obs> {
    const [observations, rewards, terminations, truncations, infos] = this.env.step(actions);
    return [observations, this.rewards(rewards), terminations, truncations, infos];
  }
}

/** Transforms the actions before the vector env gets them: implement `actions(a)`. */
export abstract class VectorActionWrapper<Obs = unknown> extends VectorWrapper<Obs, Obs> {
  abstract actions(actions: unknown): unknown;

  override step(actions: unknown): VectorStepResult<Obs> {
    return this.env.step(this.actions(actions));
  }
}

// ------------------------------------------------------------------------------------------ RecordEpisodeStatistics

/**
 * Tracks each environment's return, length and time (Gymnasium's vector `RecordEpisodeStatistics`): on a
 * step where some episodes end, the infos get `episode: { r, l, t }` (float64 / int32 / float64 arrays,
 * 0 where not done) and `_episode` (the bool mask). In NEXT_STEP mode the step that resets an ended
 * environment counts for no episode; in SAME_STEP mode every step does.
 */
export class RecordEpisodeStatistics<Obs = unknown> extends VectorWrapper<Obs, Obs> {
  readonly bufferLength: number;
  readonly statsKey: string;
  episodeCount = 0;
  readonly episodeStartTimes: Float64Array;
  readonly episodeReturns: Float64Array;
  readonly episodeLengths: Int32Array;
  readonly prevDones: Uint8Array;
  readonly timeQueue: number[] = [];
  readonly returnQueue: number[] = [];
  readonly lengthQueue: number[] = [];
  readonly #clock: () => number;

  constructor(env: VectorEnvLike<Obs>, options: RecordEpisodeStatisticsOptions = {}) {
    super(env);
    const parsed = parseWithSchema(RecordEpisodeStatisticsOptionsSchema, options, { what: "RecordEpisodeStatistics options" });
    this.bufferLength = parsed.bufferLength;
    this.statsKey = parsed.statsKey;
    this.#clock = parsed.clock ?? (() => performance.now());
    const n = env.numEnvs;
    this.episodeStartTimes = new Float64Array(n);
    this.episodeReturns = new Float64Array(n);
    this.episodeLengths = new Int32Array(n);
    this.prevDones = new Uint8Array(n);
  }

  #seconds(): number {
    return this.#clock() / 1000;
  }

  override reset(options?: VectorResetOptions): VectorResetResult<Obs> {
    const result = super.reset(options);
    const { mask } = resetMask(options?.options, this.numEnvs);
    const now = this.#seconds();
    for (let i = 0; i < this.numEnvs; i++) {
      if (mask[i] === 0) continue;
      this.episodeStartTimes[i] = now;
      this.episodeReturns[i] = 0;
      this.episodeLengths[i] = 0;
      this.prevDones[i] = 0;
    }
    return result;
  }

  override step(actions: unknown): VectorStepResult<Obs> {
    const [observations, rewards, terminations, truncations, infos] = this.env.step(actions);
    const n = this.numEnvs;
    const r = rewards.data;
    const sameStep = this.autoresetMode === AutoresetMode.SAME_STEP;
    const now = this.#seconds();
    for (let i = 0; i < n; i++) {
      if (!sameStep && this.prevDones[i] === 1) {
        this.episodeReturns[i] = 0;
        this.episodeLengths[i] = 0;
        this.episodeStartTimes[i] = now;
      } else {
        this.episodeReturns[i] = (this.episodeReturns[i] as number) + (r[i] as number);
        this.episodeLengths[i] = (this.episodeLengths[i] as number) + 1;
      }
    }
    const dones = new Uint8Array(n);
    let numDones = 0;
    for (let i = 0; i < n; i++) {
      dones[i] = (terminations.data[i] as number) | (truncations.data[i] as number);
      numDones += dones[i] as number;
    }
    this.prevDones.set(dones);
    if (numDones === 0) return [observations, rewards, terminations, truncations, infos];
    if (this.statsKey in infos || `_${this.statsKey}` in infos) {
      throw ValidationError.invalid("statsKey", `a key the infos do not have already (they have ${Object.keys(infos).join(", ")})`, this.statsKey);
    }
    const ret = new Float64Array(n);
    const len = new Int32Array(n);
    const time = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      if (dones[i] === 0) continue;
      ret[i] = this.episodeReturns[i] as number;
      len[i] = this.episodeLengths[i] as number;
      time[i] = Math.round((now - (this.episodeStartTimes[i] as number)) * 1e6) / 1e6;
      for (const [queue, value] of [
        [this.timeQueue, time[i]],
        [this.returnQueue, ret[i]],
        [this.lengthQueue, len[i]],
      ] as const) {
        queue.push(value as number);
        if (queue.length > this.bufferLength) queue.shift();
      }
    }
    this.episodeCount += numDones;
    if (sameStep) {
      for (let i = 0; i < n; i++) {
        if (dones[i] === 0) continue;
        this.episodeReturns[i] = 0;
        this.episodeLengths[i] = 0;
        this.episodeStartTimes[i] = now;
      }
    }
    const stats = { r: ndarray("float64", [n], ret), l: ndarray("int32", [n], len), t: ndarray("float64", [n], time) };
    const withStats: VectorInfo = { ...infos, [this.statsKey]: stats, [`_${this.statsKey}`]: ndarray("bool", [n], dones) };
    return [observations, rewards, terminations, truncations, withStats];
  }
}

// ------------------------------------------------------------------------------------------ NormalizeObservation

function numberBox(space: Space<unknown>, parameter: string): Box<"float32"> {
  if (!(space instanceof Box) || space.dtype === "int64" || space.dtype === "uint64") {
    throw ValidationError.invalid(parameter, "a Box of a non-64-bit-integer dtype", String(space));
  }
  return space as Box<"float32">;
}

/**
 * Normalises observations with running statistics over all environments (Gymnasium's vector
 * `NormalizeObservation`): each `reset` and `step` updates the mean and variance with the batch (its mean
 * and population variance over the environments), and returns `(obs - mean) / sqrt(var + epsilon)` as
 * float32. Set `updateRunningMean = false` to freeze the statistics.
 */
export class NormalizeObservation extends VectorObservationWrapper<NDArray<"float32">, NDArray> {
  readonly epsilon: number;
  readonly obsRms: RunningMeanStd;
  updateRunningMean = true;
  readonly #single: Box<"float32">;
  readonly #batched: Space<unknown>;

  /** @throws ValidationError unless the single observation space is a Box of a non-64-bit-integer dtype. */
  constructor(env: VectorEnvLike<NDArray>, options: NormalizeObservationOptions = {}) {
    super(env);
    this.epsilon = parseWithSchema(NormalizeObservationOptionsSchema, options, { what: "NormalizeObservation options" }).epsilon;
    const shape = numberBox(env.singleObservationSpace, "env.singleObservationSpace").shape;
    this.#single = new Box({ low: -Infinity, high: Infinity, shape, dtype: "float32" });
    this.#batched = batchSpace(this.#single, env.numEnvs) as Space<unknown>;
    this.obsRms = new RunningMeanStd(shapeSize(shape));
  }

  override get singleObservationSpace(): Space<unknown> {
    return this.#single;
  }
  override get observationSpace(): Space<unknown> {
    return this.#batched;
  }

  observations(observations: NDArray): NDArray<"float32"> {
    const values = observations.data as ArrayLike<number>;
    const size = this.obsRms.mean.length;
    if (this.updateRunningMean) this.obsRms.updateBatch(values, this.numEnvs);
    const out = new Float32Array(values.length);
    const { mean, var: variance } = this.obsRms;
    for (let k = 0; k < out.length; k++) {
      const i = k % size;
      out[k] = ((values[k] as number) - (mean[i] as number)) / Math.sqrt((variance[i] as number) + this.epsilon);
    }
    return ndarray("float32", observations.shape, out);
  }
}

// ------------------------------------------------------------------------------------------ NormalizeReward

/**
 * Scales rewards so that their exponential moving average has a fixed variance (Gymnasium's vector
 * `NormalizeReward`): per environment `accumulated = accumulated * gamma * (1 - terminated) + reward`; the
 * running variance is updated with the batch of accumulated rewards and every reward divided by
 * `sqrt(var + epsilon)`.
 */
export class NormalizeReward<Obs = unknown> extends VectorWrapper<Obs, Obs> {
  readonly gamma: number;
  readonly epsilon: number;
  readonly returnRms = new RunningMeanStd(1);
  readonly accumulatedReward: Float64Array;
  updateRunningMean = true;

  constructor(env: VectorEnvLike<Obs>, options: NormalizeRewardOptions = {}) {
    super(env);
    const parsed = parseWithSchema(NormalizeRewardOptionsSchema, options, { what: "NormalizeReward options" });
    this.gamma = parsed.gamma;
    this.epsilon = parsed.epsilon;
    this.accumulatedReward = new Float64Array(env.numEnvs);
  }

  override step(actions: unknown): VectorStepResult<Obs> {
    const [observations, rewards, terminations, truncations, infos] = this.env.step(actions);
    const acc = this.accumulatedReward;
    for (let i = 0; i < acc.length; i++) {
      acc[i] = (acc[i] as number) * this.gamma * (1 - (terminations.data[i] as number)) + (rewards.data[i] as number);
    }
    if (this.updateRunningMean) this.returnRms.updateBatch(acc, acc.length);
    const scale = Math.sqrt((this.returnRms.var[0] as number) + this.epsilon);
    const scaled = Float64Array.from(rewards.data, (v) => v / scale);
    return [observations, ndarray("float64", rewards.shape, scaled), terminations, truncations, infos];
  }
}

// ------------------------------------------------------------------------------------------ TransformObservation / TransformReward

/**
 * Applies `func` to the stacked observations (Gymnasium's vector `TransformObservation`). Give
 * `singleObservationSpace` (the batched space is made from it) or `observationSpace` when they change.
 */
export class TransformObservation<Obs, InnerObs = unknown> extends VectorObservationWrapper<Obs, InnerObs> {
  readonly func: (observations: InnerObs) => Obs;
  readonly #single: Space<unknown> | undefined;
  readonly #batched: Space<unknown> | undefined;

  constructor(env: VectorEnvLike<InnerObs>, func: (observations: InnerObs) => Obs, options: { readonly observationSpace?: Space<unknown>; readonly singleObservationSpace?: Space<unknown> } = {}) {
    super(env);
    if (typeof func !== "function") throw ValidationError.invalid("func", "a function (observations) => observations", func);
    this.func = func;
    this.#single = options.singleObservationSpace;
    this.#batched = options.observationSpace ?? (options.singleObservationSpace === undefined ? undefined : (batchSpace(options.singleObservationSpace, env.numEnvs) as Space<unknown>));
  }

  override get singleObservationSpace(): Space<unknown> {
    return this.#single ?? this.env.singleObservationSpace;
  }
  override get observationSpace(): Space<unknown> {
    return this.#batched ?? this.env.observationSpace;
  }

  observations(observations: InnerObs): Obs {
    return this.func(observations);
  }
}

/** Applies `func` to the rewards array (Gymnasium's vector `TransformReward`). */
export class TransformReward<Obs = unknown> extends VectorRewardWrapper<Obs> {
  readonly func: (rewards: NDArray<"float64">) => NDArray<"float64">;

  constructor(env: VectorEnvLike<Obs>, func: (rewards: NDArray<"float64">) => NDArray<"float64">) {
    super(env);
    if (typeof func !== "function") throw ValidationError.invalid("func", "a function (rewards) => rewards", func);
    this.func = func;
  }

  rewards(rewards: NDArray<"float64">): NDArray<"float64"> {
    return this.func(rewards);
  }
}

// ------------------------------------------------------------------------------------------ ClipAction / RescaleAction

/** The batch of actions as `numEnvs * size` numbers: a stacked NDArray, a typed array, or an array of per-environment actions. */
function batchNumbers(actions: unknown, n: number, size: number): ArrayLike<number> {
  if (Array.isArray(actions) && actions.length === n && actions.some((a) => typeof a !== "number")) {
    const out = new Float64Array(n * size);
    actions.forEach((a, i) => out.set(Array.from(actionNumbers(a, size, `actions[${i}]`)), i * size));
    return out;
  }
  return actionNumbers(isNDArray(actions) ? actions.data : actions, n * size, "actions");
}

abstract class BoxActionWrapper<Obs> extends VectorActionWrapper<Obs> {
  readonly #inner: Box<"float32" | "float64">;
  readonly #single: Box<"float32" | "float64">;
  readonly #batched: Space<unknown>;
  protected readonly low: Float64Array;
  protected readonly high: Float64Array;

  protected constructor(env: VectorEnvLike<Obs>, wrapper: string, single: (inner: Box<"float32" | "float64">) => Box<"float32" | "float64">) {
    super(env);
    this.#inner = floatBox(env.singleActionSpace, wrapper, "env.singleActionSpace");
    ({ low: this.low, high: this.high } = boxBounds(this.#inner));
    this.#single = single(this.#inner);
    this.#batched = batchSpace(this.#single, env.numEnvs) as Space<unknown>;
  }

  override get singleActionSpace(): Space<unknown> {
    return this.#single;
  }
  override get actionSpace(): Space<unknown> {
    return this.#batched;
  }

  protected abstract map(value: number, element: number): number;

  actions(actions: unknown): NDArray {
    const size = this.low.length;
    const values = batchNumbers(actions, this.numEnvs, size);
    const out = Array.from(values, (v, k) => this.map(v, k % size));
    return ndarray(this.#inner.dtype, [this.numEnvs, ...this.#inner.shape], out);
  }
}

/** Clips every environment's action into the Box bounds (Gymnasium's vector `ClipAction`); the action space has infinite bounds. */
export class ClipAction<Obs = unknown> extends BoxActionWrapper<Obs> {
  constructor(env: VectorEnvLike<Obs>) {
    super(env, "ClipAction", (inner) => new Box({ low: -Infinity, high: Infinity, shape: inner.shape, dtype: inner.dtype }));
  }

  protected map(value: number, element: number): number {
    return Math.min(Math.max(value, this.low[element] as number), this.high[element] as number);
  }
}

/** Rescales every environment's Box actions from `[minAction, maxAction]` to the environment's bounds (Gymnasium's vector `RescaleAction`). */
export class RescaleAction<Obs = unknown> extends BoxActionWrapper<Obs> {
  readonly #min: Float64Array;
  readonly #max: Float64Array;

  /** @throws ValidationError as the single-env `RescaleAction`. */
  constructor(env: VectorEnvLike<Obs>, minAction: number | ArrayLike<number> | NDArray, maxAction: number | ArrayLike<number> | NDArray) {
    let min: Float64Array = new Float64Array(0);
    let max: Float64Array = new Float64Array(0);
    super(env, "RescaleAction", (inner) => {
      const size = shapeSize(inner.shape);
      const { low, high } = boxBounds(inner);
      if (![...low, ...high].every(Number.isFinite)) throw ValidationError.invalid("env.singleActionSpace", "a Box with finite bounds (RescaleAction maps onto them)", String(inner));
      min = boundNumbers(minAction, size, "minAction");
      max = boundNumbers(maxAction, size, "maxAction");
      const bad = min.findIndex((lo, i) => !(lo < (max[i] as number)));
      if (bad >= 0) throw ValidationError.invalid("minAction", `minAction < maxAction for every element (element ${bad})`, minAction);
      return new Box({ low: min, high: max, shape: inner.shape, dtype: inner.dtype });
    });
    this.#min = min;
    this.#max = max;
  }

  protected map(value: number, element: number): number {
    const lo = this.low[element] as number;
    const min = this.#min[element] as number;
    return lo + ((this.high[element] as number) - lo) * ((value - min) / ((this.#max[element] as number) - min));
  }
}
