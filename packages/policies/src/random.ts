/**
 * `RandomPolicy`: uniform random actions, the floor every other baseline is measured against.
 */
import { parseWithSchema, type JsonObject, type SelectActionOptions } from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import * as z from "zod";
import { BaselinePolicy, exploreOf, policySeedOption } from "./base.js";

const actionCount = "an integer in [1, 1000000] (the number of discrete actions)";

/** Options of `RandomPolicy`. */
export const RandomPolicyOptionsSchema = z.strictObject({
  /** Number of actions: `Discrete(nActions)`. Default 4 (the default environment's cardinal moves). */
  nActions: z.int({ error: actionCount }).min(1, { error: actionCount }).max(1_000_000, { error: actionCount }).default(4),
  /** Seed of the policy's generator until the first `reset({ seed })`. Default 0. */
  seed: policySeedOption,
});
export type RandomPolicyOptions = z.input<typeof RandomPolicyOptionsSchema>;

/**
 * Each action is `rng.integers(0, nActions)`, one draw per call, whatever the observation. With
 * `{ explore: false }` it still draws (a random policy has nothing else to do), so the action sequence
 * depends only on the seed.
 */
export class RandomPolicy extends BaselinePolicy {
  /** Number of actions. */
  readonly nActions: number;
  readonly #space: Discrete;

  /** @throws ValidationError naming the bad option (`"nActions"`, `"seed"`, or an unknown key). */
  constructor(options: RandomPolicyOptions = {}) {
    const parsed = parseWithSchema(RandomPolicyOptionsSchema, options ?? {}, { what: "RandomPolicy options" });
    super(parsed.seed);
    this.nActions = parsed.nActions;
    this.#space = new Discrete(parsed.nActions);
  }

  get actionSpace(): Discrete {
    return this.#space;
  }

  /** A uniform action in `[0, nActions)`. The observation is not read. */
  selectAction(_observation: unknown, options?: SelectActionOptions): number {
    exploreOf(options);
    return this.rng.integers(0, this.nActions);
  }

  protected clearMemory(): void {}

  protected get metadataType(): string {
    return "random";
  }

  protected parameters(): JsonObject {
    return { n_actions: this.nActions };
  }

  protected override movementModel(): string {
    return this.nActions === 4 ? super.movementModel() : `any ${this.nActions}-action discrete model`;
  }
}
