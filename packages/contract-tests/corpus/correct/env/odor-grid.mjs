// @corpus/plume-env-odor-grid — a whole odour-search environment written from scratch against
// @plume/core-types and @plume/spaces (no @plume/env): a 48x40 grid, a Gaussian plume with its source
// at (36, 20), the 4 cardinal moves, a sparse goal reward, 500 steps per episode, rgb_array frames.
// Correct: it must be accepted.
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

/** A fresh environment; the contract kit's hints (`maxSteps`, `renderMode`) are honoured. */
export function createEnv(hints = {}) {
  return new OdorGridEnv(hinted({}, hints));
}

export default createEnv;
