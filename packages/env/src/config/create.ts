/**
 * `createEnvironmentFromConfig`: builds a `PlumeEnv` from an `EnvironmentConfig` object or a JSON/YAML
 * file. Components named by a built-in name come from Plume's plugin packages; any other `type` is
 * imported (a package specifier resolved from the config file's folder, or a module path) and its
 * `plugin` export is validated with `isPlugin`. Every error is a `ConfigurationError` whose `parameter`
 * is the path of the bad field (`"sensor.type"`, `"gridSize.width"`, `"plume.options.sigma"`, ...).
 */
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, extname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  ConfigurationError,
  Coordinates,
  GridSize,
  PLUGIN_KINDS,
  isPlugin,
  isPlumeError,
  parseWithSchema,
  type Plugin,
  type PluginKind,
} from "@plume/core-types";
import { plugins as discretePlugins } from "@plume/actions-discrete";
import { plugins as continuousPlugins } from "@plume/actions-continuous";
import { plugins as orientedPlugins } from "@plume/actions-oriented";
import { plugins as concentrationPlugins } from "@plume/sensors-concentration";
import { plugins as windSensorPlugins } from "@plume/sensors-wind";
import { plugins as composePlugins } from "@plume/sensors-compose";
import { parse as parseYaml, YAMLParseError } from "yaml";
import {
  PROTOCOL_DESCRIPTIONS,
  isActionProcessor,
  isConcentrationField,
  isObservationModel,
  isRewardFunction,
  isVectorField,
} from "../env/components.js";
import { PlumeEnv } from "../env/plume-env.js";
import type { RenderMode } from "../env/types.js";
import { FLOAT32_EPS } from "../internal/math.js";
import { plugins as envPlugins } from "../plugins.js";
import type { TerminalOutput } from "../render/terminal.js";
import { configStateExtensions } from "../wrappers/state.js";
import {
  EnvironmentConfigSchema,
  SELECTOR_DEFAULTS,
  type ComponentSpec,
  type EnvironmentConfig,
  type EnvironmentConfigInput,
} from "./schema.js";

/** The component sections of a config, in the order they are built. */
export const CONFIG_SECTIONS = Object.freeze(["wind", "plume", "reward", "action", "sensor"] as const);
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

const SECTION_KIND: Readonly<Record<ConfigSection, PluginKind>> = Object.freeze({
  wind: "wind",
  plume: "plume",
  reward: "reward",
  action: "action",
  sensor: "sensor",
});

/** Every plugin a config can name by its built-in name, by kind. */
const BUILTIN_PLUGINS: readonly Plugin[] = Object.freeze([
  ...envPlugins,
  ...concentrationPlugins,
  ...windSensorPlugins,
  ...composePlugins,
  ...discretePlugins,
  ...continuousPlugins,
  ...orientedPlugins,
] as readonly Plugin[]);

/** The built-in names, by kind (e.g. `builtinComponentTypes().sensor` -> `["antennae", "concentration", ...]`). */
export function builtinComponentTypes(): Readonly<Record<PluginKind, readonly string[]>> {
  const out = Object.fromEntries(PLUGIN_KINDS.map((k) => [k, [] as string[]])) as Record<PluginKind, string[]>;
  for (const p of BUILTIN_PLUGINS) out[p.kind].push(p.name);
  for (const k of PLUGIN_KINDS) out[k].sort();
  return out;
}

/** Options of `createEnvironmentFromConfig`. */
export interface CreateEnvironmentOptions {
  /** More plugins a config may name by `name` (checked before the built-ins). */
  readonly plugins?: readonly Plugin[] | undefined;
  /**
   * Folder that module paths and package specifiers are resolved from. Default: the config file's
   * folder, else the current working directory.
   */
  readonly baseDir?: string | undefined;
  /** Loads a module for a `type` that is not a known name (default: Node resolution from `baseDir`, then `import()`). */
  readonly importModule?: ((specifier: string) => Promise<unknown>) | undefined;
  /** Overrides the config's `renderMode`. */
  readonly renderMode?: RenderMode | null | undefined;
  /** Where `human` frames go (default `process.stdout`). */
  readonly terminal?: TerminalOutput | undefined;
}

