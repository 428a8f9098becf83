export {
  OrientedAction,
  OrientedGridActions,
  OrientedGridActionsOptionsSchema,
  ORIENTED_ACTION_NAMES,
  TURN_ANGLE_DEGREES,
  type OrientedGridActionsOptions,
} from "./oriented-grid.js";
export {
  OrientedRunTumbleActions,
  OrientedRunTumbleActionsOptionsSchema,
  RUN_TUMBLE_ACTION_NAMES,
  RunTumbleAction,
  type OrientedRunTumbleActionsOptions,
} from "./run-tumble.js";
export {
  SURGE_CAST_ACTION_NAMES,
  SurgeCastAction,
  SurgeCastActions,
  SurgeCastActionsOptionsSchema,
  type SurgeCastActionsOptions,
} from "./surge-cast.js";
export { DEG_TO_RAD, headingStepSizeSchema, stepAlongHeading } from "./heading.js";
export { orientedPlugin, plugin, plugins, runTumblePlugin, surgeCastPlugin } from "./plugin.js";
