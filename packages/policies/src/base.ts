/**
 * What every baseline shares: its own seeded generator (or one handed over with `setRng`), `reset({ seed })`,
 * the `selectAction` options check and JSON metadata.
 */
import {
  MAX_SEED,
  ValidationError,
  parseWithSchema,
  seedSchema,
  type ComponentMetadata,
  type JsonObject,
  type Policy,
  type PolicyResetOptions,
  type RandomGenerator,
  type SelectActionOptions,
} from "@plume/core-types";
import { Generator, type Discrete } from "@plume/spaces";
import * as z from "zod";

/** Schema of `Policy.reset`'s argument: `{ seed? }` (no other keys) or nothing. */
export const PolicyResetOptionsSchema = z.strictObject({ seed: seedSchema.optional() }).optional();

/** The `seed` option every baseline accepts: the seed of its generator before the first `reset({ seed })`. Default 0. */
export const policySeedOption = seedSchema.default(0);

/** The `movement_model` string of `DiscreteGridActions` (4 cardinal moves), so metadata pairs up with it. */
export const CARDINAL_MOVEMENT_MODEL = "4-directional cardinal movement (absolute directions)";

function isRandomGenerator(value: unknown): value is RandomGenerator {
  if (value === null || typeof value !== "object") return false;
  const g = value as Partial<RandomGenerator>;
  return typeof g.random === "function" && typeof g.integers === "function" && typeof g.uniform === "function";
}

/**
 * A policy seed derived from an environment's generator right after a seeded reset: one
 * `integers(0, 2^32)` draw from a *clone* of it, so the environment's own stream is not advanced. The same
 * episode seed therefore always gives the same policy seed, and the policy's stream is independent of the
 * environment's (the policy's generator re-hashes it through NumPy's SeedSequence).
 * @throws ValidationError (`parameter` `"generator"`) for anything without `clone()`.
 */
export function derivePolicySeed(generator: { clone(): RandomGenerator } | undefined): number {
  if (generator === undefined || generator === null || typeof (generator as { clone?: unknown }).clone !== "function") {
    throw ValidationError.invalid("generator", "the environment's generator (env.npRandom after a seeded reset)", generator);
  }
  return generator.clone().integers(0, MAX_SEED + 1);
}

/** `options.explore`, checked: true unless `{ explore: false }`. */
export function exploreOf(options: SelectActionOptions | undefined): boolean {
  if (options === undefined) return true;
  if (options === null || typeof options !== "object") {
    throw ValidationError.invalid("options", "{ explore?: boolean } or undefined", options);
  }
  const explore = options.explore;
  if (explore !== undefined && typeof explore !== "boolean") {
    throw ValidationError.invalid("options.explore", "a boolean or undefined", explore);
  }
  return explore !== false;
}

/**
 * Base class of the baselines over a `Discrete` action space. Randomness comes only from the policy's own
 * `Generator` (NumPy-compatible, seeded by `options.seed` and re-created by `reset({ seed })`) or from the
 * generator handed to `setRng`; never from `Math.random`.
 */
export abstract class BaselinePolicy<Obs = unknown> implements Policy<Obs, number> {
  #own: Generator;
  #shared: RandomGenerator | undefined = undefined;

  protected constructor(seed: number) {
    this.#own = Generator.fromSeed(seed);
  }

  /** The action space: the same `Discrete` instance on every read. */
  abstract get actionSpace(): Discrete;

  /** The generator draws come from: the one given to `setRng`, else the policy's own. */
  protected get rng(): RandomGenerator {
    return this.#shared ?? this.#own;
  }

  /**
   * Clears the policy's memory. With `seed`, also re-creates its own generator from it (and stops using a
   * generator given to `setRng`), so the same seed and the same observations give the same actions.
   * @throws ValidationError (`parameter` `"seed"`, or the unknown key) for a bad argument; nothing changes then.
   */
  reset(options?: PolicyResetOptions): void {
    const parsed = parseWithSchema(PolicyResetOptionsSchema, options, { what: "policy reset options" });
    if (parsed?.seed !== undefined) {
      this.#own = Generator.fromSeed(parsed.seed);
      this.#shared = undefined;
    }
    this.clearMemory();
  }

  /**
   * Draws from `rng` (e.g. the environment's generator) instead of the policy's own generator, until the
   * next `reset({ seed })`.
   * @throws ValidationError (`parameter` `"rng"`) for an object that is not a generator.
   */
  setRng(rng: RandomGenerator): void {
    if (!isRandomGenerator(rng)) throw ValidationError.invalid("rng", "a generator (random, integers, uniform, ...)", rng);
    this.#shared = rng;
  }

  abstract selectAction(observation: Obs, options?: SelectActionOptions): number;

  getMetadata(): ComponentMetadata {
    return {
      type: this.metadataType,
      parameters: this.parameters(),
      movement_model: this.movementModel(),
    };
  }

  /** Forgets everything observed since the last reset. */
  protected abstract clearMemory(): void;
  /** The `type` of `getMetadata()`. */
  protected abstract get metadataType(): string;
  /** The `parameters` of `getMetadata()` (JSON). */
  protected abstract parameters(): JsonObject;
  /** The `movement_model` of the action model the policy is written for. */
  protected movementModel(): string {
    return CARDINAL_MOVEMENT_MODEL;
  }
}