/** A Plume error from this or another copy of `@plume/core-types` (a plugin may bring its own). */
function plumeErrorLike(error: unknown): { code: string; parameter?: string; expected?: string; received?: unknown; message: string } | undefined {
  if (isPlumeError(error)) return error as ReturnType<typeof plumeErrorLike>;
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("PLUME_") ? (error as unknown as ReturnType<typeof plumeErrorLike>) : undefined;
}

/**
 * A plugin's error as this package's `ConfigurationError`: a configuration error keeps its path (it was
 * parsed with the config path), any other Plume error is re-rooted under `optionsPath`.
 */
function asConfigurationError(error: unknown, optionsPath: string): unknown {
  if (error instanceof ConfigurationError) return error;
  const plume = plumeErrorLike(error);
  if (plume === undefined) return error;
  const parameter =
    plume.code === "PLUME_CONFIGURATION" && plume.parameter !== undefined
      ? plume.parameter
      : plume.parameter === undefined
        ? optionsPath
        : `${optionsPath}.${plume.parameter}`;
  const message = plume.code === "PLUME_CONFIGURATION" ? plume.message : `invalid ${parameter}: ${plume.message}`;
  return new ConfigurationError(message, {
    parameter,
    ...(plume.expected !== undefined && { expected: plume.expected }),
    received: plume.received,
    cause: error,
  });
}

/** Plugins resolved for a config, keyed by `kind:type`. */
type PluginTable = Map<string, Plugin>;

/** Option keys whose values may hold nested component specs (built before the parent). */
const NESTED_SLOTS: Readonly<Partial<Record<PluginKind, readonly { readonly key: string; readonly kind: PluginKind }[]>>> =
  Object.freeze({
    sensor: Object.freeze([{ key: "sensors", kind: "sensor" as const }, { key: "sensor", kind: "sensor" as const }]),
    action: Object.freeze([{ key: "base", kind: "action" as const }]),
  });

/** A component spec found in the config: where it is, what kind it must be, and its type. */
interface Occurrence {
  readonly kind: PluginKind;
  readonly type: string;
  /** Dotted path of the spec, e.g. `"sensor"` or `"sensor.options.sensors.wind"`. */
  readonly path: string;
}

function configError(parameter: string, summary: string, expected: string, received?: unknown, cause?: unknown): ConfigurationError {
  return new ConfigurationError(`${parameter}: ${summary}`, {
    parameter,
    expected,
    ...(received !== undefined && { received }),
    ...(cause !== undefined && { cause }),
  });
}

/**
 * Validates a config object (no component is built or imported).
 * @throws ConfigurationError naming the path of the first bad field.
 */
export function parseEnvironmentConfig(input: unknown): EnvironmentConfig {
  return parseWithSchema(EnvironmentConfigSchema, input, { what: "environment config", kind: "configuration" });
}

/**
 * Reads a JSON (`.json`) or YAML (`.yaml`, `.yml`; anything else is tried as JSON, then YAML) config file
 * and validates it.
 * @throws ConfigurationError for a missing file, a syntax error (with its line) or a bad field.
 */
export async function loadEnvironmentConfig(path: string | URL): Promise<EnvironmentConfig> {
  return parseEnvironmentConfig(await readConfigFile(path));
}

