/**
 * Checking plugins made with `definePlugin`: the plugin's `kind` selects the suite, and the component
 * is built through `plugin.create(options)` exactly as Plume's config system builds it.
 */
import { PLUGIN_KINDS, ValidationError, isPlugin, type Plugin, type PluginKind } from "@plume/core-types";
import type { SuitePlan } from "./engine.js";
import { isPlainObject } from "./probes/values.js";
import type { SuiteReport } from "./report.js";
import { planActionProcessor } from "./suites/action.js";
import { planConcentrationField } from "./suites/field.js";
import { planObservationModel } from "./suites/observation.js";
import { planPolicy } from "./suites/policy.js";
import { planRewardFunction } from "./suites/reward.js";
import { planVectorField } from "./suites/wind.js";

/** Options for checking a plugin: the plugin's own options plus the suite's options. */
export interface PluginCheckOptions {
  /** Raw options passed to `plugin.create` (validated by the plugin's schema); default `{}`. */
  readonly pluginOptions?: unknown;
  /** Options of the suite the plugin's kind selects (see the `check*` functions). */
  readonly suite?: Readonly<Record<string, unknown>>;
}

/** The suite name each plugin kind runs. */
export const SUITE_OF_KIND: Readonly<Record<PluginKind, string>> = Object.freeze({
  sensor: "observation-model",
  action: "action-processor",
  reward: "reward-function",
  plume: "concentration-field",
  wind: "vector-field",
  policy: "policy",
});

/**
 * Builds the suite matching `plugin.kind`.
 * @throws ValidationError when `plugin` is not a `definePlugin` descriptor.
 * @throws ConfigurationError when `pluginOptions` do not pass the plugin's options schema.
 */
export function planPlugin(plugin: Plugin, options: PluginCheckOptions = {}): SuitePlan {
  if (!isPlugin(plugin)) throw ValidationError.invalid("plugin", "a plugin made with definePlugin({ kind, name, options, create })", plugin);
  const suite = { name: plugin.name, ...(options.suite ?? {}) };
  const build = (): never => plugin.create(options.pluginOptions) as never;
  // fail fast on bad plugin options (a ConfigurationError naming the option), before any check runs
  if (plugin.options.safeParse(options.pluginOptions === undefined ? {} : options.pluginOptions).success !== true) build();
  switch (plugin.kind) {
    case "sensor":
      return planObservationModel(build, suite);
    case "action":
      return planActionProcessor(build, suite);
    case "reward":
      return planRewardFunction(build, suite);
    case "plume":
      return planConcentrationField(build, suite);
    case "wind":
      return planVectorField(build, suite);
    case "policy":
      return planPolicy(build, suite);
    default:
      throw ValidationError.invalid("plugin.kind", `one of ${PLUGIN_KINDS.join(", ")}`, (plugin as { kind: unknown }).kind);
  }
}

/** Runs the suite matching `plugin.kind` and returns its report. */
export function checkPlugin(plugin: Plugin, options: PluginCheckOptions = {}): SuiteReport {
  return planPlugin(plugin, options).run();
}

/** A plugin found in a module, with the suite options its `contract` export gives it. */
export interface ModulePlugin {
  readonly exportName: string;
  readonly plugin: Plugin;
  readonly options: PluginCheckOptions;
}

/**
 * The plugins a module offers: its `plugin` export, or else every named export made with
 * `definePlugin`. An optional `contract` export gives check options: `{ pluginOptions?, ...suiteOptions }`
 * for every plugin, or an object keyed by plugin name (or export name) with such entries.
 */
export function pluginsOfModule(module: Readonly<Record<string, unknown>>, only?: readonly string[]): ModulePlugin[] {
  const names = only !== undefined && only.length > 0 ? only : isPlugin(module["plugin"]) ? ["plugin"] : Object.keys(module).filter((k) => isPlugin(module[k]));
  const contract = module["contract"];
  const pluginNames = Object.keys(module).flatMap((k) => (isPlugin(module[k]) ? [k, (module[k] as Plugin).name] : []));
  // keyed by plugin (or export) name, or one options object for every plugin
  const keyed = isPlainObject(contract) && Object.keys(contract).some((k) => pluginNames.includes(k));
  return names.map((exportName) => {
    const plugin = module[exportName];
    if (!isPlugin(plugin)) throw ValidationError.invalid(`export ${exportName}`, "a plugin made with definePlugin", plugin);
    let entry: unknown = contract;
    if (keyed && isPlainObject(contract)) entry = contract[plugin.name] ?? contract[exportName] ?? {};
    const { pluginOptions, ...suite } = isPlainObject(entry) ? (entry as Record<string, unknown>) : {};
    return { exportName, plugin, options: { pluginOptions, suite } };
  });
}

/** Checks every plugin a module offers (see `pluginsOfModule`); `overrides` are merged into every suite's options. */
export function checkModule(module: Readonly<Record<string, unknown>>, overrides: Readonly<Record<string, unknown>> = {}): SuiteReport[] {
  return pluginsOfModule(module).map(({ plugin, options }) => checkPlugin(plugin, { ...options, suite: { ...options.suite, ...overrides } }));
}
