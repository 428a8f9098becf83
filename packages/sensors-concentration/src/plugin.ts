/**
 * Plugin descriptors, so that configs can name these sensors as `{ type, options }`.
 * `plugin` (the package's default, `"concentration"`) is what a config naming the package specifier
 * `"@plume/sensors-concentration"` gets; `plugins` lists every descriptor for registries.
 */
import { definePlugin } from "@plume/core-types";
import { AntennaeArraySensor, AntennaeArraySensorOptionsSchema } from "./antennae.js";
import { ConcentrationSensor, ConcentrationSensorOptionsSchema } from "./concentration.js";
import { ConcentrationHistorySensor, ConcentrationHistorySensorOptionsSchema } from "./history.js";

/** `{ type: "concentration" }` -> `ConcentrationSensor`. */
export const concentrationPlugin = definePlugin({
  kind: "sensor",
  name: "concentration",
  options: ConcentrationSensorOptionsSchema,
  create: (options) => new ConcentrationSensor(options),
});

/** `{ type: "antennae", options: { nSensors?, sensorAngles?, sensorDistance? } }` -> `AntennaeArraySensor`. */
export const antennaePlugin = definePlugin({
  kind: "sensor",
  name: "antennae",
  options: AntennaeArraySensorOptionsSchema,
  create: (options) => new AntennaeArraySensor(options),
});

/** `{ type: "concentration_history", options: { n?, sensor? } }` -> `ConcentrationHistorySensor`. */
export const concentrationHistoryPlugin = definePlugin({
  kind: "sensor",
  name: "concentration_history",
  options: ConcentrationHistorySensorOptionsSchema,
  create: (options) => new ConcentrationHistorySensor(options),
});

/** The package's plugin: `ConcentrationSensor` (registered name `"concentration"`). */
export const plugin = concentrationPlugin;

/** Every plugin of the package. */
export const plugins = Object.freeze([concentrationPlugin, antennaePlugin, concentrationHistoryPlugin] as const);