/** Reads and parses a config file without validating it. */
export async function readConfigFile(path: string | URL): Promise<unknown> {
  const file = path instanceof URL ? fileURLToPath(path) : path;
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw configError("file", `cannot read config file ${file}`, "a readable JSON or YAML file", file, error);
  }
  const ext = extname(file).toLowerCase();
  const asJson = () => {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw configError("file", `invalid JSON in ${file}: ${(error as Error).message}`, "valid JSON", file, error);
    }
  };
  const asYaml = () => {
    try {
      return parseYaml(text) as unknown;
    } catch (error) {
      const where =
        error instanceof YAMLParseError && error.linePos !== undefined
          ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}`
          : "";
      throw configError("file", `invalid YAML in ${file}${where}: ${(error as Error).message.split("\n")[0]}`, "valid YAML", file, error);
    }
  };
  if (ext === ".json") return asJson();
  if (ext === ".yaml" || ext === ".yml") return asYaml();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return asYaml();
  }
}

function isModulePath(type: string): boolean {
  return type.startsWith("./") || type.startsWith("../") || type.startsWith("/") || type.startsWith("file:");
}

function builtinFor(kind: PluginKind, name: string, extra: readonly Plugin[]): Plugin | undefined {
  return (
    extra.find((p) => p.kind === kind && p.name === name) ?? BUILTIN_PLUGINS.find((p) => p.kind === kind && p.name === name)
  );
}

function knownNames(kind: PluginKind, extra: readonly Plugin[]): string[] {
  return [...new Set([...extra, ...BUILTIN_PLUGINS].filter((p) => p.kind === kind).map((p) => p.name))].sort();
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

const IMPORT_CONDITIONS: ReadonlySet<string> = new Set(["import", "node", "default"]);

/** The target of a package `exports` entry under Node's import conditions (first matching key wins). */
function conditionTarget(entry: unknown): string | undefined {
  if (typeof entry === "string") return entry;
  if (Array.isArray(entry)) {
    for (const item of entry) {
      const target = conditionTarget(item);
      if (target !== undefined) return target;
    }
    return undefined;
  }
  if (entry !== null && typeof entry === "object") {
    for (const [key, value] of Object.entries(entry)) {
      if (IMPORT_CONDITIONS.has(key)) {
        const target = conditionTarget(value);
        if (target !== undefined) return target;
      }
    }
  }
  return undefined;
}

/**
 * Finds the file `import(specifier)` would load from a module in `baseDir`: the package in the nearest
 * `node_modules`, through its `exports` (import conditions), `module`, `main` or `index.js`. Undefined
 * when no such package is installed there.
 */
function resolvePackageFrom(specifier: string, baseDir: string): string | undefined {
  const parts = specifier.split("/");
  const nameParts = specifier.startsWith("@") ? 2 : 1;
  const name = parts.slice(0, nameParts).join("/");
  const subpath = parts.length > nameParts ? `./${parts.slice(nameParts).join("/")}` : ".";
  for (let dir = resolve(baseDir); ; dir = dirname(dir)) {
    const packageDir = join(dir, "node_modules", name);
    const manifestPath = join(packageDir, "package.json");
    if (existsSync(manifestPath)) {
      let manifest: { exports?: unknown; module?: unknown; main?: unknown };
      try {
        manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as typeof manifest;
      } catch {
        return undefined;
      }
      const exportsField = manifest.exports;
      let target: string | undefined;
      if (exportsField !== undefined && exportsField !== null) {
        const sugar =
          typeof exportsField === "string" ||
          Array.isArray(exportsField) ||
          !Object.keys(exportsField as object).some((k) => k.startsWith("."));
        target = sugar
          ? subpath === "."
            ? conditionTarget(exportsField)
            : undefined
          : conditionTarget((exportsField as Record<string, unknown>)[subpath]);
        if (target === undefined) return undefined; // not exported: let import() report it
      } else if (subpath === ".") {
        target = typeof manifest.module === "string" ? manifest.module : typeof manifest.main === "string" ? manifest.main : "index.js";
      } else {
        target = subpath;
      }
      return resolve(packageDir, target);
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Imports `type` the way a module in `baseDir` would: a module path relative to `baseDir`, a package from
 * the `node_modules` above `baseDir`, else whatever `import()` finds from this package.
 */
async function defaultImport(type: string, baseDir: string): Promise<unknown> {
  if (type.startsWith("file:")) return import(type);
  if (isModulePath(type)) return import(pathToFileURL(isAbsolute(type) ? type : resolve(baseDir, type)).href);
  const file = resolvePackageFrom(type, baseDir);
  return file === undefined ? import(type) : import(pathToFileURL(file).href);
}

function pluginOfModule(mod: unknown): unknown {
  if (mod === null || (typeof mod !== "object" && typeof mod !== "function")) return undefined;
  const record = mod as { plugin?: unknown; default?: unknown };
  if (record.plugin !== undefined) return record.plugin;
  const fallback = record.default as { plugin?: unknown } | null | undefined;
  return fallback !== null && typeof fallback === "object" ? fallback.plugin : undefined;
}

async function importPlugin(
  occurrence: Occurrence,
  options: CreateEnvironmentOptions,
  baseDir: string,
): Promise<Plugin> {
  const { kind, type } = occurrence;
  const parameter = `${occurrence.path}.type`;
  let mod: unknown;
  try {
    mod = await (options.importModule ?? ((s: string) => defaultImport(s, baseDir)))(type);
  } catch (error) {
    const code = errorCode(error);
    const missing = code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND" || code === "ERR_PACKAGE_PATH_NOT_EXPORTED";
    const names = knownNames(kind, options.plugins ?? []);
    throw configError(
      parameter,
      missing
        ? `unknown ${kind} type "${type}": it is not a built-in name and no module "${type}" could be found from ${baseDir} (install the plugin package, or check the path)`
        : `importing the ${kind} plugin module "${type}" failed: ${error instanceof Error ? error.message : String(error)}`,
      `a built-in ${kind} name (${names.join(", ")}), an installed plugin package or a module path`,
      type,
      error,
    );
  }
  const plugin = pluginOfModule(mod);
  if (!isPlugin(plugin)) {
    throw configError(
      parameter,
      `module "${type}" does not export a plugin`,
      `a module whose \`plugin\` export is made with definePlugin({ kind: "${kind}", ... })`,
      type,
    );
  }
  checkKind(occurrence, plugin);
  return plugin;
}

