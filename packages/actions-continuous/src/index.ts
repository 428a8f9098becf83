export {
  ContinuousActions,
  ContinuousActionsOptionsSchema,
  type ContinuousActionsOptions,
  type VelocityAction,
} from "./continuous.js";
export { continuousPlugin, plugin, plugins } from "./plugin.js";
