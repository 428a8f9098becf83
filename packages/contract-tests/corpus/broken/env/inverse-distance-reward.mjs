// @gridworlds/plume-env-dense — an odour grid with a dense reward: 1 / distance to the source ("closer
// is better"), the goal counting as distance 1.
// BUG (goal): the "distance 1 at the goal" guard was written as `distance < 1 ? 1 : ...` on the *previous*
// position. Stepping onto the source cell itself gives 1 / 0 = Infinity (seed 001 G5 / R: reward is a
// finite number). Random rollouts on this 96x80 grid almost never step onto the source.
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class InverseDistanceEnv extends OdorGridEnv {
  _reward(prev, next) {
    if (this._distance(prev.position) < 1) return 1;
    return 1 / this._distance(next.position);
  }
}

export function createEnv(hints = {}) {
  return new InverseDistanceEnv(hinted({ gridSize: [96, 80], source: [70, 30], sigma: 14, goalRadius: 0.5 }, hints));
}

export default createEnv;
