/**
 * `createEnvironmentFromConfig`: builds a `PlumeEnv` from an `EnvironmentConfig` object. Each component's
 * `type` is resolved by `../resolution/` under the trust model (passed and registered plugins, built-in
 * names whose package is imported when needed, installed packages, module paths only with
 * `allowModulePaths`). Config files (JSON/YAML on disk) are read by `@plume/env/node`, which builds on
 * this module with a loader that resolves packages from the user's project. Every error is a
 * `ConfigurationError` whose `parameter` is the path of the bad field (`"sensor.type"`,
 * `"gridSize.width"`, `"plume.options.sigma"`, ...).
 */
import {
  ConfigurationError,
  Coordinates,
  GridSize,
  PLUGIN_KINDS,
  isPlumeError,
  isPromiseLike,
  isTimeVaryingField,
  parseWithSchema,
  type AnyPlugin,
  type PluginKind,
} from "@plume/core-types";
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
import { configError } from "../internal/config-error.js";
import { FLOAT32_EPS } from "../internal/math.js";
import type { TerminalOutput } from "../render/terminal.js";
import type { PluginPackageEntry } from "../resolution/catalog.js";
import { portableLoader, type PluginLoader } from "../resolution/loader.js";
import { isBundledPlugin } from "../resolution/registered.js";
import {
  isBuiltinName,
  knownPluginNames,
  loaderFor,
  packageToImport,
  resolvePluginRequest,
  resolvePluginRequestSync,
  type PluginRequest,
  type PluginResolutionOptions,
} from "../resolution/resolver.js";
import { configStateExtensions } from "../wrappers/state.js";
import {
  EnvironmentConfigSchema,
  MAX_CONFIG_DEPTH,
  checkConfigData,
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

/**
 * The names a config can use, by kind (e.g. `builtinComponentTypes().sensor` -> `["antennae",
 * "concentration", ...]`): the built-in catalog (whether or not each name's package is installed),
 * plus names added with `registerPluginPackage` and plugins registered with `registerPlugins`.
 */
export function builtinComponentTypes(): Readonly<Record<PluginKind, readonly string[]>> {
  return Object.fromEntries(PLUGIN_KINDS.map((k) => [k, knownPluginNames(k)])) as unknown as Record<PluginKind, readonly string[]>;
}

/** Options of `createEnvironmentFromConfig` (the plugin-resolution ones are described on each field). */
export interface CreateEnvironmentOptions extends PluginResolutionOptions {
  /**
   * Folder that allowed module paths (`./sensor.mjs`) resolve from. Default: the config file's folder
   * (`@plume/env/node`), else the working directory (in a browser: the page).
   */
  readonly baseDir?: string | undefined;
  /** Overrides the config's `renderMode`. Default: the config's (`null` when it has none). */
  readonly renderMode?: RenderMode | null | undefined;
  /** Where `human` frames go. Default `process.stdout`. */
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
type PluginTable = Map<string, AnyPlugin>;

/** Option keys whose values may hold nested component specs (built before the parent). */
const NESTED_SLOTS: Readonly<Partial<Record<PluginKind, readonly { readonly key: string; readonly kind: PluginKind }[]>>> =
  Object.freeze({
    sensor: Object.freeze([{ key: "sensors", kind: "sensor" as const }, { key: "sensor", kind: "sensor" as const }]),
    action: Object.freeze([{ key: "base", kind: "action" as const }]),
  });

/** A component spec found in the config: where it is, what kind it must be, and its type. */
type Occurrence = PluginRequest;

/**
 * Validates a config object (no component is built or imported).
 * @throws ConfigurationError naming the path of the first bad field.
 */
export function parseEnvironmentConfig(input: unknown): EnvironmentConfig {
  checkConfigData(input);
  return parseWithSchema(EnvironmentConfigSchema, input, { what: "environment config", kind: "configuration" });
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

/** Every component spec of the config, nested ones included (at most `MAX_CONFIG_DEPTH` levels deep). */
function occurrences(specs: Partial<Record<ConfigSection, ComponentSpec>>): Occurrence[] {
  const out: Occurrence[] = [];
  const walk = (kind: PluginKind, spec: ComponentSpec, path: string, depth: number): void => {
    if (depth > MAX_CONFIG_DEPTH) return;
    out.push({ kind, type: spec.type, path });
    forEachNested(kind, { ...(spec.options ?? {}) }, path, (k, nested, p) => walk(k, nested, p, depth + 1));
  };
  for (const section of CONFIG_SECTIONS) {
    const spec = specs[section];
    if (spec !== undefined) walk(SECTION_KIND[section], spec, section, 0);
  }
  return out;
}

/** One component `type` a config names: where (a dotted path), of what kind, and the name. */
export interface ConfigComponentType {
  readonly path: string;
  readonly kind: PluginKind;
  readonly type: string;
}

/**
 * Every component type a config (parsed or raw) names, nested ones included (`multi_modal`'s `sensors`,
 * `concentration_history`'s `sensor`, `surge_cast`'s `base`), without resolving or importing anything.
 * What cannot be read as a type name or a `{ type, options? }` spec is skipped, and so is nesting deeper
 * than `MAX_CONFIG_DEPTH`.
 */
export function configComponentTypes(config: unknown): ConfigComponentType[] {
  if (!isPlainObject(config)) return [];
  const specs: Partial<Record<ConfigSection, ComponentSpec>> = {};
  for (const section of CONFIG_SECTIONS) {
    const spec = asNestedSpec(config[section]);
    if (spec !== undefined) specs[section] = spec;
  }
  return occurrences(specs).map(({ path, kind, type }) => ({ path, kind, type }));
}

/**
 * Whether every component a config names (nested ones, and the default wind of a `wind_vector` sensor)
 * is a plugin Plume ships — code trusted to return, unlike a third-party plugin (`isBuiltinName`).
 * `AsyncVectorEnv`'s `mainThread: "auto"` puts a shard on the calling thread, which its time limit cannot
 * interrupt, only for such configs.
 * @throws ConfigurationError for an invalid config (as `parseEnvironmentConfig`).
 */
export function builtinOnlyConfig(config: unknown): boolean {
  return occurrences(sectionSpecs(parseEnvironmentConfig(config))).every((o) => isBuiltinName(o.kind, o.type));
}

/** A component of a config whose plugin has to be imported from `package` (see `importsNeeded`). */
export interface ImportNeeded extends PluginRequest {
  readonly package: string;
}

/**
 * The components of `config` that `createEnvironmentFromConfigSync` cannot build with `options`: built-in
 * names whose package is not bundled (an optional peer such as `@plume/actions-oriented`) and that no
 * passed or registered plugin supplies. Nothing is imported.
 * @throws ConfigurationError for an invalid config (as `parseEnvironmentConfig`).
 */
export function importsNeeded(config: unknown, options: PluginResolutionOptions = {}): ImportNeeded[] {
  return occurrences(sectionSpecs(parseEnvironmentConfig(config))).flatMap((o) => {
    const pkg = packageToImport(o, options);
    return pkg === undefined ? [] : [{ ...o, package: pkg }];
  });
}

/**
 * The plugins every component of `config` names, resolved as `createEnvironmentFromConfig` resolves them
 * (importing the packages that need an import), for a synchronous build afterwards:
 * `createEnvironmentFromConfigSync(config, { plugins })`.
 * @throws ConfigurationError as `createEnvironmentFromConfig` does.
 */
export async function resolveConfigPlugins(config: unknown, options: CreateEnvironmentOptions = {}): Promise<AnyPlugin[]> {
  const specs = sectionSpecs(parseEnvironmentConfig(config));
  return [...(await resolveAsync(specs, options, loaderFor(options, () => portableLoader(options.baseDir)), undefined)).values()];
}

function tableKey(kind: PluginKind, type: string): string {
  return `${kind}:${type}`;
}

function resolveSync(specs: Partial<Record<ConfigSection, ComponentSpec>>, options: CreateEnvironmentOptions): PluginTable {
  const table: PluginTable = new Map();
  for (const occurrence of occurrences(specs)) {
    table.set(tableKey(occurrence.kind, occurrence.type), resolvePluginRequestSync(occurrence, options));
  }
  return table;
}

async function resolveAsync(
  specs: Partial<Record<ConfigSection, ComponentSpec>>,
  options: CreateEnvironmentOptions,
  loader: PluginLoader,
  catalog: ((kind: PluginKind, name: string) => PluginPackageEntry | undefined) | undefined,
): Promise<PluginTable> {
  const table: PluginTable = new Map();
  for (const occurrence of occurrences(specs)) {
    const key = tableKey(occurrence.kind, occurrence.type);
    if (!table.has(key)) table.set(key, await resolvePluginRequest(occurrence, options, loader, catalog));
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

/** An async plugin's pending component, handed out by `buildSteps` for `runSync`/`runAsync` to settle. */
interface PendingComponent {
  readonly promise: Promise<unknown>;
  readonly path: string;
  readonly kind: PluginKind;
  readonly type: string;
}

/** A plume that defines its own grid and goal (a movie): its `gridSize`, and the goal it picks when the config gives none. */
function ownGrid(plume: unknown): GridSize | undefined {
  const g = (plume as { gridSize?: unknown } | null)?.gridSize as { width?: unknown; height?: unknown } | undefined;
  if (g === undefined || g === null || typeof g.width !== "number" || typeof g.height !== "number") return undefined;
  return g instanceof GridSize ? g : new GridSize(g.width, g.height);
}
function implicitGoalOf(plume: unknown): Coordinates | undefined {
  const goal = (plume as { implicitGoal?: unknown } | null)?.implicitGoal;
  if (!Array.isArray(goal) || goal.length !== 2 || !goal.every((v) => Number.isSafeInteger(v))) return undefined;
  return new Coordinates(goal[0] as number, goal[1] as number);
}

/**
 * Builds the environment, yielding each async plugin's pending component (`runSync` refuses them,
 * `runAsync` awaits them). The plume is built first: a plume that covers its own grid (a movie) sets the
 * grid when the config gives none, and its `implicitGoal` is the goal when the config names none.
 */
function* buildSteps(
  config: EnvironmentConfig,
  specs: Partial<Record<ConfigSection, ComponentSpec>>,
  table: PluginTable,
  options: CreateEnvironmentOptions,
  gridGiven: boolean,
): Generator<PendingComponent, PlumeEnv<unknown, unknown>, unknown> {
  let grid = new GridSize(config.gridSize.width, config.gridSize.height);
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
  const defaultGoal = () =>
    new Coordinates(Math.min(SELECTOR_DEFAULTS.goalLocation[0], grid.width - 1), Math.min(SELECTOR_DEFAULTS.goalLocation[1], grid.height - 1));
  let goal = config.goalLocation !== undefined ? inside("goalLocation", config.goalLocation) : defaultGoal();
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
  const selectorDefaults = (kind: PluginKind, plugin: AnyPlugin, given: Record<string, unknown>): Record<string, unknown> => {
    if (!isBundledPlugin(plugin)) return {};
    if (kind === "plume" && plugin.name === "gaussian") return { sigma: SELECTOR_DEFAULTS.plumeSigma };
    if (kind === "sensor" && plugin.name === "antennae") {
      return {
        sensorDistance: SELECTOR_DEFAULTS.antennae.sensorDistance,
        ...(given["sensorAngles"] === undefined && { nSensors: SELECTOR_DEFAULTS.antennae.nSensors }),
      };
    }
    return {};
  };

  const checkProtocol = (kind: PluginKind, plugin: AnyPlugin, spec: ComponentSpec, path: string, component: unknown): unknown => {
    if (!PROTOCOL_CHECKS[kind](component)) {
      throw configError(`${path}.type`, `${kind} plugin "${plugin.name}" did not build ${PROTOCOLS[kind]}`, PROTOCOLS[kind], spec.type);
    }
    return component;
  };
  /** Starts building one component: the component, or (async plugins) a pending one. */
  const startComponent = (kind: PluginKind, spec: ComponentSpec, path: string): { plugin: AnyPlugin; value: unknown; optionsPath: string } => {
    const plugin = table.get(tableKey(kind, spec.type)) as AnyPlugin;
    const given: Record<string, unknown> = { ...(spec.options ?? {}) };
    forEachNested(kind, given, path, (nestedKind, nested, nestedPath, set) => set(buildNested(nestedKind, nested, nestedPath)));
    const keys = schemaKeys(plugin.options);
    const injected: Record<string, unknown> = {};
    for (const [key, value] of Object.entries({ ...selectorDefaults(kind, plugin, given), ...context(kind) })) {
      if (keys.has(key) && given[key] === undefined) injected[key] = value;
    }
    const optionsPath = `${path}.options`;
    try {
      return { plugin, value: plugin.create({ ...injected, ...given }, { path: optionsPath }), optionsPath };
    } catch (error) {
      throw asConfigurationError(error, optionsPath);
    }
  };
  /** Nested components (inside another's options) must build synchronously. */
  const buildNested = (kind: PluginKind, spec: ComponentSpec, path: string): unknown => {
    const { plugin, value } = startComponent(kind, spec, path);
    if (isPromiseLike(value)) {
      void Promise.resolve(value).catch(() => undefined);
      throw configError(`${path}.type`, `${kind} plugin "${plugin.name}" builds asynchronously, which a nested component cannot`, "a plugin whose create() returns the component", spec.type);
    }
    return checkProtocol(kind, plugin, spec, path, value);
  };

  const built: Partial<Record<ConfigSection, unknown>> = {};
  const order: readonly ConfigSection[] = ["plume", ...CONFIG_SECTIONS.filter((s) => s !== "plume")];
  for (const section of order) {
    const spec = specs[section];
    if (spec === undefined) continue;
    const kind = SECTION_KIND[section];
    const started = startComponent(kind, spec, section);
    let component = started.value;
    if (isPromiseLike(component)) {
      const optionsPath = started.optionsPath;
      component = yield {
        promise: Promise.resolve(component).catch((error: unknown) => {
          throw asConfigurationError(error, optionsPath);
        }),
        path: `${section}.type`,
        kind,
        type: spec.type,
      };
    }
    checkProtocol(kind, started.plugin, spec, section, component);
    if (section === "wind") wind = component;
    if (section === "plume") {
      const fieldGrid = ownGrid(component);
      if (fieldGrid !== undefined && !fieldGrid.equals(grid)) {
        if (gridGiven || !isTimeVaryingField(component)) {
          throw configError(
            "plume.options.gridSize",
            `the plume covers ${fieldGrid.width}x${fieldGrid.height} but the grid is ${grid.width}x${grid.height}`,
            `the config's gridSize [${grid.width}, ${grid.height}] (or no gridSize: the plume's grid is used)`,
            fieldGrid.toTuple(),
          );
        }
        grid = fieldGrid;
      }
      if (config.goalLocation !== undefined) goal = inside("goalLocation", config.goalLocation);
      else {
        const own = implicitGoalOf(component);
        goal = own !== undefined && grid.contains(own) ? own : defaultGoal();
      }
    }
    built[section] = component;
  }
  const start = config.startLocation === undefined ? undefined : inside("startLocation", config.startLocation);

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
 * Runs `buildSteps` synchronously.
 * @throws ConfigurationError naming the component when a plugin builds asynchronously.
 */
function runSync(steps: Generator<PendingComponent, PlumeEnv<unknown, unknown>, unknown>): PlumeEnv<unknown, unknown> {
  const next = steps.next();
  if (next.done) return next.value;
  const pending = next.value;
  void pending.promise.catch(() => undefined);
  throw configError(
    pending.path,
    `the ${pending.kind} plugin "${pending.type}" loads asynchronously: build this config with await createEnvironmentFromConfig(config) (or await makeAsync(...)), not the synchronous createEnvironmentFromConfigSync / make`,
    "createEnvironmentFromConfig or makeAsync for async plugins",
    pending.type,
  );
}

/** Runs `buildSteps`, awaiting every async plugin's component. */
async function runAsync(steps: Generator<PendingComponent, PlumeEnv<unknown, unknown>, unknown>): Promise<PlumeEnv<unknown, unknown>> {
  let next = steps.next();
  while (!next.done) {
    let value: unknown;
    try {
      value = await next.value.promise;
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(value);
  }
  return next.value;
}

/** Whether the raw config sets `gridSize` (else a plume with its own grid, a movie, sets it). */
function gridGivenIn(raw: unknown): boolean {
  return isPlainObject(raw) && raw["gridSize"] !== undefined;
}

/**
 * Builds a `PlumeEnv` from an already-read config: validates it, resolves every component through
 * `loader` (and, for names missing from the catalog, `catalog`), and builds. The main entry's
 * `createEnvironmentFromConfig` and `@plume/env/node`'s both end here.
 */
export async function createFromConfigObject(
  raw: unknown,
  options: CreateEnvironmentOptions,
  loader: PluginLoader,
  catalog?: (kind: PluginKind, name: string) => PluginPackageEntry | undefined,
): Promise<PlumeEnv<unknown, unknown>> {
  const parsed = parseEnvironmentConfig(raw);
  const specs = sectionSpecs(parsed);
  return runAsync(buildSteps(parsed, specs, await resolveAsync(specs, options, loader, catalog), options, gridGivenIn(raw)));
}

/**
 * Builds a `PlumeEnv` from a config object. A built-in name whose plugin package is not bundled
 * (`wind_vector`, `oriented`, ...) imports that package now (an optional peer dependency: install the
 * ones you use); a package name imports that package; a module path needs `allowModulePaths: true`.
 * Nested sensor specs (`multi_modal`'s `sensors`, `concentration_history`'s `sensor`) and `surge_cast`'s
 * `base` may themselves be `{ type, options }`. To read JSON/YAML files, and to resolve packages from
 * your project folder, use `createEnvironmentFromConfig` from `@plume/env/node`.
 *
 * ```ts
 * const env = await createEnvironmentFromConfig({ gridSize: [64, 64], sensor: { type: "antennae" } });
 * ```
 * In a browser bundle, pass the plugins your configs name (a bundler cannot follow an import whose name
 * is read from a config at run time): `createEnvironmentFromConfig(config, { plugins: [...windPlugins] })`.
 * @throws ConfigurationError naming the path of the bad field (also for unknown types, packages that are
 * not installed or export no plugin, refused module paths, plugins of the wrong kind, and a file path
 * given to this entry).
 */
export async function createEnvironmentFromConfig(
  config: EnvironmentConfigInput,
  options: CreateEnvironmentOptions = {},
): Promise<PlumeEnv<unknown, unknown>> {
  if (typeof config === "string" || (config as unknown) instanceof URL) {
    throw configError(
      "file",
      `config files are read by @plume/env/node: import { createEnvironmentFromConfig } from "@plume/env/node" (this entry, which also runs in browsers, takes config objects)`,
      "a config object (or use @plume/env/node for a file path)",
      String(config),
    );
  }
  return createFromConfigObject(config, options, loaderFor(options, () => portableLoader(options.baseDir)));
}

/**
 * The synchronous form, for configs that name only plugins available without an import: those passed
 * in `options.plugins`, those registered with `registerPlugins`, and the ones `@plume/env` ships
 * (`concentration`, `antennae`, `concentration_history`, `discrete`, `eight_direction`, `gaussian`,
 * `constant`, `sparse`, `step_penalty`). Nothing is imported or read from disk.
 * @throws ConfigurationError naming the bad field; a type that would need an import says how to supply it.
 */
export function createEnvironmentFromConfigSync(
  config: EnvironmentConfigInput,
  options: CreateEnvironmentOptions = {},
): PlumeEnv<unknown, unknown> {
  const parsed = parseEnvironmentConfig(config);
  const specs = sectionSpecs(parsed);
  return runSync(buildSteps(parsed, specs, resolveSync(specs, options), options, gridGivenIn(config)));
}
