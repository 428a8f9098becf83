/**
 * Plugin descriptors, so that configs can name these processors as `{ type, options }`.
 * `plugin` (the package's default, `"discrete"`) is what a config naming the package specifier
 * `"@plume/actions-discrete"` gets; `plugins` lists every descriptor for registries.
 */
import { definePlugin } from "@plume/core-types";
import { DiscreteGridActions, DiscreteGridActionsOptionsSchema } from "./discrete-grid.js";
import { EightDirectionActions, EightDirectionActionsOptionsSchema } from "./eight-direction.js";

/** `{ type: "discrete", options: { stepSize } }` -> `DiscreteGridActions`. */
export const discretePlugin = definePlugin({
  kind: "action",
  name: "discrete",
  options: DiscreteGridActionsOptionsSchema,
  create: (options) => new DiscreteGridActions(options),
});

/** `{ type: "eight_direction", options: { stepSize } }` -> `EightDirectionActions`. */
export const eightDirectionPlugin = definePlugin({
  kind: "action",
  name: "eight_direction",
  options: EightDirectionActionsOptionsSchema,
  create: (options) => new EightDirectionActions(options),
});

/** The package's plugin: `DiscreteGridActions` (registered name `"discrete"`). */
export const plugin = discretePlugin;

/** Every plugin of the package. */
export const plugins = Object.freeze([discretePlugin, eightDirectionPlugin] as const);
