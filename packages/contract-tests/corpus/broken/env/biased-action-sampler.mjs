// @gridworlds/plume-env-upwind — the odour grid with a "smarter" random baseline: the author's Discrete
// subclass makes `actionSpace.sample()` favour moving right (towards where the sources usually are) 60 % of
// the time, so `plume run --policy random` finds the source more often in demos.
// BUG (independent judgement): the biased sampler draws from Math.random instead of the space's seeded
// generator, so `actionSpace.seed(1); actionSpace.sample()` is not reproducible: a seeded random-policy
// baseline (and any replay that samples the action space) differs from run to run.
import { Discrete } from "@plume/spaces";
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

const RIGHT = 1;

class UpwindBiasedDiscrete extends Discrete {
  sample() {
    // eslint-disable-next-line no-restricted-properties -- the planted bug of this corpus entry
    const u = Math.random();
    return u < 0.6 ? RIGHT : this.start + Math.floor(((u - 0.6) / 0.4) * this.n);
  }
}

class UpwindEnv extends OdorGridEnv {
  constructor(options) {
    super(options);
    this._actionSpace = new UpwindBiasedDiscrete(4);
  }
}

export function createEnv(hints = {}) {
  return new UpwindEnv(hinted({ gridSize: [56, 32], source: [48, 16], sigma: 6 }, hints));
}

export default createEnv;
