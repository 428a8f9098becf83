/**
 * `SyncVectorEnv`: Gymnasium 1.x's synchronous vector environment. Environment by environment for any
 * `Env`; in one batch-kernel call per step when every environment is a plain `PlumeEnv` whose components
 * have batch methods (the fast path: structure-of-arrays state, no per-step allocation with
 * `copy: false`). Both paths give the same results, which the tests check over long random runs.
 */
import {
  ComponentError,
  StateError,
  ValidationError,
  ndarray,
  type SpaceLike,
  parseWithSchema,
  type Env,
  type EnvInfo,
  type EnvMetadata,
  type NDArray,
} from "@plume/core-types";
import { batchSpace, concatenate, unstack, type Space } from "@plume/spaces";
import { BatchKernel, type KernelOutputs } from "../batch/kernel.js";
import type { BatchPlan } from "../batch/plan.js";
import { LOAD_BATCH_ROW, PlumeEnv } from "../env/plume-env.js";
import { observationProblem } from "../env/observation-check.js";
import { denseFieldOf } from "../plume/gaussian.js";
import { readBatchActions, type ActionLayout } from "./actions.js";
import { callEach, getEach, setEach, valuesPerEnv } from "./env-calls.js";
import { stackInfos } from "./infos.js";
import {
  AutoresetMode,
  VectorEnvOptionsSchema,
  assertFirstResetCovers,
  assertNoneEnded,
  failedStateError,
  boolArray,
  float64Array,
  perEnvSeeds,
  resetMask,
  type VectorEnvOptions,
  type VectorResetOptions,
  type VectorResetResult,
  type VectorStepResult,
} from "./options.js";
import { PlumeInfoColumns } from "./plume-info.js";

type AnyEnv = Env<unknown, unknown, EnvInfo>;

/**
 * What `AsyncVectorEnv` asks of a shard's `SyncVectorEnv` (not part of the package's API): the kernel's
 * results written straight into the shard's rows of shared memory, and actions taken as given because
 * the main thread has validated them already (a shard's actions are its rows of the shared buffer).
 */
export interface ShardHooks {
  readonly outputs: KernelOutputs;
  readonly trustedActions: boolean;
}

/** The hooks of the `SyncVectorEnv` being constructed by `createShardVectorEnv` (constructors cannot take hidden arguments). */
let constructingHooks: ShardHooks | undefined;

/** A `SyncVectorEnv` with `hooks` (see `ShardHooks`); used only by `AsyncVectorEnv`'s shards. */
export function createShardVectorEnv<Obs, Act>(
  envFns: readonly (() => Env<Obs, unknown, EnvInfo>)[],
  options: VectorEnvOptions,
  hooks: ShardHooks,
): SyncVectorEnv<Obs, Act> {
  constructingHooks = hooks;
  try {
    return new SyncVectorEnv<Obs, Act>(envFns, options);
  } finally {
    constructingHooks = undefined;
  }
}

const RESET_INFO = 1;
const STEP_INFO = 2;

/** Class and metadata of a component, or undefined when it has no `getMetadata` (then only the same instance is equivalent). */
function metadataKey(component: unknown): string | undefined {
  const getMetadata = (component as { getMetadata?: () => unknown } | undefined)?.getMetadata;
  if (typeof getMetadata !== "function") return undefined;
  return `${(component as object).constructor?.name}:${JSON.stringify(getMetadata.call(component))}`;
}

/** Whether two fields (plumes or winds) are interchangeable for a batch method. */
function equivalent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const key = metadataKey(a);
  return key !== undefined && key === metadataKey(b);
}

function sameKernelConfig(a: PlumeEnv<unknown, unknown>, b: PlumeEnv<unknown, unknown>): boolean {
  return JSON.stringify(a.kernelConfig) === JSON.stringify(b.kernelConfig);
}

/**
 * The plan shared by all `envs` when one kernel can step them all: every env a plain `PlumeEnv` with a
 * batch plan, the same configuration, equivalent components and plume (the same instance or field, or
 * the same class and metadata: a batch method reads only its configuration). Otherwise undefined.
 */
