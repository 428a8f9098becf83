// @gridworlds/plume-env-truthy-seed — an odour grid with the classic `if (seed)` test.
// BUG (seed 0): reset({ seed: 0 }) is treated as an unseeded reset: a fresh env draws its generator
// from OS entropy and an env that already has one just continues it. Seed 0 is a valid seed (the
// integers [0, 2^32 - 1]) and must reproduce its episode like any other.
import { Generator } from "@plume/spaces";
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class TruthySeedEnv extends OdorGridEnv {
  _seedGenerator(seed) {
    if (seed) this._rng = Generator.fromSeed(seed);
    else if (this._rng === undefined) this._rng = Generator.fromSeed();
  }
}

export function createEnv(hints = {}) {
  return new TruthySeedEnv(hinted({}, hints));
}

export default createEnv;
