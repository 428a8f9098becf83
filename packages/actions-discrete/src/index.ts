export {
  CARDINAL_ACTION_NAMES,
  CardinalAction,
  DiscreteGridActions,
  DiscreteGridActionsOptionsSchema,
  stepSizeSchema,
  type DiscreteGridActionsOptions,
} from "./discrete-grid.js";
export {
  EIGHT_DIRECTION_ACTION_NAMES,
  EightDirectionAction,
  EightDirectionActions,
  EightDirectionActionsOptionsSchema,
  type EightDirectionActionsOptions,
} from "./eight-direction.js";
export { discretePlugin, eightDirectionPlugin, plugin, plugins } from "./plugin.js";
