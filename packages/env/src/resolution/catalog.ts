/**
 * The plugin catalog: which package provides each short name a config may use (`wind_vector` ->
 * `@plume/sensors-wind`), for every plugin kind. `@plume/env` imports a package only when a config names
 * one of its plugins, the way ESLint, Babel and Vite resolve plugins by name, so installing
 * `@plume/env` and one plugin package installs nothing else of ours.
 *
 * The table is data, and it grows: `registerPluginPackage` adds names at run time, and in Node a plugin
 * package installed in the project can declare its names in its `package.json`
 * (`"plume": { "plugins": [{ "kind": "sensor", "name": "foo" }] }`), which `@plume/env/node` reads.
 */
import { PLUGIN_KINDS, PLUGIN_NAME_PATTERN, ValidationError, parseWithSchema, type PluginKind } from "@plume/core-types";
import * as z from "zod";

/** One row of the catalog: the plugin `kind` + `name` a config uses, and the package that exports it. */
export interface PluginPackageEntry {
  /** The plugin kind: `"sensor"`, `"action"`, `"reward"`, `"plume"`, `"wind"` or `"policy"`. */
  readonly kind: PluginKind;
  /** The name configs use as `type` (the plugin's `definePlugin` name). */
  readonly name: string;
  /** The npm package whose `plugins` (or `plugin`) export holds it, e.g. `"@plume/sensors-wind"`. */
  readonly package: string;
}

/** npm's package name rule (lower case, optional scope, URL-safe), no subpath. */
export const PACKAGE_NAME_PATTERN = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;

/** Schema of a catalog row (`registerPluginPackage` validates with it). */
export const PluginPackageEntrySchema = z.strictObject({
  /** The plugin kind. Required. */
  kind: z.enum(PLUGIN_KINDS, { error: `one of ${PLUGIN_KINDS.join(", ")}` }),
  /** The name configs use (letters, digits, `@ / _ . : -`). Required. */
  name: z.string({ error: "a plugin name" }).regex(PLUGIN_NAME_PATTERN, { error: "a plugin name: letters, digits or @ / _ . : - (no spaces)" }),
  /** The npm package that exports the plugin, e.g. `"@acme/plume-sensors"`. Required. */
  package: z.string({ error: "an npm package name" }).regex(PACKAGE_NAME_PATTERN, { error: 'an npm package name, e.g. "@acme/plume-sensors"' }),
});

const entry = (kind: PluginKind, pkg: string, ...names: string[]): PluginPackageEntry[] =>
  names.map((name) => Object.freeze({ kind, name, package: pkg }));

/**
 * Every built-in name and its package. `@plume/env` itself and the packages of its defaults
 * (`@plume/sensors-concentration`, `@plume/actions-discrete`) are regular dependencies, so their names
 * always work, with no import and in any bundle; every other package is an optional peer dependency,
 * imported when a config names it. `movie` and `turbulent` are reserved for the plume-model packages.
 */
export const BUILTIN_PLUGIN_PACKAGES: readonly PluginPackageEntry[] = Object.freeze([
  ...entry("plume", "@plume/env", "gaussian"),
  ...entry("plume", "@plume/plume-movie", "movie"),
  ...entry("plume", "@plume/plume-turbulent", "turbulent"),
  ...entry("wind", "@plume/env", "constant"),
  ...entry("wind", "@plume/plume-turbulent", "turbulent"),
  ...entry("reward", "@plume/env", "sparse", "step_penalty"),
  ...entry("sensor", "@plume/sensors-concentration", "concentration", "antennae", "concentration_history"),
  ...entry("sensor", "@plume/sensors-wind", "wind_vector"),
  ...entry("sensor", "@plume/sensors-compose", "multi_modal", "flattened"),
  ...entry("action", "@plume/actions-discrete", "discrete", "eight_direction"),
  ...entry("action", "@plume/actions-continuous", "continuous"),
  ...entry("action", "@plume/actions-oriented", "oriented", "run_tumble", "surge_cast"),
  ...entry("policy", "@plume/policies", "random", "temporal-gradient", "surge-cast", "greedy"),
]);

const key = (kind: PluginKind, name: string) => `${kind}:${name}`;

const builtin = new Map(BUILTIN_PLUGIN_PACKAGES.map((e) => [key(e.kind, e.name), e]));
const added = new Map<string, PluginPackageEntry>();

/**
 * Adds a name to the catalog, so that configs may name `entry.name` and get the plugin of that kind and
 * name from `entry.package` (imported when first needed). Returns a function that removes it again.
 *
 * ```ts
 * registerPluginPackage({ kind: "sensor", name: "foo", package: "@acme/plume-sensors" });
 * await createEnvironmentFromConfig({ sensor: "foo" }); // imports @acme/plume-sensors
 * ```
 * @throws ValidationError for a malformed entry, or a name of that kind that is already taken by another
 * package (built-in names cannot be taken over; pass the plugin itself as `options.plugins` instead).
 */
export function registerPluginPackage(input: PluginPackageEntry): () => void {
  const parsed = Object.freeze(parseWithSchema(PluginPackageEntrySchema, input, { what: "plugin package entry" }));
  const k = key(parsed.kind, parsed.name);
  const taken = builtin.get(k) ?? added.get(k);
  if (taken !== undefined && taken.package !== parsed.package) {
    throw new ValidationError(`the ${parsed.kind} name "${parsed.name}" already belongs to ${taken.package}`, {
      parameter: "name",
      expected: `a ${parsed.kind} name not in the catalog (${builtin.has(k) ? "built-in names are reserved" : "unregister the other first"})`,
      received: parsed.name,
    });
  }
  if (taken !== undefined) return () => undefined;
  added.set(k, parsed);
  return () => {
    if (added.get(k) === parsed) added.delete(k);
  };
}

/** The package that provides plugin `name` of `kind`, from the built-in table or a registered entry. */
export function pluginPackageFor(kind: PluginKind, name: string): PluginPackageEntry | undefined {
  return builtin.get(key(kind, name)) ?? added.get(key(kind, name));
}

/** Every catalog entry: the built-in ones, then those added with `registerPluginPackage`. */
export function pluginPackageEntries(): PluginPackageEntry[] {
  return [...BUILTIN_PLUGIN_PACKAGES, ...added.values()];
}
