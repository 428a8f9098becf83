// @gridworlds/plume-env-patrol — the odour grid with a "patrol" bookkeeping step: the author checks for the
// goal while logging the agent's position, before applying the move, and reports that same distance.
// BUG (goal): terminated and distance_to_goal both describe the position *before* the move, so the step
// onto the goal is not terminated (its info says distance_to_goal 1, consistent with terminated false,
// while agent_position is the goal), and the episode ends on the next step, wherever the agent went.
// A checker that compares terminated with the info's own distance is fooled; one that measures the
// distance from the reported position is not.
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";
import { StateError, ValidationError } from "@plume/core-types";

class PatrolEnv extends OdorGridEnv {
  step(action) {
    if (this._lifecycle !== "READY") throw new StateError(`step() in state ${this._lifecycle}: call reset() first`, { parameter: "lifecycle" });
    if (!this._actionSpace.contains(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const prev = this._agent;
    // patrol log: where the agent is and how far the goal is (before moving)
    const distance = this._distance(prev.position);
    const terminated = distance <= this._goalRadius;
    const moved = prev.with({ position: this._move(prev.position, action), step_count: prev.step_count + 1 });
    const reward = this._reward(prev, moved);
    const truncated = this._isTruncated(moved.step_count);
    this._agent = moved.with({ total_reward: prev.total_reward + reward, goal_reached: prev.goal_reached || terminated });
    if (terminated) this._lifecycle = "TERMINATED";
    else if (truncated) this._lifecycle = "TRUNCATED";
    return [this._observe(), reward, terminated, truncated, this._info({ distance_to_goal: distance })];
  }
}

export function createEnv(hints = {}) {
  return new PatrolEnv(hinted({ gridSize: [40, 30], source: [30, 8], sigma: 5, goalRadius: 0 }, hints));
}

export default createEnv;
