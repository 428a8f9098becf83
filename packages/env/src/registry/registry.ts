/**
 * The environment registry (Gymnasium's `register` / `make` / `spec`). `make` builds the raw env from
 * its spec and wraps it as Gymnasium does: `PassiveEnvChecker` (innermost), then `OrderEnforcing`, then
 * `TimeLimit` when the spec (or the call) sets `maxEpisodeSteps`, then the spec's `additionalWrappers`.
 *
 * Built in: `PlumeNav-v0` (`PlumeEnv`) and `PlumeSearch-v0` (`PlumeSearchEnv`: seed 001's Dict
 * observation), both with `maxEpisodeSteps: 1000`. Their kwargs are Plume's camelCase options or the
 * reference's snake_case kwargs (one or the other per call). An id without a version (`"PlumeNav"`)
 * means its latest registered version.
 */
import { ConfigurationError, ValidationError, closestName, didYouMean, parseWithSchema, type Env, type NDArray, type AnyPlugin } from "@plume/core-types";
import * as z from "zod";
import { createEnvironmentFromConfig, createEnvironmentFromConfigSync, importsNeeded, resolveConfigPlugins, type ImportNeeded } from "../config/create.js";
import { pluginPackageFor } from "../resolution/catalog.js";
import type { EnvironmentConfigInput } from "../config/schema.js";
import { PlumeEnv, type PlumeEnvInfo, type PlumeEnvOptions } from "../env/plume-env.js";
import {
  PlumeSearchEnv,
  PlumeSearchEnvOptionsSchema,
  type PlumeSearchEnvOptions,
  type PlumeSearchObservation,
} from "../env/plume-search-env.js";
import type { AnyEnv, EnvCreator, EnvSpec } from "../env/types.js";
import { OrderEnforcing, PassiveEnvChecker, TimeLimit, type EnvCheckerWarning } from "../wrappers/common.js";
import { importEntryPoint, loadedEntryPoint, notLoadedError, parseEntryPoint, type ModuleImporter } from "./entry-point.js";
import {
  PLUMENAV_REFERENCE_KWARGS,
  PLUME_ENV_OPTION_NAMES,
  asReferenceError,
  kwargsStyle,
  kwargsTranslators,
  registerKwargsTranslator,
  renameReferenceKwargs,
  type KwargsTranslator,
  translatePlumeNavKwargs,
  type PlumeNavReferenceKwargs,
  type PlumeSearchReferenceKwargs,
  PLUMESEARCH_REFERENCE_KWARGS,
} from "./reference-kwargs.js";
import { applyAdditionalWrappers } from "./wrapper-table.js";

/** Gymnasium's id form: `[namespace/]name[-vN]`. */
export const ENV_ID_PATTERN = /^(?:([\w:.-]+)\/)?([\w:.-]+?)(?:-v(\d+))?$/;

/** The parts of an id (Gymnasium's `parse_env_id`). */
export interface EnvIdParts {
  readonly namespace: string | undefined;
  readonly name: string;
  readonly version: number | undefined;
}

/**
 * Splits `[namespace/]name[-vN]`.
 * @throws ValidationError (`parameter` `"id"`) for a malformed id.
 */
export function parseEnvId(id: string): EnvIdParts {
  const match = typeof id === "string" ? ENV_ID_PATTERN.exec(id) : null;
  if (match === null) throw ValidationError.invalid("id", 'an id of the form [namespace/]name[-vN], e.g. "PlumeNav-v0"', id);
  return { namespace: match[1], name: match[2] as string, version: match[3] === undefined ? undefined : Number(match[3]) };
}

const maxEpisodeStepsSchema = z
  .int({ error: "an integer >= 1, or null for no time limit" })
  .min(1, { error: "an integer >= 1, or null for no time limit" })
  .max(Number.MAX_SAFE_INTEGER, { error: "an integer >= 1, or null for no time limit" })
  .nullable();

