/**
 * What vector environments share: autoreset modes, options, reset arguments and result types.
 */
import { MAX_SEED, StateError, ValidationError, ndarray, type NDArray } from "@plume/core-types";
import * as z from "zod";
import type { VectorInfo } from "./infos.js";

/** Gymnasium 1.x's autoreset modes. */
export const AutoresetMode = Object.freeze({
  /** An environment that ended is reset on the NEXT `step`, which ignores its action (Gymnasium's default). */
  NEXT_STEP: "next_step",
  /** An environment that ended is reset in the SAME step; its last observation and info go to `final_obs` / `final_info`. */
  SAME_STEP: "same_step",
  /** No autoreset: reset ended environments yourself with `reset({ options: { reset_mask } })`. */
  DISABLED: "disabled",
} as const);
export type AutoresetMode = (typeof AutoresetMode)[keyof typeof AutoresetMode];
export const AUTORESET_MODES: readonly AutoresetMode[] = Object.freeze(Object.values(AutoresetMode));

const autoresetModeSchema = z.enum(AUTORESET_MODES as [AutoresetMode, ...AutoresetMode[]], {
  error: `one of ${AUTORESET_MODES.join(", ")}`,
});

/** Options of `SyncVectorEnv` (and the shared part of `AsyncVectorEnv`'s). */
export const VectorEnvOptionsSchema = z.strictObject({
  /** When ended environments are reset. Default `"next_step"`. */
  autoresetMode: autoresetModeSchema.default(AutoresetMode.NEXT_STEP),
  /**
   * true (default): every result is a fresh array. false: results are views of internal buffers that
   * the next `step`/`reset` overwrites (no allocation per step; copy what you keep).
   */
  copy: z.boolean({ error: "a boolean" }).default(true),
  /**
   * `"auto"` (default): step the whole batch in one kernel call when every environment is a plain
   * `PlumeEnv` whose components have batch methods; `"off"`: always step environment by environment.
   */
  batch: z.enum(["auto", "off"], { error: "one of auto, off" }).default("auto"),
});
export type VectorEnvOptions = z.input<typeof VectorEnvOptionsSchema>;

/** `reset`'s argument. */
export interface VectorResetOptions {
  /** An integer (environment i gets `seed + i`, as Gymnasium does) or one seed (or null) per environment. */
  readonly seed?: number | readonly (number | null | undefined)[] | undefined;
  /** `reset_mask`: which environments to reset (default all); the rest is passed to each environment's reset. */
  readonly options?: Readonly<Record<string, unknown>> | undefined;
}

/** `step`'s result: `[observations, rewards, terminations, truncations, infos]`. */
export type VectorStepResult<Obs> = readonly [
  observations: Obs,
  rewards: NDArray<"float64">,
  terminations: NDArray<"bool">,
  truncations: NDArray<"bool">,
  infos: VectorInfo,
];
/** `reset`'s result: `[observations, infos]`. */
export type VectorResetResult<Obs> = readonly [observations: Obs, infos: VectorInfo];

/** The per-environment seeds of `reset({ seed })`: `seed + i`, the list itself, or none. */
export function perEnvSeeds(seed: VectorResetOptions["seed"], n: number): (number | undefined)[] {
  if (seed === undefined) return new Array<number | undefined>(n).fill(undefined);
  // As a single environment's reset: no seed is spelled by leaving `seed` out (null is refused there too).
  if (seed === null) throw ValidationError.invalid("seed", `an integer, or an array of ${n} seeds (integers or null); leave seed out for no seed`, seed);
  if (typeof seed === "number") {
    if (!Number.isInteger(seed) || seed < 0 || seed + n - 1 > MAX_SEED) {
      throw ValidationError.invalid("seed", `an integer in [0, ${MAX_SEED - n + 1}] (environment i gets seed + i)`, seed);
    }
    return Array.from({ length: n }, (_, i) => seed + i);
  }
  if (!Array.isArray(seed) || seed.length !== n) {
    throw ValidationError.invalid("seed", `an integer, or an array of ${n} seeds (integers or null)`, seed);
  }
  return (seed as readonly unknown[]).map((s, i) => {
    if (s === null || s === undefined) return undefined;
    if (typeof s !== "number" || !Number.isInteger(s) || s < 0 || s > MAX_SEED) {
      throw ValidationError.invalid(`seed[${i}]`, `an integer in [0, ${MAX_SEED}] or null`, s);
    }
    return s;
  });
}

/** `options.reset_mask` as 0/1 per environment (all 1 when absent), and the options without it. */
export function resetMask(
  options: VectorResetOptions["options"],
  n: number,
): { mask: Uint8Array; rest: Readonly<Record<string, unknown>> | undefined } {
  if (options === undefined) return { mask: new Uint8Array(n).fill(1), rest: undefined };
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw ValidationError.invalid("options", "a plain object", options);
  }
  const { reset_mask: raw, ...rest } = options;
  const others = Object.keys(rest).length > 0 ? rest : undefined;
  if (raw === undefined) return { mask: new Uint8Array(n).fill(1), rest: others };
  const values = (raw as { data?: unknown }).data ?? raw;
  const expected = `${n} booleans (an array, a Uint8Array of 0/1 or a bool NDArray of shape [${n}])`;
  if (!(Array.isArray(values) || values instanceof Uint8Array) || (values as ArrayLike<unknown>).length !== n) {
    throw ValidationError.invalid("options.reset_mask", expected, raw);
  }
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = (values as ArrayLike<unknown>)[i];
    if (v === true || v === 1) mask[i] = 1;
    else if (!(v === false || v === 0)) throw ValidationError.invalid(`options.reset_mask[${i}]`, "a boolean", v);
  }
  return { mask, rest: others };
}

/** A bool NDArray over `data` (copied when `copy`). */
export function boolArray(data: Uint8Array, copy: boolean): NDArray<"bool"> {
  return ndarray("bool", [data.length], copy ? data.slice() : data);
}

/** A float64 NDArray over `data` (copied when `copy`). */
export function float64Array(data: Float64Array, copy: boolean): NDArray<"float64"> {
  return ndarray("float64", [data.length], copy ? data.slice() : data);
}

/** Throws `StateError` when a reset leaves out an environment that was never reset (its state would be undefined). */
export function assertFirstResetCovers(mask: Uint8Array, started: Uint8Array): void {
  const never: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i] === 0 && started[i] === 0) never.push(i);
  if (never.length > 0) {
    throw new StateError(`environments [${never.join(", ")}] have never been reset; the first reset must include them`, {
      currentState: "CREATED",
      allowedStates: ["READY"],
    });
  }
}

/** DISABLED mode: throws `StateError` naming the environments whose `ended(i)` is true (they must be reset first). */
export function assertNoneEnded(n: number, ended: (i: number) => boolean): void {
  const list: number[] = [];
  for (let i = 0; i < n; i++) if (ended(i)) list.push(i);
  if (list.length > 0) {
    throw new StateError(`environments [${list.join(", ")}] have ended; reset them with reset({ options: { reset_mask } }) before step()`, {
      currentState: "TERMINATED",
      allowedStates: ["READY"],
    });
  }
}

/**
 * The error of a call refused because an earlier step or reset failed in a component (`cause`): some
 * environments may have been stepped and others not, so only a reset of every environment is accepted.
 */
export function failedStateError(call: string, cause: Error): StateError {
  return new StateError(
    `cannot ${call}: an earlier step or reset failed in a component (${cause.message}), which may have left some environments stepped and others not; reset() every environment first`,
    { currentState: "FAILED", allowedStates: ["READY"] },
  );
}
