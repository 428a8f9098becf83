// @navlab/plume-reward-log-approach — approach shaping by the change in log-distance to the goal,
// log d(prev) - log d(next) (scale-free: halving the distance is worth the same near and far), plus
// a bonus on arrival. The goal is declared as `goal_location: { x, y }`, as PlumeEnv reports it.
// BUG (goal): the shaping is computed before the arrival test, and log 0 = -Infinity: a transition onto
// the goal cell gives +Infinity, one leaving it -Infinity, and staying on it NaN. Random transitions on
// large grids land exactly on the goal cell almost never.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  goalX: z.int().min(0).max(9999).default(25),
  goalY: z.int().min(0).max(9999).default(17),
  goalRadius: z.number().min(0).max(100).default(1),
  arrival: z.number().min(0).max(100).default(5),
});

class LogApproachReward {
  constructor({ goalX, goalY, goalRadius, arrival }) {
    this.goal = Object.freeze({ x: goalX, y: goalY });
    this.goalRadius = goalRadius;
    this.arrival = arrival;
  }

  #distance(p) {
    return Math.hypot(p.x - this.goal.x, p.y - this.goal.y);
  }

  computeReward(prevState, _action, nextState, _plumeField) {
    const before = this.#distance(prevState.position);
    const after = this.#distance(nextState.position);
    const shaping = Math.log(before) - Math.log(after);
    const arrived = after <= this.goalRadius && before > this.goalRadius;
    return shaping + (arrived ? this.arrival : 0);
  }

  getMetadata() {
    return {
      type: "log_approach",
      parameters: { arrival: this.arrival },
      goal_location: { x: this.goal.x, y: this.goal.y },
      goal_radius: this.goalRadius,
    };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@navlab/plume-reward-log-approach",
  options,
  create: (o) => new LogApproachReward(o),
});
