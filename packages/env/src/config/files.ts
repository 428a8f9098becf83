/**
 * Config files and project-aware plugin resolution, for Node (`@plume/env/node`): JSON and YAML files on
 * disk, plugin packages resolved from the user's project (`projectDir`, default the working directory,
 * never the config file's folder — a package lying beside a downloaded config is not the user's choice),
 * and module paths resolved from the config file's folder once `allowModulePaths` allows them.
 */
import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigurationError, type AnyPlugin, type PluginKind } from "@plume/core-types";
import { parse as parseYaml, YAMLParseError } from "yaml";
import type { PlumeEnv } from "../env/plume-env.js";
import { nodeLoader } from "../resolution/node-loader.js";
import { loaderFor, pluginRequest, resolvePluginRequest, type ResolvePluginOptions } from "../resolution/resolver.js";
import { createFromConfigObject, parseEnvironmentConfig, type CreateEnvironmentOptions } from "./create.js";
import type { EnvironmentConfig, EnvironmentConfigInput } from "./schema.js";

function fileError(summary: string, expected: string, file: string, cause?: unknown): ConfigurationError {
  return new ConfigurationError(`file: ${summary}`, { parameter: "file", expected, received: file, ...(cause !== undefined && { cause }) });
}

/** A path or `file:` URL as a path. */
function filePath(path: string | URL): string {
  return path instanceof URL || path.startsWith("file:") ? fileURLToPath(path) : path;
}

/**
 * Reads and parses a JSON (`.json`) or YAML (`.yaml`, `.yml`; anything else is tried as JSON, then YAML)
 * config file without validating it.
 * @throws ConfigurationError (`parameter` `"file"`) for a missing file or a syntax error (with its line).
 */
export async function readConfigFile(path: string | URL): Promise<unknown> {
  const file = filePath(path);
  let text: string;
  try {
    // A UTF-8 byte-order mark (some editors write one) is not part of the JSON or YAML text.
    text = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
  } catch (error) {
    throw fileError(`cannot read config file ${file}`, "a readable JSON or YAML file", file, error);
  }
  const ext = extname(file).toLowerCase();
  const asJson = () => {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw fileError(`invalid JSON in ${file}: ${(error as Error).message}`, "valid JSON", file, error);
    }
  };
  const asYaml = () => {
    try {
      return parseYaml(text) as unknown;
    } catch (error) {
      const where =
        error instanceof YAMLParseError && error.linePos !== undefined ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}` : "";
      throw fileError(`invalid YAML in ${file}${where}: ${(error as Error).message.split("\n")[0]}`, "valid YAML", file, error);
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

/**
 * Reads a JSON or YAML config file and validates it (nothing is built or imported).
 * @throws ConfigurationError for a missing file, a syntax error (with its line) or a bad field.
 */
export async function loadEnvironmentConfig(path: string | URL): Promise<EnvironmentConfig> {
  return parseEnvironmentConfig(await readConfigFile(path));
}

/** Options of `@plume/env/node`'s `createEnvironmentFromConfig`. */
export interface NodeCreateEnvironmentOptions extends CreateEnvironmentOptions {
  /**
   * The user's project: plugin packages a config names (and the optional `@plume/*` plugin packages
   * behind built-in names) are resolved from its `node_modules`, found on disk before anything is
   * imported. Default: the working directory.
   */
  readonly projectDir?: string | undefined;
}

function cwd(): string {
  return process.cwd();
}

/**
 * Builds a `PlumeEnv` from a config object, or from a JSON/YAML file (a path or `file:` URL). Packages
 * (third-party plugins, and the `@plume/*` packages behind built-in names such as `wind_vector`) resolve
 * from `projectDir`; module paths (`./my-sensor.mjs`), allowed only with `allowModulePaths: true`,
 * resolve from the config file's folder (or `baseDir`). Packages the project depends on may add names
 * to the catalog in their `package.json` (`"plume": { "plugins": [{ "kind": "sensor", "name": "foo" }] }`).
 *
 * ```ts
 * import { createEnvironmentFromConfig } from "@plume/env/node";
 * const env = await createEnvironmentFromConfig("./experiments/windy.yaml");
 * const local = await createEnvironmentFromConfig("./lab.yaml", { allowModulePaths: true }); // names ./sensor.mjs
 * ```
 * @throws ConfigurationError naming the path of the bad field (also for files that cannot be read or
 * parsed, unknown types, packages that are not installed or export no plugin, refused module paths, and
 * plugins of the wrong kind).
 */
export async function createEnvironmentFromConfig(
  config: EnvironmentConfigInput | string | URL,
  options: NodeCreateEnvironmentOptions = {},
): Promise<PlumeEnv<unknown, unknown>> {
  const fromFile = typeof config === "string" || config instanceof URL;
  const raw = fromFile ? await readConfigFile(config) : config;
  const baseDir = options.baseDir ?? (fromFile ? dirname(resolve(filePath(config))) : cwd());
  const { loader, catalog } = nodeLoader({ baseDir, projectDir: resolve(options.projectDir ?? cwd()) });
  return createFromConfigObject(raw, { ...options, baseDir }, loaderFor(options, () => loader), catalog);
}

/** Options of `@plume/env/node`'s `resolvePlugin`. */
export interface NodeResolvePluginOptions extends ResolvePluginOptions {
  /** The user's project, whose `node_modules` packages resolve from. Default: the working directory. */
  readonly projectDir?: string | undefined;
}

/**
 * `resolvePlugin` with Node's project-aware loading: the plugin a config's `type` names, for any kind,
 * packages resolved from `projectDir`, allowed module paths from `baseDir`.
 * @throws ValidationError for a bad `kind` or `type`; ConfigurationError when it cannot be resolved.
 */
export async function resolvePlugin<K extends PluginKind>(kind: K, type: string, options: NodeResolvePluginOptions = {}): Promise<AnyPlugin<K>> {
  const request = pluginRequest(kind, type, options.path);
  const { loader, catalog } = nodeLoader({ baseDir: resolve(options.baseDir ?? cwd()), projectDir: resolve(options.projectDir ?? cwd()) });
  return (await resolvePluginRequest(request, options, loaderFor(options, () => loader), catalog)) as AnyPlugin<K>;
}
