export {
  PLUME_ENV_DEFAULTS,
  PLUME_ENV_METADATA,
  PlumeEnv,
  PlumeEnvOptionsSchema,
  type PlumeEnvInfo,
  type PlumeEnvOptions,
} from "./env/plume-env.js";
export {
  PlumeSearchEnv,
  PlumeSearchEnvOptionsSchema,
  PlumeSearchObservationModel,
  type PlumeSearchEnvOptions,
  type PlumeSearchObservation,
  FIELD_OBSERVATION_MODES,
  fieldObservationSchema,
  PlumeSearchObservationModelOptionsSchema,
  type FieldObservationMode,
  type SharedPlumeSearchObservation,
  type ReadonlyFloat32NDArray,
  type PlumeSearchObservationOf,
  type PlumeSearchObservationModelOptions,
} from "./env/plume-search-env.js";
export { RENDER_MODES, type AnyEnv, type EnvCreator, type EnvSpec, type RenderMode, type WrapperSpec } from "./env/types.js";
export {
  PROTOCOL_DESCRIPTIONS,
  isActionProcessor,
  isConcentrationField,
  isObservationModel,
  isRewardFunction,
  isVectorField,
} from "./env/components.js";
export {
  DEFAULT_PLUME_SIGMA,
  GaussianPlume,
  GaussianPlumeOptionsSchema,
  fillGaussianField,
  type GaussianPlumeOptions,
} from "./plume/gaussian.js";
export { ConstantWindField, ConstantWindFieldOptionsSchema, type ConstantWindFieldOptions } from "./wind/constant.js";
export {
  SparseGoalReward,
  SparseGoalRewardOptionsSchema,
  StepPenaltyReward,
  StepPenaltyRewardOptionsSchema,
  type SparseGoalRewardOptions,
  type StepPenaltyRewardOptions,
} from "./rewards/goal.js";
export { RENDER_MARKERS, renderRgbArray, type Rgb } from "./render/rgb.js";
export { HALF_BLOCK, TerminalRenderer, frameToAnsi, type TerminalOutput } from "./render/terminal.js";
export { ActionWrapper, ObservationWrapper, RewardWrapper, Wrapper } from "./wrappers/wrapper.js";
export {
  ClipAction,
  ClipReward,
  FilterObservation,
  RescaleAction,
  TransformAction,
  TransformObservation,
  TransformReward,
} from "./wrappers/transform.js";
export {
  DelayObservation,
  FrameStackObservation,
  NormalizeReward,
  NormalizeRewardOptionsSchema,
  StickyAction,
  TimeAwareObservation,
  TimeAwareObservationOptionsSchema,
  type FrameStackObservationOptions,
  type NormalizeRewardOptions,
  type StickyActionOptions,
  type TimeAwareObservationOptions,
} from "./wrappers/stateful.js";
export {
  HumanRendering,
  RecordVideo,
  RecordVideoOptionsSchema,
  RenderCollection,
  RenderCollectionOptionsSchema,
  cappedCubicVideoSchedule,
  type HumanRenderingOptions,
  type RecordVideoOptions,
  type RenderCollectionOptions,
} from "./wrappers/rendering.js";
export { ExtendEnvState, constantStateKey } from "./wrappers/state.js";
export { encodeGif } from "./render/gif.js";
export {
  FlattenObservation,
  NormalizeObservation,
  NormalizeObservationOptionsSchema,
  OrderEnforcing,
  OrderEnforcingOptionsSchema,
  PassiveEnvChecker,
  RecordEpisodeStatistics,
  RecordEpisodeStatisticsOptionsSchema,
  RunningMeanStd,
  TimeLimit,
  TimeLimitOptionsSchema,
  type EnvCheckerWarning,
  type EpisodeStatistics,
  type NormalizeObservationOptions,
  type OrderEnforcingOptions,
  type PassiveEnvCheckerOptions,
  type RecordEpisodeStatisticsOptions,
} from "./wrappers/common.js";
export {
  ENV_ID_PATTERN,
  MakeOptionsSchema,
  PLUME_NAV_ID,
  PLUME_SEARCH_ID,
  RegisterOptionsSchema,
  loadEntryPoint,
  make,
  makeAsync,
  parseEnvId,
  register,
  registeredIds,
  registeredSpecs,
  resolveId,
  spec,
  unregister,
  type BuiltinEnvs,
  type EnvIdParts,
  type EnvKwargsMap,
  type MakeAsyncOptions,
  type MakeOptions,
  type PlumeNavKwargs,
  type PlumeSearchKwargs,
  type RegisterOptions,
} from "./registry/registry.js";
export {
  PLUMENAV_REFERENCE_KWARGS,
  REFERENCE_MOVIE_KWARGS,
  SELECTOR_KWARGS,
  kwargsTranslators,
  plumeNavConfig,
  registerKwargsTranslator,
  translatePlumeNavKwargs,
  type KwargsTranslator,
  type KwargsTranslatorContext,
  type PlumeNavBuild,
  type PlumeNavReferenceKwargs,
  type PlumeSearchReferenceKwargs,
  type TranslatedConfig,
} from "./registry/reference-kwargs.js";
export { pprintRegistry, type PprintRegistryOptions } from "./registry/listing.js";
export {
  CONFIG_SECTIONS,
  builtinComponentTypes,
  configComponentTypes,
  createEnvironmentFromConfig,
  createEnvironmentFromConfigSync,
  parseEnvironmentConfig,
  type ConfigComponentType,
  type ConfigSection,
  type CreateEnvironmentOptions,
} from "./config/create.js";
export {
  COMPONENT_TYPE_PATTERN,
  ComponentSpecSchema,
  MAX_CONFIG_DEPTH,
  checkConfigData,
  EnvironmentConfigSchema,
  SELECTOR_DEFAULTS,
  type ComponentSpec,
  type ComponentSpecInput,
  type EnvironmentConfig,
  type EnvironmentConfigInput,
} from "./config/schema.js";
export {
  constantWindPlugin,
  gaussianPlumePlugin,
  plugins,
  sparseRewardPlugin,
  stepPenaltyRewardPlugin,
} from "./plugins.js";
export { BatchKernel, type KernelConfig, type KernelOutputs } from "./batch/kernel.js";
export { batchIneligibility, planBatch, type BatchPlan, type EnvComponents } from "./batch/plan.js";
export { stackInfos, type VectorInfo } from "./vector/infos.js";
export {
  AUTORESET_MODES,
  AutoresetMode,
  VectorEnvOptionsSchema,
  type VectorEnvOptions,
  type VectorResetOptions,
  type VectorResetResult,
  type VectorStepResult,
} from "./vector/options.js";
export { SyncVectorEnv } from "./vector/sync.js";
export { MakeVecOptionsSchema, makeVec, type MakeVecOptions } from "./vector/make-vec.js";
export {
  BUILTIN_PLUGIN_PACKAGES,
  PluginPackageEntrySchema,
  pluginPackageEntries,
  pluginPackageFor,
  registerPluginPackage,
  type PluginPackageEntry,
} from "./resolution/catalog.js";
export { BUNDLED_PLUGINS, registerPlugins, type PluginSource } from "./resolution/registered.js";
export {
  isModulePath,
  resolvePlugin,
  resolvePluginSync,
  type PluginResolutionOptions,
  type ResolvePluginOptions,
} from "./resolution/resolver.js";
export {
  DEFAULT_MEMORY_BUDGET_BYTES,
  assertWithinMemoryBudget,
  formatBytes,
  getMemoryBudget,
  setMemoryBudget,
} from "./memory-budget.js";
export * as vectorWrappers from "./vector/wrappers.js";
export type { VectorEnvLike } from "./vector/wrappers.js";
