/**
 * `@plume/contract-tests`: property-based contract suites for every Plume protocol, `checkEnv`,
 * and the pieces to build on them. Runner-agnostic: every `check*` function returns a `SuiteReport`;
 * the vitest binding lives at `@plume/contract-tests/vitest` and the CLI is `plume-contract`.
 */
export { CHECKS, CHECK_IDS, CHECK_AREAS, checkInfo, checksOfArea, type CheckArea, type CheckInfo, type Severity } from "./catalogue.js";
export {
  buildReport,
  countResults,
  failuresOf,
  formatReport,
  reportsToJSON,
  reportsToJUnit,
  resultOf,
  type CheckResult,
  type CheckStatus,
  type SuiteCounts,
  type SuiteReport,
} from "./report.js";
export {
  DEFAULT_NUM_RUNS,
  DEFAULT_SEED,
  SUITE_AREAS,
  actionProcessorOptionsSchema,
  capabilitiesSchema,
  commonOptionsSchema,
  concentrationFieldOptionsSchema,
  defaultSeed,
  envOptionsSchema,
  observationModelOptionsSchema,
  policyOptionsSchema,
  referenceFixtureSchema,
  rewardFunctionOptionsSchema,
  spaceOptionsSchema,
  vectorFieldOptionsSchema,
  type ActionProcessorOptions,
  type Capabilities,
  type CommonOptions,
  type ConcentrationFieldOptions,
  type EnvCheckOptions,
  type ObservationModelOptions,
  type PolicyOptions,
  type ReferenceFixture,
  type ResolvedSettings,
  type RewardFunctionOptions,
  type SpaceOptions,
  type SpaceUtilities,
  type SuiteName,
  type VectorFieldOptions,
} from "./options.js";
export {
  PropertyFailure,
  SkipCheck,
  Violation,
  fail,
  guard,
  planSuite,
  warn,
  type CheckContext,
  type CheckDefinition,
  type PlannedCheck,
  type PropertyOptions,
  type SuitePlan,
} from "./engine.js";
export { checkObservationModel, planObservationModel, describeEnvStateSpec, type AnyObservationModel, type ObservationModelFactory } from "./suites/observation.js";
export { checkActionProcessor, planActionProcessor, type ActionProcessorFactory, type AnyActionProcessor } from "./suites/action.js";
export { checkRewardFunction, planRewardFunction, type AnyRewardFunction, type RewardFunctionFactory } from "./suites/reward.js";
export { checkConcentrationField, planConcentrationField, type ConcentrationFieldFactory } from "./suites/field.js";
export { checkVectorField, planVectorField, type VectorFieldFactory } from "./suites/wind.js";
export { checkPolicy, planPolicy, actionSubsetProblem, type AnyPolicy, type PolicyFactory } from "./suites/policy.js";
export { checkSpace, planSpace, spaceTree, expectedFlatdim, type SpaceFactory } from "./suites/space.js";
export {
  checkEnv,
  planEnv,
  generatorFingerprint,
  INSTANCE_COUNTER_KEYS,
  type AnyEnv,
  type EnvComponents,
  type EnvFactory,
  type EnvFactoryOptions,
  type Script,
  type TrajectoryEvent,
} from "./suites/env.js";
export { SpyLog, spyComponents, type SpyCall } from "./suites/env-spies.js";
export { checkCore, planCore, coreOptionsSchema, DEFAULT_ORACLES, type CoreOptions, type CoreOracles } from "./suites/core.js";
export {
  checkPlugin,
  checkPluginAsync,
  checkModule,
  checkModuleAsync,
  planPlugin,
  pluginRunner,
  pluginsOfModule,
  SUITE_OF_KIND,
  type ModulePlugin,
  type PluginCheckOptions,
  type PluginRunner,
} from "./plugin.js";
export { conforms, type Conforms } from "./conforms.js";
export * as arb from "./arbitraries.js";
export { applyStateExtensions } from "./state-extensions.js";
export type { AgentSpec, EnvStateSpec, GridSpec, TransitionSpec } from "./arbitraries.js";
export { HiddenNondeterminismError, trapped } from "./probes/trap.js";
export { approxDiff, cloneValue, deepFreeze, diffSnapshot, exactDiff, render, snapshot, type OpaquePredicate, type Snapshot } from "./probes/values.js";
export {
  canCastSafely,
  dtypeProblem,
  explainNotContained,
  foreignValues,
  isSpaceLike,
  lenientContainsProblem,
  memberProblem,
  seedingProblem,
  spaceDefinitionProblems,
  spaceType,
  structureProblem,
  type AnySpace,
} from "./spaces-util.js";
export {
  CARDINAL_MOVES,
  KitBoxActions,
  KitCardinalActions,
  KitConcentrationSensor,
  KitConstantField,
  KitConstantReward,
  KitConstantWind,
  KitGaussianField,
  distance,
  kitConfig,
  roundHalfEven,
  type KitConfig,
} from "./kit.js";