/** Options of `register(id, options)`. */
export const RegisterOptionsSchema = z.strictObject({
  /**
   * Builds the raw environment from the merged kwargs: a function `(kwargs) => env`, or a
   * `"package:Export"` string naming an installed package's class or function (imported by `makeAsync` or
   * `loadEntryPoint`, then usable by `make` too). Required.
   */
  entryPoint: z.union(
    [
      z.custom<EnvCreator>((v) => typeof v === "function", { error: "a function (kwargs) => env" }),
      z.string({ error: '"package:Export"' }),
    ],
    { error: 'a function (kwargs) => env, or "package:Export"' },
  ),
  /** Default kwargs, merged under `make`'s kwargs. */
  kwargs: z.record(z.string(), z.unknown(), { error: "a plain object" }).default({}),
  /** The kwargs `make` accepts: others are rejected with the closest name. Default: not checked. */
  kwargsNames: z.array(z.string({ error: "a kwarg name" }), { error: "an array of kwarg names" }).optional(),
  /** `TimeLimit` length (null: none). Default null. */
  maxEpisodeSteps: maxEpisodeStepsSchema.default(null),
  /** Wrap with `OrderEnforcing`. Default true. */
  orderEnforce: z.boolean({ error: "a boolean" }).default(true),
  /** Skip the `PassiveEnvChecker`. Default false. */
  disableEnvChecker: z.boolean({ error: "a boolean" }).default(false),
  /** The env is nondeterministic by design. Default false. */
  nondeterministic: z.boolean({ error: "a boolean" }).default(false),
  /** Description for listings. Default: none. */
  description: z.string({ error: "a string" }).optional(),
  /** Replace an existing registration with the same id instead of throwing. Default false. */
  override: z.boolean({ error: "a boolean" }).default(false),
  /** Allow a module path (`./envs.js:Env`, `/abs/envs.js:Env`, `file:...`) as the entry point. Default false: installed packages only. */
  allowModulePaths: z.boolean({ error: "a boolean" }).default(false),
});
export type RegisterOptions = z.input<typeof RegisterOptionsSchema>;

/** Options of `make(id, kwargs, options)`: per-call overrides of the spec. */
export const MakeOptionsSchema = z.strictObject({
  /** Overrides the spec's `maxEpisodeSteps` (null: no `TimeLimit`). Default: the spec's. */
  maxEpisodeSteps: maxEpisodeStepsSchema.optional(),
  /** Skip the `PassiveEnvChecker`. Default: the spec's `disableEnvChecker`. */
  disableEnvChecker: z.boolean({ error: "a boolean" }).optional(),
  /** Add `OrderEnforcing` (default: the spec's `orderEnforce`). */
  orderEnforce: z.boolean({ error: "a boolean" }).optional(),
  /** Allow `render()` before `reset()` through `OrderEnforcing`. Default `false`. */
  disableRenderOrderEnforcing: z.boolean({ error: "a boolean" }).optional(),
  /** Receives the passive checker's warnings. Default: `process.emitWarning` (type `PlumeEnvCheckerWarning`). */
  warn: z.custom<(warning: EnvCheckerWarning) => void>((v) => typeof v === "function", { error: "a function" }).optional(),
});
export type MakeOptions = z.input<typeof MakeOptionsSchema>;

/** Options of `makeAsync` and `loadEntryPoint`: `make`'s, plus how string entry points are imported. */
export interface MakeAsyncOptions extends MakeOptions {
  /**
   * Imports an entry point's module. Default `(s) => import(s)` from this package's location; pass
   * `(s) => import(s)` from your own module when your package manager keeps packages apart (pnpm).
   */
  readonly importModule?: ModuleImporter | undefined;
}

/** `PlumeNav-v0`. */
export const PLUME_NAV_ID = "PlumeNav-v0";
/** `PlumeSearch-v0`. */
export const PLUME_SEARCH_ID = "PlumeSearch-v0";

/** `A` or `B`, but never keys of both: mixing Plume's and the reference's kwargs fails to compile. */
type OneNaming<A, B> =
  | (A & { readonly [K in Exclude<keyof B, keyof A>]?: never })
  | (B & { readonly [K in Exclude<keyof A, keyof B>]?: never });

/** `PlumeNav-v0`'s kwargs: `PlumeEnv` options, or the reference's `make` kwargs (never both). */
export type PlumeNavKwargs = OneNaming<PlumeEnvOptions<unknown, unknown>, PlumeNavReferenceKwargs>;
/** `PlumeSearch-v0`'s kwargs: `PlumeSearchEnv` options, or the reference's names for them (never both). */
export type PlumeSearchKwargs = OneNaming<PlumeSearchEnvOptions<unknown>, PlumeSearchReferenceKwargs>;

