/**
 * One shard of an `AsyncVectorEnv`: environments `[start, end)` stepped by a `SyncVectorEnv`, whose
 * results are written into the shared buffer's rows of those environments. Runs in a worker thread, or
 * in the main thread for the main thread's own shard (`mainThread: true`).
 */
import { createEnvironmentFromConfig } from "../config/create.js";
import type { EnvironmentConfigInput } from "../config/schema.js";
import type { AutoresetMode } from "./options.js";
import { COMMAND, type SharedViews } from "./shared-layout.js";
import { SyncVectorEnv } from "./sync.js";

/** The vector env of a shard: `count` envs built from `config`, results as views (`copy: false`). */
export async function buildShardEnv(
  config: EnvironmentConfigInput | string,
  baseDir: string,
  count: number,
  options: { readonly autoresetMode: AutoresetMode; readonly batch: "auto" | "off" },
): Promise<SyncVectorEnv<unknown, unknown>> {
  const envs = [];
  for (let i = 0; i < count; i++) envs.push(await createEnvironmentFromConfig(config, { baseDir, renderMode: null }));
  return new SyncVectorEnv(
    envs.map((env) => () => env),
    { autoresetMode: options.autoresetMode, copy: false, batch: options.batch },
  );
}

export class Shard {
  readonly #vec: SyncVectorEnv<unknown, unknown>;
  readonly #views: SharedViews;
  readonly #start: number;
  readonly #end: number;
  readonly #actionSize: number;
  readonly #observationSize: number;
  /** Whether this shard's final rows hold data from an earlier step. */
  #finalsWritten = false;

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
    this.#actionSize = actionSize;
    this.#observationSize = observationSize;
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

  /** Runs a RESET, STEP or INFO command on this shard. */
  run(command: number): void {
    const views = this.#views;
    if (command === COMMAND.INFO) {
      this.#vec.writeInfoInto(views.info, this.#start);
      return;
    }
    const start = this.#start;
    const end = this.#end;
    if (command === COMMAND.STEP) {
      const actions = views.actions.subarray(start * this.#actionSize, end * this.#actionSize);
      const [observations, rewards, terminations, truncations, infos] = this.#vec.step(actions);
      views.rewards.set(rewards.data, start);
      views.terminations.set(terminations.data, start);
      views.truncations.set(truncations.data, start);
      this.#write(observations, infos, this.#lazyInfo);
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
      this.#write(observations, infos, false);
    }
  }

  #write(observations: unknown, infos: Readonly<Record<string, unknown>>, lazy: boolean): void {
    const views = this.#views;
    const start = this.#start;
    const end = this.#end;
    const count = end - start;
    const size = this.#observationSize;
    views.observations.set((observations as { data: Float32Array }).data, start * size);
    if (!(lazy && this.#vec.deferredInfoPresence >= 0) && !this.#vec.writeInfoInto(views.info, start)) {
      views.info.setFromInfo(start, infos, count);
    }
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
