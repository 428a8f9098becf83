/**
 * `@plume/policies`: baseline agents implementing the `Policy` protocol of `@plume/core-types`.
 * Every policy is deterministic given its seed; randomness comes only from its NumPy-compatible generator.
 */
export {
  BaselinePolicy,
  CARDINAL_MOVEMENT_MODEL,
  PolicyResetOptionsSchema,
  derivePolicySeed,
  exploreOf,
  policySeedOption,
} from "./base.js";
export { CARDINAL_VECTORS, Cardinal, nearestCardinal, opposite, perpendicular, upwindCardinal } from "./cardinal.js";
export { ODOR_KEYS, WIND_KEYS, isDictObservation, numbersOf, odorReadings, windReading } from "./observation.js";
export { RandomPolicy, RandomPolicyOptionsSchema, type RandomPolicyOptions } from "./random.js";
export {
  TEMPORAL_GRADIENT_ACTIONS,
  TemporalGradientPolicy,
  TemporalGradientPolicyOptionsSchema,
  TUMBLE_MODES,
  type TumbleMode,
  type TemporalGradientActions,
  type TemporalGradientPolicyOptions,
} from "./temporal-gradient.js";
export {
  SURGE_CAST_ACTIONS,
  SURGE_CAST_TRIGGERS,
  SurgeCastPolicy,
  SurgeCastPolicyOptionsSchema,
  type SurgeCastMode,
  type SurgeCastPolicyActions,
  type SurgeCastTrigger,
  type SurgeCastPolicyOptions,
} from "./surge-cast.js";
export {
  DEFAULT_ANTENNA_ANGLES,
  GREEDY_SENSOR,
  GreedyGradientPolicy,
  GreedyGradientPolicyOptionsSchema,
  type GreedyGradientPolicyOptions,
} from "./greedy.js";
export {
  BASELINES,
  BASELINE_NAMES,
  createBaseline,
  getBaseline,
  greedyPolicyPlugin,
  plugins,
  randomPolicyPlugin,
  surgeCastPolicyPlugin,
  temporalGradientPolicyPlugin,
  type Baseline,
  type SensorSpec,
} from "./baselines.js";
