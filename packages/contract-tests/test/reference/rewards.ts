/** Correct reference rewards (CHECKS.md §12.5). */
import type { AgentState, Coordinates, PlumeFieldInput, RewardFunction, RewardMetadata } from "@plume/core-types";
import { Coordinates as C } from "@plume/core-types";

/** 1 when the next state is within goalRadius of the goal (inclusive), else 0. */
export class SparseGoalReward implements RewardFunction<unknown> {
  constructor(
    readonly goal: Coordinates = new C(50, 50),
    readonly radius = 5,
  ) {}
  computeReward(_prev: AgentState, _action: unknown, next: AgentState, _field: PlumeFieldInput): number {
    return next.position.distanceTo(this.goal) <= this.radius ? 1 : 0;
  }
  getMetadata(): RewardMetadata {
    return { type: "sparse_goal", parameters: { goal_radius: this.radius }, reward_range: [0, 1], goal_position: this.goal.toJSON(), goal_radius: this.radius };
  }
}

/** goalReward at the goal, otherwise -penalty per step. */
export class StepPenaltyReward implements RewardFunction<unknown> {
  constructor(
    readonly goal: Coordinates = new C(20, 30),
    readonly radius = 3,
    readonly penalty = 0.01,
    readonly goalReward = 1,
  ) {}
  computeReward(_prev: AgentState, _action: unknown, next: AgentState, _field: PlumeFieldInput): number {
    return next.position.distanceTo(this.goal) <= this.radius ? this.goalReward : -this.penalty;
  }
  getMetadata(): RewardMetadata {
    return {
      type: "step_penalty",
      parameters: { penalty: this.penalty, goal_reward: this.goalReward },
      reward_range: [-this.penalty, this.goalReward],
      goal_position: this.goal.toJSON(),
      goal_radius: this.radius,
    };
  }
}

export const REFERENCE_REWARDS: Readonly<Record<string, { create: () => RewardFunction<unknown> }>> = {
  SparseGoalReward: { create: () => new SparseGoalReward() },
  StepPenaltyReward: { create: () => new StepPenaltyReward() },
};
