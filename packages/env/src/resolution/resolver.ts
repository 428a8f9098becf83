/**
 * Resolves a config's `type` to a plugin, for any plugin kind, under the trust model: a config may name
 *
 * 1. a plugin passed by the caller (`options.plugins`) or registered with `registerPlugins`,
 * 2. a built-in name: `@plume/env`'s own and its default packages' plugins need no import; every other
 *    name is looked up in the catalog and its package imported (missing -> "install @plume/…"),
 * 3. an installed package by name (the project's own choice of what to install), and
 * 4. a module path (`./x.mjs`, `/abs/x.mjs`, `file:…`, or any other URL) only when the caller passed
 *    `allowModulePaths: true`.
 *
 * Which of these a `type` is gets decided before anything is imported, so a refused module's top-level
 * code never runs. Every error is a `ConfigurationError` whose `parameter` is the config path of the type.
 */
import { ConfigurationError, PLUGIN_KINDS, ValidationError, didYouMean, type AnyPlugin, type PluginKind } from "@plume/core-types";
import { BUILTIN_PLUGIN_PACKAGES, pluginPackageEntries, pluginPackageFor, type PluginPackageEntry } from "./catalog.js";
import { configError } from "../internal/config-error.js";
import { customLoader, isNotFound, packageNameOf, portableLoader, type PluginLoader } from "./loader.js";
import { availableNames, availablePlugin, isBundledPlugin, pluginsOfModule } from "./registered.js";

/** Options of plugin resolution (shared by `createEnvironmentFromConfig` and `resolvePlugin`). */
export interface PluginResolutionOptions {
  /**
   * Plugins the config may name by their `name`, looked up first. This is how a browser bundle supplies
   * plugins (`{ plugins: [...windPlugins] }`). Default: none.
   */
  readonly plugins?: readonly AnyPlugin[] | undefined;
  /**
   * Let the config import module paths (`./sensor.mjs`, `/abs/x.mjs`, `file:` and other URLs). A config
   * naming a module path runs that file's code; allow it only for configs you trust. Default `false`:
   * such a config is refused with a `ConfigurationError` before anything is imported.
   */
  readonly allowModulePaths?: boolean | undefined;
  /**
   * Loads a module for a `type` that has to be imported: a catalog package (`"@plume/sensors-wind"`), a
   * package the config names, or an allowed module path — after the checks above. Default: the
   * runtime's `import()` (the Node entry: resolution from `projectDir`). In a bundle, a map of literal
   * dynamic imports lets the bundler split the plugins out and load them when a config needs them:
   * `importModule: (s) => ({ "@plume/sensors-wind": () => import("@plume/sensors-wind") })[s]?.()`.
   */
  readonly importModule?: ((specifier: string) => Promise<unknown>) | undefined;
}

/** What the config names at one place: the kind it must be, the `type` and the spec's dotted path. */
export interface PluginRequest {
  readonly kind: PluginKind;
  readonly type: string;
  /** Dotted path of the component spec, e.g. `"sensor"` or `"sensor.options.sensors.wind"`. */
  readonly path: string;
}

/** A `type` that names a module path or URL (import only with `allowModulePaths`). */
export function isModulePath(type: string): boolean {
  return (
    type.startsWith("./") ||
    type.startsWith("../") ||
    type.startsWith("/") ||
    type.startsWith("\\") ||
    type.startsWith(".\\") ||
    type.startsWith("..\\") ||
    /^[A-Za-z]:[\\/]/.test(type) ||
    /^[A-Za-z][A-Za-z0-9+.-]+:/.test(type)
  );
}

/** npm's rules for a package name, with an optional subpath (`@scope/name/sub/path`). */
const PACKAGE_SPECIFIER = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*(?:\/[A-Za-z0-9._~@+-]+)*$/;

/** A `type` that names an npm package (possibly with a subpath). */
export function isPackageSpecifier(type: string): boolean {
  return !isModulePath(type) && PACKAGE_SPECIFIER.test(type) && packageNameOf(type).length <= 214;
}

