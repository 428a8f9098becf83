// @goal/plume-reward-radius — sparse goal reward with a declared goal and radius (inclusive boundary,
// judged on the next state only), a radius of sqrt(5) compared in float64. Correct: it must be
// accepted.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  goal: z.tuple([z.int(), z.int()]).default([32, 32]),
  goalRadius: z.number().positive().max(1000).default(Math.sqrt(5)),
  value: z.number().positive().max(1000).default(10),
});

class RadiusGoalReward {
  constructor(o) {
    Object.assign(this, o);
  }

  computeReward(prev, action, next, _plumeField) {
    const d = Math.hypot(next.position.x - this.goal[0], next.position.y - this.goal[1]);
    return d <= this.goalRadius ? this.value : 0;
  }

  getMetadata() {
    return {
      type: "radius_goal",
      parameters: { goal: this.goal, goalRadius: this.goalRadius, value: this.value },
      reward_range: [0, this.value],
      goal_position: this.goal,
      goal_radius: this.goalRadius,
    };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@goal/plume-reward-radius",
  options,
  create: (o) => new RadiusGoalReward(o),
});
