/**
 * Plugins available without an import: the ones `@plume/env` ships (its own plume, wind and rewards,
 * and the packages of its default sensor and action model), and the ones the application registered
 * with `registerPlugins` — the way to supply plugins where a package cannot be imported by a name read
 * from a config at run time (a browser bundle), or to make them available to the synchronous
 * `createEnvironmentFromConfigSync`.
 */
import { isPlugin, ValidationError, type AnyPlugin, type PluginKind } from "@plume/core-types";
import { plugins as discretePlugins } from "@plume/actions-discrete";
import { plugins as concentrationPlugins } from "@plume/sensors-concentration";
import { plugins as envPlugins } from "../plugins.js";

/** What `registerPlugins` accepts: a plugin, an array of plugins, or a module with `plugins` / `plugin` exports. */
export type PluginSource =
  | AnyPlugin
  | readonly AnyPlugin[]
  | { readonly plugins?: readonly AnyPlugin[] | undefined; readonly plugin?: AnyPlugin | undefined };

/** The plugins `@plume/env` ships: every name of its own and of its default sensor's and action model's packages. */
export const BUNDLED_PLUGINS: readonly AnyPlugin[] = Object.freeze([
  ...envPlugins,
  ...concentrationPlugins,
  ...discretePlugins,
] as readonly AnyPlugin[]);

const key = (kind: PluginKind, name: string) => `${kind}:${name}`;
const bundled = new Map(BUNDLED_PLUGINS.map((p) => [key(p.kind, p.name), p]));
const registered = new Map<string, AnyPlugin>();

/**
 * The plugins of a module namespace or plugin source: its `plugins` array and its `plugin` (also under
 * `default`), each checked with `isPlugin`. Undefined when it offers none.
 */
export function pluginsOfModule(mod: unknown): AnyPlugin[] | undefined {
  if (mod === null || (typeof mod !== "object" && typeof mod !== "function")) return undefined;
  if (isPlugin(mod)) return [mod];
  if (Array.isArray(mod)) return mod.every((p) => isPlugin(p)) ? [...(mod as AnyPlugin[])] : undefined;
  const record = mod as { plugins?: unknown; plugin?: unknown; default?: unknown };
  const found: AnyPlugin[] = [];
  if (Array.isArray(record.plugins)) found.push(...record.plugins.filter((p): p is AnyPlugin => isPlugin(p)));
  if (isPlugin(record.plugin) && !found.includes(record.plugin)) found.push(record.plugin);
  if (found.length > 0) return found;
  return record.default !== undefined && record.default !== mod ? pluginsOfModule(record.default) : undefined;
}

/**
 * Makes plugins available to every config by their `name` (looked up before the built-in names and the
 * catalog): for browser bundles, where a config's names cannot be turned into imports at run time, and
 * for `createEnvironmentFromConfigSync`. Returns a function that unregisters what this call added.
 *
 * ```ts
 * import { plugins as wind } from "@plume/sensors-wind";
 * registerPlugins(wind);
 * const env = createEnvironmentFromConfigSync({ sensor: "wind_vector" });
 * ```
 * @throws ValidationError (`parameter` `"plugins"`) for something that is not a plugin made with
 * `definePlugin`, or a second, different plugin of the same kind and name.
 */
export function registerPlugins(...sources: readonly PluginSource[]): () => void {
  const incoming: AnyPlugin[] = [];
  sources.forEach((source, i) => {
    const found = pluginsOfModule(source);
    if (found === undefined) {
      throw ValidationError.invalid(
        sources.length === 1 ? "plugins" : `plugins[${i}]`,
        "a plugin made with definePlugin, an array of them, or a module with a `plugins` or `plugin` export",
        source,
      );
    }
    incoming.push(...found);
  });
  for (const plugin of incoming) {
    const other = registered.get(key(plugin.kind, plugin.name));
    if (other !== undefined && other !== plugin) {
      throw new ValidationError(`another ${plugin.kind} plugin named "${plugin.name}" is already registered`, {
        parameter: "plugins",
        expected: `one plugin per kind and name (unregister the other first)`,
        received: plugin.name,
      });
    }
  }
  const added = incoming.filter((p) => !registered.has(key(p.kind, p.name)));
  for (const plugin of added) registered.set(key(plugin.kind, plugin.name), plugin);
  return () => {
    for (const plugin of added) if (registered.get(key(plugin.kind, plugin.name)) === plugin) registered.delete(key(plugin.kind, plugin.name));
  };
}

/** The registered plugin, else the bundled one, of that kind and name. */
export function availablePlugin(kind: PluginKind, name: string): AnyPlugin | undefined {
  return registered.get(key(kind, name)) ?? bundled.get(key(kind, name));
}

/** Names of every registered and bundled plugin of `kind`. */
export function availableNames(kind: PluginKind): string[] {
  return [...registered.values(), ...BUNDLED_PLUGINS].filter((p) => p.kind === kind).map((p) => p.name);
}

/** Whether `plugin` is one that `@plume/env` ships (the selector's defaults apply to those). */
export function isBundledPlugin(plugin: AnyPlugin): boolean {
  return BUNDLED_PLUGINS.includes(plugin);
}
