/**
 * `@plume/data-capture`: run records in the Python reference's data-capture format (browser-safe entry).
 * Files, gzip and the safe loader live behind `@plume/data-capture/node`.
 */
export { PyFloat, compareCodePoints, pyDumps, pyFloat, pyFloatRepr, pyLoads, pyString, type PyDumpsOptions, type PyJson } from "./python-json.js";
export {
  EpisodeRecordSchema,
  PositionSchema,
  RUN_META_KEYS,
  RunMetaSchema,
  SCHEMA_VERSION,
  StepRecordSchema,
  episodeLine,
  runMetaJson,
  stepLine,
  type EpisodeRecord,
  type Position,
  type RunMeta,
  type StepRecord,
} from "./records.js";
export {
  EpisodeTracker,
  MemorySink,
  actionAsInt,
  distanceOf,
  episodeId,
  observationSummary,
  positionOf,
  seedOf,
  wallClockMs,
  type CaptureSink,
} from "./capture.js";
export { DataCaptureWrapper, VectorDataCaptureWrapper, type CaptureOptions, type CapturableVectorEnv } from "./wrapper.js";
export {
  PLUME_RECORD_FORMAT,
  PLUME_RECORD_VERSION,
  RecordStateSchema,
  RecordedFileSchema,
  buildRunMeta,
  defaultRunId,
  recordStateOf,
  sha256Hex,
  type RecordState,
  type RecordedFile,
  type RunMetaInput,
} from "./run-meta.js";
export {
  ReplayConsistencyError,
  replayRecords,
  type EpisodeStart,
  type FieldDifference,
  type ReplayDiff,
  type ReplayEnv,
  type ReplayRecordsOptions,
  type ReplayReport,
  type ReplayedEpisode,
} from "./replay.js";
export { FLOAT32_EPS, plumeConfigOfRunMeta, referenceEnvOfConfig, type ParsedConfigLike, type PlumeEnvConfigObject } from "./reference-env.js";
