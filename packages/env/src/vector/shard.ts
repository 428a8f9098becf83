/**
 * One shard of an `AsyncVectorEnv`: environments `[start, end)` stepped by a `SyncVectorEnv`, whose
 * results are written into the shared buffer's rows of those environments. Runs in a worker thread, or
 * in the main thread for the main thread's own shard (`mainThread: true`).
 */
import { createEnvironmentFromConfig } from "../config/files.js";
import type { EnvironmentConfigInput } from "../config/schema.js";
import { AutoresetMode } from "./options.js";
import { COMMAND, type SharedViews } from "./shared-layout.js";
import { SyncVectorEnv, createShardVectorEnv } from "./sync.js";

/**
 * The vector env of environments `[start, end)`, built from `config`, results as views (`copy: false`).
 * On the batch path its kernel writes observations (and, except in SAME_STEP mode, where the vector env
 * keeps its own copies of the flags and rewards, rewards and flags) straight into those rows of `views`,
 * and it takes the actions there as validated (the main thread validated every action before sending).
 */
export async function buildShardEnv(
  config: EnvironmentConfigInput | string,
  baseDir: string,
  views: SharedViews,
  start: number,
  end: number,
  options: {
    readonly autoresetMode: AutoresetMode;
    readonly batch: "auto" | "off";
    readonly allowModulePaths?: boolean | undefined;
    readonly projectDir?: string | undefined;
  },
): Promise<SyncVectorEnv<unknown, unknown>> {
  const envs = [];
  for (let i = start; i < end; i++) envs.push(
      await createEnvironmentFromConfig(config, {
        baseDir,
        allowModulePaths: options.allowModulePaths,
        ...(options.projectDir !== undefined && { projectDir: options.projectDir }),
        renderMode: null,
      }),
    );
  const size = views.observations.length / views.rewards.length;
  const flags =
    options.autoresetMode === AutoresetMode.SAME_STEP
      ? {}
      : { rewards: views.rewards.subarray(start, end), terminated: views.terminations.subarray(start, end), truncated: views.truncations.subarray(start, end) };
  return createShardVectorEnv(
    envs.map((env) => () => env),
    { autoresetMode: options.autoresetMode, copy: false, batch: options.batch },
    { outputs: { observations: views.observations.subarray(start * size, end * size), ...flags }, trustedActions: true },
  );
}

/**
 * Copies `source` into `target` at `offset` unless it already is that memory (a kernel writing into
 * shared rows). Returns 1 when it copied, 0 when it did not need to.
 */
function setUnlessSame(target: Float32Array | Float64Array | Uint8Array, source: Float32Array | Float64Array | Uint8Array, offset: number): number {
  if (source.buffer === target.buffer && source.byteOffset === target.byteOffset + offset * target.BYTES_PER_ELEMENT) return 0;
  target.set(source, offset);
  return 1;
}

/** A `call` / `getAttr` / `setAttr` request for a shard's environments (sent to a worker as a message). */
export type CallRequest =
  | { readonly kind: "call"; readonly name: string; readonly args: readonly unknown[] }
  | { readonly kind: "get"; readonly name: string }
  | { readonly kind: "set"; readonly name: string; readonly values: readonly unknown[] };

export class Shard {
  readonly #vec: SyncVectorEnv<unknown, unknown>;
  readonly #views: SharedViews;
  readonly #start: number;
  readonly #end: number;
  readonly #observationSize: number;
  /** Whether this shard's final rows hold data from an earlier step. */
  #finalsWritten = false;
  /** This shard's rows of the shared actions (what a STEP reads when not handed its actions). */
  readonly #actionRows: Int32Array | Float64Array | Uint8Array;
  /**
   * The result arrays of the last STEP when they were found to be this shard's shared rows themselves
   * (a batched kernel writing in place, `copy: false`): the same arrays again need no copying or checking.
   */
  #inPlace: readonly [unknown, unknown, unknown, unknown] | undefined = undefined;
  /** Only SAME_STEP steps report final observations. */
  readonly #reportsFinals: boolean;

  /** With `lazyInfo`, a STEP leaves the batched infos deferred until an INFO command asks for them. */
  readonly #lazyInfo: boolean;

  constructor(
    vec: SyncVectorEnv<unknown, unknown>,
    views: SharedViews,
    start: number,
    end: number,
    actionSize: number,
    observationSize: number,
    lazyInfo = false,
  ) {
    this.#lazyInfo = lazyInfo;
    this.#vec = vec;
    this.#views = views;
    this.#start = start;
    this.#end = end;
    this.#observationSize = observationSize;
    this.#actionRows = views.actions.subarray(start * actionSize, end * actionSize);
    this.#reportsFinals = vec.autoresetMode === AutoresetMode.SAME_STEP;
  }

