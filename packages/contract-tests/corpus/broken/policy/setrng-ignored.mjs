// @swarm/plume-policy-levy — a Lévy-walk searcher (heavy-tailed run lengths, random headings) over the
// 4 cardinal moves. It offers setRng() so the env's generator drives it, as Plume's runner does for
// reproducible evaluation.
// BUG (independent judgement): setRng() stores the generator but selectAction keeps drawing from the
// policy's own generator (created at reset). Runs driven by `plume run --seed` with an env generator are
// not reproducible from the env seed, and two policies given the same generator diverge.
import { definePlugin } from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  mu: z.number().gt(1).lte(3).default(2),
  maxRun: z.int().min(1).max(10_000).default(50),
});

class LevyWalkPolicy {
  #space = new Discrete(4);
  #own = Generator.fromSeed(0);
  // eslint-disable-next-line no-unused-private-class-members -- the planted bug: stored, never used
  #injected;
  #heading = 0;
  #remaining = 0;

  constructor({ mu, maxRun }) {
    this.mu = mu;
    this.maxRun = maxRun;
  }

  get actionSpace() {
    return this.#space;
  }

  setRng(rng) {
    this.#injected = rng;
  }

  reset({ seed } = {}) {
    if (seed !== undefined) this.#own = Generator.fromSeed(seed);
    this.#remaining = 0;
  }

  selectAction() {
    const rng = this.#own;
    if (this.#remaining <= 0) {
      this.#heading = rng.integers(0, 4);
      // inverse-CDF sample of a power law with exponent mu
      this.#remaining = Math.min(this.maxRun, Math.floor(Math.pow(1 - rng.random(), -1 / (this.mu - 1))));
    }
    this.#remaining -= 1;
    return this.#heading;
  }

  getMetadata() {
    return { type: "levy_walk", parameters: { mu: this.mu, maxRun: this.maxRun }, movement_model: "cardinal_directions" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@swarm/plume-policy-levy",
  options,
  create: (o) => new LevyWalkPolicy(o),
});