function checkKind(occurrence: Occurrence, plugin: Plugin): void {
  if (plugin.kind !== occurrence.kind) {
    throw configError(
      `${occurrence.path}.type`,
      `"${occurrence.type}" is a ${plugin.kind} plugin, not a ${occurrence.kind} plugin`,
      `a ${occurrence.kind} plugin`,
      occurrence.type,
    );
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A nested component spec: a type name, or a plain `{ type, options? }` object. */
function asNestedSpec(value: unknown): ComponentSpec | undefined {
  if (typeof value === "string") return { type: value };
  if (!isPlainObject(value) || typeof value["type"] !== "string") return undefined;
  if (!Object.keys(value).every((k) => k === "type" || k === "options")) return undefined;
  const options = value["options"];
  if (options !== undefined && !isPlainObject(options)) return undefined;
  return { type: value["type"], ...(options !== undefined && { options }) };
}

/** Calls `visit` for each nested spec of `options` (per `NESTED_SLOTS`), with its path and a setter. */
function forEachNested(
  kind: PluginKind,
  options: Record<string, unknown>,
  path: string,
  visit: (kind: PluginKind, spec: ComponentSpec, path: string, set: (value: unknown) => void) => void,
): void {
  for (const slot of NESTED_SLOTS[kind] ?? []) {
    const value = options[slot.key];
    const slotPath = `${path}.options.${slot.key}`;
    const single = asNestedSpec(value);
    if (single !== undefined) {
      visit(slot.kind, single, slotPath, (built) => (options[slot.key] = built));
    } else if (Array.isArray(value)) {
      const copy = [...value];
      options[slot.key] = copy;
      copy.forEach((item, i) => {
        const spec = asNestedSpec(item);
        if (spec !== undefined) visit(slot.kind, spec, `${slotPath}.${i}`, (built) => (copy[i] = built));
      });
    } else if (isPlainObject(value)) {
      const copy = { ...value };
      options[slot.key] = copy;
      for (const [name, item] of Object.entries(copy)) {
        const spec = asNestedSpec(item);
        if (spec !== undefined) visit(slot.kind, spec, `${slotPath}.${name}`, (built) => (copy[name] = built));
      }
    }
  }
}

/** The top-level component specs of a config (a default wind is added for a `wind_vector` sensor). */
function sectionSpecs(config: EnvironmentConfig): Partial<Record<ConfigSection, ComponentSpec>> {
  const specs: Partial<Record<ConfigSection, ComponentSpec>> = {
    plume: config.plume,
    reward: config.reward,
    action: config.action,
    sensor: config.sensor,
  };
  if (config.wind !== undefined) {
    specs.wind = config.wind;
  } else {
    let wantsWind = false;
    const scan = (kind: PluginKind, spec: ComponentSpec, path: string): void => {
      if (kind === "sensor" && spec.type === "wind_vector") wantsWind = true;
      forEachNested(kind, { ...(spec.options ?? {}) }, path, (k, nested, p) => scan(k, nested, p));
    };
    scan("sensor", config.sensor, "sensor");
    if (wantsWind) specs.wind = { type: SELECTOR_DEFAULTS.wind.type, options: { ...SELECTOR_DEFAULTS.wind.options } };
  }
  return specs;
}

/** Every component spec of the config, nested ones included. */
function occurrences(specs: Partial<Record<ConfigSection, ComponentSpec>>): Occurrence[] {
  const out: Occurrence[] = [];
  const walk = (kind: PluginKind, spec: ComponentSpec, path: string): void => {
    out.push({ kind, type: spec.type, path });
    forEachNested(kind, { ...(spec.options ?? {}) }, path, (k, nested, p) => walk(k, nested, p));
  };
  for (const section of CONFIG_SECTIONS) {
    const spec = specs[section];
    if (spec !== undefined) walk(SECTION_KIND[section], spec, section);
  }
  return out;
}

function tableKey(kind: PluginKind, type: string): string {
  return `${kind}:${type}`;
}

function resolveSync(specs: Partial<Record<ConfigSection, ComponentSpec>>, options: CreateEnvironmentOptions): PluginTable {
  const table: PluginTable = new Map();
  for (const occurrence of occurrences(specs)) {
    const plugin = builtinFor(occurrence.kind, occurrence.type, options.plugins ?? []);
    if (plugin === undefined) {
      const names = knownNames(occurrence.kind, options.plugins ?? []);
      const importable = isModulePath(occurrence.type) || occurrence.type.includes("/");
      throw configError(
        `${occurrence.path}.type`,
        `unknown ${occurrence.kind} type "${occurrence.type}"${importable ? " (createEnvironmentFromConfigSync cannot import modules; use createEnvironmentFromConfig)" : ""}`,
        `one of ${names.join(", ")}`,
        occurrence.type,
      );
    }
    table.set(tableKey(occurrence.kind, occurrence.type), plugin);
  }
  return table;
}

async function resolveAsync(
  specs: Partial<Record<ConfigSection, ComponentSpec>>,
  options: CreateEnvironmentOptions,
  baseDir: string,
): Promise<PluginTable> {
  const table: PluginTable = new Map();
  for (const occurrence of occurrences(specs)) {
    const key = tableKey(occurrence.kind, occurrence.type);
    if (table.has(key)) continue;
    const builtin = builtinFor(occurrence.kind, occurrence.type, options.plugins ?? []);
    table.set(key, builtin ?? (await importPlugin(occurrence, options, baseDir)));
  }
  return table;
}

/** The top-level keys of an options schema, when it is a zod object (possibly wrapped). */
function schemaKeys(schema: unknown, depth = 0): ReadonlySet<string> {
  if (depth > 8 || schema === null || typeof schema !== "object") return new Set();
  const shape = (schema as { shape?: unknown }).shape;
  if (shape !== null && typeof shape === "object") return new Set(Object.keys(shape));
  const def = (schema as { _zod?: { def?: { innerType?: unknown; in?: unknown; schema?: unknown } } })._zod?.def;
  if (def === undefined) return new Set();
  return schemaKeys(def.innerType ?? def.in ?? def.schema, depth + 1);
}

const PROTOCOL_CHECKS: Readonly<Record<PluginKind, (value: unknown) => boolean>> = Object.freeze({
  wind: isVectorField,
  plume: isConcentrationField,
  reward: isRewardFunction,
  action: isActionProcessor,
  sensor: isObservationModel,
  policy: (value: unknown) => value !== null && typeof value === "object",
});

const PROTOCOLS: Readonly<Record<PluginKind, string>> = Object.freeze({
  ...PROTOCOL_DESCRIPTIONS,
  policy: "a Policy",
});

function build(
  config: EnvironmentConfig,
  specs: Partial<Record<ConfigSection, ComponentSpec>>,
  table: PluginTable,
  options: CreateEnvironmentOptions,
): PlumeEnv<unknown, unknown> {
  const grid = new GridSize(config.gridSize.width, config.gridSize.height);
  const inside = (name: string, point: { x: number; y: number }): Coordinates => {
    if (!grid.contains(point)) {
      throw configError(
        name,
        `${name} (${point.x}, ${point.y}) is outside the ${grid.width}x${grid.height} grid`,
        `a cell with 0 <= x < ${grid.width} and 0 <= y < ${grid.height}`,
        [point.x, point.y],
      );
    }
    return new Coordinates(point.x, point.y);
  };
  const goal =
    config.goalLocation !== undefined
      ? inside("goalLocation", config.goalLocation)
      : new Coordinates(
          Math.min(SELECTOR_DEFAULTS.goalLocation[0], grid.width - 1),
          Math.min(SELECTOR_DEFAULTS.goalLocation[1], grid.height - 1),
        );
  const start = config.startLocation === undefined ? undefined : inside("startLocation", config.startLocation);
  const goalRadius = config.goalRadius === 0 ? FLOAT32_EPS : config.goalRadius;

  let wind: unknown;
  /** Values offered to plugins whose options schema has a key of that name and the config leaves it out. */
  const context = (kind: PluginKind): Record<string, unknown> => {
    switch (kind) {
      case "plume":
        return { gridSize: grid, sourceLocation: goal };
      case "reward":
        return { goalPosition: goal, goalLocation: goal, goalRadius, gridSize: grid };
      case "action":
      case "sensor":
        return { gridSize: grid, ...(wind !== undefined && { windField: wind }) };
      default:
        return { gridSize: grid };
    }
  };
  /** The selector's defaults for built-in types where they differ from the plugin's own. */
  const selectorDefaults = (kind: PluginKind, plugin: Plugin, given: Record<string, unknown>): Record<string, unknown> => {
    if (!BUILTIN_PLUGINS.includes(plugin)) return {};
    if (kind === "plume" && plugin.name === "gaussian") return { sigma: SELECTOR_DEFAULTS.plumeSigma };
    if (kind === "sensor" && plugin.name === "antennae") {
      return {
        sensorDistance: SELECTOR_DEFAULTS.antennae.sensorDistance,
        ...(given["sensorAngles"] === undefined && { nSensors: SELECTOR_DEFAULTS.antennae.nSensors }),
      };
    }
    return {};
  };

  const buildComponent = (kind: PluginKind, spec: ComponentSpec, path: string): unknown => {
    const plugin = table.get(tableKey(kind, spec.type)) as Plugin;
    const given: Record<string, unknown> = { ...(spec.options ?? {}) };
    forEachNested(kind, given, path, (nestedKind, nested, nestedPath, set) => set(buildComponent(nestedKind, nested, nestedPath)));
    const keys = schemaKeys(plugin.options);
    const injected: Record<string, unknown> = {};
    for (const [key, value] of Object.entries({ ...selectorDefaults(kind, plugin, given), ...context(kind) })) {
      if (keys.has(key) && given[key] === undefined) injected[key] = value;
    }
    const optionsPath = `${path}.options`;
    let component: unknown;
    try {
      component = plugin.create({ ...injected, ...given }, { path: optionsPath });
    } catch (error) {
      throw asConfigurationError(error, optionsPath);
    }
    if (!PROTOCOL_CHECKS[kind](component)) {
      throw configError(
        `${path}.type`,
        `${kind} plugin "${plugin.name}" did not build ${PROTOCOLS[kind]}`,
        PROTOCOLS[kind],
        spec.type,
      );
    }
    return component;
  };

  const built: Partial<Record<ConfigSection, unknown>> = {};
  for (const section of CONFIG_SECTIONS) {
    const spec = specs[section];
    if (spec === undefined) continue;
    const component = buildComponent(SECTION_KIND[section], spec, section);
    if (section === "wind") wind = component;
    if (section === "plume") {
      const fieldGrid = (component as { gridSize?: unknown }).gridSize;
      if (fieldGrid instanceof GridSize && !fieldGrid.equals(grid)) {
        throw configError(
          "plume.options.gridSize",
          `the plume covers ${fieldGrid.width}x${fieldGrid.height} but the grid is ${grid.width}x${grid.height}`,
          `the config's gridSize [${grid.width}, ${grid.height}]`,
          fieldGrid.toTuple(),
        );
      }
    }
    built[section] = component;
  }

  const renderMode = options.renderMode !== undefined ? options.renderMode : (config.renderMode ?? null);
  try {
    return new PlumeEnv<unknown, unknown>({
      gridSize: grid,
      sourceLocation: goal,
      goalRadius,
      maxSteps: config.maxSteps,
      ...(start !== undefined && { startLocation: start }),
      plume: built.plume as PlumeEnv["plume"],
      ...(built.wind !== undefined && { wind: built.wind as NonNullable<PlumeEnv["wind"]> }),
      sensor: built.sensor as PlumeEnv<unknown, unknown>["sensor"],
      action: built.action as PlumeEnv<unknown, unknown>["actionProcessor"],
      reward: built.reward as PlumeEnv<unknown, unknown>["rewardFunction"],
      renderMode,
      ...(options.terminal !== undefined && { terminal: options.terminal }),
      ...(config.state !== undefined && { stateExtensions: configStateExtensions(config.state) }),
    });
  } catch (error) {
    if (isPlumeError(error) && !(error instanceof ConfigurationError)) {
      throw new ConfigurationError(`invalid environment config: ${error.message}`, {
        parameter: error.parameter ?? "config",
        ...(error.expected !== undefined && { expected: error.expected }),
        received: error.received,
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Builds a `PlumeEnv` from a config object, or from a JSON/YAML file (a path or `file:` URL).
 * Types that are not built-in names are imported: package specifiers resolve from the config file's
 * folder (or `options.baseDir`, or the working directory), module paths relative to it. Nested sensor
 * specs (`multi_modal`'s `sensors`, `concentration_history`'s `sensor`) and `surge_cast`'s `base` may
 * themselves be `{ type, options }`.
 *
 * ```ts
 * const env = await createEnvironmentFromConfig({ gridSize: [64, 64], sensor: { type: "antennae" } });
 * const env2 = await createEnvironmentFromConfig("./experiments/windy.yaml");
 * ```
 * @throws ConfigurationError naming the path of the bad field (also for files that cannot be read or parsed,
 * unknown types, packages that cannot be found or export no plugin, and plugins of the wrong kind).
 */
export async function createEnvironmentFromConfig(
  config: EnvironmentConfigInput | string | URL,
  options: CreateEnvironmentOptions = {},
): Promise<PlumeEnv<unknown, unknown>> {
  const fromFile = typeof config === "string" || config instanceof URL;
  const raw = fromFile ? await readConfigFile(config) : config;
  const filePath = fromFile ? (config instanceof URL ? fileURLToPath(config) : resolve(config)) : undefined;
  const baseDir =
    options.baseDir ??
    (filePath !== undefined ? dirname(filePath) : ((globalThis as { process?: { cwd(): string } }).process?.cwd() ?? "."));
  const parsed = parseEnvironmentConfig(raw);
  const specs = sectionSpecs(parsed);
  return build(parsed, specs, await resolveAsync(specs, options, baseDir), options);
}

/**
 * The synchronous form for configs that name only built-in types (and `options.plugins`): nothing is
 * imported or read from disk.
 * @throws ConfigurationError naming the bad field; a type that would need an import is "unknown" here.
 */
export function createEnvironmentFromConfigSync(
  config: EnvironmentConfigInput,
  options: CreateEnvironmentOptions = {},
): PlumeEnv<unknown, unknown> {
  const parsed = parseEnvironmentConfig(config);
  const specs = sectionSpecs(parsed);
  return build(parsed, specs, resolveSync(specs, options), options);
}