/** Every name a config may use for `kind`: passed, registered, shipped and catalogued ones. */
export function knownPluginNames(kind: PluginKind, extra: readonly AnyPlugin[] = []): string[] {
  const catalogued = pluginPackageEntries().filter((e) => e.kind === kind).map((e) => e.name);
  const passed = extra.filter((p) => p.kind === kind).map((p) => p.name);
  return [...new Set([...passed, ...availableNames(kind), ...catalogued])].sort();
}

/**
 * Whether `type` names a plugin Plume itself ships: a built-in catalog name (`BUILTIN_PLUGIN_PACKAGES`)
 * that no plugin registered with `registerPlugins` replaces. Names added with `registerPluginPackage`,
 * registered plugins, packages and module paths are third-party code.
 */
export function isBuiltinName(kind: PluginKind, type: string): boolean {
  if (!BUILTIN_PLUGIN_PACKAGES.some((e) => e.kind === kind && e.name === type)) return false;
  const available = availablePlugin(kind, type);
  return available === undefined || isBundledPlugin(available);
}

function passedPlugin(request: PluginRequest, options: PluginResolutionOptions): AnyPlugin | undefined {
  return options.plugins?.find((p) => p.kind === request.kind && p.name === request.type) ?? availablePlugin(request.kind, request.type);
}

/** The kind a name belongs to when it is a known name of another kind (a sensor name in `reward`). */
function otherKindOf(request: PluginRequest, options: PluginResolutionOptions): PluginKind | undefined {
  return PLUGIN_KINDS.find((k) => k !== request.kind && knownPluginNames(k, options.plugins ?? []).includes(request.type));
}

function unknownType(request: PluginRequest, options: PluginResolutionOptions, note: string, cause?: unknown): ConfigurationError {
  const names = knownPluginNames(request.kind, options.plugins ?? []);
  const other = otherKindOf(request, options);
  const summary =
    other !== undefined
      ? `"${request.type}" is a ${other} plugin, not a ${request.kind} plugin`
      : `unknown ${request.kind} type "${request.type}"${didYouMean(request.type, names)}${note}`;
  return configError(
    `${request.path}.type`,
    summary,
    `a ${request.kind} name (${names.join(", ")}), an installed plugin package${options.allowModulePaths === true ? " or a module path" : ""}`,
    request.type,
    cause,
  );
}

/** The "install it" error for a catalog name whose package cannot be imported, worded for the runtime. */
function missingPackage(request: PluginRequest, entry: PluginPackageEntry, loader: PluginLoader, cause: unknown): ConfigurationError {
  const pkg = entry.package;
  const what = `the ${request.kind} "${request.type}" comes from ${pkg}`;
  const summary =
    loader.runtime === "browser"
      ? `${what}, which cannot be imported here by a name read from a config at run time (a bundler cannot follow such an import): install ${pkg}, import it in your code and pass its plugins, e.g. import { plugins } from "${pkg}"; createEnvironmentFromConfig(config, { plugins }) (or registerPlugins(plugins) once)`
      : `${what}, which is not installed${loader.packageRoot === undefined ? "" : ` in ${loader.packageRoot}`}: install ${pkg} (npm install ${pkg})`;
  return configError(
    `${request.path}.type`,
    summary,
    `${pkg} installed${loader.runtime === "browser" ? ", imported and its plugins passed as options.plugins or with registerPlugins" : ""}`,
    request.type,
    cause,
  );
}

function importFailed(request: PluginRequest, what: string, error: unknown): ConfigurationError {
  return configError(
    `${request.path}.type`,
    `importing ${what} failed: ${error instanceof Error ? error.message : String(error)}`,
    `a ${request.kind} plugin module that loads`,
    request.type,
    error,
  );
}

/**
 * The plugin of the requested kind in an imported module: for a catalog name, the one with that name;
 * otherwise the module's only plugin of that kind (or the one named like the type).
 */
