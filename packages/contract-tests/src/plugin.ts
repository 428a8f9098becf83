/**
 * Checking plugins made with `definePlugin`: the plugin's `kind` selects the suite, and the component
 * is built through `plugin.create(options)` exactly as Plume's config system builds it.
 */
import { PLUGIN_KINDS, ValidationError, didYouMean, isPlugin, isPromiseLike, type AnyPlugin, type Plugin, type PluginKind } from "@plume/core-types";
import { AsyncPlanRunner, InstancePool } from "./async-plugin.js";
import type { SuitePlan } from "./engine.js";
import { gridParamForm, withGrid } from "./fields.js";
import { isPlainObject } from "./probes/values.js";
import type { EnvCheckOptions } from "./options.js";
import type { CheckResult, SuiteReport } from "./report.js";
import type { EnvFactoryOptions } from "./suites/env-spies.js";
import { planEnv, type AnyEnv, type EnvFactory } from "./suites/env.js";
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
  requirePlugin(plugin, options);
  // an async plugin's components cannot be built synchronously: say so once instead of failing every check
  let probe: unknown;
  try {
    probe = plugin.create(options.pluginOptions);
  } catch {
    probe = undefined; // the suite reports the throw, check by check
  }
  if (isPromiseLike(probe)) {
    Promise.resolve(probe).catch(() => undefined);
    throw ValidationError.invalid(
      "plugin",
      "a plugin whose create() returns the component: this plugin's create() returns a promise (an async plugin), so check it with `await checkPluginAsync(plugin, options)`, `describePlugin` (vitest) or `plume-contract check`",
      plugin.name,
    );
  }
  return planWith(plugin, options, (params) => plugin.create(params === undefined ? options.pluginOptions : params));
}

/** Throws for a non-plugin, and for plugin options the plugin's schema rejects (a ConfigurationError naming the option). */
function requirePlugin(plugin: AnyPlugin, options: PluginCheckOptions): void {
  if (!isPlugin(plugin)) throw ValidationError.invalid("plugin", "a plugin made with definePlugin({ kind, name, options, create })", plugin);
  // fail fast on bad plugin options, before any check runs (create validates synchronously, async plugins too)
  if (plugin.options.safeParse(options.pluginOptions === undefined ? {} : options.pluginOptions).success !== true) {
    const made = (plugin as Plugin).create(options.pluginOptions);
    if (isPromiseLike(made)) Promise.resolve(made).catch(() => undefined);
  }
}

/** Builds the suite of `plugin.kind` on a factory `make(params?)` (params: a size-ladder parameter set, else the plugin options). */
function planWith(plugin: AnyPlugin, options: PluginCheckOptions, make: (params?: unknown) => unknown): SuitePlan {
  const suite = { name: plugin.name, ...(options.suite ?? {}) };
  const build = (): never => make() as never;
  switch (plugin.kind) {
    case "sensor":
      return planObservationModel(build, suite);
    case "action":
      return planActionProcessor(build, suite);
    case "reward":
      return planRewardFunction(build, suite);
    case "plume": {
      // the size ladder: the plugin's own options schema says which grids it accepts
      const sizeParams = "sizeParams" in suite ? undefined : pluginSizeParams(plugin, options.pluginOptions);
      return planConcentrationField((params?: unknown): never => make(params) as never, { ...suite, ...(sizeParams !== undefined && { sizeParams }) });
    }
    case "wind":
      return planVectorField(build, suite);
    case "policy":
      return planPolicy(build, suite);
    default:
      throw ValidationError.invalid("plugin.kind", `one of ${PLUGIN_KINDS.join(", ")}`, (plugin as { kind: unknown }).kind);
  }
}

/**
 * How to build a plume plugin on another grid: its options with the grid option (`grid`, `gridSize`, ... as the
 * parsed defaults show it) replaced, when the plugin's schema accepts that grid; undefined when the options state
 * no grid.
 */
export function pluginSizeParams(plugin: AnyPlugin, pluginOptions: unknown): ((grid: readonly [number, number]) => unknown) | undefined {
  const raw = pluginOptions === undefined ? {} : pluginOptions;
  if (!isPlainObject(raw)) return undefined;
  const parsed = plugin.options.safeParse(raw);
  if (!parsed.success) return undefined;
  const form = gridParamForm(parsed.data);
  if (form === undefined) return undefined;
  return (grid) => {
    const candidate = withGrid(raw, form, grid);
    const check = plugin.options.safeParse(candidate);
    return check.success ? candidate : undefined;
  };
}

/** Runs the suite matching `plugin.kind` and returns its report. For an async plugin use `checkPluginAsync`. */
export function checkPlugin(plugin: Plugin, options: PluginCheckOptions = {}): SuiteReport {
  return planPlugin(plugin, options).run();
}

/** Runs the checks of a plugin, sync or async, one at a time (the vitest binding registers one test per id). */
export interface PluginRunner {
  /** The check ids of the plugin's suite, in catalogue order. */
  readonly checkIds: readonly string[];
  /** Runs one check. */
  runCheck(id: string): Promise<CheckResult>;
  /** Runs every check and returns the report. */
  run(): Promise<SuiteReport>;
}

