/**
 * How plugin modules are loaded: the interface the resolver imports through, and the portable loader of
 * the main entry (plain `import()`, which works in Node, Deno, Bun and browsers with an import map, but
 * which a bundler cannot follow when the name is read from a config at run time). `@plume/env/node`
 * supplies a loader that resolves packages from the user's project and module paths from the config
 * file's folder.
 */

/** Where the resolver's imports go. */
export interface PluginLoader {
  /** `"node"` when running under Node (messages then say how to install), else `"browser"`. */
  readonly runtime: "node" | "browser";
  /** Imports a package (`"@plume/sensors-wind"`, `"@acme/plume-sensor-foo/sub"`). `builtin`: a catalog package. */
  importPackage(specifier: string, builtin: boolean): Promise<unknown>;
  /** Imports a module path (`./x.mjs`, `/abs/x.mjs`, `file:///…`) once the resolver allowed it. */
  importModulePath(path: string): Promise<unknown>;
  /** Where packages are resolved from, for messages (a project folder), if known. */
  readonly packageRoot?: string | undefined;
}

/** A package that is not installed where the loader looked (a plain `Error`, so messages stay readable). */
export class PackageNotFound extends Error {
  readonly code = "ERR_MODULE_NOT_FOUND";
  constructor(
    readonly specifier: string,
    where: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(`cannot find package "${specifier}"${where === undefined ? "" : ` from ${where}`}`, options);
  }
}

/** The package name of a specifier: `@scope/name` or `name`, without a subpath. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split("/");
  return parts.slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
}

/**
 * Whether an `import()` failure means "this package is not installed" (rather than "it is installed and
 * its code threw"): Node's ERR_MODULE_NOT_FOUND for this very package (not for one of its own imports),
 * or an unexported subpath; outside Node, the TypeError a browser throws for a bare specifier that no
 * import map resolves.
 */
export function isNotFound(error: unknown, specifier: string, runtime: "node" | "browser"): boolean {
  if (error instanceof PackageNotFound) return error.specifier === specifier;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ERR_PACKAGE_PATH_NOT_EXPORTED") return message.includes(packageNameOf(specifier));
  if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
    return message.includes(`'${packageNameOf(specifier)}'`) || message.includes(`"${packageNameOf(specifier)}"`);
  }
  return runtime === "browser" && error instanceof TypeError && message.includes(packageNameOf(specifier));
}

/** Whether this code runs under Node. */
export function runningInNode(): boolean {
  const versions = (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions;
  return typeof versions?.node === "string";
}

/** A folder (path or URL) as a directory URL, without `node:url` (the main entry stays browser-safe). */
function directoryUrl(dir: string): string {
  const withSlash = dir.endsWith("/") || dir.endsWith("\\") ? dir : `${dir}/`;
  if (/^[a-z][a-z0-9+.-]+:/i.test(dir)) return withSlash;
  const forward = withSlash.replace(/\\/g, "/");
  return `file://${forward.startsWith("/") ? "" : "/"}${encodeURI(forward).replace(/[?#]/g, encodeURIComponent)}`;
}

/** Where relative module paths resolve from when no folder is given: the page, or the working directory. */
function defaultBase(): string {
  const href = (globalThis as { location?: { href?: unknown } }).location?.href;
  if (typeof href === "string") return href;
  const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.();
  return directoryUrl(cwd ?? "/");
}

/**
 * The main entry's loader: `import(specifier)` for packages (resolved as the runtime resolves imports
 * from `@plume/env` itself: in Node, the `node_modules` of the project that installed it), and module
 * paths made absolute against `baseDir` (a folder path or URL; default the page or the working directory).
 */
export function portableLoader(baseDir?: string): PluginLoader {
  const runtime = runningInNode() ? "node" : "browser";
  // The specifier comes from a config at run time; bundlers are told not to try to follow it.
  const load = (specifier: string): Promise<unknown> => import(/* @vite-ignore */ /* webpackIgnore: true */ specifier);
  return {
    runtime,
    importPackage: (specifier) => load(specifier),
    importModulePath: (path) => {
      const isUrl = /^[a-z][a-z0-9+.-]+:/i.test(path);
      return load(isUrl ? path : new URL(path.replace(/\\/g, "/"), baseDir === undefined ? defaultBase() : directoryUrl(baseDir)).href);
    },
  };
}

/** A loader that hands every import, packages and allowed module paths alike, to the caller's function. */
export function customLoader(importModule: (specifier: string) => Promise<unknown>, runtime: "node" | "browser" = runningInNode() ? "node" : "browser"): PluginLoader {
  return { runtime, importPackage: (specifier) => importModule(specifier), importModulePath: (path) => importModule(path) };
}
