// @gridworlds/plume-env-exclusive-flags — an odour grid where an episode "ends one way": success wins
// over the time limit.
// BUG (goal on the last step): when the goal is reached on the step that hits max_steps, truncated is
// forced to false. Seed 001: truncated <=> step_count >= max_steps, and both flags may be true on one
// step. Only an episode that reaches the goal exactly at the step limit shows it.
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class ExclusiveFlagsEnv extends OdorGridEnv {
  step(action) {
    const result = super.step(action);
    if (result[2] && result[3]) return [result[0], result[1], true, false, result[4]];
    return result;
  }
}

export function createEnv(hints = {}) {
  return new ExclusiveFlagsEnv(hinted({ maxSteps: 120 }, hints));
}

export default createEnv;
