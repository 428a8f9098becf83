// @fieldwork/plume-policy-levy — Lévy-flight search over the 4 cardinal moves: keep a heading for a
// run length drawn from a power law, then pick a new heading at random; surge upwind on odour.
// BUG (seeding / unseeded continuation): reset() without a seed "starts a new random episode" by
// re-seeding its generator from the clock. Seeded resets reproduce, so every seed-determinism test
// passes, but two runs that are seeded alike and then reset without a seed (what the env does between
// episodes) diverge from episode 2 on, and no experiment past its first episode can be replayed.
import { definePlugin, isNDArray } from "@plume/core-types";
import { Discrete, Generator } from "@plume/spaces";
import * as z from "zod";

const options = z.strictObject({
  alpha: z.number().gt(1).max(3).default(1.5),
  maxRun: z.int().min(1).max(1000).default(50),
  upwind: z.int().min(0).max(3).default(3),
  threshold: z.number().min(0).max(1).default(0.2),
});

class LevyFlightPolicy {
  #space = new Discrete(4);
  #rng = Generator.fromSeed(0);
  #heading = 0;
  #runLeft = 0;

  constructor({ alpha, maxRun, upwind, threshold }) {
    Object.assign(this, { alpha, maxRun, upwind, threshold });
  }

  get actionSpace() {
    return this.#space;
  }

  reset({ seed } = {}) {
    this.#rng = Generator.fromSeed(seed ?? Date.now() % 0x100000000);
    this.#heading = 0;
    this.#runLeft = 0;
  }

  #runLength() {
    const u = 1 - this.#rng.random();
    return Math.min(this.maxRun, Math.max(1, Math.floor(Math.pow(u, -1 / (this.alpha - 1)))));
  }

  selectAction(observation) {
    const odour = isNDArray(observation) ? Number(observation.data[0]) : Number(observation);
    if (odour > this.threshold) return this.upwind;
    if (this.#runLeft <= 0) {
      this.#heading = this.#rng.integers(0, 4);
      this.#runLeft = this.#runLength();
    }
    this.#runLeft -= 1;
    return this.#heading;
  }

  getMetadata() {
    return { type: "levy_flight", parameters: { alpha: this.alpha, maxRun: this.maxRun, upwind: this.upwind, threshold: this.threshold }, movement_model: "cardinal_directions" };
  }
}

export const plugin = definePlugin({
  kind: "policy",
  name: "@fieldwork/plume-policy-levy",
  options,
  create: (o) => new LevyFlightPolicy(o),
});
