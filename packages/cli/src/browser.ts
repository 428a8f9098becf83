/**
 * `@plume/cli/browser`: the parts of the `plume` command that run in a browser — the episode loop
 * (`SteppedEnv`), the run statistics (`SummaryAccumulator`), the default environment and the config a
 * baseline runs on, and the plume colour map of `plume render` / `plume compare`. The `@plume/web` page
 * uses them, so that the page's episodes, numbers and colours are the command's. No Node built-ins.
 */
export {
  buildPolicy,
  cellOf,
  checkCompatible,
  observationToJson,
  SteppedEnv,
  type Cell,
  type EpisodeResult,
  type JsonObservation,
  type ResetRecord,
  type Stepped,
  type SteppedEnvSpec,
  type StepRecord,
} from "./episode.js";
export { SummaryAccumulator, summarize, type RunSummary } from "./summary.js";
export { DEFAULT_ENV_CONFIG, baselineConfig, describeConfig, sensorLabel } from "./config.js";
export { CliError, ExitCode, describeError, oneLine } from "./errors.js";
export { formatTable, type TableRow } from "./table.js";
export { BLACK, PLUME_GAMMA, PLUME_LEVELS, TRAJECTORY_COLORS, WHITE, palette, plumeColor, plumeLevels, type Rgb } from "./colors.js";
