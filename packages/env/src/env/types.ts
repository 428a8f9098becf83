/**
 * Types shared by the environments, the registry and the wrappers.
 */
import type { Env, EnvInfo } from "@plume/core-types";

/** The render modes of Plume environments (seed 001's `metadata.render_modes`). */
export const RENDER_MODES = Object.freeze(["human", "rgb_array"] as const);
export type RenderMode = (typeof RENDER_MODES)[number];

/** A function that builds the raw (unwrapped) environment from the merged kwargs. */
export type EnvCreator = (kwargs: Readonly<Record<string, unknown>>) => AnyEnv;

/**
 * A wrapper applied after `make`, as recorded in `env.spec.additionalWrappers` (Gymnasium's `WrapperSpec`):
 * `make(spec)` applies them again.
 */
export interface WrapperSpec {
  /** The wrapper's class name, e.g. `"ClipAction"`. */
  readonly name: string;
  /** Where it comes from, `"package:Export"`, e.g. `"@plume/env:ClipAction"`. */
  readonly entryPoint: string;
  /** Its constructor options, or null when they cannot be recorded (a function option, or a wrapper that does not say). */
  readonly kwargs: Readonly<Record<string, unknown>> | null;
}

/** A registered environment's description (Gymnasium's `EnvSpec`), as `spec(id)` returns it. */
export interface EnvSpec {
  /** The id, e.g. `"PlumeNav-v0"`. */
  readonly id: string;
  /**
   * Builds the raw (unwrapped) environment from the merged kwargs: a function, or a `"package:Export"`
   * string naming an installed package's export (a class or a function), imported on first use.
   */
  readonly entryPoint: EnvCreator | string;
  /** Default constructor options; `make(id, kwargs)` merges its kwargs over them. */
  readonly kwargs: Readonly<Record<string, unknown>>;
  /** `TimeLimit` length that `make` applies (null: none). */
  readonly maxEpisodeSteps: number | null;
  /** Whether `make` adds `OrderEnforcing` (default true). */
  readonly orderEnforce: boolean;
  /** Whether `make` skips the `PassiveEnvChecker` (default false). */
  readonly disableEnvChecker: boolean;
  /** Whether the environment is nondeterministic by design (default false). */
  readonly nondeterministic: boolean;
  /** A short description for listings. */
  readonly description?: string | undefined;
  /** Wrappers applied after `make` (filled in by `Wrapper.spec`); `make(spec)` applies them again. Default none. */
  readonly additionalWrappers?: readonly WrapperSpec[] | undefined;
}

/** Any environment, whatever its observation, action and info types (methods are bivariant, so every `Env` fits). */
export type AnyEnv = Env<unknown, unknown, EnvInfo>;
