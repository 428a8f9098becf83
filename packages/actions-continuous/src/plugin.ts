/** The plugin descriptor, so that configs can name this processor as `{ type: "continuous", options }`. */
import { definePlugin } from "@plume/core-types";
import { ContinuousActions, ContinuousActionsOptionsSchema } from "./continuous.js";

/** `{ type: "continuous", options: { maxSpeed } }` -> `ContinuousActions`. */
export const continuousPlugin = definePlugin({
  kind: "action",
  name: "continuous",
  options: ContinuousActionsOptionsSchema,
  create: (options) => new ContinuousActions(options),
});

/** The package's plugin: `ContinuousActions` (registered name `"continuous"`). */
export const plugin = continuousPlugin;

/** Every plugin of the package. */
export const plugins = Object.freeze([continuousPlugin] as const);
