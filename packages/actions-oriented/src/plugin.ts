/**
 * Plugin descriptors, so that configs can name these processors as `{ type, options }`.
 * `plugin` (the package's default, `"oriented"`) is what a config naming the package specifier
 * `"@plume/actions-oriented"` gets; `plugins` lists every descriptor for registries.
 */
import { definePlugin } from "@plume/core-types";
import { OrientedGridActions, OrientedGridActionsOptionsSchema } from "./oriented-grid.js";
import { OrientedRunTumbleActions, OrientedRunTumbleActionsOptionsSchema } from "./run-tumble.js";
import { SurgeCastActions, SurgeCastActionsOptionsSchema } from "./surge-cast.js";

/** `{ type: "oriented", options: { stepSize } }` -> `OrientedGridActions`. */
export const orientedPlugin = definePlugin({
  kind: "action",
  name: "oriented",
  options: OrientedGridActionsOptionsSchema,
  create: (options) => new OrientedGridActions(options),
});

/** `{ type: "run_tumble", options: { stepSize } }` -> `OrientedRunTumbleActions`. */
export const runTumblePlugin = definePlugin({
  kind: "action",
  name: "run_tumble",
  options: OrientedRunTumbleActionsOptionsSchema,
  create: (options) => new OrientedRunTumbleActions(options),
});

/** `{ type: "surge_cast", options: { stepSize?, base?, windField? } }` -> `SurgeCastActions`. */
export const surgeCastPlugin = definePlugin({
  kind: "action",
  name: "surge_cast",
  options: SurgeCastActionsOptionsSchema,
  create: (options) => new SurgeCastActions(options),
});

/** The package's plugin: `OrientedGridActions` (registered name `"oriented"`). */
export const plugin = orientedPlugin;

/** Every plugin of the package. */
export const plugins = Object.freeze([orientedPlugin, runTumblePlugin, surgeCastPlugin] as const);
