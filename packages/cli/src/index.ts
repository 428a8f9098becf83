/**
 * `@plume/cli`: the `plume` command (`run`, `render`, `record`, `replay`, `compare`) and the functions behind it,
 * for use from scripts: run seeded episodes, summarise them, draw them, record and replay run directories.
 */
export { main, buildProgram, resolveSeeds, describeSeeds, type Io } from "./program.js";
export { CliError, ExitCode, ReplayMismatchError, describeError } from "./errors.js";
export {
  DEFAULT_ENV_CONFIG,
  baselineConfig,
  configForBaseline,
  createEnv,
  describeConfig,
  resolveEnvSetup,
  sensorLabel,
  type EnvSetup,
} from "./env-config.js";
export { EnvFlagsSchema, type EnvFlags } from "./flags.js";
export { currentEnvLoading, withEnvLoading, type EnvLoading } from "./trust.js";
export {
  buildPolicy,
  cellOf,
  checkCompatible,
  observationToJson,
  runPolicy,
  summarize,
  SteppedEnv,
  SummaryAccumulator,
  type Cell,
  type EpisodeResult,
  type JsonObservation,
  type ResetRecord,
  type RunResult,
  type RunSpec,
  type RunSummary,
  type Stepped,
  type SteppedEnvSpec,
  type StepRecord,
} from "./runner.js";
export { formatTable, type TableRow } from "./table.js";
export {
  Canvas,
  PLUME_GAMMA,
  PLUME_LEVELS,
  TRAJECTORY_COLORS,
  animateEpisode,
  autoScale,
  drawFigure,
  drawPlume,
  drawSource,
  drawTrails,
  palette,
  plumeColor,
  plumeLevels,
  toPng,
  type AnimationOptions,
  type FigureOptions,
  type Panel,
  type PlumeImage,
  type Rgb,
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