function sharedPlan(envs: readonly AnyEnv[]): { plan: BatchPlan; template: PlumeEnv<unknown, unknown> } | undefined {
  const first = envs[0];
  if (!(first instanceof PlumeEnv) || first.batchPlan === undefined) return undefined;
  const template = first as PlumeEnv<unknown, unknown>;
  const plan = template.batchPlan as BatchPlan;
  const keys = [plan.action, plan.sensor, plan.reward].map(metadataKey);
  const field = denseFieldOf(plan.plume);
  for (const env of envs) {
    if (!(env instanceof PlumeEnv)) return undefined;
    const other = (env as PlumeEnv<unknown, unknown>).batchPlan;
    if (other === undefined || !sameKernelConfig(template, env as PlumeEnv<unknown, unknown>)) return undefined;
    if (!equivalent(other.wind, plan.wind)) return undefined;
    const otherField = denseFieldOf(other.plume);
    if (!((field !== undefined && otherField === field) || equivalent(other.plume, plan.plume))) return undefined;
    const otherKeys = [other.action, other.sensor, other.reward].map(metadataKey);
    if (otherKeys.some((k, i) => k !== keys[i])) return undefined;
  }
  return { plan, template };
}

/**
 * Steps `numEnvs` environments in lock step.
 *
 * ```ts
 * const envs = new SyncVectorEnv(Array.from({ length: 8 }, () => () => new PlumeEnv()));
 * let [obs, infos] = envs.reset({ seed: 42 });          // env i is seeded 42 + i
 * const [obs2, rewards, terminations, truncations, infos2] = envs.step(new Int32Array(8).fill(1));
 * ```
 */
export class SyncVectorEnv<Obs = unknown, Act = unknown> {
  readonly numEnvs: number;
  readonly singleObservationSpace: Space<unknown>;
  readonly singleActionSpace: Space<unknown>;
  /** `batchSpace(singleObservationSpace, numEnvs)`. */
  readonly observationSpace: Space<unknown>;
  /** `batchSpace(singleActionSpace, numEnvs)`. */
  readonly actionSpace: Space<unknown>;
  readonly autoresetMode: AutoresetMode;
  readonly metadata: EnvMetadata;
  /** The environments (on the fast path they are not stepped: the kernel holds their state). */
  readonly envs: readonly AnyEnv[];
  readonly #copy: boolean;
  readonly #kernel: BatchKernel | undefined;
  /** Actions are used as given, unvalidated (`ShardHooks.trustedActions`). */
  readonly #trustedActions: boolean;
  #closed = false;
  /** The error of a step or reset that failed after environments may have moved (see `step`); cleared by a full reset. */
  #failed: Error | undefined = undefined;
  /** 1 once environment i has been reset. */
  readonly #started: Uint8Array;
  /** NEXT_STEP: 1 when environment i ended on the last step and is reset by the next. DISABLED: 1 when it ended. */
  readonly #pending: Uint8Array;
  // fast path buffers
  readonly #indices: Int32Array;
  readonly #actions: Float64Array;
  readonly #rewards: Float64Array;
  readonly #terminations: Uint8Array;
  readonly #truncations: Uint8Array;
  readonly #info: PlumeInfoColumns;
  /** "Every environment reports a step info": the kinds of a step without resets. */
  readonly #allStep: Uint8Array;
  /** How many environments are pending (ended and not yet reset). */
  #pendingCount = 0;
  /** What environment i reports this call: 0 nothing, RESET_INFO or STEP_INFO (filled into `#info` at the end). */
  readonly #kinds: Uint8Array;
  readonly #finalInfo: PlumeInfoColumns;
  readonly #finalObservations: Float32Array;
  /** With `copy: false`: the result arrays, wrapped once. */
  #viewResults: readonly [Obs, NDArray<"float64">, NDArray<"bool">, NDArray<"bool">] | undefined = undefined;
  #actionLayout: ActionLayout | undefined = undefined;
  // per-env path state
  readonly #lastObservations: unknown[];
  /** With `copy: false`: the stacked observations, reused by every call. */
  #stacked: unknown = undefined;