  get batched(): boolean {
    return this.#vec.batched;
  }

  close(): void {
    this.#vec.close();
  }

  /** The info key bits still deferred after the last STEP (-1: its infos are written). */
  get presence(): number {
    return this.#vec.deferredInfoPresence;
  }

  /** Runs a call request on this shard's environments: one result per environment (none for `set`). */
  call(request: CallRequest): unknown[] {
    if (request.kind === "call") return this.#vec.call(request.name, ...request.args);
    if (request.kind === "get") return this.#vec.getAttr(request.name);
    this.#vec.setAttr(request.name, [...request.values]);
    return [];
  }

  /** The shard's environments are `[start, end)`. */
  get start(): number {
    return this.#start;
  }

  get end(): number {
    return this.#end;
  }

  /**
   * Runs a RESET, STEP or INFO command on this shard. A STEP takes its actions from shared memory, or
   * from `actions` when given (the main thread's shard, handed the caller's validated rows).
   */
  run(command: number, actions?: Int32Array | Float64Array): void {
    const views = this.#views;
    if (command === COMMAND.INFO) {
      this.#vec.writeInfoInto(views.info, this.#start);
      return;
    }
    const start = this.#start;
    const end = this.#end;
    if (command === COMMAND.STEP) {
      const [observations, rewards, terminations, truncations, infos] = this.#vec.step(actions ?? this.#actionRows);
      const placed = this.#inPlace;
      if (placed === undefined || placed[0] !== observations || placed[1] !== rewards || placed[2] !== terminations || placed[3] !== truncations) {
        this.#place(observations as { data: Float32Array }, rewards, terminations, truncations);
      }
      this.#writeInfos(infos, this.#lazyInfo);
      return;
    }
    if (command === COMMAND.RESET) {
      const seed = Array.from({ length: end - start }, (_, k) => (views.seedGiven[start + k] === 1 ? (views.seeds[start + k] as number) : null));
      const mask = Array.from(views.resetMask.subarray(start, end), (v) => v === 1);
      const [observations, infos] = this.#vec.reset({ seed, options: { reset_mask: mask } });
      // The flags double as "ended, not yet reset": clear them only for the environments reset.
      for (let i = start; i < end; i++) {
        if (views.resetMask[i] === 1) {
          views.rewards[i] = 0;
          views.terminations[i] = 0;
          views.truncations[i] = 0;
        }
      }
      setUnlessSame(views.observations, (observations as { data: Float32Array }).data, start * this.#observationSize);
      this.#writeInfos(infos, false);
    }
  }

  /** Copies a STEP's results into this shard's rows, and remembers them when they already were those rows. */
  #place(
    observations: { readonly data: Float32Array },
    rewards: { readonly data: Float64Array },
    terminations: { readonly data: Uint8Array },
    truncations: { readonly data: Uint8Array },
  ): void {
    const views = this.#views;
    const start = this.#start;
    const copied =
      setUnlessSame(views.observations, observations.data, start * this.#observationSize) |
      setUnlessSame(views.rewards, rewards.data, start) |
      setUnlessSame(views.terminations, terminations.data, start) |
      setUnlessSame(views.truncations, truncations.data, start);
    this.#inPlace = copied === 0 ? [observations, rewards, terminations, truncations] : undefined;
  }

  #writeInfos(infos: Readonly<Record<string, unknown>>, lazy: boolean): void {
    const views = this.#views;
    const start = this.#start;
    const end = this.#end;
    const count = end - start;
    const size = this.#observationSize;
    if (!(lazy && this.#vec.deferredInfoPresence >= 0) && !this.#vec.writeInfoInto(views.info, start)) {
      views.info.setFromInfo(start, infos, count);
    }
    if (!this.#reportsFinals) return;
    const finalMask = (infos._final_obs as { data?: Uint8Array } | undefined)?.data;
    if (finalMask !== undefined) {
      views.finalMask.set(finalMask, start);
      views.finalObservations.set((infos.final_obs as { data: Float32Array }).data, start * size);
      views.finalInfo.setFromInfo(start, infos.final_info as Readonly<Record<string, unknown>>, count);
      this.#finalsWritten = true;
    } else if (this.#finalsWritten) {
      // Clear the shard's final rows once after a step that had some (not on every step).
      views.finalMask.fill(0, start, end);
      views.finalObservations.fill(0, start * size, end * size);
      views.finalInfo.setFromInfo(start, {}, count);
      this.#finalsWritten = false;
    }
  }
}
