/**
 * `Wrapper`: Gymnasium's wrapper base. A wrapper is itself an `Env` that forwards every call to the
 * environment it wraps; subclasses override what they change. `ObservationWrapper`, `RewardWrapper` and
 * `ActionWrapper` cover the common cases with a single method to implement.
 */
import type {
  Env,
  EnvInfo,
  EnvMetadata,
  RandomGenerator,
  RenderResult,
  ResetOptions,
  ResetResult,
  SpaceLike,
  StepResult,
} from "@plume/core-types";
import { ValidationError } from "@plume/core-types";
import type { AnyEnv, EnvSpec, WrapperSpec } from "../env/types.js";
import { getEnvAttr, setEnvAttr } from "./attributes.js";

function assertEnv(env: unknown): void {
  const candidate = env as Partial<Record<"reset" | "step" | "close" | "render", unknown>> | null;
  if (
    candidate === null ||
    typeof candidate !== "object" ||
    typeof candidate.reset !== "function" ||
    typeof candidate.step !== "function" ||
    typeof candidate.close !== "function" ||
    typeof candidate.render !== "function"
  ) {
    throw ValidationError.invalid("env", "an environment (reset, step, render and close methods)", env);
  }
}

/**
 * Forwards everything to `env`. Extend it and override `reset`, `step`, `render`, `close`,
 * `observationSpace` or `actionSpace` to change behaviour.
 *
 * @typeParam Obs, Act, Info - what the wrapper exposes; @typeParam InnerObs, InnerAct - what the wrapped env uses.
 * A subclass that changes the observation or action type must override the members that produce or take them.
 *
 * ```ts
 * class CountSteps<O, A> extends Wrapper<O, A> {
 *   steps = 0;
 *   override step(action: A) { this.steps += 1; return super.step(action); }
 * }
 * ```
 */