/** The kwargs type of each built-in id (an id without its version means the latest). */
export interface EnvKwargsMap {
  "PlumeNav-v0": PlumeNavKwargs;
  PlumeNav: PlumeNavKwargs;
  "PlumeSearch-v0": PlumeSearchKwargs;
  PlumeSearch: PlumeSearchKwargs;
}

/** The environment types `make` returns for the built-in ids. */
export interface BuiltinEnvs {
  "PlumeNav-v0": Env<NDArray<"float32">, number, PlumeEnvInfo>;
  PlumeNav: Env<NDArray<"float32">, number, PlumeEnvInfo>;
  "PlumeSearch-v0": Env<PlumeSearchObservation, number, PlumeEnvInfo>;
  PlumeSearch: Env<PlumeSearchObservation, number, PlumeEnvInfo>;
}

/** The reference kwarg behind each section of the selector route's config (for errors). */
const SELECTOR_KWARG_OF: Readonly<Record<string, string>> = Object.freeze({
  plume: "plume",
  action: "action_type",
  sensor: "observation_type",
  wind: "enable_wind",
});

/**
 * The error for a selector kwarg whose plugin `make` cannot build synchronously: its package (an optional
 * peer of `@plume/env`, e.g. `@plume/actions-oriented`) has to be imported, which `makeAsync` does.
 */
function needsImportError(needed: ImportNeeded): ConfigurationError {
  const kwarg = SELECTOR_KWARG_OF[needed.path.split(".")[0] as string] ?? needed.path;
  return new ConfigurationError(
    `${kwarg}: the ${needed.kind} "${needed.type}" comes from ${needed.package}, which make() cannot import synchronously: use await makeAsync("${PLUME_NAV_ID}", kwargs) (in Node it imports ${needed.package} when it is installed), or register its plugins once — import { plugins } from "${needed.package}"; registerPlugins(plugins) — and make() builds it`,
    {
      parameter: kwarg,
      expected: `${needed.package}'s plugins registered with registerPlugins, or makeAsync`,
      received: needed.type,
    },
  );
}

/**
 * `PlumeNav-v0`'s entry point: Plume's options, or the reference's kwargs (direct or selector route). The
 * selector route builds synchronously from the plugins available without an import (those `@plume/env`
 * ships, registered ones, and `plugins`: what `makeAsync` resolved ahead).
 */
function createPlumeNav(kwargs: Readonly<Record<string, unknown>>, plugins: readonly AnyPlugin[] = []): AnyEnv {
  const style = kwargsStyle(kwargs, PLUME_NAV_ID, PLUMENAV_REFERENCE_KWARGS, PLUME_ENV_OPTION_NAMES);
  if (style !== "reference" && typeof kwargs["plume"] !== "string") return new PlumeEnv(kwargs as PlumeEnvOptions) as unknown as AnyEnv;
  const build = translatePlumeNavKwargs(kwargs);
  if (build.route === "selector") {
    const [needed] = importsNeeded(build.config, { plugins });
    if (needed !== undefined) throw needsImportError(needed);
  }
  try {
    if (build.route === "direct") return new PlumeEnv(build.options) as unknown as AnyEnv;
    return createEnvironmentFromConfigSync(build.config, { plugins }) as unknown as AnyEnv;
  } catch (error) {
    throw asReferenceError(error);
  }
}

/**
 * The plugins `PlumeNav-v0`'s selector route needs, resolved (and imported where needed, through
 * `importModule` when given) ahead of the synchronous build: what `makeAsync` hands `createPlumeNav`.
 * Kwargs that do not take the selector route, or that are invalid (the build reports them), need none.
 */
async function plumeNavPlugins(kwargs: Readonly<Record<string, unknown>>, importModule: ModuleImporter | undefined): Promise<AnyPlugin[]> {
  let config: EnvironmentConfigInput;
  try {
    const style = kwargsStyle(kwargs, PLUME_NAV_ID, PLUMENAV_REFERENCE_KWARGS, PLUME_ENV_OPTION_NAMES);
    if (style !== "reference" && typeof kwargs["plume"] !== "string") return [];
    const build = translatePlumeNavKwargs(kwargs);
    if (build.route !== "selector") return [];
    config = build.config;
  } catch {
    return [];
  }
  return resolveConfigPlugins(config, importModule === undefined ? {} : { importModule });
}

