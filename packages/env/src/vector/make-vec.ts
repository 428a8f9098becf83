/**
 * `makeVec`: Gymnasium's `make_vec(id, num_envs, vectorization_mode)` for registered ids. The
 * environments are built raw from the spec's entry point (the vector env enforces reset-before-step and
 * validates actions itself), so plain `PlumeEnv`s take the batch kernel. A time limit shorter than the
 * environment's own `maxSteps` is kept with a `TimeLimit` wrapper (which then steps env by env).
 *
 * `vectorizationMode: "async"` builds an `AsyncVectorEnv` (worker threads) from the id's kwargs translated
 * to a config, which every worker rebuilds: `PlumeNav-v0` with data kwargs (Plume's or the reference's).
 * Worker threads are Node only, so that mode lives in `@plume/env/node`'s `makeVec` (`make-vec-node.ts`,
 * built on `makeVecWith` here); this module, part of the browser-safe entry, imports nothing of Node.
 */
import { ValidationError, parseWithSchema } from "@plume/core-types";
import * as z from "zod";
import type { EnvironmentConfigInput } from "../config/schema.js";
import { PlumeEnv } from "../env/plume-env.js";
import type { AnyEnv, EnvSpec } from "../env/types.js";
import { plumeNavConfig } from "../registry/reference-kwargs.js";
import { PLUME_NAV_ID, envCreator, episodeLimit, lookupSpec } from "../registry/registry.js";
import { TimeLimit } from "../wrappers/common.js";
import type { AsyncVectorEnv, AsyncVectorEnvOptions } from "./async.js";
import { VectorEnvOptionsSchema } from "./options.js";
import { SyncVectorEnv } from "./sync.js";

/** Options of `makeVec`. */
export const MakeVecOptionsSchema = VectorEnvOptionsSchema.extend({
  /** Number of environments: an integer >= 1 (or the second argument). Required (here or as the second argument). */
  numEnvs: z.int({ error: "an integer >= 1" }).min(1, { error: "an integer >= 1" }).optional(),
  /**
   * `"sync"` (default): a `SyncVectorEnv`; `"async"`: a `Promise<AsyncVectorEnv>` (worker threads, Node
   * only: `makeVec` from `@plume/env/node`; the browser-safe entry's `makeVec` rejects it). Default `"sync"`.
   */
  vectorizationMode: z.enum(["sync", "async"], { error: "one of sync, async" }).default("sync"),
  /** Keyword arguments for every environment, merged over the spec's. Default `{}`. */
  kwargs: z.record(z.string(), z.unknown(), { error: "a plain object" }).default({}),
  /** Wrappers applied to each environment, in order (sync only): `(env) => wrapped`. Default: none. */
  wrappers: z.array(z.custom<(env: AnyEnv) => AnyEnv>((v) => typeof v === "function", { error: "a function (env) => env" }), { error: "an array of functions (env) => env" }).optional(),
  /** Async: worker threads (see `AsyncVectorEnv.create`). Default: `AsyncVectorEnv`'s. */
  numWorkers: z.int({ error: "an integer >= 1" }).min(1, { error: "an integer >= 1" }).optional(),
  /** Async: ms one call may wait for the workers. Default: `AsyncVectorEnv`'s (60 000). */
  timeoutMs: z.number({ error: "a number of milliseconds > 0" }).positive({ error: "a number of milliseconds > 0" }).optional(),
  /** Async: whether the calling thread steps a shard too. Default: `AsyncVectorEnv`'s (`"auto"`). */
  mainThread: z.union([z.boolean(), z.literal("auto")], { error: 'true, false or "auto"' }).optional(),
  /** Async: busy-wait polls before a thread sleeps. Default: `AsyncVectorEnv`'s. */
  spinIterations: z.int({ error: "an integer >= 0" }).min(0, { error: "an integer >= 0" }).optional(),
});
export type MakeVecOptions = z.input<typeof MakeVecOptionsSchema>;

/** The config an async vector env's workers build each environment from. */
function asyncConfig(envSpec: EnvSpec, kwargs: Readonly<Record<string, unknown>>): EnvironmentConfigInput {
  if (envSpec.entryPoint !== lookupSpec(PLUME_NAV_ID).entryPoint) {
    throw ValidationError.invalid(
      "vectorizationMode",
      `"sync" for "${envSpec.id}": "async" rebuilds environments from a config in worker threads, which ${PLUME_NAV_ID}'s kwargs translate to (for others use AsyncVectorEnv.create with a config)`,
      "async",
    );
  }
  const merged = { ...envSpec.kwargs, ...kwargs };
  const config = plumeNavConfig(merged);
  const limit = episodeLimit(envSpec, undefined, kwargs);
  const own = (config.maxSteps as number | undefined) ?? 1000;
  const setsOwn = (merged["maxSteps"] ?? merged["max_steps"]) !== undefined;
  return limit !== null && !setsOwn && limit < own ? { ...config, maxSteps: limit } : config;
}

