/**
 * Plugin descriptors. Their options hold sensor objects (build the parts first, e.g. with their own plugins), so
 * they serve programmatic configs. `plugin` (the package's default, `"multi_modal"`) is what a config naming the
 * package specifier `"@plume/sensors-compose"` gets; `plugins` lists every descriptor for registries.
 */
import { definePlugin } from "@plume/core-types";
import { FlattenedMultiSensor, FlattenedMultiSensorOptionsSchema } from "./flattened.js";
import { MultiModalSensor, MultiModalSensorOptionsSchema } from "./multi-modal.js";

/** `{ type: "multi_modal", options: { sensors: { name: sensor } } }` -> `MultiModalSensor`. */
export const multiModalPlugin = definePlugin({
  kind: "sensor",
  name: "multi_modal",
  options: MultiModalSensorOptionsSchema,
  create: (options) => new MultiModalSensor(options),
});

/** `{ type: "flattened", options: { sensors: [sensor, ...] } }` -> `FlattenedMultiSensor`. */
export const flattenedPlugin = definePlugin({
  kind: "sensor",
  name: "flattened",
  options: FlattenedMultiSensorOptionsSchema,
  create: (options) => new FlattenedMultiSensor(options),
});

/** The package's plugin: `MultiModalSensor` (registered name `"multi_modal"`). */
export const plugin = multiModalPlugin;

/** Every plugin of the package. */
export const plugins = Object.freeze([multiModalPlugin, flattenedPlugin] as const);
