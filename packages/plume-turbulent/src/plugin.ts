/** The plugin descriptors, so that configs can name the plume and its wind as `{ type: "turbulent", options }`. */
import { definePlugin } from "@plume/core-types";
import { TurbulentPlume, TurbulentWind } from "./field.js";
import { TurbulentPlumeOptionsSchema } from "./options.js";

/** `plume: { type: "turbulent", options }` -> `TurbulentPlume`. */
export const turbulentPlumePlugin = definePlugin({
  kind: "plume",
  name: "turbulent",
  options: TurbulentPlumeOptionsSchema,
  create: (options) => new TurbulentPlume(options),
});

/** `wind: { type: "turbulent", options }` -> `TurbulentWind` (give it the plume's options to get the plume's wind). */
export const turbulentWindPlugin = definePlugin({
  kind: "wind",
  name: "turbulent",
  options: TurbulentPlumeOptionsSchema,
  create: (options) => new TurbulentWind(options),
});

/** The package's main plugin: the plume. */
export const plugin = turbulentPlumePlugin;

/** Every plugin of the package. */
export const plugins = Object.freeze([turbulentPlumePlugin, turbulentWindPlugin] as const);