function pickPlugin(request: PluginRequest, mod: unknown, what: string, name?: string): AnyPlugin {
  const found = pluginsOfModule(mod) ?? [];
  const parameter = `${request.path}.type`;
  if (found.length === 0) {
    throw configError(
      parameter,
      `${what} does not export a plugin`,
      `a module whose \`plugin\` (or \`plugins\`) export is made with definePlugin({ kind: "${request.kind}", ... })`,
      request.type,
    );
  }
  const ofKind = found.filter((p) => p.kind === request.kind);
  const named = ofKind.find((p) => p.name === (name ?? request.type));
  if (named !== undefined) return named;
  if (name === undefined && ofKind.length === 1) return ofKind[0] as AnyPlugin;
  if (ofKind.length === 0) {
    const kinds = [...new Set(found.map((p) => p.kind))];
    throw configError(parameter, `"${request.type}" is a ${kinds.join("/")} plugin, not a ${request.kind} plugin`, `a ${request.kind} plugin`, request.type);
  }
  throw configError(
    parameter,
    name !== undefined
      ? `${what} has no ${request.kind} plugin named "${name}" (it has ${ofKind.map((p) => p.name).join(", ")}; is it an older version?)`
      : `${what} exports several ${request.kind} plugins (${ofKind.map((p) => p.name).join(", ")}), so its name alone does not say which`,
    name !== undefined ? `a version of the package with the ${request.kind} plugin "${name}"` : `one of its plugins' names, registered with registerPluginPackage`,
    request.type,
  );
}

/** The refusal of a module path when `allowModulePaths` is not set. */
function modulePathRefused(request: PluginRequest): ConfigurationError {
  return configError(
    `${request.path}.type`,
    `"${request.type}" is a module path, and importing it would run its code: configs import module paths only when you allow it — pass allowModulePaths: true (the plume CLI: --allow-module-paths) for a config you trust, or install the plugin as a package and name the package`,
    `a built-in ${request.kind} name or an installed plugin package (module paths need allowModulePaths: true)`,
    request.type,
  );
}

/**
 * The catalog package a request needs imported, when no passed, registered or shipped plugin answers it
 * (what the synchronous builders cannot supply); undefined otherwise.
 */
export function packageToImport(request: PluginRequest, options: PluginResolutionOptions): string | undefined {
  return passedPlugin(request, options) === undefined ? pluginPackageFor(request.kind, request.type)?.package : undefined;
}

/**
 * Resolves without importing anything: passed, registered and shipped plugins only.
 * @throws ConfigurationError for any type that would need an import (saying how to supply it), a module
 * path without `allowModulePaths`, or an unknown type.
 */
export function resolvePluginRequestSync(request: PluginRequest, options: PluginResolutionOptions): AnyPlugin {
  const direct = passedPlugin(request, options);
  if (direct !== undefined) return direct;
  const entry = pluginPackageFor(request.kind, request.type);
  if (entry !== undefined) {
    throw configError(
      `${request.path}.type`,
      `the ${request.kind} "${request.type}" comes from ${entry.package}, which createEnvironmentFromConfigSync does not import: pass its plugins (import { plugins } from "${entry.package}"; { plugins }) or registerPlugins(plugins), or use the async createEnvironmentFromConfig (install ${entry.package})`,
      `${entry.package}'s plugins passed as options.plugins or with registerPlugins`,
      request.type,
    );
  }
  if (isModulePath(request.type) && options.allowModulePaths !== true) throw modulePathRefused(request);
  const importable = isModulePath(request.type) || isPackageSpecifier(request.type);
  throw unknownType(request, options, importable ? " (createEnvironmentFromConfigSync cannot import modules; use createEnvironmentFromConfig)" : "");
}

/**
 * Resolves one request, importing through `loader` where the trust model allows it.
 * @throws ConfigurationError naming `<path>.type` (see the module comment for the cases).
 */
