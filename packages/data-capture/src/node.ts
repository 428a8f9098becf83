/**
 * `@plume/data-capture/node`: run directories on disk (Node only): the streaming, crash-safe `RunRecorder`
 * and the safe streaming loader (`openRun`, `loadReplayArtifacts`, `validateRunArtifacts`).
 */
export { EPISODES_FILE, RUN_FILE, STEPS_FILE, RunRecorder, type FinishedRun, type RunRecorderOptions } from "./node/recorder.js";
export { GzipLineWriter, type GzipProgress } from "./node/gzip-writer.js";
export {
  DEFAULT_MAX_RATIO,
  MAX_LINE_BYTES,
  MAX_RUN_JSON_BYTES,
  loadReplayArtifacts,
  openRun,
  readRunMeta,
  validateRunArtifacts,
  type DataFile,
  type OpenRunOptions,
  type OpenedRun,
} from "./node/loader.js";
export { EPISODES_PARQUET_SCHEMA, STEPS_PARQUET_SCHEMA, exportParquet, type ParquetExport } from "./node/parquet.js";
