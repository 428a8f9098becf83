// @anneal/plume-policy-greedy-anneal — greedy climb on an antenna pair (left/right readings) with an
// exploration rate that anneals over training, as DQN schedules do.
// BUG (hidden history / global state): the annealing step counter lives at module level, shared by
// every instance and never reset. The second policy built in a process explores less than the first,
// so two instances reset with the same seed select different actions, and re-running an evaluation in
// the same process gives another result.
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import * as z from "zod";

let globalSteps = 0;

const options = z.strictObject({
  epsilonStart: z.number().min(0).max(1).default(0.5),
  epsilonEnd: z.number().min(0).max(1).default(0.05),
  annealSteps: z.int().min(1).max(10_000_000).default(200),
});

const readings = (obs) => (isNDArray(obs) ? Array.from(obs.data, Number) : Array.isArray(obs) ? obs.map(Number) : [Number(obs)]);

class AnnealedGreedyPolicy {
  #space = new Discrete(3); // 0 forward, 1 turn left, 2 turn right
  #rng = Generator.fromSeed(0);

  constructor(o) {
    Object.assign(this, o);
  }

  get actionSpace() {
    return this.#space;
  }

  reset({ seed } = {}) {
    if (seed !== undefined) this.#rng = Generator.fromSeed(seed);
  }

  selectAction(observation, { explore = true } = {}) {
    globalSteps += 1;
    const frac = Math.min(1, globalSteps / this.annealSteps);
    const epsilon = this.epsilonStart + frac * (this.epsilonEnd - this.epsilonStart);
    if (explore && this.#rng.random() < epsilon) return this.#rng.integers(0, 3);
    const [left = 0, right = left] = readings(observation);
    if (left === right) return 0;
    return left > right ? 1 : 2;
  }

  getMetadata() {
    return { type: "annealed_greedy", parameters: { epsilonStart: this.epsilonStart, epsilonEnd: this.epsilonEnd, annealSteps: this.annealSteps }, movement_model: "forward_turn_left_turn_right" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@anneal/plume-policy-greedy-anneal",
  options,
  create: (o) => new AnnealedGreedyPolicy(o),
});