export async function resolvePluginRequest(
  request: PluginRequest,
  options: PluginResolutionOptions,
  loader: PluginLoader,
  catalog: (kind: PluginKind, name: string) => PluginPackageEntry | undefined = pluginPackageFor,
): Promise<AnyPlugin> {
  const direct = passedPlugin(request, options);
  if (direct !== undefined) return direct;

  const entry = catalog(request.kind, request.type);
  if (entry !== undefined) {
    let mod: unknown;
    try {
      mod = await loader.importPackage(entry.package, true);
    } catch (error) {
      if (isNotFound(error, entry.package, loader.runtime)) throw missingPackage(request, entry, loader, error);
      throw importFailed(request, `${entry.package} (for the ${request.kind} "${request.type}")`, error);
    }
    return pickPlugin(request, mod, `package ${entry.package}`, entry.name);
  }

  if (otherKindOf(request, options) !== undefined) throw unknownType(request, options, "");
  if (isModulePath(request.type)) {
    if (options.allowModulePaths !== true) throw modulePathRefused(request);
    let mod: unknown;
    try {
      mod = await loader.importModulePath(request.type);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === "ERR_MODULE_NOT_FOUND" || code === "ENOENT") {
        throw configError(`${request.path}.type`, `module "${request.type}" could not be found (check the path)`, "a module path to an existing file", request.type, error);
      }
      throw importFailed(request, `the ${request.kind} plugin module "${request.type}"`, error);
    }
    return pickPlugin(request, mod, `module "${request.type}"`);
  }

  if (!isPackageSpecifier(request.type)) throw unknownType(request, options, "");
  let mod: unknown;
  try {
    mod = await loader.importPackage(request.type, false);
  } catch (error) {
    if (isNotFound(error, request.type, loader.runtime)) {
      const where = loader.packageRoot === undefined ? "" : ` in ${loader.packageRoot}`;
      throw unknownType(request, options, `: it is not a built-in name and no package "${request.type}" is installed${where} (install the plugin package, or check the name)`, error);
    }
    throw importFailed(request, `the ${request.kind} plugin package "${request.type}"`, error);
  }
  return pickPlugin(request, mod, `package "${request.type}"`);
}

/** Options of `resolvePlugin`. */
export interface ResolvePluginOptions extends PluginResolutionOptions {
  /** The config path named in errors (`"<path>.type"`). Default: the kind. */
  readonly path?: string | undefined;
  /** Folder (path or URL) that allowed relative module paths resolve from. Default: the page, or the working directory. */
  readonly baseDir?: string | undefined;
}

/** The loader for `options`: the caller's `importModule`, else `fallback`. */
export function loaderFor(options: PluginResolutionOptions, fallback: () => PluginLoader): PluginLoader {
  return options.importModule === undefined ? fallback() : customLoader(options.importModule);
}

/** Checks `resolvePlugin`'s arguments. */
export function pluginRequest(kind: unknown, type: unknown, path: string | undefined): PluginRequest {
  if (!(PLUGIN_KINDS as readonly unknown[]).includes(kind)) throw ValidationError.invalid("kind", `one of ${PLUGIN_KINDS.join(", ")}`, kind);
  if (typeof type !== "string" || type.length === 0) throw ValidationError.invalid("type", "a plugin name, package or module path", type);
  return { kind: kind as PluginKind, type, path: path ?? (kind as string) };
}

/**
 * The plugin a config's `type` names, for any kind (sensor, action, reward, plume, wind, policy), by the
 * same rules as configs: passed and registered plugins, built-in names (importing their package when
 * needed), installed packages, and module paths only with `allowModulePaths`.
 *
 * ```ts
 * const wind = await resolvePlugin("sensor", "wind_vector");         // imports @plume/sensors-wind
 * const greedy = await resolvePlugin("policy", "greedy");            // imports @plume/policies
 * ```
 * @throws ValidationError for a bad `kind` or `type`; ConfigurationError (`parameter` `"<path>.type"`)
 * when the plugin cannot be resolved (naming the package to install).
 */
export async function resolvePlugin<K extends PluginKind>(kind: K, type: string, options: ResolvePluginOptions = {}): Promise<AnyPlugin<K>> {
  const request = pluginRequest(kind, type, options.path);
  return (await resolvePluginRequest(request, options, loaderFor(options, () => portableLoader(options.baseDir)))) as AnyPlugin<K>;
}

/**
 * The synchronous form of `resolvePlugin`: passed, registered and shipped plugins only (nothing is imported).
 * @throws ValidationError for a bad `kind` or `type`; ConfigurationError when the plugin would need an import.
 */
export function resolvePluginSync<K extends PluginKind>(kind: K, type: string, options: ResolvePluginOptions = {}): AnyPlugin<K> {
  return resolvePluginRequestSync(pluginRequest(kind, type, options.path), options) as AnyPlugin<K>;
}