export class Wrapper<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo, InnerObs = Obs, InnerAct = Act>
  implements Env<Obs, Act, Info>
{
  /** The wrapped environment. */
  readonly env: Env<InnerObs, InnerAct, Info>;

  /** @throws ValidationError (`parameter` `"env"`) when `env` is not an environment. */
  constructor(env: Env<InnerObs, InnerAct, Info>) {
    assertEnv(env);
    this.env = env;
  }

  get observationSpace(): SpaceLike<Obs> {
    return this.env.observationSpace as unknown as SpaceLike<Obs>;
  }

  get actionSpace(): SpaceLike<Act> {
    return this.env.actionSpace as unknown as SpaceLike<Act>;
  }

  get metadata(): EnvMetadata {
    return this.env.metadata;
  }

  get renderMode(): string | null {
    return this.env.renderMode;
  }

  get npRandom(): RandomGenerator | undefined {
    return this.env.npRandom;
  }

  /** The innermost environment. */
  get unwrapped(): AnyEnv {
    const inner = this.env.unwrapped ?? this.env;
    return inner as AnyEnv;
  }

  /**
   * The registry spec, when the innermost environment was built by `make`: the environment's spec with
   * this wrapper (and every wrapper between) appended to `additionalWrappers`, so that `make(env.spec)`
   * builds the same stack (Gymnasium's `Wrapper.spec`). Undefined otherwise.
   */
  get spec(): EnvSpec | undefined {
    const inner = (this.env as { spec?: EnvSpec }).spec;
    if (inner === undefined) return undefined;
    return Object.freeze({ ...inner, additionalWrappers: Object.freeze([...(inner.additionalWrappers ?? []), this.wrapperSpec()]) });
  }

  /**
   * How this wrapper appears in `spec.additionalWrappers`. Wrappers of this package record their
   * options (`kwargs` null when an option is a function, which a spec cannot hold); others are recorded by
   * class name with `kwargs` null. Override `specKwargs` (and `specEntryPoint`) to make yours recreatable.
   */
  wrapperSpec(): WrapperSpec {
    return Object.freeze({ name: this.constructor.name, entryPoint: this.specEntryPoint, kwargs: this.specKwargs });
  }

  /**
   * The package this wrapper class is exported from, for `spec.additionalWrappers` (read from the class
   * itself only, never inherited: a subclass of a Plume wrapper is not Plume's).
   */
  static readonly specPackage: string | undefined = undefined;

  /** `"package:Export"` of this wrapper class (just the class name when its package is not known). */
  protected get specEntryPoint(): string {
    const ctor = this.constructor as { name: string; specPackage?: string };
    const pkg = Object.hasOwn(ctor, "specPackage") ? ctor.specPackage : undefined;
    return pkg === undefined ? ctor.name : `${pkg}:${ctor.name}`;
  }

  /** This wrapper's constructor options as JSON-like data, or null when they cannot be recorded. */
  protected get specKwargs(): Readonly<Record<string, unknown>> | null {
    return null;
  }

  /**
   * The attribute `name` of the first layer, from this wrapper inwards, that has it (Gymnasium's
   * `get_wrapper_attr`); a method comes back bound to its layer.
   * @throws ValidationError (`parameter` `"name"`) when no layer has it.
   */
  getWrapperAttr(name: string): unknown {
    return getEnvAttr(this, name);
  }

  /**
   * Sets `name` on the first layer, from this wrapper inwards, that has it; with `force` (the default) and
   * no layer having it, on this wrapper (Gymnasium's `set_wrapper_attr`). Returns whether it was set.
   * @throws ValidationError (`parameter` `"name"`) when that layer's attribute is read-only.
   */
  setWrapperAttr(name: string, value: unknown, options: { readonly force?: boolean } = {}): boolean {
    return setEnvAttr(this, name, value, options.force ?? true);
  }

  /** Whether this wrapper, or a layer inside it, has the attribute `name`. */
  hasWrapperAttr(name: string): boolean {
    try {
      getEnvAttr(this, name);
      return true;
    } catch {
      return false;
    }
  }

  reset(options?: ResetOptions): ResetResult<Obs, Info> {
    return this.env.reset(options) as unknown as ResetResult<Obs, Info>;
  }

  step(action: Act): StepResult<Obs, Info> {
    return this.env.step(action as unknown as InnerAct) as unknown as StepResult<Obs, Info>;
  }

  /** Renders through the wrapped environment, forwarding `mode` (an override of the render mode for this call). */
  render(mode?: string): RenderResult {
    return mode === undefined ? this.env.render() : this.env.render(mode);
  }

  close(): void {
    this.env.close();
  }

  /** The wrapper chain from the outside in, e.g. `"TimeLimit<OrderEnforcing<PassiveEnvChecker<PlumeEnv(...)>>>"`. */
  toString(): string {
    return `${this.constructor.name}<${String(this.env)}>`;
  }
}

/** A wrapper that transforms observations: implement `observation(obs)` (and `observationSpace` if it changes). */
export abstract class ObservationWrapper<Obs, InnerObs, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<
  Obs,
  Act,
  Info,
  InnerObs,
  Act
> {
  /** The wrapped observation. */
  abstract observation(observation: InnerObs): Obs;

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    const [observation, info] = this.env.reset(options);
    return [this.observation(observation), info];
  }

  override step(action: Act): StepResult<Obs, Info> {
    const [observation, reward, terminated, truncated, info] = this.env.step(action);
    return [this.observation(observation), reward, terminated, truncated, info];
  }
}

/** A wrapper that transforms rewards: implement `reward(r)`. */
export abstract class RewardWrapper<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<
  Obs,
  Act,
  Info
> {
  abstract reward(reward: number): number;

  override step(action: Act): StepResult<Obs, Info> {
    const [observation, reward, terminated, truncated, info] = this.env.step(action);
    return [observation, this.reward(reward), terminated, truncated, info];
  }
}

/** A wrapper that transforms actions before they reach the env: implement `action(a)` (and `actionSpace`). */
export abstract class ActionWrapper<Act, InnerAct, Obs = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<
  Obs,
  Act,
  Info,
  Obs,
  InnerAct
> {
  abstract action(action: Act): InnerAct;

  override step(action: Act): StepResult<Obs, Info> {
    return this.env.step(this.action(action));
  }
}
