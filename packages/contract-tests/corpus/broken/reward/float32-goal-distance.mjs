// @f32/plume-reward-goal — sparse goal reward computed in float32 "to match the GPU trainer bit for
// bit". Default radius sqrt(5): a knight's move from the source counts as found.
// BUG (float boundaries): the distance is rounded to float32 before the comparison with the float64
// radius. fround(sqrt(5)) = 2.2360680103 > sqrt(5) = 2.2360679775, so a cell exactly at the declared
// radius (dx = 1, dy = 2) is not rewarded although the metadata declares the boundary inclusive
// (dist <= goal_radius). Only exactly-at-radius cells are affected.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  goal: z.tuple([z.int(), z.int()]).default([32, 32]),
  goalRadius: z.number().positive().max(1000).default(Math.sqrt(5)),
});

class Float32GoalReward {
  constructor({ goal, goalRadius }) {
    this.goal = goal;
    this.goalRadius = goalRadius;
  }

  computeReward(prev, action, next) {
    const dx = Math.fround(next.position.x - this.goal[0]);
    const dy = Math.fround(next.position.y - this.goal[1]);
    const dist = Math.fround(Math.sqrt(Math.fround(dx * dx + dy * dy)));
    return dist <= this.goalRadius ? 1 : 0;
  }

  getMetadata() {
    return {
      type: "float32_goal",
      parameters: { goal: this.goal, goalRadius: this.goalRadius },
      reward_range: [0, 1],
      goal_position: this.goal,
      goal_radius: this.goalRadius,
    };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@f32/plume-reward-goal",
  options,
  create: (o) => new Float32GoalReward(o),
});
