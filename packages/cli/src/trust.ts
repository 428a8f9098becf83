/**
 * What a command's configs may import (the trust model of `@plume/env`): module paths only with
 * `--allow-module-paths`, packages only from the project (the working directory). The command sets it
 * for the duration of its work; `createEnv` reads it, so the flag reaches every environment the command
 * builds without threading it through each function. No `@plume/env` import here: `--help` stays fast.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** How configs are loaded: whether module paths may be imported, and the project packages resolve from. */
export interface EnvLoading {
  /** Import module paths named in configs (`--allow-module-paths`). Default `false`. */
  readonly allowModulePaths: boolean;
  /** The project whose `node_modules` plugin packages resolve from. Default: the working directory. */
  readonly projectDir?: string | undefined;
}

const current = new AsyncLocalStorage<EnvLoading>();

/** Runs `work` with `loading` in effect for every `createEnv` it makes. */
export function withEnvLoading<T>(loading: EnvLoading, work: () => Promise<T>): Promise<T> {
  return current.run(loading, work);
}

/** The loading rules in effect (module paths refused unless a command allowed them). */
export function currentEnvLoading(): EnvLoading {
  return current.getStore() ?? { allowModulePaths: false };
}