/**
 * The reference's `plume: "<name>"` translator, imported from the plume's catalog package when none is
 * registered yet (the package exports `kwargsTranslator`; `@plume/plume-movie` does for `"movie"`).
 * Nothing happens for names without a catalog package or whose package is not installed (the build
 * then names the missing translator).
 */
async function ensureTranslator(kwargs: Readonly<Record<string, unknown>>, importModule: ModuleImporter | undefined): Promise<void> {
  const name = kwargs["plume"];
  if (typeof name !== "string" || name === "static" || kwargsTranslators().includes(name)) return;
  const entry = pluginPackageFor("plume", name);
  if (entry === undefined) return;
  let module: unknown;
  try {
    module = await (importModule ?? ((specifier: string) => import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)))(entry.package);
  } catch {
    return;
  }
  const translator = (module as { kwargsTranslator?: unknown } | null)?.kwargsTranslator;
  if (translator !== undefined && !kwargsTranslators().includes(name)) registerKwargsTranslator(translator as KwargsTranslator);
}

/** `PlumeNav-v0`'s entry point for `makeAsync`: as `createPlumeNav`, awaiting plugins that load asynchronously (a movie). */
async function createPlumeNavAsync(kwargs: Readonly<Record<string, unknown>>, plugins: readonly AnyPlugin[]): Promise<AnyEnv> {
  const style = kwargsStyle(kwargs, PLUME_NAV_ID, PLUMENAV_REFERENCE_KWARGS, PLUME_ENV_OPTION_NAMES);
  if (style !== "reference" && typeof kwargs["plume"] !== "string") return createPlumeNav(kwargs, plugins);
  const build = translatePlumeNavKwargs(kwargs);
  if (build.route === "direct") return createPlumeNav(kwargs, plugins);
  try {
    return (await createEnvironmentFromConfig(build.config, { plugins })) as unknown as AnyEnv;
  } catch (error) {
    throw asReferenceError(error);
  }
}

/** `PlumeSearch-v0`'s entry point: `PlumeSearchEnv` options, or the reference's names for them. */
function createPlumeSearch(kwargs: Readonly<Record<string, unknown>>): AnyEnv {
  const names = Object.keys(PlumeSearchEnvOptionsSchema.shape);
  const style = kwargsStyle(kwargs, PLUME_SEARCH_ID, PLUMESEARCH_REFERENCE_KWARGS, names);
  if (style !== "reference") return new PlumeSearchEnv(kwargs as PlumeSearchEnvOptions) as unknown as AnyEnv;
  try {
    return new PlumeSearchEnv(renameReferenceKwargs(kwargs) as PlumeSearchEnvOptions) as unknown as AnyEnv;
  } catch (error) {
    throw asReferenceError(error);
  }
}

function builtinSpec(id: string, entryPoint: EnvCreator, description: string): EnvSpec {
  return Object.freeze({
    id,
    entryPoint,
    kwargs: Object.freeze({}),
    maxEpisodeSteps: 1000,
    orderEnforce: true,
    disableEnvChecker: false,
    nondeterministic: false,
    description,
    additionalWrappers: Object.freeze([]),
  });
}

const BUILTIN_SPECS: readonly EnvSpec[] = Object.freeze([
  builtinSpec(
    PLUME_NAV_ID,
    createPlumeNav,
    "PlumeEnv: static Gaussian plume, concentration sensor, 4 cardinal actions, sparse reward (the reference's selector with its kwargs)",
  ),
  builtinSpec(
    PLUME_SEARCH_ID,
    createPlumeSearch,
    "PlumeSearchEnv: seed 001's Dict observation (agent_position, concentration_field, source_location)",
  ),
]);

/** The registry: id -> spec. Starts with the built-in ids. */
const specs = new Map<string, EnvSpec>(BUILTIN_SPECS.map((s) => [s.id, s]));
/** The kwarg names `make` accepts, for specs registered with `kwargsNames`. */
const kwargsNames = new WeakMap<EnvSpec, readonly string[]>();
/** Registrations that allow module-path entry points. */
const modulePathsAllowed = new WeakSet<EnvSpec>();

function sameName(a: EnvIdParts, b: EnvIdParts): boolean {
  return a.namespace === b.namespace && a.name === b.name;
}

