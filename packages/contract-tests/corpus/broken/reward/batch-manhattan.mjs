// @vecsim/plume-reward-goal-penalty — goal reward 1, step penalty otherwise, with a batch path.
// BUG (batch protocol): the object path uses the Euclidean distance (as PlumeEnv does) but the batch
// path recomputes the distance as |dx| + |dy| instead of reading agents.distance. Diagonal cells within
// the radius (e.g. (1, 1) for radius 1.5) are the goal in single envs and not in vector envs.
import { definePlugin } from "@plume/core-types";
import * as z from "zod";

const options = z.strictObject({
  goal: z.tuple([z.int(), z.int()]).default([64, 64]),
  goalRadius: z.number().positive().max(1000).default(1.5),
  penalty: z.number().min(0).max(1).default(0.01),
});

class GoalPenaltyReward {
  constructor(o) {
    Object.assign(this, o);
  }

  computeReward(prev, action, next) {
    const d = Math.hypot(next.position.x - this.goal[0], next.position.y - this.goal[1]);
    return d <= this.goalRadius ? 1 : -this.penalty;
  }

  computeRewardBatch(out, actions, agents, context, indices, count) {
    for (let k = 0; k < count; k++) {
      const i = indices[k];
      const d = Math.abs(agents.x[i] - this.goal[0]) + Math.abs(agents.y[i] - this.goal[1]);
      out[i] = d <= this.goalRadius ? 1 : -this.penalty;
    }
  }

  getMetadata() {
    return {
      type: "goal_penalty",
      parameters: { goal: this.goal, goalRadius: this.goalRadius, penalty: this.penalty },
      reward_range: [-this.penalty, 1],
    };
  }
}

export const plugin = definePlugin({
  kind: "reward",
  name: "@vecsim/plume-reward-goal-penalty",
  options,
  create: (o) => new GoalPenaltyReward(o),
});
