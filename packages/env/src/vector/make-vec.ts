/**
 * `makeVec`: Gymnasium's `make_vec(id, num_envs, vectorization_mode="sync")` for registered ids. The
 * environments are built raw from the spec's entry point (the vector env enforces reset-before-step and
 * validates actions itself), so plain `PlumeEnv`s take the batch kernel. A spec time limit shorter than
 * the environment's own `maxSteps` is kept with a `TimeLimit` wrapper (which then steps env by env).
 */
import { parseWithSchema } from "@plume/core-types";
import * as z from "zod";
import { PlumeEnv } from "../env/plume-env.js";
import type { AnyEnv, EnvSpec } from "../env/types.js";
import { spec as lookup } from "../registry/registry.js";
import { TimeLimit } from "../wrappers/common.js";
import { VectorEnvOptionsSchema } from "./options.js";
import { SyncVectorEnv } from "./sync.js";

/** Options of `makeVec`. */
export const MakeVecOptionsSchema = VectorEnvOptionsSchema.extend({
  /** Number of environments: an integer >= 1. Required. */
  numEnvs: z.int({ error: "an integer >= 1" }).min(1, { error: "an integer >= 1" }),
  /** Only `"sync"`: `AsyncVectorEnv.create` builds from a config, which its workers can rebuild. Default `"sync"`. */
  vectorizationMode: z.literal("sync", { error: 'sync (for worker threads use AsyncVectorEnv.create with a config)' }).default("sync"),
  /** Keyword arguments for every environment, merged over the spec's. Default `{}`. */
  kwargs: z.record(z.string(), z.unknown(), { error: "a plain object" }).default({}),
});
export type MakeVecOptions = z.input<typeof MakeVecOptionsSchema>;

/**
 * `numEnvs` copies of a registered environment in a `SyncVectorEnv`.
 *
 * ```ts
 * const envs = makeVec("PlumeNav-v0", { numEnvs: 1024 });   // batched: one kernel call per step
 * ```
 * @throws ValidationError for an unknown id or bad options (naming `numEnvs`, `autoresetMode`, ...).
 */
export function makeVec(id: string | EnvSpec, options: MakeVecOptions): SyncVectorEnv<unknown, unknown> {
  const parsed = parseWithSchema(MakeVecOptionsSchema, options, { what: "makeVec options" });
  const envSpec = typeof id === "string" ? lookup(id) : id;
  const kwargs = { ...envSpec.kwargs, ...parsed.kwargs };
  const limit = envSpec.maxEpisodeSteps;
  const build = (): AnyEnv => {
    const env = envSpec.entryPoint(kwargs);
    const own = env instanceof PlumeEnv ? (env as PlumeEnv<unknown, unknown>).maxSteps : undefined;
    if (limit === null || (own !== undefined && own <= limit)) return env;
    return new TimeLimit(env, limit) as unknown as AnyEnv;
  };
  return new SyncVectorEnv(
    Array.from({ length: parsed.numEnvs }, () => build),
    { autoresetMode: parsed.autoresetMode, copy: parsed.copy, batch: parsed.batch },
  );
}
