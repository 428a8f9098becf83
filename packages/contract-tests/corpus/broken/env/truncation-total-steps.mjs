// @gridworlds/plume-env-budget — an odour grid with a 250-step limit, counted with a step budget
// separate from the info's step counter ("the budget is what the trainer pays for").
// BUG (across resets): the budget counter is never reset, so from the second episode on episodes are
// truncated early — after 250 steps in total, not 250 steps of the episode — while info.step_count
// restarts at 0. A single episode is always right.
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class BudgetEnv extends OdorGridEnv {
  _budgetUsed = 0;

  _isTruncated() {
    this._budgetUsed += 1;
    return this._budgetUsed >= this._maxSteps;
  }
}

export function createEnv(hints = {}) {
  return new BudgetEnv(hinted({ maxSteps: 250 }, hints));
}

export default createEnv;
