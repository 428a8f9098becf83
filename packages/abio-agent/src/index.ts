/**
 * `@plume/abio-agent`: the ABIO agent protocol (seed 003) in TypeScript.
 *
 * An agent — scripted, learned or a language model — receives an `Observation`, returns an `Action`
 * (or nothing to end), and receives an `ActionResult`; a session charges costs against a budget and
 * ends the run honestly; the runner records the trace and scores it; the batch runner compares agents.
 *
 * Subpaths: `@plume/abio-agent/random` (seeded random agent, needs `@plume/spaces`),
 * `@plume/abio-agent/plume-search` (the plume-search scenario, needs `@plume/env`),
 * `@plume/abio-agent/contract` (the contract suite).
 */
export {
  AbioError,
  AbioErrorCode,
  AbioStateError,
  AbioValidationError,
  isAbioError,
  type AbioErrorDetails,
} from "./errors.js";
export {
  JsonObjectSchema,
  JsonValueSchema,
  isJsonValue,
  jsonEqual,
  jsonProblem,
  stableStringify,
  type JsonObject,
  type JsonPrimitive,
  type JsonValue,
} from "./json.js";
export {
  Action,
  ActionResult,
  ActionResultSchema,
  ActionSchema,
  END_REASONS,
  ExperimentResults,
  ExperimentResultsSchema,
  INCOMPLETE_REASONS,
  Observation,
  ObservationSchema,
  TraceRecordSchema,
  traceRecordFromJSON,
  traceRecordToJSON,
  type ActionInput,
  type ActionJSON,
  type ActionResultInput,
  type ActionResultJSON,
  type EndReason,
  type ExperimentResultsInput,
  type ExperimentResultsJSON,
  type ObservationFields,
  type ObservationInput,
  type ObservationJSON,
  type RunStatus,
  type TraceRecord,
  type TraceRecordJSON,
} from "./types.js";
export {
  ActionSpecSchema,
  DEFAULT_COSTS,
  PARAM_TYPES,
  ParamSpecSchema,
  normalizeSpecs,
  paramsOfInfo,
  paramsProblem,
  type ActionKind,
  type ActionSpec,
  type NormalizedParam,
  type NormalizedSpec,
  type ParamSpec,
  type ParamType,
} from "./spec.js";
export {
  ScenarioSchema,
  defineScenario,
  type AbioEnvironment,
  type ExecuteOutcome,
  type ExecuteRequest,
  type Scenario,
  type ScenarioContext,
} from "./scenario.js";
export { BUDGET_POLICIES, SESSION_DEFAULTS, SessionOptionsSchema, type BudgetPolicy, type SessionOptions } from "./session-options.js";
export { AbioSession, DONE_ACTION, type SessionResultsOptions } from "./session.js";
export {
  BUILTIN_SCORERS,
  RegisterScorerOptionsSchema,
  ScoringRegistry,
  budgetCompliance,
  defaultScoringRegistry,
  evaluateScores,
  mainScoreName,
  type RegisterScorerOptions,
  type ScoreOutcome,
  type Scorer,
  type ScoringContext,
} from "./scoring.js";
export {
  RunOptionsSchema,
  SeedSchema,
  runExperiment,
  type Agent,
  type AgentStartInfo,
  type Decision,
  type DecisionContext,
  type RunOptions,
} from "./runner.js";
export {
  BatchOptionsSchema,
  BatchResults,
  CSV_COLUMNS,
  ExportJSONOptionsSchema,
  agentFactory,
  csvField,
  runBatch,
  toCsv,
  type AgentContext,
  type AgentFactory,
  type BatchJSON,
  type BatchOptions,
  type BatchProgress,
  type BatchRun,
  type BatchSummaryRow,
  type ExportJSONOptions,
} from "./batch.js";
export {
  DEFAULT_NUMBER_RANGE,
  RandomAgent,
  RandomAgentOptionsSchema,
  isRandomSource,
  sampleParam,
  sampleParams,
  type RandomAgentOptions,
  type RandomSource,
} from "./agents/random.js";
export { ScriptedAgent, ScriptedAgentOptionsSchema, type ScriptPolicy, type ScriptedAgentOptions } from "./agents/scripted.js";
export {
  TOOL_FORMATS,
  ToolCallingAgent,
  ToolCallingAgentOptionsSchema,
  ToolDefinitionsOptionsSchema,
  actionFromToolCall,
  paramJsonSchema,
  paramsJsonSchema,
  renderObservation,
  systemPrompt,
  toolDefinitions,
  type AgentInterface,
  type AnthropicToolDefinition,
  type ChatMessage,
  type LanguageModel,
  type ModelRequest,
  type ModelResponse,
  type OpenAIToolDefinition,
  type ToolCall,
  type ToolDefinition,
  type ToolDefinitionsOptions,
  type ToolFormat,
} from "./agents/tools.js";
