// @gridworlds/plume-env-seed-echo — an odour grid that reports "the seed this run uses" in every reset
// info.
// BUG (unseeded reset): info.seed keeps echoing the last seed after an unseeded reset, which seed 001
// defines as None (the episode was not started from that seed). The kit's env.reset-info-seed catches
// it already.
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class SeedEchoEnv extends OdorGridEnv {
  _lastSeed = null;

  reset(options) {
    const [obs, info] = super.reset(options);
    if (options?.seed !== undefined) this._lastSeed = options.seed;
    return [obs, { ...info, seed: this._lastSeed }];
  }
}

export function createEnv(hints = {}) {
  return new SeedEchoEnv(hinted({}, hints));
}

export default createEnv;
