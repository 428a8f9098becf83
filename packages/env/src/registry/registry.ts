/**
 * The environment registry (Gymnasium's `register` / `make` / `spec`). `make` builds the raw env from
 * its spec and wraps it as Gymnasium does: `PassiveEnvChecker` (innermost), then `OrderEnforcing`, then
 * `TimeLimit` when the spec (or the call) sets `maxEpisodeSteps`.
 *
 * Built in: `PlumeNav-v0` (`PlumeEnv`: concentration sensor, 4 discrete actions) and `PlumeSearch-v0`
 * (`PlumeSearchEnv`: seed 001's Dict observation), both with `maxEpisodeSteps: 1000`.
 */
import { ValidationError, parseWithSchema, type Env, type NDArray } from "@plume/core-types";
import * as z from "zod";
import { PlumeEnv, type PlumeEnvInfo, type PlumeEnvOptions } from "../env/plume-env.js";
import { PlumeSearchEnv, type PlumeSearchEnvOptions, type PlumeSearchObservation } from "../env/plume-search-env.js";
import type { AnyEnv, EnvSpec } from "../env/types.js";
import { OrderEnforcing, PassiveEnvChecker, TimeLimit, type EnvCheckerWarning } from "../wrappers/common.js";

/** Gymnasium's id form: `[namespace/]name[-vN]`. */
export const ENV_ID_PATTERN = /^(?:[\w:.-]+\/)?[\w:.-]+?(?:-v\d+)?$/;

const maxEpisodeStepsSchema = z
  .int({ error: "an integer >= 1, or null for no time limit" })
  .min(1, { error: "an integer >= 1, or null for no time limit" })
  .max(Number.MAX_SAFE_INTEGER, { error: "an integer >= 1, or null for no time limit" })
  .nullable();

/** Options of `register(id, options)`. */
export const RegisterOptionsSchema = z.strictObject({
  /** Builds the raw environment from the merged kwargs. Required. */
  entryPoint: z.custom<EnvSpec["entryPoint"]>((v) => typeof v === "function", { error: "a function (kwargs) => env" }),
  /** Default kwargs, merged under `make`'s kwargs. */
  kwargs: z.record(z.string(), z.unknown(), { error: "a plain object" }).default({}),
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

/** `PlumeNav-v0`. */
export const PLUME_NAV_ID = "PlumeNav-v0";
/** `PlumeSearch-v0`. */
export const PLUME_SEARCH_ID = "PlumeSearch-v0";

function builtinSpec(id: string, entryPoint: EnvSpec["entryPoint"], description: string): EnvSpec {
  return Object.freeze({
    id,
    entryPoint,
    kwargs: Object.freeze({}),
    maxEpisodeSteps: 1000,
    orderEnforce: true,
    disableEnvChecker: false,
    nondeterministic: false,
    description,
  });
}

const BUILTIN_SPECS: readonly EnvSpec[] = Object.freeze([
  builtinSpec(
    PLUME_NAV_ID,
    (kwargs) => new PlumeEnv(kwargs as PlumeEnvOptions) as unknown as AnyEnv,
    "PlumeEnv: static Gaussian plume, concentration sensor, 4 cardinal actions, sparse reward",
  ),
  builtinSpec(
    PLUME_SEARCH_ID,
    (kwargs) => new PlumeSearchEnv(kwargs as PlumeSearchEnvOptions) as unknown as AnyEnv,
    "PlumeSearchEnv: seed 001's Dict observation (agent_position, concentration_field, source_location)",
  ),
]);

/** The registry: id -> spec. Starts with the built-in ids. */
const specs = new Map<string, EnvSpec>(BUILTIN_SPECS.map((s) => [s.id, s]));

function unknownId(id: string): ValidationError {
  const known = [...specs.keys()].sort();
  const base = id.replace(/-v\d+$/, "");
  const sameName = known.filter((k) => k.replace(/-v\d+$/, "") === base);
  const hint = sameName.length > 0 ? ` (versions of "${base}": ${sameName.join(", ")})` : "";
  return new ValidationError(`no environment registered as "${id}"${hint}`, {
    parameter: "id",
    expected: `a registered id: ${known.join(", ")}`,
    received: id,
  });
}

function checkId(id: unknown): string {
  if (typeof id !== "string" || !ENV_ID_PATTERN.test(id)) {
    throw ValidationError.invalid("id", "an id of the form [namespace/]name[-vN], e.g. \"PlumeNav-v0\"", id);
  }
  return id;
}

/**
 * Registers an environment under `id` (Gymnasium's `register`).
 * @throws ValidationError for a malformed id, bad options, or an id already registered (unless `override`).
 */
export function register(id: string, options: RegisterOptions): EnvSpec {
  checkId(id);
  const parsed = parseWithSchema(RegisterOptionsSchema, options, { what: "register options" });
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
  });
  specs.set(id, spec);
  return spec;
}