function unknownId(id: string): ValidationError {
  const known = [...specs.keys()].sort();
  const parts = parseEnvId(id);
  const versions = known.filter((k) => sameName(parseEnvId(k), parts));
  // Suggest by name (a misspelt name with the right version is still the name's latest id).
  const byName = new Map(known.map((k) => [parseEnvId(k).namespace === undefined ? parseEnvId(k).name : `${parseEnvId(k).namespace}/${parseEnvId(k).name}`, k]));
  const close = closestName(parts.namespace === undefined ? parts.name : `${parts.namespace}/${parts.name}`, byName.keys());
  const hint = versions.length > 0 ? ` (registered versions: ${versions.join(", ")})` : close === undefined ? didYouMean(id, known) : ` (did you mean "${byName.get(close)}"?)`;
  return new ValidationError(`no environment registered as "${id}"${hint}`, {
    parameter: "id",
    expected: `a registered id: ${known.join(", ")}`,
    received: id,
  });
}

/**
 * The id `id` stands for: itself when registered, else (for an id without a version) the latest
 * registered version of that name (Gymnasium's `find_highest_version`).
 * @throws ValidationError (`parameter` `"id"`) for a malformed or unknown id.
 */
export function resolveId(id: string): string {
  const parts = parseEnvId(id);
  if (specs.has(id)) return id;
  if (parts.version === undefined) {
    let best: { id: string; version: number } | undefined;
    for (const known of specs.keys()) {
      const p = parseEnvId(known);
      if (sameName(p, parts) && p.version !== undefined && (best === undefined || p.version > best.version)) best = { id: known, version: p.version };
    }
    if (best !== undefined) return best.id;
  }
  throw unknownId(id);
}

/**
 * Registers an environment under `id` (Gymnasium's `register`).
 * @throws ValidationError for a malformed id, bad options, an untrusted entry point string (a module path
 * without `allowModulePaths`, a URL), or an id already registered (unless `override`).
 */
export function register(id: string, options: RegisterOptions): EnvSpec {
  parseEnvId(id);
  const parsed = parseWithSchema(RegisterOptionsSchema, options, { what: "register options" });
  if (typeof parsed.entryPoint === "string") parseEntryPoint(parsed.entryPoint, parsed.allowModulePaths);
  if (specs.has(id) && !parsed.override) {
    throw new ValidationError(`"${id}" is already registered`, {
      parameter: "id",
      expected: "an id that is not registered yet (or pass override: true)",
      received: id,
    });
  }
  const spec: EnvSpec = Object.freeze({
    id,
    entryPoint: parsed.entryPoint,
    kwargs: Object.freeze({ ...parsed.kwargs }),
    maxEpisodeSteps: parsed.maxEpisodeSteps,
    orderEnforce: parsed.orderEnforce,
    disableEnvChecker: parsed.disableEnvChecker,
    nondeterministic: parsed.nondeterministic,
    description: parsed.description,
    additionalWrappers: Object.freeze([]),
  });
  if (parsed.kwargsNames !== undefined) kwargsNames.set(spec, Object.freeze([...parsed.kwargsNames]));
  if (parsed.allowModulePaths) modulePathsAllowed.add(spec);
  specs.set(id, spec);
  return spec;
}

/** Removes a registration; returns whether it existed. */
export function unregister(id: string): boolean {
  return specs.delete(id);
}

/**
 * The spec registered as `id` (Gymnasium's `gym.spec`); an id without a version gives the latest.
 * @throws ValidationError (`parameter` `"id"`) naming the registered ids (or versions) when there is none.
 */
export function spec(id: string): EnvSpec {
  return specs.get(resolveId(id)) as EnvSpec;
}

/** Every registered id, sorted. */
export function registeredIds(): string[] {
  return [...specs.keys()].sort();
}

/** Every registered spec, sorted by id. */
export function registeredSpecs(): EnvSpec[] {
  return registeredIds().map((id) => specs.get(id) as EnvSpec);
}

const kwargsSchema = z.record(z.string(), z.unknown(), { error: "a plain object" });

/**
 * The creator of `envSpec`: its function, or its loaded string entry point.
 * @throws StateError for a string entry point not imported yet (see `loadEntryPoint`).
 */
export function envCreator(envSpec: EnvSpec): EnvCreator {
  const entry = envSpec.entryPoint;
  if (typeof entry === "function") return entry;
  const loaded = loadedEntryPoint(entry);
  if (loaded === undefined) throw notLoadedError(envSpec.id, entry);
  return loaded;
}

