/**
 * `@plume/cli`: the `plume` command (`run`, `render`, `record`, `replay`, `compare`) and the functions behind it,
 * for use from scripts: run seeded episodes, summarise them, draw them, record and replay run directories.
 * Everything of `@plume/cli/browser` (the episode loop, statistics, configs, colour map) is exported here too.
 */
export * from "./browser.js";
export { main, buildProgram, resolveSeeds, describeSeeds, type Io } from "./program.js";
export { ReplayMismatchError } from "./errors.js";
export { configForBaseline, createEnv, resolveEnvSetup, type EnvSetup } from "./env-config.js";
export { EnvFlagsSchema, type EnvFlags } from "./flags.js";
export { currentEnvLoading, withEnvLoading, type EnvLoading } from "./trust.js";
export { runPolicy, type RunResult, type RunSpec } from "./runner.js";
export {
  Canvas,
  animateEpisode,
  autoScale,
  drawFigure,
  drawPlume,
  drawSource,
  drawTrails,
  toPng,
  type AnimationOptions,
  type FigureOptions,
  type Panel,
  type PlumeImage,
  type Trail,
} from "./picture.js";
export {
  EPISODES_FILE,
  PlumeRunExtrasSchema,
  RUN_FILE,
  STEPS_FILE,
  recordRun,
  replayRun,
  type PlumeRunExtras,
  type RecordSpec,
  type RecordedRun,
  type ReplayOptions,
  type ReplayReport,
} from "./record.js";
export { CLI_VERSION, versions } from "./versions.js";
