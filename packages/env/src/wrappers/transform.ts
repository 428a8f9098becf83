/**
 * Gymnasium 1.x's stateless transform wrappers: `TransformObservation`, `TransformReward`,
 * `TransformAction`, `ClipAction`, `RescaleAction`, `ClipReward` and `FilterObservation`.
 */
import { ValidationError, ndarray, type Env, type EnvInfo, type NDArray, type SpaceLike } from "@plume/core-types";
import { Box, Dict, Tuple } from "@plume/spaces";
import { ActionWrapper, ObservationWrapper, RewardWrapper } from "./wrapper.js";
import { boundNumbers, boxBounds, floatBox } from "./space-utils.js";

function checkFunction(func: unknown, parameter: string, what: string): void {
  if (typeof func !== "function") throw ValidationError.invalid(parameter, what, func);
}

/** Throws the environments' invalid-action error unless `action` is in `space`. */
function checkAction(space: Box<"float32" | "float64">, action: unknown): void {
  if (!space.contains(action)) {
    throw new ValidationError("invalid action", { parameter: "action", expected: `an element of ${String(space)}`, received: action });
  }
}

function checkSpace(space: unknown, parameter: string): void {
  const candidate = space as Partial<SpaceLike> | null;
  if (candidate === null || typeof candidate !== "object" || typeof candidate.contains !== "function" || typeof candidate.sample !== "function") {
    throw ValidationError.invalid(parameter, "a space (contains, sample), or undefined to keep the environment's", space);
  }
}

// ------------------------------------------------------------------------------------------ TransformObservation

/**
 * Applies `func` to every observation from `reset` and `step` (Gymnasium's `TransformObservation`). Give
 * `observationSpace` when the transformed observations leave the environment's space.
 *
 * ```ts
 * const env = new TransformObservation(make("PlumeNav-v0"), (o) => ndarray("float32", [1], [o.data[0] * 10]), new Box({ low: 0, high: 10, shape: [1] }));
 * ```
 */
export class TransformObservation<Obs, InnerObs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends ObservationWrapper<
  Obs,
  InnerObs,
  Act,
  Info
> {
  static override readonly specPackage = "@plume/env";
  readonly func: (observation: InnerObs) => Obs;
  readonly #space: SpaceLike<Obs> | undefined;

  /** @throws ValidationError (`parameter` `"func"` or `"observationSpace"`) for a non-function or a non-space. */
  constructor(env: Env<InnerObs, Act, Info>, func: (observation: InnerObs) => Obs, observationSpace?: SpaceLike<Obs>) {
    super(env);
    checkFunction(func, "func", "a function (observation) => observation");
    if (observationSpace !== undefined) checkSpace(observationSpace, "observationSpace");
    this.func = func;
    this.#space = observationSpace;
  }

  override get observationSpace(): SpaceLike<Obs> {
    return this.#space ?? (this.env.observationSpace as unknown as SpaceLike<Obs>);
  }

  observation(observation: InnerObs): Obs {
    return this.func(observation);
  }
}

// ------------------------------------------------------------------------------------------ TransformReward

/** Applies `func` to every reward (Gymnasium's `TransformReward`). */
export class TransformReward<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends RewardWrapper<Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly func: (reward: number) => number;

  /** @throws ValidationError (`parameter` `"func"`) for a non-function. */
  constructor(env: Env<Obs, Act, Info>, func: (reward: number) => number) {
    super(env);
    checkFunction(func, "func", "a function (reward) => reward");
    this.func = func;
  }

  reward(reward: number): number {
    return this.func(reward);
  }
}

// ------------------------------------------------------------------------------------------ TransformAction

/**
 * Applies `func` to every action before the environment gets it (Gymnasium's `TransformAction`);
 * `actionSpace` is the space the wrapper's actions come from (default: the environment's).
 */
export class TransformAction<Act, InnerAct = unknown, Obs = unknown, Info extends EnvInfo = EnvInfo> extends ActionWrapper<
  Act,
  InnerAct,
  Obs,
  Info
> {
  static override readonly specPackage = "@plume/env";
  readonly func: (action: Act) => InnerAct;
  readonly #space: SpaceLike<Act> | undefined;

  /** @throws ValidationError (`parameter` `"func"` or `"actionSpace"`) for a non-function or a non-space. */
  constructor(env: Env<Obs, InnerAct, Info>, func: (action: Act) => InnerAct, actionSpace?: SpaceLike<Act>) {
    super(env);
    checkFunction(func, "func", "a function (action) => action");
    if (actionSpace !== undefined) checkSpace(actionSpace, "actionSpace");
    this.func = func;
    this.#space = actionSpace;
  }

  override get actionSpace(): SpaceLike<Act> {
    return this.#space ?? (this.env.actionSpace as unknown as SpaceLike<Act>);
  }

  action(action: Act): InnerAct {
    return this.func(action);
  }
}

