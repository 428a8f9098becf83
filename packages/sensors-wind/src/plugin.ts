/** The plugin descriptor, so that configs can name this sensor as `{ type: "wind_vector", options }`. */
import { definePlugin } from "@plume/core-types";
import { WindVectorSensor, WindVectorSensorOptionsSchema } from "./wind.js";

/** `{ type: "wind_vector", options: { noiseStd } }` -> `WindVectorSensor`. */
export const windVectorPlugin = definePlugin({
  kind: "sensor",
  name: "wind_vector",
  options: WindVectorSensorOptionsSchema,
  create: (options) => new WindVectorSensor(options),
});

/** The package's plugin: `WindVectorSensor` (registered name `"wind_vector"`). */
export const plugin = windVectorPlugin;

/** Every plugin of the package. */
export const plugins = Object.freeze([windVectorPlugin] as const);