/**
 * A runner for a plugin whose `create` may be async (`AsyncPlugin`, e.g. a movie plume loading its frames). The first
 * run creates one component to tell: a synchronous plugin runs exactly as `checkPlugin` runs it; an async plugin's
 * components are awaited ahead of time into a pool (see `async-plugin.ts`), so its report is the one a synchronous
 * plugin with the same behaviour gets.
 * @throws ValidationError for a non-plugin; ConfigurationError for options its schema rejects.
 */
export function pluginRunner(plugin: AnyPlugin, options: PluginCheckOptions = {}): PluginRunner {
  requirePlugin(plugin, options);
  const create = (params: unknown): unknown => (plugin as Plugin).create(params === undefined ? options.pluginOptions : params);
  const pool = new InstancePool(async (params) => create(params));
  const poolPlan = () => planWith(plugin, options, (params) => pool.take(params));
  type Engine = Pick<PluginRunner, "runCheck" | "run">;
  let engine: Promise<Engine> | undefined;
  const start = (): Promise<Engine> =>
    (engine ??= (async (): Promise<Engine> => {
      let probe: unknown;
      try {
        probe = create(undefined);
      } catch {
        probe = undefined;
      }
      if (!isPromiseLike(probe)) {
        const plan = planWith(plugin, options, create);
        return { runCheck: async (id) => (plan.checks.find((c) => c.id === id) as SuitePlan["checks"][number]).run(), run: async () => plan.run() };
      }
      try {
        pool.put(undefined, await probe);
      } catch (error) {
        pool.fail(undefined, error);
      }
      return new AsyncPlanRunner(pool, poolPlan);
    })());
  return {
    checkIds: Object.freeze(poolPlan().checks.map((c) => c.id)),
    runCheck: async (id) => (await start()).runCheck(id),
    run: async () => (await start()).run(),
  };
}

/** Runs the suite matching `plugin.kind` on a plugin whose `create` may be async, and returns its report. */
export async function checkPluginAsync(plugin: AnyPlugin, options: PluginCheckOptions = {}): Promise<SuiteReport> {
  return pluginRunner(plugin, options).run();
}

/** A plugin found in a module, with the suite options its `contract` export gives it. */
export interface ModulePlugin {
  readonly exportName: string;
  readonly plugin: Plugin;
  readonly options: PluginCheckOptions;
}

/**
 * An env plugin: how an env module offers its env to the kit and to tools that build envs by name.
 * `create(hints)` builds a fresh env (see `EnvFactoryOptions` for the hints: `maxSteps`, `renderMode`, ...).
 */
export interface EnvPlugin {
  readonly kind: "env";
  readonly name?: string;
  create(hints?: EnvFactoryOptions): AnyEnv;
}

/** Whether `value` is an env plugin `{ kind: "env", create }`. */
export function isEnvPlugin(value: unknown): value is EnvPlugin {
  return isPlainObject(value) && value["kind"] === "env" && typeof value["create"] === "function";
}

function looksLikeEnv(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)["reset"] === "function" && typeof (value as Record<string, unknown>)["step"] === "function";
}

/** Something a module offers the kit: a plugin (its kind's suite) or an env factory (`checkEnv`). */
export type ModuleTarget =
  | { readonly kind: "plugin"; readonly exportName: string; readonly name: string; readonly plugin: Plugin; readonly options: PluginCheckOptions }
  | { readonly kind: "env"; readonly exportName: string; readonly name: string; readonly factory: EnvFactory; readonly options: Readonly<Record<string, unknown>> };

/** The export names the kit reads env factories from (besides `{ kind: "env", create }` plugins of any name). */
export const ENV_FACTORY_EXPORTS: readonly string[] = Object.freeze(["createEnv", "default"]);

/**
 * Everything a module offers the kit, in export order:
 * - plugins made with `definePlugin` (its `plugin` export alone when there is one, else every such export);
 * - env factories: a `createEnv(hints)` export, a default export that is a function (and not a class), and any
 *   export `{ kind: "env", name?, create(hints) }`.
 *
 * An optional `contract` export gives check options: one object for every target, or an object keyed by plugin
 * name, env name or export name. `only` selects export names.
 * @throws ValidationError when a selected export is neither, or when an export is an env instance (the kit needs
 * a factory: "export `createEnv = (hints) => new MyEnv(hints)`").
 */