/** What builds `makeVec`'s async mode: `AsyncVectorEnv.create` (given by `@plume/env/node`). */
export type AsyncVecFactory = (options: AsyncVectorEnvOptions) => Promise<AsyncVectorEnv<unknown>>;

/**
 * `makeVec` with the factory of its async mode: `@plume/env/node` passes `AsyncVectorEnv.create`; the
 * browser-safe entry passes none, and then `vectorizationMode: "async"` is a `ValidationError` that says
 * where worker threads are.
 */
export function makeVecWith(
  createAsync: AsyncVecFactory | undefined,
  id: string | EnvSpec,
  numEnvsOrOptions: number | MakeVecOptions,
  maybeOptions: MakeVecOptions = {},
): SyncVectorEnv<unknown, unknown> | Promise<AsyncVectorEnv<unknown>> {
  const given = typeof numEnvsOrOptions === "number" ? { ...maybeOptions, numEnvs: numEnvsOrOptions } : numEnvsOrOptions;
  const parsed = parseWithSchema(MakeVecOptionsSchema, given, { what: "makeVec options" });
  if (parsed.numEnvs === undefined) throw ValidationError.invalid("numEnvs", "an integer >= 1", undefined);
  const numEnvs = parsed.numEnvs;
  const envSpec = lookupSpec(id);
  if (parsed.vectorizationMode === "async") {
    if (createAsync === undefined) {
      throw ValidationError.invalid(
        "vectorizationMode",
        '"sync" here (worker threads are Node only: import { makeVec } from "@plume/env/node" for "async")',
        "async",
      );
    }
    if (parsed.wrappers !== undefined) {
      return Promise.reject(ValidationError.invalid("wrappers", "no wrappers with vectorizationMode \"async\" (functions cannot reach worker threads; wrap the vector env instead)", parsed.wrappers.length));
    }
    let env: EnvironmentConfigInput;
    try {
      env = asyncConfig(envSpec, parsed.kwargs);
    } catch (error) {
      return Promise.reject(error);
    }
    const { numWorkers, timeoutMs, mainThread, spinIterations } = parsed;
    return createAsync({
      env,
      numEnvs,
      autoresetMode: parsed.autoresetMode,
      copy: parsed.copy,
      batch: parsed.batch,
      ...(numWorkers !== undefined && { numWorkers }),
      ...(timeoutMs !== undefined && { timeoutMs }),
      ...(mainThread !== undefined && { mainThread }),
      ...(spinIterations !== undefined && { spinIterations }),
    });
  }
  const kwargs = { ...envSpec.kwargs, ...parsed.kwargs };
  const creator = envCreator(envSpec);
  const build = (): AnyEnv => {
    let env = creator(kwargs);
    const limit = episodeLimit(envSpec, env, parsed.kwargs);
    const own = env instanceof PlumeEnv ? (env as PlumeEnv<unknown, unknown>).maxSteps : undefined;
    if (limit !== null && !(own !== undefined && own <= limit)) env = new TimeLimit(env, limit) as unknown as AnyEnv;
    for (const wrap of parsed.wrappers ?? []) env = wrap(env);
    return env;
  };
  return new SyncVectorEnv(
    Array.from({ length: numEnvs }, () => build),
    { autoresetMode: parsed.autoresetMode, copy: parsed.copy, batch: parsed.batch },
  );
}

/**
 * `numEnvs` copies of a registered environment in a `SyncVectorEnv`. (`vectorizationMode: "async"`, worker
 * threads, is `@plume/env/node`'s `makeVec`.)
 *
 * ```ts
 * const envs = makeVec("PlumeNav-v0", 1024); // batched: one kernel call per step
 * const same = makeVec("PlumeNav-v0", { numEnvs: 1024, kwargs: { grid_size: [64, 64] } });
 * ```
 * @throws ValidationError for an unknown id or bad options (naming `numEnvs`, `autoresetMode`, ...), and
 * for `vectorizationMode: "async"` (use `@plume/env/node`).
 */
export function makeVec(id: string | EnvSpec, numEnvs: number, options?: MakeVecOptions & { readonly vectorizationMode?: "sync" | undefined }): SyncVectorEnv<unknown, unknown>;
export function makeVec(id: string | EnvSpec, options: MakeVecOptions & { readonly numEnvs: number; readonly vectorizationMode?: "sync" | undefined }): SyncVectorEnv<unknown, unknown>;
export function makeVec(id: string | EnvSpec, numEnvsOrOptions: number | MakeVecOptions, maybeOptions: MakeVecOptions = {}): SyncVectorEnv<unknown, unknown> {
  return makeVecWith(undefined, id, numEnvsOrOptions, maybeOptions) as SyncVectorEnv<unknown, unknown>;
}
