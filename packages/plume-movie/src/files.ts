/**
 * Where movie bytes come from: local files in Node (through `process.getBuiltinModule`, so this module
 * imports nothing Node-only and bundles for browsers), and `fetch` for URLs (and for every path in a
 * browser). A caller may pass its own `MovieFiles` (an in-memory map, a zip, ...).
 */

/** Reads the files of a movie: bytes of a path, or undefined when there is no such file. */
export interface MovieFiles {
  /** The bytes at `location` (an absolute path or URL from `resolve`), or undefined when it does not exist. */
  read(location: string): Promise<Uint8Array | undefined>;
  /** Whether `location` is an existing directory (a zarr store), a file, or nothing. */
  kind(location: string): Promise<"directory" | "file" | "missing">;
  /** `relative` resolved against `base` (a folder), as a location `read` takes. */
  resolve(base: string, relative: string): string;
}

interface NodeFs {
  promises: {
    readFile(path: string): Promise<Uint8Array>;
    stat(path: string): Promise<{ isDirectory(): boolean }>;
  };
}
interface NodePath {
  resolve(...parts: string[]): string;
}
interface NodeProcess {
  getBuiltinModule?(id: string): unknown;
  cwd(): string;
}

function nodeProcess(): NodeProcess | undefined {
  const p = (globalThis as { process?: NodeProcess }).process;
  return p !== undefined && typeof p.getBuiltinModule === "function" ? p : undefined;
}

const isUrl = (s: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(s);

/** Local files (Node), by absolute path. */
function localFiles(proc: NodeProcess): MovieFiles {
  const fs = proc.getBuiltinModule?.("node:fs") as NodeFs;
  const path = proc.getBuiltinModule?.("node:path") as NodePath;
  return {
    async read(location) {
      try {
        return new Uint8Array(await fs.promises.readFile(location));
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return undefined;
        throw error;
      }
    },
    async kind(location) {
      try {
        return (await fs.promises.stat(location)).isDirectory() ? "directory" : "file";
      } catch {
        return "missing";
      }
    },
    resolve: (base, relative) => path.resolve(base, relative),
  };
}

/** Files over HTTP(S) (`fetch`): a 404 is a missing file. */
export function fetchFiles(init?: RequestInit): MovieFiles {
  return {
    async read(location) {
      const response = await fetch(location, init);
      if (response.status === 404 || response.status === 403) return undefined;
      if (!response.ok) throw new Error(`GET ${location}: HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
    // Over HTTP a folder cannot be listed; a zarr store is recognised by its metadata files.
    async kind(location) {
      return /\.(h5|hdf5|yaml|yml)$/i.test(location) ? "file" : "directory";
    },
    resolve: (base, relative) => new URL(relative, base.endsWith("/") ? base : `${base}/`).href,
  };
}

/** The default files for `path`: URLs through `fetch`, local paths through Node's `fs` (Node only). */
export function defaultFiles(path: string): MovieFiles {
  const proc = nodeProcess();
  if (isUrl(path) || proc === undefined) return fetchFiles();
  return localFiles(proc);
}

/** `path` as an absolute location: URLs stay, local paths resolve from `baseDir` (default: the working directory or the page). */
export function resolveLocation(path: string, baseDir: string | undefined): string {
  if (isUrl(path)) return path;
  const proc = nodeProcess();
  if (proc !== undefined && (baseDir === undefined || !isUrl(baseDir))) {
    return (proc.getBuiltinModule?.("node:path") as NodePath).resolve(baseDir ?? proc.cwd(), path);
  }
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  return new URL(path, baseDir ?? page ?? "file:///").href;
}

/** The last segment of a location (a store's folder name). */
export function baseName(location: string): string {
  const parts = location.replace(/[\\/]+$/, "").split(/[\\/]/);
  return parts[parts.length - 1] ?? location;
}

/** `location` joined with a zarr key (`"/concentration/.zarray"`). */
export function joinKey(location: string, key: string): string {
  const clean = key.replace(/^\/+/, "");
  return isUrl(location) ? `${location.replace(/\/+$/, "")}/${clean}` : `${location.replace(/[\\/]+$/, "")}/${clean}`;
}