export function targetsOfModule(module: Readonly<Record<string, unknown>>, only?: readonly string[]): ModuleTarget[] {
  const keys = Object.keys(module);
  const isEnvFactoryExport = (k: string) => {
    const v = module[k];
    if (isEnvPlugin(v)) return true;
    if (!ENV_FACTORY_EXPORTS.includes(k) || typeof v !== "function" || isPlugin(v)) return false;
    return !/^class[\s{]/.test(Function.prototype.toString.call(v));
  };
  const pluginKeys = isPlugin(module["plugin"]) ? ["plugin"] : keys.filter((k) => isPlugin(module[k]));
  const envKeys = keys.filter(isEnvFactoryExport);
  // a default export that merely re-exports a plugin or env plugin is the same target: keep one
  // the same object exported twice (e.g. `createEnv` and `export default createEnv`) is one target
  const seen = new Set<unknown>();
  const unique = [...new Set([...pluginKeys, ...envKeys])].filter((k) => {
    if (seen.has(module[k])) return false;
    seen.add(module[k]);
    return true;
  });
  const selected = only !== undefined && only.length > 0 ? [...only] : unique;
  if (only === undefined || only.length === 0) {
    for (const k of keys) {
      if (looksLikeEnv(module[k]) && !isEnvPlugin(module[k])) {
        throw ValidationError.invalid(
          `export ${k}`,
          "an env factory, not an env instance: the kit builds a fresh env for every check, so export `createEnv = (hints) => new MyEnv(hints)` (pass `() => env`)",
          module[k],
        );
      }
    }
  }
  const names = (k: string): string[] => {
    const v = module[k];
    if (isPlugin(v)) return [k, v.name];
    if (isEnvPlugin(v)) return v.name !== undefined ? [k, v.name] : [k];
    return isEnvFactoryExport(k) ? [k] : [];
  };
  const contract = module["contract"];
  const known = keys.flatMap(names);
  const keyed = isPlainObject(contract) && Object.keys(contract).some((k) => known.includes(k));
  const entryOf = (k: string, name: string): Record<string, unknown> => {
    let entry: unknown = contract;
    if (keyed && isPlainObject(contract)) entry = contract[name] ?? contract[k] ?? {};
    return isPlainObject(entry) ? { ...entry } : {};
  };
  return selected.map((exportName): ModuleTarget => {
    const value = module[exportName];
    if (isPlugin(value)) {
      const { pluginOptions, ...suite } = entryOf(exportName, value.name);
      return { kind: "plugin", exportName, name: value.name, plugin: value, options: { pluginOptions, suite } };
    }
    if (isEnvPlugin(value)) {
      const name = value.name ?? exportName;
      return { kind: "env", exportName, name, factory: (hints) => value.create(hints), options: entryOf(exportName, name) };
    }
    if (isEnvFactoryExport(exportName)) {
      const factory = value as EnvFactory;
      return { kind: "env", exportName, name: exportName, factory, options: entryOf(exportName, exportName) };
    }
    if (looksLikeEnv(value)) {
      throw ValidationError.invalid(`export ${exportName}`, "an env factory, not an env instance (pass `() => env`)", value);
    }
    throw ValidationError.invalid(
      `export ${exportName}`,
      `a plugin made with definePlugin, an env plugin { kind: "env", create }, or an env factory export (${ENV_FACTORY_EXPORTS.join(", ")})${didYouMean(exportName, keys)}`,
      value,
    );
  });
}

/** Builds the suite of one module target; `overrides` are merged into its suite options. */
export function planTarget(target: ModuleTarget, overrides: Readonly<Record<string, unknown>> = {}): SuitePlan {
  if (target.kind === "plugin") return planPlugin(target.plugin, { ...target.options, suite: { ...target.options.suite, ...overrides } });
  return planEnv(target.factory, { name: target.name, ...target.options, ...overrides } as EnvCheckOptions);
}

/**
 * The plugins a module offers: its `plugin` export, or else every named export made with
 * `definePlugin`. An optional `contract` export gives check options: `{ pluginOptions?, ...suiteOptions }`
 * for every plugin, or an object keyed by plugin name (or export name) with such entries.
 */
export function pluginsOfModule(module: Readonly<Record<string, unknown>>, only?: readonly string[]): ModulePlugin[] {
  return targetsOfModule(module, only).flatMap((t) => (t.kind === "plugin" ? [{ exportName: t.exportName, plugin: t.plugin, options: t.options }] : []));
}

/**
 * Runs the suite of one module target, awaiting an async plugin's components (see `pluginRunner`); `overrides` are
 * merged into its suite options. What `plume-contract check` runs.
 */
export async function runTarget(target: ModuleTarget, overrides: Readonly<Record<string, unknown>> = {}): Promise<SuiteReport> {
  if (target.kind === "plugin") return pluginRunner(target.plugin, { ...target.options, suite: { ...target.options.suite, ...overrides } }).run();
  return planTarget(target, overrides).run();
}

/** `checkModule` for modules whose plugins may be async (see `pluginRunner`): what `plume-contract check` reports. */
export async function checkModuleAsync(module: Readonly<Record<string, unknown>>, overrides: Readonly<Record<string, unknown>> = {}): Promise<SuiteReport[]> {
  const reports: SuiteReport[] = [];
  for (const t of targetsOfModule(module)) reports.push(await runTarget(t, overrides));
  return reports;
}

/** Checks everything a module offers (plugins and env factories, see `targetsOfModule`); `overrides` are merged into every suite's options. */
export function checkModule(module: Readonly<Record<string, unknown>>, overrides: Readonly<Record<string, unknown>> = {}): SuiteReport[] {
  return targetsOfModule(module).map((t) => planTarget(t, overrides).run());
}
