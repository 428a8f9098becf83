/**
 * `@plume/env/node`'s `makeVec`: the browser-safe `makeVec` plus `vectorizationMode: "async"`, which builds
 * an `AsyncVectorEnv` on worker threads.
 */
import type { EnvSpec } from "../env/types.js";
import { AsyncVectorEnv } from "./async.js";
import { makeVecWith, type MakeVecOptions } from "./make-vec.js";
import type { SyncVectorEnv } from "./sync.js";

/**
 * `numEnvs` copies of a registered environment in a `SyncVectorEnv`, or (`vectorizationMode: "async"`) a
 * promise of an `AsyncVectorEnv` whose workers rebuild each environment from the id's kwargs translated to
 * a config (`PlumeNav-v0` with data kwargs, Plume's or the reference's).
 *
 * ```ts
 * import { makeVec } from "@plume/env/node";
 * const envs = makeVec("PlumeNav-v0", 1024);                                       // SyncVectorEnv
 * const par = await makeVec("PlumeNav-v0", 1024, { vectorizationMode: "async" }); // worker threads
 * ```
 * @throws ValidationError for an unknown id or bad options (naming `numEnvs`, `autoresetMode`, ...); for
 * async, an id or kwargs that cannot be rebuilt from a config (the promise rejects).
 */
export function makeVec(id: string | EnvSpec, numEnvs: number, options?: MakeVecOptions & { readonly vectorizationMode?: "sync" | undefined }): SyncVectorEnv<unknown, unknown>;
export function makeVec(id: string | EnvSpec, numEnvs: number, options: MakeVecOptions & { readonly vectorizationMode: "async" }): Promise<AsyncVectorEnv<unknown>>;
export function makeVec(id: string | EnvSpec, options: MakeVecOptions & { readonly numEnvs: number; readonly vectorizationMode?: "sync" | undefined }): SyncVectorEnv<unknown, unknown>;
export function makeVec(id: string | EnvSpec, options: MakeVecOptions & { readonly numEnvs: number; readonly vectorizationMode: "async" }): Promise<AsyncVectorEnv<unknown>>;
export function makeVec(
  id: string | EnvSpec,
  numEnvsOrOptions: number | MakeVecOptions,
  maybeOptions: MakeVecOptions = {},
): SyncVectorEnv<unknown, unknown> | Promise<AsyncVectorEnv<unknown>> {
  return makeVecWith((options) => AsyncVectorEnv.create(options), id, numEnvsOrOptions, maybeOptions);
}
