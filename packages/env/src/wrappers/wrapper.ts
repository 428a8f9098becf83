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
import type { AnyEnv, EnvSpec } from "../env/types.js";

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

  /** The registry spec of the innermost environment, when it was built by `make`. */
  get spec(): EnvSpec | undefined {
    return (this.unwrapped as { spec?: EnvSpec }).spec;
  }

  reset(options?: ResetOptions): ResetResult<Obs, Info> {
    return this.env.reset(options) as unknown as ResetResult<Obs, Info>;
  }

  step(action: Act): StepResult<Obs, Info> {
    return this.env.step(action as unknown as InnerAct) as unknown as StepResult<Obs, Info>;
  }

  render(): RenderResult {
    return this.env.render();
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