/** The spec `id` names (or `id` itself when it is a spec). */
export function lookupSpec(id: string | EnvSpec): EnvSpec {
  if (typeof id === "string") return spec(id);
  if (id === null || typeof id !== "object" || typeof id.id !== "string") throw ValidationError.invalid("id", "a registered id or an EnvSpec", id);
  return id;
}

/** Whether `kwargs` sets the environment's own episode length. */
function setsMaxSteps(kwargs: Readonly<Record<string, unknown>>): boolean {
  return (kwargs["maxSteps"] ?? kwargs["max_steps"]) !== undefined && (kwargs["maxSteps"] ?? kwargs["max_steps"]) !== null;
}

/**
 * The time limit `make` applies: `override` when given, else the spec's; but for a `PlumeEnv` whose call
 * kwargs set its own episode length, that length (so that `maxSteps: 5000` is not cut at the spec's 1000).
 */
export function episodeLimit(envSpec: EnvSpec, raw: unknown, callKwargs: Readonly<Record<string, unknown>>, override?: number | null): number | null {
  if (override !== undefined) return override;
  if (envSpec.maxEpisodeSteps !== null && raw instanceof PlumeEnv && setsMaxSteps(callKwargs)) return (raw as PlumeEnv<unknown, unknown>).maxSteps;
  return envSpec.maxEpisodeSteps;
}

function build(envSpec: EnvSpec, creator: EnvCreator, kwargs: unknown, options: MakeOptions): AnyEnv {
  const parsedKwargs = parseWithSchema(kwargsSchema, kwargs, { what: "make kwargs", path: "kwargs" });
  const opts = parseWithSchema(MakeOptionsSchema, options, { what: "make options" });
  const names = kwargsNames.get(specs.get(envSpec.id) ?? envSpec);
  if (names !== undefined) {
    const allowed = new Set([...names, ...Object.keys(envSpec.kwargs)]);
    for (const key of Object.keys(parsedKwargs)) {
      if (!allowed.has(key)) {
        throw new ValidationError(`"${key}" is not a kwarg of ${envSpec.id}${didYouMean(key, allowed)}`, {
          parameter: key,
          expected: `one of ${[...allowed].join(", ")}`,
          received: parsedKwargs[key],
        });
      }
    }
  }
  const merged = { ...envSpec.kwargs, ...parsedKwargs };
  const raw = creator(merged);
  if (raw === null || typeof raw !== "object" || typeof (raw as { step?: unknown }).step !== "function") {
    throw new ValidationError(`the entry point of "${envSpec.id}" did not return an environment`, {
      parameter: "entryPoint",
      expected: "an environment (reset, step, render, close)",
      received: raw,
    });
  }
  // A call that sets the env's own episode length gets a time limit to match (not the spec's shorter one).
  const limit = episodeLimit(envSpec, raw, parsedKwargs, opts.maxEpisodeSteps);
  const disableEnvChecker = opts.disableEnvChecker ?? envSpec.disableEnvChecker;
  const orderEnforce = opts.orderEnforce ?? envSpec.orderEnforce;
  const resolvedSpec: EnvSpec = Object.freeze({
    ...envSpec,
    kwargs: Object.freeze(merged),
    maxEpisodeSteps: limit,
    orderEnforce,
    disableEnvChecker,
    additionalWrappers: Object.freeze([]),
  });
  if ("spec" in raw) {
    try {
      (raw as { spec: EnvSpec | undefined }).spec = resolvedSpec;
    } catch {
      // a read-only spec is fine
    }
  }
  let env: AnyEnv = raw;
  if (!disableEnvChecker) env = new PassiveEnvChecker(env, opts.warn === undefined ? {} : { warn: opts.warn });
  if (orderEnforce) env = new OrderEnforcing(env, { disableRenderOrderEnforcing: opts.disableRenderOrderEnforcing ?? false });
  if (limit !== null) env = new TimeLimit(env, limit);
  return applyAdditionalWrappers(env, envSpec.additionalWrappers ?? []);
}

