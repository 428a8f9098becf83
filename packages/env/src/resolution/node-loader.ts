/**
 * Node-only plugin loading (`@plume/env/node`): packages resolve from the user's project folder, found
 * on disk before anything is imported (so only what the project installed can run), module paths
 * resolve from the config file's folder, and installed plugin packages may add names to the catalog in
 * their `package.json` (`"plume": { "plugins": [{ "kind": "sensor", "name": "foo" }] }`).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PLUGIN_KINDS, type PluginKind } from "@plume/core-types";
import { pluginPackageFor, type PluginPackageEntry } from "./catalog.js";
import { PackageNotFound, isNotFound, packageNameOf, type PluginLoader } from "./loader.js";

/** The conditions Node's `import` matches in a package's `exports` (the first matching key wins). */
const IMPORT_CONDITIONS: ReadonlySet<string> = new Set(["import", "node", "module-sync", "default"]);

/** The target of a package `exports` entry under Node's import conditions. */
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

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The folder of package `name` in the nearest `node_modules` at or above `fromDir`. */
function packageDirFrom(name: string, fromDir: string): string | undefined {
  for (let dir = resolve(fromDir); ; dir = dirname(dir)) {
    const packageDir = join(dir, "node_modules", name);
    if (existsSync(join(packageDir, "package.json"))) return packageDir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The file `import(specifier)` would load from a module in `fromDir`: the package in the nearest
 * `node_modules`, through its `exports` (import conditions), `module`, `main` or `index.js`. Undefined
 * when no such package is installed there, or it does not export that subpath.
 */
export function resolvePackageFrom(specifier: string, fromDir: string): string | undefined {
  const name = packageNameOf(specifier);
  const subpath = specifier.length > name.length ? `.${specifier.slice(name.length)}` : ".";
  const packageDir = packageDirFrom(name, fromDir);
  if (packageDir === undefined) return undefined;
  const manifest = readJson(join(packageDir, "package.json"));
  if (manifest === undefined) return undefined;
  const exportsField = manifest["exports"];
  let target: string | undefined;
  if (exportsField !== undefined && exportsField !== null) {
    const sugar =
      typeof exportsField === "string" || Array.isArray(exportsField) || !Object.keys(exportsField as object).some((k) => k.startsWith("."));
    target = sugar ? (subpath === "." ? conditionTarget(exportsField) : undefined) : conditionTarget((exportsField as Record<string, unknown>)[subpath]);
  } else if (subpath === ".") {
    const main = typeof manifest["module"] === "string" ? manifest["module"] : manifest["main"];
    target = typeof main === "string" ? main : "index.js";
  } else {
    target = subpath;
  }
  if (target === undefined) return undefined;
  const file = resolve(packageDir, target);
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/**
 * The catalog entries that packages the project depends on declare in their `package.json`
 * (`"plume": { "plugins": [{ "kind", "name" }] }`); read lazily, once per loader.
 */
function manifestCatalog(projectDir: string): (kind: PluginKind, name: string) => PluginPackageEntry | undefined {
  let table: Map<string, PluginPackageEntry> | undefined;
  const load = (): Map<string, PluginPackageEntry> => {
    const found = new Map<string, PluginPackageEntry>();
    let project: Record<string, unknown> | undefined;
    for (let dir = resolve(projectDir); project === undefined; dir = dirname(dir)) {
      project = readJson(join(dir, "package.json"));
      if (dirname(dir) === dir) break;
    }
    const names = new Set<string>();
    for (const field of ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"]) {
      const deps = project?.[field];
      if (deps !== null && typeof deps === "object") Object.keys(deps).forEach((n) => names.add(n));
    }
    for (const pkg of [...names].sort()) {
      const dir = packageDirFrom(pkg, projectDir);
      const declared = dir === undefined ? undefined : (readJson(join(dir, "package.json"))?.["plume"] as { plugins?: unknown } | undefined)?.plugins;
      if (!Array.isArray(declared)) continue;
      for (const item of declared) {
        const { kind, name } = (item ?? {}) as { kind?: unknown; name?: unknown };
        if (!(PLUGIN_KINDS as readonly unknown[]).includes(kind) || typeof name !== "string") continue;
        const key = `${kind as string}:${name}`;
        if (!found.has(key) && pluginPackageFor(kind as PluginKind, name) === undefined) found.set(key, { kind: kind as PluginKind, name, package: pkg });
      }
    }
    return found;
  };
  return (kind, name) => pluginPackageFor(kind, name) ?? (table ??= load()).get(`${kind}:${name}`);
}

/** Options of the Node loader. */
export interface NodeLoaderOptions {
  /** Folder that allowed relative module paths resolve from. */
  readonly baseDir: string;
  /** The user's project: packages are resolved from its `node_modules` (walking up). */
  readonly projectDir: string;
}

/** The Node loader and the catalog it extends with installed packages' declarations. */
export function nodeLoader(options: NodeLoaderOptions): {
  readonly loader: PluginLoader;
  readonly catalog: (kind: PluginKind, name: string) => PluginPackageEntry | undefined;
} {
  const { baseDir, projectDir } = options;
  const importFile = (file: string) => import(pathToFileURL(file).href);
  const fromProject = (specifier: string, cause?: unknown): Promise<unknown> => {
    const file = resolvePackageFrom(specifier, projectDir);
    if (file === undefined) throw new PackageNotFound(specifier, projectDir, { cause });
    return importFile(file);
  };
  const loader: PluginLoader = {
    runtime: "node",
    packageRoot: projectDir,
    async importPackage(specifier, builtin) {
      if (!builtin) return fromProject(specifier);
      // A catalog package is an optional peer dependency of @plume/env: resolve it as @plume/env's own
      // import would (where package managers link peers), then from the project.
      try {
        return await import(specifier);
      } catch (error) {
        if (!isNotFound(error, specifier, "node")) throw error;
        return fromProject(specifier, error);
      }
    },
    importModulePath(path) {
      if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(path)) return import(path);
      return importFile(isAbsolute(path) ? path : resolve(baseDir, path));
    },
  };
  return { loader, catalog: manifestCatalog(projectDir) };
}
