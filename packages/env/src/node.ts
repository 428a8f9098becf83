/**
 * `@plume/env/node`: everything of `@plume/env`, plus what only Node can do — config files on disk
 * (`createEnvironmentFromConfig(path)`, `loadEnvironmentConfig`, `readConfigFile`), plugin packages
 * resolved from the user's project (`projectDir`), and `AsyncVectorEnv` on `worker_threads` (also through
 * `makeVec(id, n, { vectorizationMode: "async" })`, whose `makeVec` replaces the main entry's). The main
 * entry `@plume/env` runs in browsers and in Node alike.
 */
export * from "./index.js";
export {
  createEnvironmentFromConfig,
  loadEnvironmentConfig,
  readConfigFile,
  resolvePlugin,
  type NodeCreateEnvironmentOptions,
  type NodeResolvePluginOptions,
} from "./config/files.js";
export { AsyncVectorEnv, AsyncVectorEnvOptionsSchema, type AsyncVectorEnvOptions } from "./vector/async.js";
export { makeVec } from "./vector/make-vec-node.js";
