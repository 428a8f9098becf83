// @gridworlds/plume-env-sb3 — an odour grid whose info on the final step is a Stable-Baselines-style
// episode summary ({ episode: { r, l }, goal_reached }), "so Monitor wrappers are not needed".
// BUG (goal / terminal steps): on the terminating step the info loses the required keys step_count and
// total_reward (seed 001 Info Contract: every step info has them). Ordinary steps are fine, and random
// rollouts on this 96x80 grid almost never reach the goal.
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class EpisodeSummaryEnv extends OdorGridEnv {
  _info(extra = {}) {
    const a = this._agent;
    if (a.goal_reached) {
      return { episode: { r: a.total_reward, l: a.step_count }, goal_reached: true, ...extra };
    }
    return super._info(extra);
  }
}

export function createEnv(hints = {}) {
  return new EpisodeSummaryEnv(hinted({ gridSize: [96, 80], source: [80, 40], sigma: 14 }, hints));
}

export default createEnv;
