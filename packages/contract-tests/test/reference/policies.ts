/** Correct reference policies (CHECKS.md §12.5). */
import type { ComponentMetadata, NDArray, Policy, PolicyResetOptions, RandomGenerator, SelectActionOptions } from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";

const reading = (obs: NDArray) => Number(obs.data[0]);

abstract class BasePolicy implements Policy<NDArray, number> {
  protected rng: RandomGenerator = Generator.fromSeed(0);
  protected prev: number | undefined;
  readonly #space: Discrete;
  constructor(n: number) {
    this.#space = new Discrete(n);
  }
  get actionSpace(): Discrete {
    return this.#space;
  }
  reset(options: PolicyResetOptions = {}): void {
    this.prev = undefined;
    if (options.seed !== undefined) this.rng = Generator.fromSeed(options.seed);
  }
  setRng(rng: RandomGenerator): void {
    this.rng = rng;
  }
  abstract selectAction(observation: NDArray, options?: SelectActionOptions): number;
  getMetadata(): ComponentMetadata {
    return { type: this.constructor.name, parameters: {}, movement_model: "forward_turn_left_turn_right" };
  }
}

/** Temporal difference: forward while the reading rises, otherwise turn left. */
export class DeterministicTD extends BasePolicy {
  constructor() {
    super(3);
  }
  selectAction(observation: NDArray): number {
    const c = reading(observation);
    const action = this.prev === undefined || c >= this.prev ? 0 : 1;
    this.prev = c;
    return action;
  }
}

/** Temporal difference with ε-greedy exploration from the seeded generator. */
export class StochasticTD extends BasePolicy {
  constructor(readonly epsilon = 0.2) {
    super(3);
  }
  selectAction(observation: NDArray, options: SelectActionOptions = {}): number {
    const c = reading(observation);
    let action = this.prev === undefined || c >= this.prev ? 0 : 1 + this.rng.integers(2);
    if ((options.explore ?? true) && this.rng.random() < this.epsilon) action = this.rng.integers(3);
    this.prev = c;
    return action;
  }
}

/** Greedy temporal difference: forward on a rise, turn right on a fall, left when flat. */
export class GreedyTD extends BasePolicy {
  constructor() {
    super(3);
  }
  selectAction(observation: NDArray): number {
    const c = reading(observation);
    const action = this.prev === undefined || c > this.prev ? 0 : c < this.prev ? 2 : 1;
    this.prev = c;
    return action;
  }
}

/** Surge while the odour is above threshold, cast (alternating turns) otherwise. */
export class SurgeCast extends BasePolicy {
  #cast = 0;
  constructor(readonly threshold = 0.05) {
    super(3);
  }
  override reset(options: PolicyResetOptions = {}): void {
    super.reset(options);
    this.#cast = 0;
  }
  selectAction(observation: NDArray): number {
    if (reading(observation) >= this.threshold) {
      this.#cast = 0;
      return 0;
    }
    this.#cast += 1;
    return this.#cast % 3 === 0 ? 0 : this.#cast % 2 === 0 ? 1 : 2;
  }
}

/** Uniformly random actions from the seeded generator. */
export class SeededRandom extends BasePolicy {
  constructor(n = 4) {
    super(n);
  }
  selectAction(_observation: NDArray): number {
    return this.rng.integers(this.actionSpace.n);
  }
  override getMetadata(): ComponentMetadata {
    return { type: "random", parameters: {}, movement_model: "cardinal_directions" };
  }
}

/** A temporal-difference policy over Dict observations ({ odor, wind }). */
export class DictTD extends BasePolicy {
  constructor() {
    super(3);
  }
  selectAction(observation: NDArray): number {
    const c = reading((observation as unknown as { odor: NDArray }).odor);
    const action = this.prev === undefined || c >= this.prev ? 0 : 1;
    this.prev = c;
    return action;
  }
}

export const REFERENCE_POLICIES: Readonly<Record<string, { create: () => Policy<unknown, unknown> }>> = {
  DeterministicTD: { create: () => new DeterministicTD() as Policy<unknown, unknown> },
  StochasticTD: { create: () => new StochasticTD() as Policy<unknown, unknown> },
  GreedyTD: { create: () => new GreedyTD() as Policy<unknown, unknown> },
  SurgeCast: { create: () => new SurgeCast() as Policy<unknown, unknown> },
  SeededRandom: { create: () => new SeededRandom() as Policy<unknown, unknown> },
};