  /**
   * @param envFns - one function per environment, each returning a new environment (Gymnasium's `env_fns`).
   * @throws ValidationError for an empty list, a non-function, an environment whose spaces differ from
   * the first one's, or bad options (naming `autoresetMode`, `copy`, `batch`).
   */
  constructor(envFns: readonly (() => Env<Obs, unknown, EnvInfo>)[], options: VectorEnvOptions = {}) {
    const hooks = constructingHooks;
    constructingHooks = undefined; // not for the environments envFns may build
    if (!Array.isArray(envFns) || envFns.length === 0) {
      throw ValidationError.invalid("envFns", "a non-empty array of functions returning environments", envFns);
    }
    const parsed = parseWithSchema(VectorEnvOptionsSchema, options ?? {}, { what: "SyncVectorEnv options" });
    const envs = envFns.map((fn, i) => {
      if (typeof fn !== "function") throw ValidationError.invalid(`envFns[${i}]`, "a function returning an environment", fn);
      return fn() as AnyEnv;
    });
    const first = envs[0] as AnyEnv;
    const obsSpace = first.observationSpace as unknown as Space<unknown>;
    const actSpace = first.actionSpace as unknown as Space<unknown>;
    envs.forEach((env, i) => {
      const o = env.observationSpace as unknown as Space<unknown>;
      const a = env.actionSpace as unknown as Space<unknown>;
      if (!(o === obsSpace || o.equals(obsSpace)) || !(a === actSpace || a.equals(actSpace))) {
        throw ValidationError.invalid(`envFns[${i}]`, "an environment with the same observation and action spaces as envFns[0]", String(o));
      }
    });
    const n = envs.length;
    this.numEnvs = n;
    this.envs = Object.freeze(envs);
    this.singleObservationSpace = obsSpace;
    this.singleActionSpace = actSpace;
    this.observationSpace = batchSpace(obsSpace, n) as Space<unknown>;
    this.actionSpace = batchSpace(actSpace, n) as Space<unknown>;
    this.autoresetMode = parsed.autoresetMode;
    this.metadata = Object.freeze({ ...first.metadata, autoreset_mode: parsed.autoresetMode });
    this.#copy = parsed.copy;
    this.#started = new Uint8Array(n);
    this.#pending = new Uint8Array(n);
    this.#lastObservations = new Array<unknown>(n);
    const shared = parsed.batch === "auto" ? sharedPlan(envs) : undefined;
    this.#kernel = shared === undefined ? undefined : new BatchKernel(n, shared.plan, shared.template.kernelConfig, hooks?.outputs);
    this.#trustedActions = hooks?.trustedActions ?? false;
    if (this.#kernel !== undefined && shared !== undefined) this.#checkSensorRows(this.#kernel, shared.template);
    const plan = this.#kernel?.plan;
    this.#indices = new Int32Array(n);
    this.#actions = new Float64Array(plan === undefined ? 0 : n * plan.actionSize);
    this.#rewards = new Float64Array(n);
    this.#terminations = new Uint8Array(n);
    this.#truncations = new Uint8Array(n);
    this.#info = new PlumeInfoColumns(plan === undefined ? 0 : n);
    this.#kinds = new Uint8Array(n);
    this.#allStep = new Uint8Array(n).fill(STEP_INFO);
    this.#finalInfo = new PlumeInfoColumns(plan === undefined ? 0 : n);
    this.#finalObservations = new Float32Array(plan === undefined ? 0 : n * plan.observationSize);
  }

  /**
   * The batch path's check of sensor outputs (the object path's `PlumeEnv`s check their own): the
   * observation of every reset, and with the environments' `checkObservations: "every-step"` every
   * observation, must lie in the observation space; otherwise a `ComponentError` names the environment.
   */
  #checkSensorRows(kernel: BatchKernel, template: PlumeEnv<unknown, unknown>): void {
    const everyStep = template.checkObservations === "every-step";
    const space = template.observationSpace as SpaceLike<unknown>;
    const shape = kernel.plan.observationShape;
    kernel.afterObservations = (indices, count, reset) => {
      if (!reset && !everyStep) return;
      for (let k = 0; k < count; k++) {
        const i = indices[k] as number;
        const problem = observationProblem(space, ndarray("float32", shape, kernel.observationRow(i)));
        if (problem !== undefined) {
          throw new ComponentError(`environment ${i}: fillObservationBatch wrote an observation outside the observation space: ${problem}`, {
            component: "sensor",
            expected: `an element of ${String(space)}`,
          });
        }
      }
    };
  }

