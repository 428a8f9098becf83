export {
  ConcentrationSensor,
  ConcentrationSensorOptionsSchema,
  type ConcentrationSensorOptions,
} from "./concentration.js";
export {
  AntennaeArraySensor,
  AntennaeArraySensorOptionsSchema,
  MAX_ANTENNAE,
  type AntennaeArraySensorOptions,
} from "./antennae.js";
export {
  ConcentrationHistorySensor,
  ConcentrationHistorySensorOptionsSchema,
  MAX_HISTORY,
  type ConcentrationHistorySensorOptions,
  type HistoryDType,
  type ScalarSensor,
} from "./history.js";
export { FIELD_STATE_KEYS } from "./field.js";
export { antennaePlugin, concentrationHistoryPlugin, concentrationPlugin, plugin, plugins } from "./plugin.js";
export { NAN_POLICIES, NanPolicySchema, NanTolerantBox, type NanPolicy } from "./nan.js";
