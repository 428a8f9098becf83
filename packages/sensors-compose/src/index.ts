export {
  MultiModalSensor,
  MultiModalSensorOptionsSchema,
  type MultiModalObservation,
  type MultiModalSensorOptions,
} from "./multi-modal.js";
export {
  FlattenedMultiSensor,
  FlattenedMultiSensorOptionsSchema,
  type FlattenedMultiSensorOptions,
} from "./flattened.js";
export { isObservationModel, observationModelSchema } from "./model.js";
export { flattenedPlugin, multiModalPlugin, plugin, plugins } from "./plugin.js";
