// @gridworlds/plume-env-fresh-start — an odour grid whose unseeded resets "really randomise": the
// author re-seeds from the clock so that long unseeded runs do not depend on the first seed.
// BUG (unseeded reset / clock): reset() without a seed re-creates the generator from the wall clock
// instead of continuing the stream (seed 001 / Gymnasium: an unseeded reset continues). Two envs seeded
// alike and then reset without a seed start in different cells, and runs are not reproducible from the
// first seed.
import { Generator } from "@plume/spaces";
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class ClockReseedEnv extends OdorGridEnv {
  _seedGenerator(seed) {
    this._rng = Generator.fromSeed(seed ?? new Date().getTime() % 0x100000000);
  }
}

export function createEnv(hints = {}) {
  return new ClockReseedEnv(hinted({}, hints));
}

export default createEnv;