// ------------------------------------------------------------------------------------------ ClipAction

/**
 * Clips each action into the environment's Box bounds (Gymnasium's `ClipAction`); the wrapper's action
 * space is the Box of the same shape and dtype with infinite bounds.
 */
export class ClipAction<Obs = unknown, Info extends EnvInfo = EnvInfo> extends ActionWrapper<NDArray, NDArray, Obs, Info> {
  static override readonly specPackage = "@plume/env";
  readonly #inner: Box<"float32" | "float64">;
  readonly #space: Box<"float32" | "float64">;
  readonly #low: Float64Array;
  readonly #high: Float64Array;

  /** @throws ValidationError (`parameter` `"env.actionSpace"`) unless the action space is a float Box. */
  constructor(env: Env<Obs, NDArray, Info>) {
    super(env);
    this.#inner = floatBox(env.actionSpace, "ClipAction", "env.actionSpace");
    this.#space = new Box({ low: -Infinity, high: Infinity, shape: this.#inner.shape, dtype: this.#inner.dtype });
    ({ low: this.#low, high: this.#high } = boxBounds(this.#inner));
  }

  override get actionSpace(): Box<"float32" | "float64"> {
    return this.#space;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return {};
  }

  /** @throws ValidationError (`parameter` `"action"`) for an action outside the wrapper's action space (nothing changes then). */
  action(action: NDArray): NDArray {
    checkAction(this.#space, action);
    const values = action.data as ArrayLike<number>;
    const out = Array.from(values, (v, i) => Math.min(Math.max(v, this.#low[i] as number), this.#high[i] as number));
    return ndarray(this.#inner.dtype, this.#inner.shape, out);
  }
}

// ------------------------------------------------------------------------------------------ RescaleAction

/**
 * Affinely rescales a Box action space to `[minAction, maxAction]` (Gymnasium's `RescaleAction`): the
 * wrapper's action `a` reaches the environment as `low + (high - low) * (a - min) / (max - min)`, computed
 * in float64 and stored in the environment's dtype. The bounds are numbers or one number per element.
 */
export class RescaleAction<Obs = unknown, Info extends EnvInfo = EnvInfo> extends ActionWrapper<NDArray, NDArray, Obs, Info> {
  static override readonly specPackage = "@plume/env";
  readonly minAction: number | readonly number[];
  readonly maxAction: number | readonly number[];
  readonly #inner: Box<"float32" | "float64">;
  readonly #space: Box<"float32" | "float64">;
  readonly #low: Float64Array;
  readonly #high: Float64Array;
  readonly #min: Float64Array;
  readonly #max: Float64Array;

  /**
   * @throws ValidationError (`parameter` `"env.actionSpace"`) unless the action space is a float Box with
   * finite bounds; (`"minAction"`, `"maxAction"`) for bounds of the wrong length or `min >= max` somewhere.
   */
  constructor(env: Env<Obs, NDArray, Info>, minAction: number | ArrayLike<number> | NDArray, maxAction: number | ArrayLike<number> | NDArray) {
    super(env);
    this.#inner = floatBox(env.actionSpace, "RescaleAction", "env.actionSpace");
    ({ low: this.#low, high: this.#high } = boxBounds(this.#inner));
    if (![...this.#low, ...this.#high].every(Number.isFinite)) {
      throw ValidationError.invalid("env.actionSpace", "a Box with finite bounds (RescaleAction maps onto them)", String(this.#inner));
    }
    const size = this.#low.length;
    this.#min = boundNumbers(minAction, size, "minAction");
    this.#max = boundNumbers(maxAction, size, "maxAction");
    const bad = this.#min.findIndex((lo, i) => !(lo < (this.#max[i] as number)));
    if (bad >= 0) throw ValidationError.invalid("minAction", `minAction < maxAction for every element (element ${bad}: ${this.#min[bad]} vs ${this.#max[bad]})`, minAction);
    this.minAction = typeof minAction === "number" ? minAction : Object.freeze([...this.#min]);
    this.maxAction = typeof maxAction === "number" ? maxAction : Object.freeze([...this.#max]);
    this.#space = new Box({ low: this.#min, high: this.#max, shape: this.#inner.shape, dtype: this.#inner.dtype });
  }

  override get actionSpace(): Box<"float32" | "float64"> {
    return this.#space;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return { minAction: this.minAction, maxAction: this.maxAction };
  }

  /** @throws ValidationError (`parameter` `"action"`) for an action outside the wrapper's action space (nothing changes then). */
  action(action: NDArray): NDArray {
    checkAction(this.#space, action);
    const values = action.data as ArrayLike<number>;
    const out = Array.from(values, (v, i) => {
      const lo = this.#low[i] as number;
      const min = this.#min[i] as number;
      return lo + ((this.#high[i] as number) - lo) * ((v - min) / ((this.#max[i] as number) - min));
    });
    return ndarray(this.#inner.dtype, this.#inner.shape, out);
  }
}

// ------------------------------------------------------------------------------------------ ClipReward

/** Clips every reward into `[minReward, maxReward]` (Gymnasium's `ClipReward`); either bound may be left out. */
export class ClipReward<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends RewardWrapper<Obs, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly minReward: number | undefined;
  readonly maxReward: number | undefined;

  /**
   * @throws ValidationError (`parameter` `"minReward"`) when both bounds are missing, a bound is not a
   * number, or `minReward > maxReward`.
   */
  constructor(env: Env<Obs, Act, Info>, minReward?: number, maxReward?: number) {
    super(env);
    for (const [name, value] of [["minReward", minReward], ["maxReward", maxReward]] as const) {
      if (value !== undefined && (typeof value !== "number" || Number.isNaN(value))) throw ValidationError.invalid(name, "a number or undefined", value);
    }
    if (minReward === undefined && maxReward === undefined) throw ValidationError.invalid("minReward", "at least one of minReward and maxReward", undefined);
    if (minReward !== undefined && maxReward !== undefined && minReward > maxReward) {
      throw ValidationError.invalid("minReward", `a number <= maxReward (${maxReward})`, minReward);
    }
    this.minReward = minReward;
    this.maxReward = maxReward;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return { ...(this.minReward !== undefined && { minReward: this.minReward }), ...(this.maxReward !== undefined && { maxReward: this.maxReward }) };
  }

  reward(reward: number): number {
    return Math.min(Math.max(reward, this.minReward ?? -Infinity), this.maxReward ?? Infinity);
  }
}

// ------------------------------------------------------------------------------------------ FilterObservation

/**
 * Keeps the given keys of a Dict observation (or indices of a Tuple one) (Gymnasium's
 * `FilterObservation`): observations list them in the order given, the Dict space sorted as Gymnasium's is.
 */
export class FilterObservation<Act = unknown, Info extends EnvInfo = EnvInfo> extends ObservationWrapper<unknown, unknown, Act, Info> {
  static override readonly specPackage = "@plume/env";
  readonly filterKeys: readonly (string | number)[];
  readonly #space: Dict | Tuple;

  /**
   * @throws ValidationError (`parameter` `"filterKeys"`) for an empty list, duplicates, keys of the wrong
   * type or not in the space; (`"env.observationSpace"`) unless it is a Dict or a Tuple.
   */
  constructor(env: Env<unknown, Act, Info>, filterKeys: readonly (string | number)[]) {
    super(env);
    if (!Array.isArray(filterKeys) || filterKeys.length === 0) throw ValidationError.invalid("filterKeys", "a non-empty array of keys", filterKeys);
    if (new Set(filterKeys).size !== filterKeys.length) throw ValidationError.invalid("filterKeys", "keys without duplicates", filterKeys);
    const space = env.observationSpace as unknown;
    if (space instanceof Dict) {
      const missing = filterKeys.filter((k) => typeof k !== "string" || !space.keys.includes(k));
      if (missing.length > 0) throw ValidationError.invalid("filterKeys", `keys of the observation space (${space.keys.join(", ")})`, missing);
      // A record, so that the keys come out sorted as Gymnasium's Dict sorts a mapping's.
      this.#space = new Dict(Object.fromEntries(filterKeys.map((k) => [k as string, space.spaces[k as string] as Dict["spaces"][string]])));
    } else if (space instanceof Tuple) {
      const bad = filterKeys.filter((k) => typeof k !== "number" || !Number.isInteger(k) || k < 0 || k >= space.length);
      if (bad.length > 0) throw ValidationError.invalid("filterKeys", `indices in [0, ${space.length})`, bad);
      this.#space = new Tuple(filterKeys.map((k) => space.spaces[k as number] as never));
    } else {
      throw ValidationError.invalid("env.observationSpace", "a Dict or Tuple space (FilterObservation keeps some of its keys)", String(space));
    }
    this.filterKeys = Object.freeze([...filterKeys]);
  }

  override get observationSpace(): SpaceLike<unknown> {
    return this.#space as unknown as SpaceLike<unknown>;
  }

  protected override get specKwargs(): Readonly<Record<string, unknown>> {
    return { filterKeys: [...this.filterKeys] };
  }

  observation(observation: unknown): unknown {
    if (this.#space instanceof Dict) {
      const record = observation as Record<string, unknown>;
      return Object.fromEntries(this.filterKeys.map((k) => [k, record[k as string]]));
    }
    const items = observation as readonly unknown[];
    return this.filterKeys.map((k) => items[k as number]);
  }
}
