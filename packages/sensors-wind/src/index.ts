export { WindVectorSensor, WindVectorSensorOptionsSchema, type WindVectorSensorOptions } from "./wind.js";
export { plugin, plugins, windVectorPlugin } from "./plugin.js";