  /** Whether steps go through the batch kernel (the fast path). */
  get batched(): boolean {
    return this.#kernel !== undefined;
  }

  /**
   * With `copy: false` on the fast path: writes the last call's infos straight into `target`'s rows
   * `offset...` and returns true (the async worker's way of filling shared memory without building
   * the info first); false when there is nothing deferred to write.
   */
  writeInfoInto(target: PlumeInfoColumns, offset: number): boolean {
    const deferred = this.#info.takeDeferred();
    if (deferred === undefined) return false;
    target.fill(deferred.kernel, deferred.kinds, offset);
    return true;
  }

  /** Key bits of the infos still deferred (see `PlumeInfoColumns.presence`), or -1. */
  get deferredInfoPresence(): number {
    return this.#info.presence;
  }

  /**
   * Resets the environments selected by `options.reset_mask` (default all): `[observations, infos]`.
   * Observations of the others stay as they were; their infos report nothing (masks false).
   * @throws ValidationError for a bad seed or mask; StateError after close, or when a first reset leaves an environment out.
   */
  reset(options: VectorResetOptions = {}): VectorResetResult<Obs> {
    this.#assertOpen("reset");
    const n = this.numEnvs;
    if (options === null || typeof options !== "object") throw ValidationError.invalid("options", "{ seed?, options? }", options);
    const seeds = perEnvSeeds(options.seed, n);
    const { mask, rest } = resetMask(options.options, n);
    assertFirstResetCovers(mask, this.#started);
    if (this.#failed !== undefined && mask.some((m) => m === 0)) throw failedStateError("reset only some environments", this.#failed);
    try {
      const result = this.#reset(mask, seeds, rest);
      this.#failed = undefined;
      return result;
    } catch (error) {
      this.#failed = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  }

  #reset(mask: Uint8Array, seeds: (number | undefined)[], rest: Record<string, unknown> | undefined): VectorResetResult<Obs> {
    const n = this.numEnvs;
    const kernel = this.#kernel;
    if (kernel !== undefined) {
      for (let i = 0; i < n; i++) {
        if (mask[i] === 1) kernel.resetEnv(i, seeds[i]);
        this.#kinds[i] = mask[i] === 1 ? RESET_INFO : 0;
      }
      this.#info.fill(kernel, this.#kinds);
    } else {
      const infos = new Array<EnvInfo | undefined>(n);
      for (let i = 0; i < n; i++) {
        if (mask[i] === 0) continue;
        const env = this.envs[i] as AnyEnv;
        const [obs, info] = env.reset({ ...(seeds[i] !== undefined && { seed: seeds[i] }), ...(rest !== undefined && { options: rest }) });
        this.#lastObservations[i] = obs;
        infos[i] = info;
      }
      this.#commitReset(mask);
      return [this.#stackObservations(), stackInfos(infos, n)];
    }
    this.#commitReset(mask);
    return [this.#observationsOf(kernel.observations), this.#info.toInfo(this.#copy)];
  }

  /**
   * Steps every environment with its action: `[observations, rewards, terminations, truncations, infos]`.
   * `actions`: a sample of `actionSpace`, or an array (or typed array) with one action per environment.
   * In NEXT_STEP mode an environment that ended on the previous step is reset instead (its action is
   * ignored; reward 0, flags false, its info is the reset info).
   * @throws ValidationError naming `actions[i]` for an invalid action (nothing is stepped then);
   * StateError before reset, after close, or (DISABLED) when an ended environment was not reset.
   */
  step(actions: Act | ArrayLike<unknown>): VectorStepResult<Obs> {
    this.#assertOpen("step");
    const n = this.numEnvs;
    if (this.#started[0] === 0) {
      throw new StateError("step() called before reset()", { currentState: "CREATED", allowedStates: ["READY"] });
    }
    if (this.#failed !== undefined) throw failedStateError("step", this.#failed);
    if (this.autoresetMode === AutoresetMode.DISABLED) assertNoneEnded(n, (i) => this.#pending[i] === 1);
    return this.#kernel !== undefined ? this.#stepBatched(this.#kernel, actions) : this.#stepEach(actions);
  }

  /** Whether a step or reset failed in a component, so that only a reset of every environment is accepted. */
  get failed(): boolean {
    return this.#failed !== undefined;
  }



  /** Closes every environment. Idempotent; never throws. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const env of this.envs) {
      try {
        env.close();
      } catch {
        // close never throws
      }
    }
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Calls the method `name` of every environment with `args` (through its wrappers), or reads the
   * attribute when it is not a method (Gymnasium's `call`); one result per environment. On the batch path
   * the environments are brought up to date from the kernel first. `reset`, `step` and `close` are refused:
   * use the vector env's own.
   * @throws ValidationError (`parameter` `"name"`) for a name an environment does not have, or a refused method; StateError after close.
   */
  call(name: string, ...args: unknown[]): unknown[] {
    this.#assertOpen("call");
    this.#loadKernelRows();
    return callEach(this.envs, name, args);
  }

  /**
   * The attribute `name` of every environment, through its wrappers (Gymnasium's `get_attr`).
   * @throws ValidationError (`parameter` `"name"`) when an environment does not have it; StateError after close.
   */
  getAttr(name: string): unknown[] {
    this.#assertOpen("getAttr");
    this.#loadKernelRows();
    return getEach(this.envs, name);
  }

  /**
   * Sets the attribute `name` of every environment (Gymnasium's `set_attr`): `values` is an array of one
   * value per environment, or one value for all. (On the batch path the kernel steps the environments, so
   * attributes that change their dynamics do not take effect; `batch: "off"` steps the objects.)
   * @throws ValidationError (`parameter` `"values"`) for an array of the wrong length, (`"name"`) for a read-only attribute; StateError after close.
   */
  setAttr(name: string, values: unknown): void {
    this.#assertOpen("setAttr");
    setEach(this.envs, name, valuesPerEnv(values, this.numEnvs));
  }

  /** Every environment's `render(mode)` (Gymnasium's `render`, which is `call("render")`). */
  render(mode?: string): unknown[] {
    return mode === undefined ? this.call("render") : this.call("render", mode);
  }

  toString(): string {
    return `SyncVectorEnv(${this.numEnvs} x ${String(this.envs[0])}${this.batched ? ", batched" : ""})`;
  }

  // ---------------------------------------------------------------- fast path

  #stepBatched(kernel: BatchKernel, actions: unknown): VectorStepResult<Obs> {
    const pending = this.#pending;
    const nextStep = this.autoresetMode === AutoresetMode.NEXT_STEP;
    const anyPending = this.#pendingCount > 0;
    const buffer = this.#trustedActions ? (actions as ArrayLike<number>) : this.#readActions(kernel.plan, actions, nextStep && anyPending ? pending : undefined);
    try {
      return this.#stepKernel(kernel, buffer, nextStep, anyPending);
    } catch (error) {
      this.#failed = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  }

  #stepKernel(kernel: BatchKernel, buffer: ArrayLike<number>, nextStep: boolean, anyPending: boolean): VectorStepResult<Obs> {
    const n = this.numEnvs;
    const pending = this.#pending;
    const info = this.#info;
    let indices = kernel.all;
    let kinds = this.#allStep;
    let count = n;
    if (nextStep && anyPending) {
      indices = this.#indices;
      kinds = this.#kinds;
      count = 0;
      kinds.set(this.#allStep);
      for (let i = 0; i < n; i++) {
        if (pending[i] === 1) {
          kernel.resetEnv(i, undefined);
          kinds[i] = RESET_INFO;
          pending[i] = 0;
        } else {
          indices[count++] = i;
        }
      }
    } else if (this.autoresetMode === AutoresetMode.SAME_STEP) {
      kinds = this.#kinds.fill(STEP_INFO);
    }
    kernel.step(buffer, indices, count);
    // SAME_STEP resets ended environments in the kernel below, so the flags and rewards are kept apart.
    const sameStep = this.autoresetMode === AutoresetMode.SAME_STEP;
    const rewards = sameStep ? this.#rewards : kernel.rewards;
    const terminations = sameStep ? this.#terminations : kernel.terminated;
    const truncations = sameStep ? this.#truncations : kernel.truncated;
    if (sameStep) {
      rewards.set(kernel.rewards);
      terminations.set(kernel.terminated);
      truncations.set(kernel.truncated);
    }
    const ended = kernel.doneCount;
    this.#pendingCount = this.autoresetMode === AutoresetMode.SAME_STEP ? 0 : ended;
    // An environment reset above (the only ones not stepped) has done 0 from its reset, as its pending.
    pending.set(kernel.done);
    let extra: Record<string, unknown> | undefined;
    if (this.autoresetMode === AutoresetMode.SAME_STEP && ended > 0) extra = this.#autoresetSameStep(kernel);
    if (this.#copy) info.fill(kernel, kinds);
    else info.defer(kernel, kinds, this.autoresetMode === AutoresetMode.SAME_STEP ? n - ended : count);
    const infos = extra === undefined ? info.toInfo(this.#copy) : { ...info.toInfo(this.#copy), ...extra };
    if (!this.#copy) {
      const views = (this.#viewResults ??= [
        this.#observationsOf(kernel.observations),
        float64Array(rewards, false),
        boolArray(terminations, false),
        boolArray(truncations, false),
      ] as const);
      return [views[0], views[1], views[2], views[3], infos];
    }
    return [this.#observationsOf(kernel.observations), float64Array(rewards, true), boolArray(terminations, true), boolArray(truncations, true), infos];
  }

  /** SAME_STEP: resets every environment that ended, keeping its last observation and info as final ones. */
  #autoresetSameStep(kernel: BatchKernel): Record<string, unknown> {
    const n = this.numEnvs;
    const size = kernel.plan.observationSize;
    const finals = this.#finalObservations;
    const finalInfo = this.#finalInfo;
    const mask = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (this.#pending[i] === 1) {
        finals.set(kernel.observationRow(i), i * size);
        finalInfo.write(i, kernel, true);
        kernel.resetEnv(i, undefined);
        this.#kinds[i] = RESET_INFO;
        this.#pending[i] = 0;
        mask[i] = 1;
      } else {
        finals.fill(0, i * size, i * size + size);
        finalInfo.clear(i);
      }
    }
    const shape = [n, ...kernel.plan.observationShape];
    return {
      final_obs: ndarray("float32", shape, this.#copy ? finals.slice() : finals),
      _final_obs: ndarray("bool", [n], mask),
      final_info: finalInfo.toInfo(this.#copy),
      _final_info: ndarray("bool", [n], mask.slice()),
    };
  }

  /** The actions as the kernel's numbers, validated (environments where `skip[i]` is 1 are about to be reset). */
  #readActions(plan: BatchPlan, actions: unknown, skip: Uint8Array | undefined): ArrayLike<number> {
    const layout = (this.#actionLayout ??= {
      n: this.numEnvs,
      size: plan.actionSize,
      discrete: plan.discrete,
      low: plan.boxLow,
      high: plan.boxHigh,
      space: String(this.singleActionSpace),
    });
    return readBatchActions(layout, actions, this.#actions, true, skip === undefined ? undefined : (i) => skip[i] === 1);
  }

  #observationsOf(buffer: Float32Array): Obs {
    const plan = this.#kernel?.plan as BatchPlan;
    return ndarray("float32", [this.numEnvs, ...plan.observationShape], this.#copy ? buffer.slice() : buffer) as Obs;
  }

  // ---------------------------------------------------------------- per-environment path

  #stepEach(actions: unknown): VectorStepResult<Obs> {
    const n = this.numEnvs;
    const items = this.#splitActions(actions);
    const nextStep = this.autoresetMode === AutoresetMode.NEXT_STEP;
    const sameStep = this.autoresetMode === AutoresetMode.SAME_STEP;
    for (let i = 0; i < n; i++) {
      if (nextStep && this.#pending[i] === 1) continue;
      if (!this.singleActionSpace.contains(items[i])) {
        throw ValidationError.invalid(`actions[${i}]`, `an element of ${String(this.singleActionSpace)}`, items[i]);
      }
    }
    try {
      return this.#stepEnvs(items, nextStep, sameStep);
    } catch (error) {
      this.#failed = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  }

  #stepEnvs(items: unknown[], nextStep: boolean, sameStep: boolean): VectorStepResult<Obs> {
    const n = this.numEnvs;
    const rewards = new Float64Array(n);
    const terminations = new Uint8Array(n);
    const truncations = new Uint8Array(n);
    const infos = new Array<EnvInfo | undefined>(n);
    for (let i = 0; i < n; i++) {
      const env = this.envs[i] as AnyEnv;
      if (nextStep && this.#pending[i] === 1) {
        const [obs, info] = env.reset();
        this.#lastObservations[i] = obs;
        infos[i] = info;
        this.#pending[i] = 0;
        continue;
      }
      const [obs, reward, terminated, truncated, info] = env.step(items[i]);
      rewards[i] = reward;
      terminations[i] = terminated ? 1 : 0;
      truncations[i] = truncated ? 1 : 0;
      if (sameStep && (terminated || truncated)) {
        const [resetObs, resetInfo] = env.reset();
        this.#lastObservations[i] = resetObs;
        infos[i] = { ...resetInfo, final_obs: obs, final_info: info };
      } else {
        this.#lastObservations[i] = obs;
        infos[i] = info;
        this.#pending[i] = terminated || truncated ? 1 : 0;
      }
    }
    const observations = this.#stackObservations();
    return [observations, ndarray("float64", [n], rewards), ndarray("bool", [n], terminations), ndarray("bool", [n], truncations), stackInfos(infos, n)];
  }

  /**
   * The environments' last observations stacked: into one buffer reused on every call with `copy: false`
   * (as Gymnasium's `SyncVectorEnv`; valid until the next call), into fresh arrays with `copy: true`.
   */
  #stackObservations(): Obs {
    // The buffer is an earlier result for this very space (`StackedSample` of a `Space<unknown>` cannot say so).
    const stacked: unknown = concatenate(this.singleObservationSpace, this.#lastObservations, (this.#copy ? undefined : this.#stacked) as never);
    if (!this.#copy) this.#stacked = stacked;
    return stacked as Obs;
  }

  /** One action per environment, from a stacked sample of `actionSpace` or an array of actions. */
  #splitActions(actions: unknown): unknown[] {
    const n = this.numEnvs;
    const split = unstack(this.singleActionSpace, actions);
    if (split !== undefined && split.length === n) return split;
    if (Array.isArray(actions) && actions.length === n) return actions;
    if (ArrayBuffer.isView(actions) && (actions as unknown as ArrayLike<unknown>).length === n) {
      return Array.from(actions as unknown as ArrayLike<number | bigint>, (v) => (typeof v === "bigint" ? Number(v) : v));
    }
    throw ValidationError.invalid("actions", `${n} actions (a sample of the batched action space, or an array of ${n} actions)`, actions);
  }

  // ---------------------------------------------------------------- shared

  /** Batch path: each environment object takes its row of the kernel (its position, counters, generator, lifecycle). */
  #loadKernelRows(): void {
    const kernel = this.#kernel;
    if (kernel === undefined) return;
    this.envs.forEach((env, i) => {
      if (env instanceof PlumeEnv) (env as PlumeEnv<unknown, unknown>)[LOAD_BATCH_ROW](kernel, i, this.#started[i] === 1);
    });
  }

  #commitReset(mask: Uint8Array): void {
    let pending = 0;
    for (let i = 0; i < this.numEnvs; i++) {
      if (mask[i] === 1) {
        this.#started[i] = 1;
        this.#pending[i] = 0;
      }
      pending += this.#pending[i] as number;
    }
    this.#pendingCount = pending;
  }

  #assertOpen(call: string): void {
    if (this.#closed) {
      throw new StateError(`cannot ${call} a closed vector environment`, { currentState: "CLOSED", allowedStates: ["READY"] });
    }
  }
}


