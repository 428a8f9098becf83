/**
 * `ExtendEnvState`: a wrapper that adds keys to the env state the wrapped environment's sensor sees
 * (`EnvStateExtension`s), e.g. an obstacle map for a sensor that declares it in `required_state_keys`.
 */
import { ValidationError, type Env, type EnvInfo, type EnvStateExtension } from "@plume/core-types";
import { Wrapper } from "./wrapper.js";

/** What an environment that takes state extensions offers (`PlumeEnv` does). */
interface ExtensibleEnv {
  addStateExtension(extension: EnvStateExtension): () => void;
}

function isExtensible(env: unknown): env is ExtensibleEnv {
  return env !== null && typeof env === "object" && typeof (env as { addStateExtension?: unknown }).addStateExtension === "function";
}

/**
 * Adds `extensions` to the innermost environment's env state (from its next reset on); `close()` removes
 * them again.
 *
 * ```ts
 * const env = new ExtendEnvState(make("PlumeNav-v0", { sensor: new ObstacleSensor() }), [constantStateKey("obstacle_map", walls)]);
 * ```
 */
export class ExtendEnvState<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  /** The keys this wrapper added. */
  readonly keys: readonly string[];
  readonly #remove: (() => void)[] = [];

  /**
   * @throws ValidationError (`parameter` `"env"`) when the innermost environment takes no state
   * extensions; (`"extension"`) for a malformed extension or a key that is already supplied.
   */
  constructor(env: Env<Obs, Act, Info>, extensions: readonly EnvStateExtension[]) {
    super(env);
    const inner = env.unwrapped ?? env;
    if (!isExtensible(inner)) throw ValidationError.invalid("env", "an environment whose innermost env takes state extensions (PlumeEnv)", String(inner));
    if (!Array.isArray(extensions)) throw ValidationError.invalid("extensions", "an array of EnvStateExtensions", extensions);
    try {
      for (const extension of extensions) this.#remove.push(inner.addStateExtension(extension));
    } catch (error) {
      this.#remove.forEach((remove) => remove());
      throw error;
    }
    this.keys = Object.freeze(extensions.map((e) => e.key));
  }

  override close(): void {
    super.close();
    this.#remove.forEach((remove) => remove());
    this.#remove.length = 0;
  }
}

/** An extension whose value is the same `value` in every state (a static map, a constant). */
export function constantStateKey<K extends string, V>(key: K, value: V): EnvStateExtension<K, V> {
  return Object.freeze({ key, value: () => value });
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value as object)) deepFreeze(item);
  }
  return value;
}

/** A config's `state` section as constant extensions (each value deep-frozen: sensors must not change it). */
export function configStateExtensions(state: Readonly<Record<string, unknown>>): EnvStateExtension[] {
  return Object.entries(state).map(([key, value]) => constantStateKey(key, deepFreeze(structuredClone(value))));
}
