// @gridworlds/plume-env-late-truncation — the author's odour grid with a 300-step limit.
// BUG (truncation off-by-one): truncation is `step_count > maxSteps`, so episodes run one step past the
// declared limit and `truncated` is false on step 300 (seed 001: truncated <=> step_count >= max_steps).
// Rollouts of 200 steps never reach the env's own limit.
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class LateTruncationEnv extends OdorGridEnv {
  _isTruncated(stepCount) {
    return stepCount > this._maxSteps;
  }
}

export function createEnv(hints = {}) {
  return new LateTruncationEnv(hinted({ maxSteps: 300 }, hints));
}

export default createEnv;
