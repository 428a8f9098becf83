/**
 * `AsyncVectorEnv`: Gymnasium 1.x's asynchronous vector environment on `worker_threads`. Each worker
 * builds its shard of environments from the same config and steps it with a `SyncVectorEnv`; actions
 * and every result live in one `SharedArrayBuffer`, and commands are signalled with `Atomics` (no
 * messages on the hot path). `step` is synchronous like Gymnasium's (`stepAsync` + `stepWait`).
 *
 * Failure handling: an error thrown in a worker comes back as the same kind of error (same code,
 * parameter renumbered to the global environment index) from the call that caused it; a worker that
 * dies makes the next call throw a `ComponentError` naming it; nothing waits forever (`timeoutMs`).
 * `close()` ends every worker.
 */
import { availableParallelism } from "node:os";
import { dirname, resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import {
  ComponentError,
  ConfigurationError,
  PlumeError,
  StateError,
  ValidationError,
  ndarray,
  parseWithSchema,
  type EnvMetadata,
  type NDArray,
} from "@plume/core-types";
import { Box, Discrete, batchSpace, type Space } from "@plume/spaces";
import * as z from "zod";
import { builtinOnlyConfig } from "../config/create.js";
import { createEnvironmentFromConfig, readConfigFile } from "../config/files.js";
import type { EnvironmentConfigInput } from "../config/schema.js";
import { assertWithinMemoryBudget } from "../memory-budget.js";
import { planBatch } from "../batch/plan.js";
import { exportPluginStates, importPluginStates } from "./plugin-sharing.js";
import {
  AutoresetMode,
  VectorEnvOptionsSchema,
  assertFirstResetCovers,
  assertNoneEnded,
  failedStateError,
  perEnvSeeds,
  resetMask,
  type VectorResetOptions,
  type VectorResetResult,
  type VectorStepResult,
} from "./options.js";
import type { VectorInfo } from "./infos.js";
import { COMMAND, CONTROL, STATUS, shardOf, sharedByteLength, sharedViews, type LayoutSizes, type SharedViews } from "./shared-layout.js";
import type { WorkerErrorData, WorkerInit } from "./worker.js";
import { Shard, buildShardEnv, type CallRequest } from "./shard.js";
import { REFUSED_CALLS, valuesPerEnv } from "./env-calls.js";
import { readBatchActions, type ActionLayout } from "./actions.js";
import { checkedSharedMemory, rangeChecksAvailable, type CheckNarrow, type RangeCheck } from "./range-check.js";

/** Byte actions' check: the WebAssembly function, the two staging views (`SharedViews.actionStaging`) and the range. */
interface NarrowCheck {
  readonly checkNarrow: CheckNarrow;
  readonly staging: readonly [Int32Array, Int32Array];
  readonly start: number;
  readonly span: number;
}

/** Options of `AsyncVectorEnv.create`. */
export const AsyncVectorEnvOptionsSchema = VectorEnvOptionsSchema.extend({
  /** The environment: an `EnvironmentConfig` object (JSON-serialisable) or the path of a JSON/YAML config file. Required. */
  env: z.union([z.string({ error: "a config file path" }), z.record(z.string(), z.unknown())], {
    error: "an EnvironmentConfig object or a config file path",
  }),
  /** Number of environments: an integer >= 1. Required. */
  numEnvs: z.int({ error: "an integer >= 1" }).min(1, { error: "an integer >= 1" }),
  /**
   * Worker threads: an integer in [1, numEnvs], at most the available cores (unless `oversubscribe`) and
   * at most 256. Default: min(numEnvs, available cores), minus one when the main thread takes a shard.
   */
  numWorkers: z.int({ error: "an integer >= 1" }).min(1, { error: "an integer >= 1" }).optional(),
  /** Allow more workers than cores (they then only take turns on them). Default false. */
  oversubscribe: z.boolean({ error: "a boolean" }).default(false),
  /** Folder that allowed module paths in the config resolve from. Default: the config file's folder, else the working directory. */
  baseDir: z.string({ error: "a folder path" }).optional(),
  /** Let the config import module paths (their code runs in every worker). Default `false` (see `createEnvironmentFromConfig`). */
  allowModulePaths: z.boolean({ error: "a boolean" }).default(false),
  /** The project whose `node_modules` plugin packages resolve from. Default: the working directory. */
  projectDir: z.string({ error: "a folder path" }).optional(),
  /** How long one call may wait for the workers before failing, in ms (> 0). Default 60 000. */
  timeoutMs: z.number({ error: "a number of milliseconds > 0" }).positive({ error: "a number of milliseconds > 0" }).default(60_000),
  /** How long the workers may take to build their environments before `create` fails, in ms (> 0). Default 120 000. */
  buildTimeoutMs: z.number({ error: "a number of milliseconds > 0" }).positive({ error: "a number of milliseconds > 0" }).default(120_000),
  /**
   * Whether the calling thread steps a shard of its own (in `stepWait`) besides the workers', all of
   * them polling instead of sleeping. `"auto"` (the default): yes when it has a core of its own to do it
   * on, that is when `numWorkers` is not given (the workers then take the other cores) or leaves a core
   * free, there are at least 2 environments, and every component of the config is built in (a
   * third-party plugin runs only in workers, where `timeoutMs` covers it: code running on the calling
   * thread cannot be interrupted). A main thread that sleeps while the workers step pays a
   * wake-up per step (50-150 µs on small VMs, more than 1024 envs take to step). `true` puts a shard on
   * the calling thread whatever the components: a plugin that never returns there is not covered by
   * `timeoutMs`.
   */
  mainThread: z.union([z.boolean(), z.literal("auto")], { error: 'true, false or "auto"' }).default("auto"),
  /**
   * Busy-wait polls a worker (and, with `mainThread`, the main thread) makes for the next command
   * before it sleeps. Default: 0 without `mainThread` (a spinning worker would delay the sleeping main
   * thread's wake-up), 2 000 000 with it (every thread has a core).
   */
  spinIterations: z.int({ error: "an integer >= 0" }).min(0, { error: "an integer >= 0" }).optional(),
});
/**
 * The `mainThread` option with `"auto"` resolved: the main thread takes a shard when it has a core of
 * its own (`numWorkers` unset, or at most `cores - 1`) and an environment to take (`numWorkers` unset
 * and `numEnvs >= 2`, or `numWorkers < numEnvs`).
 */
export function resolveMainThread(option: boolean | "auto", numWorkers: number | undefined, numEnvs: number, cores: number, onlyBuiltins = true): boolean {
  if (option !== "auto") return option;
  if (!onlyBuiltins) return false;
  if (numWorkers === undefined) return numEnvs >= 2;
  return numWorkers + 1 <= cores && numWorkers < numEnvs;
}

/** What `AsyncVectorEnv.create` accepts (`env` is typed as a config, which the schema checks structurally). */
export type AsyncVectorEnvOptions = Omit<z.input<typeof AsyncVectorEnvOptionsSchema>, "env"> & {
  readonly env: EnvironmentConfigInput | string;
};

/**
 * A worker's error rebuilt in this thread as the same kind of Plume error (same code, parameter,
 * expected and received, environment indices made global), its message naming the worker.
 */
function rebuild(data: WorkerErrorData, where: string, offset: number): Error {
  const globalise = (text: string | undefined): string | undefined =>
    text?.replace(/(actions|seed|reset_mask)\[(\d+)\]/g, (_: string, key: string, i: string) => `${key}[${Number(i) + offset}]`);
  const parameter = globalise(data.parameter);
  const details = {
    ...(parameter !== undefined && { parameter }),
    ...(data.expected !== undefined && { expected: data.expected }),
    ...(data.received !== undefined && { received: data.received }),
  };
  let error: PlumeError;
  switch (data.code) {
    case "PLUME_VALIDATION":
      error = new ValidationError("", details);
      break;
    case "PLUME_STATE":
      error = new StateError("", details);
      break;
    case "PLUME_CONFIGURATION":
      error = new ConfigurationError("", details);
      break;
    default:
      error = new ComponentError("", { component: data.component ?? "worker", ...details });
  }
  const message = `${globalise(data.message) ?? ""} [${where}]${data.code === undefined ? ` (${data.name})` : ""}`;
  Object.defineProperty(error, "message", { value: message, writable: true, configurable: true });
  return error;
}

/** Most worker threads an `AsyncVectorEnv` starts, even with `oversubscribe`. */
export const MAX_WORKERS = 256;
/** Memory of one environment and its components in a shard (measured: about 8-10 KiB), besides its rows of shared memory. */
export const ENV_BYTES_ESTIMATE = 10 * 1024;

/** The worker's file next to this one (dist/vector/worker.js). */
const WORKER_URL = new URL("./worker.js", import.meta.url);

/**
 * Steps `numEnvs` environments split over worker threads.
 *
 * ```ts
 * const envs = await AsyncVectorEnv.create({ env: { gridSize: [128, 128] }, numEnvs: 1024, numWorkers: 2 });
 * const [obs] = envs.reset({ seed: 0 });
 * const [obs2, rewards, terminations, truncations, infos] = envs.step(actions);
 * envs.close();
 * ```
 */
export class AsyncVectorEnv<Obs = unknown> {
  readonly numEnvs: number;
  readonly numWorkers: number;
  readonly singleObservationSpace: Space<unknown>;
  readonly singleActionSpace: Space<unknown>;
  readonly observationSpace: Space<unknown>;
  readonly actionSpace: Space<unknown>;
  readonly autoresetMode: AutoresetMode;
  readonly metadata: EnvMetadata;
  /** Whether each worker steps its shard through the batch kernel. */
  readonly batched: boolean;
  /** Whether the calling thread steps a shard too (the `mainThread` option, `"auto"` resolved). */
  readonly mainThread: boolean;
  readonly #workers: readonly Worker[];
  readonly #ports: readonly MessagePort[];
  readonly #views: SharedViews;
  /** Worker w's environments. */
  readonly #shards: readonly { start: number; end: number }[];
  /** The main thread's own shard (with `mainThread`), and how long it polls before sleeping. */
  readonly #mainShard: Shard | undefined;
  readonly #mainSpins: number;
  readonly #copy: boolean;
  readonly #timeoutMs: number;
  readonly #actionLayout: ActionLayout;
  readonly #observationShape: readonly number[];
  readonly #started: Uint8Array;
  /** With `copy: false`: the result arrays, wrapped once. */
  #viewResults: readonly [Obs, NDArray<"float64">, NDArray<"bool">, NDArray<"bool">] | undefined = undefined;
  #sequence = 0;
  /** The main thread's shard's actions for the step in flight when they were not copied (see `step`). */
  #mainActions: Int32Array | Float64Array | undefined = undefined;
  /**
   * With Discrete actions whose range fits the one-compare check, and WebAssembly SIMD: the check run
   * over the actions' rows of shared memory, and the range it checks.
   */
  readonly #rangeCheck: { readonly allInRange: RangeCheck; readonly start: number; readonly span: number } | undefined;
  /** With byte actions (`LayoutSizes.byteActions`): the check that narrows them, its Int32 staging rows and range. */
  readonly #narrowCheck: NarrowCheck | undefined;
  /** NEXT_STEP: whether environment i ended on the last step (so its action is ignored and not checked). */
  readonly #ignored: ((i: number) => boolean) | undefined;
  /** An aligned copy of actions on their way into shared memory (see `#copyIntoShared`). */
  #scratch: Int32Array | Float64Array | undefined = undefined;
  #waiting = false;
  #closed = false;
  #broken: Error | undefined = undefined;
  /** A step or reset that failed in a component (a worker's or the main thread's shard): only a full reset is accepted until one succeeds. */
  #failed: Error | undefined = undefined;

  private constructor(init: {
    numEnvs: number;
    workers: Worker[];
    ports: MessagePort[];
    views: SharedViews;
    sizes: LayoutSizes;
    shards: { start: number; end: number }[];
    mainShard: Shard | undefined;
    mainSpins: number;
    observationSpace: Space<unknown>;
    actionSpace: Space<unknown>;
    metadata: EnvMetadata;
    autoresetMode: AutoresetMode;
    copy: boolean;
    timeoutMs: number;
    batched: boolean;
    allInRange: RangeCheck | undefined;
    checkNarrow: CheckNarrow | undefined;
  }) {
    this.numEnvs = init.numEnvs;
    this.numWorkers = init.workers.length;
    this.#workers = init.workers;
    this.#ports = init.ports;
    this.#views = init.views;
    this.#shards = init.shards;
    this.#mainShard = init.mainShard;
    this.mainThread = init.mainShard !== undefined;
    this.#mainSpins = init.mainSpins;
    this.singleObservationSpace = init.observationSpace;
    this.singleActionSpace = init.actionSpace;
    this.observationSpace = batchSpace(init.observationSpace, init.numEnvs) as Space<unknown>;
    this.actionSpace = batchSpace(init.actionSpace, init.numEnvs) as Space<unknown>;
    this.autoresetMode = init.autoresetMode;
    this.metadata = Object.freeze({ ...init.metadata, autoreset_mode: init.autoresetMode });
    this.#copy = init.copy;
    this.#timeoutMs = init.timeoutMs;
    this.batched = init.batched;
    const act = init.actionSpace;
    this.#actionLayout = {
      n: init.numEnvs,
      size: init.sizes.actionSize,
      discrete: act instanceof Discrete ? { start: act.start, end: act.start + act.n } : undefined,
      low: act instanceof Box ? Float64Array.from(act.low.data as ArrayLike<number>) : undefined,
      high: act instanceof Box ? Float64Array.from(act.high.data as ArrayLike<number>) : undefined,
      space: String(act),
    };
    const discrete = this.#actionLayout.discrete;
    this.#rangeCheck =
      init.allInRange !== undefined && discrete !== undefined && init.views.actions instanceof Int32Array && discrete.start >= -(2 ** 31) && discrete.end <= 2 ** 31
        ? { allInRange: init.allInRange, start: discrete.start, span: discrete.end - discrete.start }
        : undefined;
    const staging = init.views.actionStaging;
    if (staging !== undefined && (init.checkNarrow === undefined || discrete === undefined)) throw new Error("byte actions without their WebAssembly check");
    this.#narrowCheck =
      staging !== undefined && init.checkNarrow !== undefined && discrete !== undefined
        ? { checkNarrow: init.checkNarrow, staging, start: discrete.start, span: discrete.end - discrete.start }
        : undefined;
    const { terminations, truncations } = init.views;
    this.#ignored =
      init.autoresetMode === AutoresetMode.NEXT_STEP ? (i: number) => ((terminations[i] as number) | (truncations[i] as number)) === 1 : undefined;
    this.#observationShape = Object.freeze([...(init.observationSpace as Box<"float32">).shape]);
    this.#started = new Uint8Array(init.numEnvs);
  }

  /**
   * Starts the workers and builds every environment (in the workers, from `options.env`).
   * @throws ValidationError naming the bad option; ConfigurationError for a bad config (found in the main
   * thread before any worker starts); ValidationError when the observation space is not a float32 Box or
   * the action space is neither Discrete nor a numeric Box (what the shared buffers carry); the worker's
   * error when building fails there.
   */
  static async create<Obs = unknown>(options: AsyncVectorEnvOptions): Promise<AsyncVectorEnv<Obs>> {
    const parsed = parseWithSchema(AsyncVectorEnvOptionsSchema, options, { what: "AsyncVectorEnv options" });
    const numEnvs = parsed.numEnvs;
    const cores = availableParallelism();
    if (parsed.numWorkers !== undefined && parsed.numWorkers > MAX_WORKERS) {
      throw ValidationError.invalid("numWorkers", `an integer in [1, ${MAX_WORKERS}]`, parsed.numWorkers);
    }
    if (parsed.numWorkers !== undefined && parsed.numWorkers > cores && !parsed.oversubscribe) {
      throw ValidationError.invalid(
        "numWorkers",
        `at most ${cores}, the cores available (more threads than cores only take turns on them, each with its own memory; pass oversubscribe: true to start them anyway)`,
        parsed.numWorkers,
      );
    }
    // A config file path (spaces, '#' and non-ASCII characters included) as an absolute path, never a URL.
    const configPath =
      typeof parsed.env === "string" ? (parsed.env.startsWith("file:") ? fileURLToPath(parsed.env) : resolvePath(process.cwd(), parsed.env)) : undefined;
    const rawConfig: unknown = configPath === undefined ? parsed.env : await readConfigFile(configPath);
    const mainThread = resolveMainThread(parsed.mainThread, parsed.numWorkers, numEnvs, cores, builtinOnlyConfig(rawConfig));
    const numWorkers = parsed.numWorkers ?? Math.max(1, Math.min(numEnvs, cores) - (mainThread ? 1 : 0));
    const lanes = numWorkers + (mainThread ? 1 : 0);
    if (lanes > numEnvs) {
      throw ValidationError.invalid("numWorkers", `an integer in [1, ${numEnvs - (mainThread ? 1 : 0)}] (numEnvs${mainThread ? " - 1: the main thread takes a shard" : ""})`, numWorkers);
    }
    const spinIterations = parsed.spinIterations ?? (mainThread ? 2_000_000 : 0);
    const baseDir = parsed.baseDir;
    const template = await createEnvironmentFromConfig(configPath ?? (parsed.env as EnvironmentConfigInput), {
      ...(baseDir !== undefined && { baseDir }),
      allowModulePaths: parsed.allowModulePaths,
      ...(parsed.projectDir !== undefined && { projectDir: parsed.projectDir }),
      renderMode: null,
    });
    // What the config's plugins share with the workers (a movie's frames), exported while the template holds it.
    const shared = await exportPluginStates(rawConfig, {
      baseDir: baseDir ?? (configPath !== undefined ? dirname(configPath) : process.cwd()),
      allowModulePaths: parsed.allowModulePaths,
      projectDir: resolvePath(parsed.projectDir ?? process.cwd()),
    });
    const observationSpace = template.observationSpace as unknown as Space<unknown>;
    const actionSpace = template.actionSpace as unknown as Space<unknown>;
    if (!(observationSpace instanceof Box) || observationSpace.dtype !== "float32") {
      throw ValidationError.invalid("env", "an environment whose observation space is a float32 Box (what AsyncVectorEnv's shared buffers carry)", String(observationSpace));
    }
    const actionOk = actionSpace instanceof Discrete || (actionSpace instanceof Box && actionSpace.dtype !== "int64" && actionSpace.dtype !== "uint64");
    if (!actionOk) throw ValidationError.invalid("env", "an environment whose action space is Discrete or a numeric Box", String(actionSpace));
    const plan = planBatch({
      action: template.actionProcessor,
      sensor: template.sensor,
      reward: template.rewardFunction,
      plume: template.plume,
      wind: template.wind,
    });
    template.close();
    const observationSize = observationSpace.shape.reduce((a, b) => a * b, 1);
    // Each environment's objects, and its rows of shared memory (observations and final observations, flags, infos).
    assertWithinMemoryBudget(numEnvs * (ENV_BYTES_ESTIMATE + 8 * observationSize + 256), `${numEnvs} environments`, "numEnvs", numEnvs);
    let sizes: LayoutSizes = {
      numEnvs,
      numWorkers,
      actionSize: actionSpace instanceof Discrete ? 1 : (actionSpace as Box<"float32">).shape.reduce((a, b) => a * b, 1),
      // Int32 holds every action of a Discrete space in the int32 range (any sane one).
      discreteActions: actionSpace instanceof Discrete && actionSpace.start >= -(2 ** 31) && actionSpace.start + actionSpace.n <= 2 ** 31,
      // Actions in 0..255 travel between threads as bytes, narrowed as they are checked (a quarter of the cache lines).
      byteActions: actionSpace instanceof Discrete && actionSpace.start >= 0 && actionSpace.start + actionSpace.n <= 256 && rangeChecksAvailable(),
      observationSize: observationSpace.shape.reduce((a, b) => a * b, 1),
    };
    // Discrete actions are checked by WebAssembly where it can (the buffer is then a wasm memory's).
    const memory = sizes.discreteActions ? checkedSharedMemory(sharedByteLength(sizes)) : undefined;
    // Should the wasm memory be refused after all, the plain buffer is big enough for the Int32 layout.
    if (sizes.byteActions && memory?.checkNarrow === undefined) sizes = { ...sizes, byteActions: false };
    const buffer = memory?.buffer ?? new SharedArrayBuffer(sharedByteLength(sizes));
    const views = sharedViews(sizes, buffer);
    const resolvedBase = baseDir ?? (configPath !== undefined ? dirname(configPath) : process.cwd());
    // Lane 0 is the main thread's when it takes a shard; workers take the others.
    const laneShards = Array.from({ length: lanes }, (_, l) => shardOf(l, numEnvs, lanes));
    const shards = laneShards.slice(mainThread ? 1 : 0);
    // What every shard builds its environments from (a config file path made absolute).
    const shardConfig = configPath ?? (parsed.env as EnvironmentConfigInput);
    const workers: Worker[] = [];
    const ports: MessagePort[] = [];
    try {
      for (let w = 0; w < numWorkers; w++) {
        const channel = new MessageChannel();
        const shard = shards[w] as { start: number; end: number };
        const init: WorkerInit = {
          index: w,
          start: shard.start,
          end: shard.end,
          sizes,
          buffer,
          port: channel.port2,
          config: shardConfig,
          baseDir: resolvedBase,
          allowModulePaths: parsed.allowModulePaths,
          projectDir: resolvePath(parsed.projectDir ?? process.cwd()),
          autoresetMode: parsed.autoresetMode,
          batch: parsed.batch,
          spinIterations,
          mainThread,
          lazyInfo: !parsed.copy,
          shared,
        };
        workers.push(new Worker(WORKER_URL, { workerData: init, transferList: [channel.port2] }));
        ports.push(channel.port1);
      }
      let mainShard: Shard | undefined;
      if (mainThread) {
        const own = laneShards[0] as { start: number; end: number };
        // The main thread's shard adopts the same shared state (should the template's copy have been collected).
        await importPluginStates(shared, { baseDir: resolvedBase, allowModulePaths: parsed.allowModulePaths, projectDir: resolvePath(parsed.projectDir ?? process.cwd()) });
        const vec = await buildShardEnv(shardConfig, resolvedBase, views, own.start, own.end, parsed);
        mainShard = new Shard(vec, views, own.start, own.end, sizes.actionSize, sizes.observationSize, !parsed.copy);
      }
      const ready = await Promise.all(workers.map((worker, w) => waitReady(worker, w, parsed.buildTimeoutMs)));
      // From now on the workers never keep the process alive: a script that ends without close() exits.
      for (const worker of workers) worker.unref();
      for (const port of ports) port.unref();
      return new AsyncVectorEnv<Obs>({
        numEnvs,
        workers,
        ports,
        views,
        sizes,
        shards,
        mainShard,
        mainSpins: spinIterations,
        observationSpace,
        actionSpace,
        metadata: template.metadata,
        autoresetMode: parsed.autoresetMode,
        copy: parsed.copy,
        timeoutMs: parsed.timeoutMs,
        batched: plan !== undefined && parsed.batch === "auto" && ready.every((r) => r) && (mainShard?.batched ?? true),
        allInRange: memory?.allInRange,
        checkNarrow: memory?.checkNarrow,
      });
    } catch (error) {
      await Promise.all(workers.map((worker) => worker.terminate()));
      ports.forEach((port) => port.close());
      throw error;
    }
  }

  /**
   * Resets the environments selected by `options.reset_mask` (default all), as `SyncVectorEnv.reset`.
   * @throws ValidationError for a bad seed or mask; StateError after close, while a step is in flight,
   * or when a first reset leaves an environment out; the worker's error if one fails.
   */
  reset(options: VectorResetOptions = {}): VectorResetResult<Obs> {
    this.#assertUsable("reset");
    const n = this.numEnvs;
    if (options === null || typeof options !== "object") throw ValidationError.invalid("options", "{ seed?, options? }", options);
    const seeds = perEnvSeeds(options.seed, n);
    const { mask, rest } = resetMask(options.options, n);
    if (rest !== undefined) throw ValidationError.invalid("options", "only reset_mask (other reset options do not reach the workers)", Object.keys(rest));
    assertFirstResetCovers(mask, this.#started);
    if (this.#failed !== undefined && mask.some((m) => m === 0)) throw failedStateError("reset only some environments", this.#failed);
    const v = this.#views;
    for (let i = 0; i < n; i++) {
      const seed = seeds[i];
      v.seedGiven[i] = seed === undefined ? 0 : 1;
      v.seeds[i] = seed ?? 0;
      v.resetMask[i] = mask[i] as number;
    }
    v.info.cancelDeferred();
    this.#send(COMMAND.RESET);
    this.#wait("reset");
    this.#failed = undefined;
    for (let i = 0; i < n; i++) {
      if (mask[i] === 1) {
        this.#started[i] = 1;
      }
    }
    return [this.#observations(), v.info.toInfo(this.#copy)];
  }

  /**
   * `stepAsync(actions)` then `stepWait()`, except that the main thread's shard reads its actions from
   * `actions` itself (validated) instead of from the shared copy: no caller code runs in between that
   * could change them.
   */
  step(actions: unknown): VectorStepResult<Obs> {
    this.#stepAsync(actions, true);
    return this.stepWait();
  }

  /**
   * Validates `actions`, writes them to the shared buffer and starts every worker; returns at once.
   * @throws ValidationError naming `actions[i]` (nothing is sent then); StateError before reset, after
   * close, while another step is in flight, or (DISABLED) when an ended environment was not reset.
   */
  stepAsync(actions: unknown): void {
    this.#stepAsync(actions, false);
  }

  #stepAsync(actions: unknown, lendToMainShard: boolean): void {
    this.#assertUsable("step");
    const n = this.numEnvs;
    if (this.#started[0] === 0) throw new StateError("step() called before reset()", { currentState: "CREATED", allowedStates: ["READY"] });
    if (this.#failed !== undefined) throw failedStateError("step", this.#failed);
    if (this.autoresetMode === AutoresetMode.DISABLED) {
      const { terminations, truncations } = this.#views;
      assertNoneEnded(n, (i) => ((terminations[i] as number) | (truncations[i] as number)) === 1);
    }
    this.#mainActions = this.#writeActions(actions, lendToMainShard);
    this.#send(COMMAND.STEP);
    this.#waiting = true;
  }

  /** Waits for the step started by `stepAsync`: `[observations, rewards, terminations, truncations, infos]`. */
  stepWait(): VectorStepResult<Obs> {
    if (this.#closed) throw new StateError("cannot stepWait() on a closed vector environment", { currentState: "CLOSED", allowedStates: ["STEPPING"] });
    if (!this.#waiting) throw new StateError("stepWait() without stepAsync()", { currentState: "READY", allowedStates: ["STEPPING"] });
    this.#waiting = false;
    this.#wait("step");
    const v = this.#views;
    const n = this.numEnvs;
    const finalMask = v.finalMask;
    let anyFinal = 0;
    if (this.autoresetMode === AutoresetMode.SAME_STEP) {
      for (let i = 0; i < n; i++) anyFinal |= finalMask[i] as number;
    }
    const copy = this.#copy;
    v.info.cancelDeferred();
    if (!copy) {
      // Batched shards leave their infos unwritten until they are read: ask for them then.
      const own = this.#mainShard?.presence;
      let presence = own ?? 0;
      let anyDeferred = own !== undefined && own >= 0;
      for (let w = 0; w < this.numWorkers; w++) {
        const lane = Atomics.load(v.control, w * CONTROL.STRIDE + CONTROL.PRESENCE);
        if (lane >= 0) anyDeferred = true;
        presence = lane < 0 || presence < 0 ? -1 : presence | lane;
      }
      if (presence >= 0) v.info.deferFill(presence, this.#fetchInfoLater);
      else if (anyDeferred) this.#fetchInfo(); // some shards wrote their infos (e.g. SAME_STEP finals), others wait to be asked
    }
    let infos: VectorInfo = v.info.toInfo(copy);
    if (anyFinal !== 0) {
      infos = {
        ...infos,
        final_obs: ndarray("float32", [n, ...this.#observationShape], copy ? v.finalObservations.slice() : v.finalObservations),
        _final_obs: ndarray("bool", [n], v.finalMask.slice()),
        final_info: v.finalInfo.toInfo(copy),
        _final_info: ndarray("bool", [n], v.finalMask.slice()),
      };
    }
    if (!copy) {
      const views = (this.#viewResults ??= [
        this.#observations(),
        ndarray("float64", [n], v.rewards),
        ndarray("bool", [n], v.terminations),
        ndarray("bool", [n], v.truncations),
      ] as const);
      return [views[0], views[1], views[2], views[3], infos];
    }
    return [
      this.#observations(),
      ndarray("float64", [n], v.rewards.slice()),
      ndarray("bool", [n], v.terminations.slice()),
      ndarray("bool", [n], v.truncations.slice()),
      infos,
    ];
  }

  /** Ends every worker (waits up to `timeoutMs` for a clean exit, then terminates). Idempotent; never throws. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // With a step in flight (or a broken worker) the workers are not waiting for a command: end them now.
    const graceful = this.#broken === undefined && !this.#waiting;
    this.#waiting = false;
    if (graceful) {
      try {
        this.#send(COMMAND.CLOSE);
      } catch {
        // fall through to terminate
      }
    }
    await Promise.all(
      this.#workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!graceful) {
              void worker.terminate().then(() => resolve(), () => resolve());
              return;
            }
            const timer = setTimeout(() => void worker.terminate().then(() => resolve(), () => resolve()), Math.min(this.#timeoutMs, 5_000));
            worker.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
            if (worker.threadId < 0) {
              clearTimeout(timer);
              resolve();
            }
          }),
      ),
    );
    this.#ports.forEach((port) => port.close());
    this.#mainShard?.close();
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Calls the method `name` of every environment with `args`, in the threads that hold them, or reads the
   * attribute when it is not a method (Gymnasium's `call`); one result per environment. Arguments and
   * results cross threads by structured clone: class instances arrive as plain objects, functions cannot
   * be sent. `reset`, `step` and `close` are refused: use the vector env's own.
   * @throws ValidationError (`parameter` `"name"` or `"args"`) for an unknown name, a refused method or
   * arguments that cannot be cloned; a worker's error as the same kind of error; StateError when the env
   * is closed, broken, or stepping.
   */
  call(name: string, ...args: unknown[]): unknown[] {
    if (typeof name === "string" && REFUSED_CALLS.has(name)) {
      throw ValidationError.invalid("name", `a method other than ${[...REFUSED_CALLS].join(", ")} (use the vector env's own ${name}())`, name);
    }
    return this.#callShards("call", () => ({ kind: "call", name, args }), "args");
  }

  /** The attribute `name` of every environment, copied from the threads that hold them (Gymnasium's `get_attr`; see `call`). */
  getAttr(name: string): unknown[] {
    return this.#callShards("getAttr", () => ({ kind: "get", name }), "name");
  }

  /**
   * Sets the attribute `name` of every environment (Gymnasium's `set_attr`): `values` is an array of one
   * value per environment, or one value for all; values are structured-cloned to the workers.
   * @throws ValidationError (`parameter` `"values"`) for an array of the wrong length or values that cannot be cloned.
   */
  setAttr(name: string, values: unknown): void {
    const perEnv = valuesPerEnv(values, this.numEnvs);
    this.#callShards("setAttr", (start, end) => ({ kind: "set", name, values: perEnv.slice(start, end) }), "values");
  }

  /**
   * Every environment's `render(mode)`, rendered in its worker (Gymnasium's `render`, `call("render")`).
   * The workers build their environments without a render mode, so pass one: `render("rgb_array")`.
   */
  render(mode?: string): unknown[] {
    return mode === undefined ? this.call("render") : this.call("render", mode);
  }

  toString(): string {
    const lanes = `${this.numWorkers} worker${this.numWorkers === 1 ? "" : "s"}${this.#mainShard === undefined ? "" : " + the main thread"}`;
    return `AsyncVectorEnv(${this.numEnvs} envs on ${lanes}${this.batched ? ", batched" : ""})`;
  }

  // ---------------------------------------------------------------- internals

  /**
   * Runs a call request in every shard: posts each worker its request (checked to be cloneable first, so
   * that no worker is left a request it never reads), signals CALL, waits, runs the main thread's shard,
   * and gathers the results in environment order.
   */
  #callShards(call: string, request: (start: number, end: number) => CallRequest, parameter: string): unknown[] {
    this.#assertUsable(call);
    const requests = this.#shards.map(({ start, end }) => request(start, end));
    try {
      requests.forEach((r) => structuredClone(r));
    } catch (error) {
      throw new ValidationError(`${call}(): its ${parameter} cannot be sent to the worker threads (${(error as Error).message})`, {
        parameter,
        expected: "values that survive structuredClone (no functions, no class behaviour)",
        received: undefined,
        cause: error,
      });
    }
    requests.forEach((r, w) => (this.#ports[w] as MessagePort).postMessage(r));
    this.#send(COMMAND.CALL);
    this.#wait(call);
    const results = new Array<unknown>(this.numEnvs);
    this.#shards.forEach(({ start }, w) => {
      const reply = receiveMessageOnPort(this.#ports[w] as MessagePort)?.message as { type?: string; values?: unknown[] } | undefined;
      if (reply?.type !== "call-result" || !Array.isArray(reply.values)) {
        throw new ComponentError(`AsyncVectorEnv worker ${w} (environments ${this.#shardText(w)}) sent no result for ${call}()`, { component: "worker" });
      }
      reply.values.forEach((v, k) => (results[start + k] = v));
    });
    const own = this.#mainShard;
    if (own !== undefined) {
      // Copied as the workers' results are, so that every environment's result behaves alike.
      const values = own.call(request(own.start, own.end));
      let copies: unknown[];
      try {
        copies = structuredClone(values);
      } catch (error) {
        throw new ComponentError(`${call}() returned a value that cannot be copied between threads (${(error as Error).message})`, { component: "main thread shard", cause: error });
      }
      copies.forEach((v, k) => (results[own.start + k] = v));
    }
    return request(0, 0).kind === "set" ? [] : results;
  }

  #observations(): Obs {
    const data = this.#views.observations;
    return ndarray("float32", [this.numEnvs, ...this.#observationShape], this.#copy ? data.slice() : data) as Obs;
  }

  /**
   * Validates `actions` and writes them into shared memory. With the WebAssembly check (an `Int32Array`
   * of Discrete actions), every row is copied and then checked there; returns undefined. Otherwise the
   * JavaScript check runs first, and when `lend` and the caller's validated typed array can serve as is,
   * only the workers' rows are copied and the main thread's shard's rows of the caller's array are
   * returned; else undefined (every row is in shared memory).
   */
  #writeActions(actions: unknown, lend: boolean): Int32Array | Float64Array | undefined {
    // NEXT_STEP: an environment whose flags are set ended on the last step; the workers ignore its action.
    const ignored = this.#ignored;
    const narrow = this.#narrowCheck;
    if (narrow !== undefined) {
      this.#writeByteActions(narrow, actions, ignored);
      return undefined;
    }
    const shared = this.#views.actions as Int32Array | Float64Array; // bytes only with #narrowCheck
    const range = this.#rangeCheck;
    const source = range === undefined ? undefined : ((actions as { data?: unknown } | null)?.data ?? actions);
    if (range !== undefined && source instanceof Int32Array && source.length === shared.length) {
      // Copy every row, then check them where they landed, in WebAssembly; only a batch that fails the
      // check takes the element-by-element pass, which names the action (or lets an ignored one be).
      // Nothing has been signalled yet, so a bad action moves no environment.
      this.#copyIntoShared(shared, source, 0);
      if (!range.allInRange(shared.byteOffset, shared.length, range.start, range.span)) {
        readBatchActions(this.#actionLayout, source, shared, true, ignored);
      }
      return undefined;
    }
    const read = readBatchActions(this.#actionLayout, actions, shared, true, ignored);
    if (read === shared) return undefined;
    const given = read as Int32Array | Float64Array; // a pass-through is the caller's Int32Array or Float64Array
    const mainRows = this.#mainShard === undefined || !lend || given.constructor !== shared.constructor ? 0 : this.#mainShard.end * this.#actionLayout.size;
    this.#copyIntoShared(shared, given, mainRows);
    return mainRows === 0 ? undefined : given.subarray(0, mainRows);
  }

  /**
   * Byte actions: an `Int32Array` is copied into the staging rows and checked and narrowed into the
   * shared byte rows in one WebAssembly call; anything else, or a batch that fails that check, takes the
   * JavaScript check (which names the bad action, or lets an ended environment's be in NEXT_STEP) and a
   * converting copy. Bytes are exact for every action that is used.
   */
  #writeByteActions(narrow: NarrowCheck, actions: unknown, ignored: ((i: number) => boolean) | undefined): void {
    const bytes = this.#views.actions;
    let staging = narrow.staging[0];
    const source = (actions as { data?: unknown } | null)?.data ?? actions;
    if (source instanceof Int32Array && source.length === staging.length) {
      staging = narrow.staging[(source.byteOffset & 4) >> 2] as Int32Array;
      staging.set(source);
      if (narrow.checkNarrow(staging.byteOffset, bytes.byteOffset, staging.length, narrow.start, narrow.span)) return;
      readBatchActions(this.#actionLayout, source, staging, true, ignored);
    } else {
      const read = readBatchActions(this.#actionLayout, actions, staging, true, ignored);
      if (read !== staging) staging.set(read as Int32Array | Float64Array);
    }
    bytes.set(staging);
  }

  /**
   * `target.set(source.subarray(from), from)`, fast also when the two are differently aligned: V8 copies
   * into shared memory word by word only when source and target share their alignment, byte by byte
   * otherwise (about 6x slower), so such a source goes through an aligned scratch copy first.
   */
  #copyIntoShared(target: Int32Array | Float64Array, source: Int32Array | Float64Array, from: number): void {
    const rows = source.subarray(from);
    if (rows.length === 0) return;
    if (rows.constructor !== target.constructor || (rows.byteOffset & 7) === ((target.byteOffset + from * target.BYTES_PER_ELEMENT) & 7)) {
      target.set(rows, from);
      return;
    }
    const scratch = (this.#scratch ??= target instanceof Int32Array ? new Int32Array(target.length) : new Float64Array(target.length)).subarray(0, rows.length);
    scratch.set(rows);
    target.set(scratch, from);
  }

  readonly #fetchInfoLater = (): void => this.#fetchInfo();

  /** Fills the info rows of the last step in every shard (a read of a `copy: false` info). */
  #fetchInfo(): void {
    if (this.#closed || this.#broken !== undefined || this.#waiting) {
      throw new StateError("the infos of a step can be read only until the next step or reset starts (copy: false)", {
        currentState: this.#closed ? "CLOSED" : this.#waiting ? "STEPPING" : "BROKEN",
        allowedStates: ["READY"],
      });
    }
    this.#send(COMMAND.INFO);
    this.#wait("infos");
  }

  #send(command: number): void {
    const control = this.#views.control;
    this.#sequence += 1;
    // Each seq-cst store costs a full fence: skip those that change nothing (the workers count who
    // finished only when the main thread sleeps; the command is usually STEP again).
    if (this.#mainShard === undefined) Atomics.store(control, this.numWorkers * CONTROL.STRIDE + CONTROL.FINISHED, 0);
    for (let w = 0; w < this.numWorkers; w++) {
      const base = w * CONTROL.STRIDE;
      if (Atomics.load(control, base + CONTROL.COMMAND) !== command) Atomics.store(control, base + CONTROL.COMMAND, command);
      Atomics.store(control, base + CONTROL.SEQUENCE, this.#sequence);
      if (Atomics.load(control, base + CONTROL.SLEEPING) === 1) Atomics.notify(control, base + CONTROL.SEQUENCE);
    }
  }

  /** Blocks until every worker finished the current command; turns worker errors and deaths into errors. */
  #wait(call: string): void {
    const control = this.#views.control;
    const sequence = this.#sequence;
    const lent = this.#mainActions;
    this.#mainActions = undefined;
    let firstError: Error | undefined;
    if (this.#mainShard !== undefined) {
      try {
        this.#mainShard.run(Atomics.load(control, CONTROL.COMMAND), lent);
      } catch (error) {
        firstError = error instanceof Error ? error : new ComponentError(String(error), { component: "main thread shard" });
      }
    }
    // Taken when first needed: a worker that is already done costs no clock read.
    let deadline = -1;
    const spins = this.#mainSpins;
    for (let w = 0; w < this.numWorkers; w++) {
      const base = w * CONTROL.STRIDE;
      for (;;) {
        const done = Atomics.load(control, base + CONTROL.DONE);
        if (done === sequence) break;
        if (done === -1 || Atomics.load(control, base + CONTROL.STATUS) === STATUS.DEAD) {
          const last = this.#drainError(w)?.message;
          this.#broken = new ComponentError(`AsyncVectorEnv worker ${w} (environments ${this.#shardText(w)}) died during ${call}()`, {
            component: "worker",
            ...(last !== undefined && { received: last }),
          });
          throw this.#broken;
        }
        if (deadline < 0) deadline = performance.now() + this.#timeoutMs;
        const left = deadline - performance.now();
        if (left <= 0) {
          this.#broken = new ComponentError(`AsyncVectorEnv worker ${w} (environments ${this.#shardText(w)}) did not answer ${call}() within ${this.#timeoutMs} ms`, {
            component: "worker",
          });
          throw this.#broken;
        }
        if (spins > 0) {
          let polled = 0;
          while (polled++ < spins && Atomics.load(control, base + CONTROL.DONE) === done);
          if (Atomics.load(control, base + CONTROL.DONE) !== done) continue;
        }
        Atomics.wait(control, base + CONTROL.DONE, done, Math.min(left, 100));
      }
      if (Atomics.load(control, base + CONTROL.STATUS) === STATUS.ERROR && firstError === undefined) firstError = this.#workerError(w, call);
    }
    if (firstError !== undefined) {
      if (call === "step" || call === "reset") this.#failed = firstError;
      throw firstError;
    }
  }

  /** Whether a step or reset failed in a component, so that only a reset of every environment is accepted. */
  get failed(): boolean {
    return this.#failed !== undefined;
  }


  #shardText(w: number): string {
    const shard = this.#shards[w] as { start: number; end: number };
    return `${shard.start}..${shard.end - 1}`;
  }

  #drainError(w: number): WorkerErrorData | undefined {
    let found: WorkerErrorData | undefined;
    for (;;) {
      const received = receiveMessageOnPort(this.#ports[w] as MessagePort);
      if (received === undefined) return found;
      const message = received.message as { type?: string; error?: WorkerErrorData };
      if (message.type === "error" && found === undefined) found = message.error;
    }
  }

  /** Worker `w`'s error, rebuilt as the same kind of Plume error with environment indices made global. */
  #workerError(w: number, call: string): Error {
    const data = this.#drainError(w);
    const where = `AsyncVectorEnv worker ${w}, environments ${this.#shardText(w)}`;
    if (data === undefined) return new ComponentError(`${call}() failed in ${where}`, { component: "worker" });
    return rebuild(data, where, (this.#shards[w] as { start: number }).start);
  }

  #assertUsable(call: string): void {
    if (this.#closed) throw new StateError(`cannot ${call} a closed vector environment`, { currentState: "CLOSED", allowedStates: ["READY"] });
    if (this.#broken !== undefined) {
      throw new StateError(`this AsyncVectorEnv is broken (${this.#broken.message}); close it and create a new one`, {
        currentState: "BROKEN",
        allowedStates: ["READY"],
      });
    }
    if (this.#waiting) throw new StateError(`cannot ${call} while a step is in flight; call stepWait() first`, { currentState: "STEPPING", allowedStates: ["READY"] });
  }
}

/** Resolves with whether worker `w` steps batched, or rejects with its build error, its exit, or after `timeoutMs`. */
function waitReady(worker: Worker, w: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new ComponentError(`AsyncVectorEnv worker ${w} did not finish building its environments within ${timeoutMs} ms (buildTimeoutMs): a plugin's create() may never return`, {
            component: "worker",
          }),
        ),
      timeoutMs,
    );
    const onExit = (code: number) => {
      clearTimeout(timer);
      reject(new ComponentError(`AsyncVectorEnv worker ${w} exited with code ${code} while building its environments`, { component: "worker" }));
    };
    worker.once("exit", onExit);
    worker.once("error", (error) => {
      clearTimeout(timer);
      reject(new ComponentError(`AsyncVectorEnv worker ${w} failed to start: ${error.message}`, { component: "worker", cause: error }));
    });
    worker.once("message", (message: { type?: string; batched?: boolean; error?: WorkerErrorData }) => {
      clearTimeout(timer);
      worker.off("exit", onExit);
      if (message.type === "ready") resolve(message.batched === true);
      else if (message.error !== undefined) reject(rebuild(message.error, `AsyncVectorEnv worker ${w}`, 0));
      else reject(new ComponentError(`AsyncVectorEnv worker ${w} failed`, { component: "worker" }));
    });
  });
}
