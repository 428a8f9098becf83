/**
 * String entry points, `"package:Export"` (Gymnasium's `"module:Class"`): parsing, the trust model, and
 * loading by dynamic import. Only installed packages are importable; module paths (`./envs.js`,
 * `/abs/envs.js`, `file:` URLs) only when the registration says `allowModulePaths: true`; nothing else
 * (no `http:`, `data:` or `node:` URLs).
 */
import { StateError, ValidationError, didYouMean, isPlumeError } from "@plume/core-types";
import type { AnyEnv, EnvCreator } from "../env/types.js";
import { isPackageSpecifier } from "../resolution/resolver.js";

const MODULE_PATH = /^(?:\.{1,2}\/|\/|file:)/;
const EXPORT_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A parsed entry point. */
export interface EntryPointRef {
  /** What `import()` is given. */
  readonly specifier: string;
  /** The export to use (`default` for the default export). */
  readonly exportName: string;
  /** Whether the specifier is a module path rather than a package. */
  readonly isModulePath: boolean;
}

const EXPECTED =
  '"package:Export" naming an installed package (or its subpath) and an export, e.g. "@acme/plume-envs:GridWorld" (module paths such as "./envs.js:GridWorld" only with allowModulePaths: true)';

/**
 * Parses and checks `"package:Export"` against the trust model.
 * @throws ValidationError (`parameter` `"entryPoint"`) for a malformed string, a URL, or a module path
 * without `allowModulePaths`.
 */
export function parseEntryPoint(entryPoint: string, allowModulePaths = false): EntryPointRef {
  const at = entryPoint.lastIndexOf(":");
  const specifier = at < 0 ? "" : entryPoint.slice(0, at);
  const exportName = at < 0 ? "" : entryPoint.slice(at + 1);
  if (specifier === "" || !EXPORT_NAME.test(exportName)) throw ValidationError.invalid("entryPoint", EXPECTED, entryPoint);
  const isModulePath = MODULE_PATH.test(specifier);
  if (isModulePath) {
    if (!allowModulePaths) {
      throw new ValidationError(`entry point "${entryPoint}" is a module path; register it with allowModulePaths: true to allow importing it`, {
        parameter: "entryPoint",
        expected: EXPECTED,
        received: entryPoint,
      });
    }
  } else if (!isPackageSpecifier(specifier)) {
    throw ValidationError.invalid("entryPoint", EXPECTED, entryPoint);
  }
  return { specifier, exportName, isModulePath };
}

/** Where a module path is resolved from: the working directory (Node), as a `file:` URL. */
function moduleUrl(specifier: string): string {
  if (specifier.startsWith("file:")) return specifier;
  const cwd = (globalThis as { process?: { cwd?: () => string } }).process?.cwd?.() ?? "/";
  const base = `file://${cwd.endsWith("/") ? cwd : `${cwd}/`}`;
  return new URL(specifier, base).href;
}

function isClass(value: (...args: never[]) => unknown): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(value));
}

/** A creator for an export: a class is constructed with the kwargs, a function called with them. */
export function creatorOf(value: unknown, entryPoint: string): EnvCreator {
  if (typeof value !== "function") {
    throw ValidationError.invalid("entryPoint", `"${entryPoint}" to name a class or a function (kwargs) => env`, typeof value);
  }
  const fn = value as (kwargs: Readonly<Record<string, unknown>>) => AnyEnv;
  if (isClass(fn)) {
    const Ctor = value as new (kwargs: Readonly<Record<string, unknown>>) => AnyEnv;
    return (kwargs) => new Ctor(kwargs);
  }
  return (kwargs) => fn(kwargs);
}

/** Imports a module: `(specifier) => import(specifier)` by default. */
export type ModuleImporter = (specifier: string) => Promise<unknown>;

const defaultImporter: ModuleImporter = (specifier) => import(/* @vite-ignore */ specifier);

/** Loaded entry points, by their string. */
const loaded = new Map<string, EnvCreator>();

/** The creator of a loaded string entry point, or undefined when it has not been imported yet. */
export function loadedEntryPoint(entryPoint: string): EnvCreator | undefined {
  return loaded.get(entryPoint);
}

/** The error `make` throws for a string entry point that has not been imported yet. */
export function notLoadedError(id: string, entryPoint: string): StateError {
  return new StateError(
    `the entry point "${entryPoint}" of "${id}" has not been imported yet: use await makeAsync("${id}", ...) or await loadEntryPoint("${id}") first`,
    { currentState: "NOT_LOADED", allowedStates: ["LOADED"] },
  );
}

/**
 * Imports the module of `entryPoint` (once) and returns the creator of its export.
 * @throws ValidationError (`parameter` `"entryPoint"`) when the module cannot be imported or has no such
 * export (with the closest export's name).
 */
export async function importEntryPoint(entryPoint: string, allowModulePaths: boolean, importModule?: ModuleImporter): Promise<EnvCreator> {
  const cached = loaded.get(entryPoint);
  if (cached !== undefined) return cached;
  const ref = parseEntryPoint(entryPoint, allowModulePaths);
  let mod: Record<string, unknown>;
  try {
    mod = (await (importModule ?? defaultImporter)(ref.isModulePath ? moduleUrl(ref.specifier) : ref.specifier)) as Record<string, unknown>;
  } catch (error) {
    if (isPlumeError(error)) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    const missing = code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND" || code === "ERR_PACKAGE_PATH_NOT_EXPORTED";
    throw new ValidationError(
      missing
        ? `cannot import "${ref.specifier}" for the entry point "${entryPoint}": it is not installed (or does not export that path)`
        : `importing "${ref.specifier}" for the entry point "${entryPoint}" failed: ${error instanceof Error ? error.message : String(error)}`,
      { parameter: "entryPoint", expected: "an installed package (or an allowed module path) that imports cleanly", received: entryPoint, cause: error },
    );
  }
  if (mod === null || typeof mod !== "object" || !(ref.exportName in mod)) {
    const names = mod !== null && typeof mod === "object" ? Object.keys(mod) : [];
    throw new ValidationError(`module "${ref.specifier}" has no export "${ref.exportName}"${didYouMean(ref.exportName, names)}`, {
      parameter: "entryPoint",
      expected: `one of its exports: ${names.join(", ") || "(none)"}`,
      received: entryPoint,
    });
  }
  const creator = creatorOf(mod[ref.exportName], entryPoint);
  loaded.set(entryPoint, creator);
  return creator;
}