/** Removes a registration; returns whether it existed. */
export function unregister(id: string): boolean {
  return specs.delete(id);
}

/**
 * The spec registered as `id` (Gymnasium's `gym.spec`).
 * @throws ValidationError (`parameter` `"id"`) naming the registered ids when there is none.
 */
export function spec(id: string): EnvSpec {
  const found = specs.get(checkId(id));
  if (found === undefined) throw unknownId(id);
  return found;
}

/** Every registered id, sorted. */
export function registeredIds(): string[] {
  return [...specs.keys()].sort();
}

/** The environment types `make` returns for the built-in ids. */
export interface BuiltinEnvs {
  "PlumeNav-v0": Env<NDArray<"float32">, number, PlumeEnvInfo>;
  "PlumeSearch-v0": Env<PlumeSearchObservation, number, PlumeEnvInfo>;
}

/**
 * Builds the environment registered as `id` (or described by `envSpec`) with `kwargs` merged over the
 * spec's, sets `env.spec`, and wraps it like Gymnasium's `make`:
 * `TimeLimit(OrderEnforcing(PassiveEnvChecker(env)))` (each layer as the spec and `options` say).
 *
 * ```ts
 * const env = make("PlumeNav-v0", { gridSize: [64, 64] });
 * ```
 * @throws ValidationError for an unknown id or bad options; the env's own errors for bad kwargs.
 */
export function make<K extends keyof BuiltinEnvs>(
  id: K,
  kwargs?: Readonly<Record<string, unknown>>,
  options?: MakeOptions,
): BuiltinEnvs[K];
export function make(id: string | EnvSpec, kwargs?: Readonly<Record<string, unknown>>, options?: MakeOptions): AnyEnv;
export function make(id: string | EnvSpec, kwargs: Readonly<Record<string, unknown>> = {}, options: MakeOptions = {}): AnyEnv {
  const envSpec = typeof id === "string" ? spec(id) : id;
  const parsedKwargs = parseWithSchema(z.record(z.string(), z.unknown(), { error: "a plain object" }), kwargs, {
    what: "make kwargs",
    path: "kwargs",
  });
  const opts = parseWithSchema(MakeOptionsSchema, options, { what: "make options" });
  const merged = { ...envSpec.kwargs, ...parsedKwargs };
  const resolvedSpec: EnvSpec = Object.freeze({ ...envSpec, kwargs: Object.freeze(merged) });
  const raw = envSpec.entryPoint(merged);
  if (raw !== null && typeof raw === "object" && "spec" in raw) {
    try {
      (raw as { spec: EnvSpec | undefined }).spec = resolvedSpec;
    } catch {
      // a read-only spec is fine
    }
  }
  let env: AnyEnv = raw;
  if (!(opts.disableEnvChecker ?? envSpec.disableEnvChecker)) {
    env = new PassiveEnvChecker(env, opts.warn === undefined ? {} : { warn: opts.warn });
  }
  if (opts.orderEnforce ?? envSpec.orderEnforce) {
    env = new OrderEnforcing(env, { disableRenderOrderEnforcing: opts.disableRenderOrderEnforcing ?? false });
  }
  const limit = opts.maxEpisodeSteps === undefined ? envSpec.maxEpisodeSteps : opts.maxEpisodeSteps;
  if (limit !== null) env = new TimeLimit(env, limit);
  return env;
}