/**
 * Builds the environment registered as `id` (or described by `envSpec`) with `kwargs` merged over the
 * spec's, sets `env.spec`, and wraps it like Gymnasium's `make`:
 * `TimeLimit(OrderEnforcing(PassiveEnvChecker(env)))` (each layer as the spec and `options` say), then the
 * spec's `additionalWrappers`. For `PlumeEnv`s, kwargs that set the episode length (`maxSteps` /
 * `max_steps`) also set the time limit, unless `options.maxEpisodeSteps` does.
 *
 * ```ts
 * const env = make("PlumeNav-v0", { gridSize: [64, 64] });
 * const ref = make("PlumeNav-v0", { grid_size: [64, 64], action_type: "oriented" }); // the reference's kwargs
 * ```
 * @throws ValidationError for an unknown id, a kwarg the id does not take (with the closest name), mixed
 * namings, or bad options; StateError for a string entry point not imported yet (use `makeAsync`); the
 * env's own errors for bad kwargs.
 */
export function make<K extends keyof BuiltinEnvs>(id: K, kwargs?: EnvKwargsMap[K], options?: MakeOptions): BuiltinEnvs[K];
export function make<I extends string>(
  id: I extends keyof EnvKwargsMap ? never : I,
  kwargs?: Readonly<Record<string, unknown>>,
  options?: MakeOptions,
): AnyEnv;
export function make(id: EnvSpec, kwargs?: Readonly<Record<string, unknown>>, options?: MakeOptions): AnyEnv;
export function make(id: string | EnvSpec, kwargs: unknown = {}, options: MakeOptions = {}): AnyEnv {
  const envSpec = lookupSpec(id);
  return build(envSpec, envCreator(envSpec), kwargs, options);
}

/**
 * Imports the string entry point of `id` (once; a function entry point needs nothing). After this,
 * `make(id)` works synchronously.
 * @throws ValidationError for an unknown id, or an entry point that cannot be imported or has no such export.
 */
export async function loadEntryPoint(id: string | EnvSpec, options: Pick<MakeAsyncOptions, "importModule"> = {}): Promise<void> {
  const envSpec = lookupSpec(id);
  if (typeof envSpec.entryPoint === "string") {
    const registered = specs.get(envSpec.id);
    await importEntryPoint(envSpec.entryPoint, registered !== undefined && modulePathsAllowed.has(registered), options.importModule);
  }
}

/**
 * `make`, after importing what the build needs: a string entry point (see `loadEntryPoint`), and for
 * `PlumeNav-v0`'s selector kwargs the packages of plugins `@plume/env` does not ship (`action_type:
 * "oriented"` -> `@plume/actions-oriented`, `observation_type: "wind_vector"` -> `@plume/sensors-wind`,
 * a registered plume translator's plume), which `make` needs registered. In a browser bundle, where a
 * package cannot be imported by a name decided at run time, register them (`registerPlugins`).
 */
export async function makeAsync<K extends keyof BuiltinEnvs>(id: K, kwargs?: EnvKwargsMap[K], options?: MakeAsyncOptions): Promise<BuiltinEnvs[K]>;
export async function makeAsync<I extends string>(
  id: I extends keyof EnvKwargsMap ? never : I,
  kwargs?: Readonly<Record<string, unknown>>,
  options?: MakeAsyncOptions,
): Promise<AnyEnv>;
export async function makeAsync(id: EnvSpec, kwargs?: Readonly<Record<string, unknown>>, options?: MakeAsyncOptions): Promise<AnyEnv>;
export async function makeAsync(id: string | EnvSpec, kwargs: unknown = {}, options: MakeAsyncOptions = {}): Promise<AnyEnv> {
  const { importModule, ...makeOptions } = options ?? {};
  await loadEntryPoint(id, { importModule });
  const envSpec = lookupSpec(id);
  if (envSpec.entryPoint === createPlumeNav) {
    // The selector route's plugins from optional packages (oriented, wind_vector, movie, ...) are imported
    // here, so that the synchronous build finds them.
    const merged = { ...envSpec.kwargs, ...parseWithSchema(kwargsSchema, kwargs, { what: "make kwargs", path: "kwargs" }) };
    await ensureTranslator(merged, importModule);
    const plugins = await plumeNavPlugins(merged, importModule);
    const raw = await createPlumeNavAsync(merged, plugins);
    return build(envSpec, () => raw, kwargs, makeOptions);
  }
  return build(envSpec, envCreator(envSpec), kwargs, makeOptions);
}
