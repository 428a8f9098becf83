/**
 * The reference's two goal rewards. Both look only at the agent's position after the action: the goal
 * is reached when `sqrt(dx² + dy²) <= goalRadius` (boundary inclusive).
 */
import {
  Coordinates,
  parseWithSchema,
  type AgentBatch,
  type BatchContext,
  type BatchRewardFunction,
  type AgentState,
  type CoordinatesInput,
  type PlumeFieldInput,
  type RewardFunction,
  type RewardMetadata,
} from "@plume/core-types";
import * as z from "zod";
import { coordinatesInputSchema, finiteNumber, nonNegativeNumber, positiveNumber } from "../internal/schemas.js";

const goalFields = {
  /** The goal cell: `[x, y]`, `{ x, y }` or a `Coordinates`. */
  goalPosition: coordinatesInputSchema,
  /** Success radius in cells: a finite number > 0 (the boundary counts as reached). Default 1. */
  goalRadius: positiveNumber("a finite number > 0 (cells)").default(1),
};

/** Options of `SparseGoalReward`. */
export const SparseGoalRewardOptionsSchema = z.strictObject(goalFields);
export interface SparseGoalRewardOptions {
  readonly goalPosition: Coordinates | CoordinatesInput;
  readonly goalRadius?: number | undefined;
}

/** Options of `StepPenaltyReward`. */
export const StepPenaltyRewardOptionsSchema = z.strictObject({
  ...goalFields,
  /** Reward at the goal: a finite number. Default 1. */
  goalReward: finiteNumber().default(1),
  /** Penalty per step away from the goal (given as a positive amount, returned negated): a finite number >= 0. Default 0.01. */
  stepPenalty: nonNegativeNumber().default(0.01),
});
export interface StepPenaltyRewardOptions extends SparseGoalRewardOptions {
  readonly goalReward?: number | undefined;
  readonly stepPenalty?: number | undefined;
}

/**
 * Writes, for each listed environment, `inside` when its agent is within `radius` of the goal, else
 * `outside`: the batch form of both rewards (the same distance and comparison as `computeReward`).
 */
function fillGoalRewards(
  out: Float64Array,
  agents: AgentBatch,
  context: BatchContext,
  goal: Coordinates,
  radius: number,
  inside: number,
  outside: number,
  indices: Int32Array,
  count: number,
): void {
  const { x, y } = agents;
  const gx = goal.x;
  const gy = goal.y;
  if (gx === context.goalX && gy === context.goalY) {
    // The environment already measured the distance to this goal (the same sqrt of the same numbers).
    const distance = agents.distance;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      out[i] = (distance[i] as number) <= radius ? inside : outside;
    }
    return;
  }
  for (let k = 0; k < count; k++) {
    const i = indices[k] as number;
    const dx = (x[i] as number) - gx;
    const dy = (y[i] as number) - gy;
    out[i] = Math.sqrt(dx * dx + dy * dy) <= radius ? inside : outside;
  }
}

/**
 * A reward that is `inside` within `radius` of the goal cell `(goalX, goalY)` and `outside` elsewhere: a
 * pure function of the distance to the goal, which the batch kernel computes in its own pass (the same
 * `sqrt`, comparison and numbers as `fillGoalRewards`).
 */
export interface DistanceReward {
  readonly goalX: number;
  readonly goalY: number;
  readonly radius: number;
  readonly inside: number;
  readonly outside: number;
}

/**
 * `reward` as a `DistanceReward` when it is exactly a `SparseGoalReward` or `StepPenaltyReward` (not a
 * subclass, which may override the computation), else undefined.
 */
export function distanceRewardOf(reward: unknown): DistanceReward | undefined {
  const proto: unknown = reward === null || typeof reward !== "object" ? undefined : Object.getPrototypeOf(reward);
  if (proto === SparseGoalReward.prototype) {
    const r = reward as SparseGoalReward;
    return { goalX: r.goalPosition.x, goalY: r.goalPosition.y, radius: r.goalRadius, inside: 1, outside: 0 };
  }
  if (proto === StepPenaltyReward.prototype) {
    const r = reward as StepPenaltyReward;
    return { goalX: r.goalPosition.x, goalY: r.goalPosition.y, radius: r.goalRadius, inside: r.goalReward, outside: 0 - r.stepPenalty };
  }
  return undefined;
}

function distance(state: AgentState, goal: Coordinates): number {
  const dx = state.position.x - goal.x;
  const dy = state.position.y - goal.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/** 1 within `goalRadius` of the goal, 0 elsewhere (the reference's default reward). */
export class SparseGoalReward implements RewardFunction<unknown>, BatchRewardFunction {
  readonly goalPosition: Coordinates;
  readonly goalRadius: number;

  /** @throws ValidationError naming the bad option (`goalPosition.x`, `goalRadius`, ...). */
  constructor(options: SparseGoalRewardOptions) {
    const parsed = parseWithSchema(SparseGoalRewardOptionsSchema, options, { what: "SparseGoalReward options" });
    this.goalPosition = parsed.goalPosition;
    this.goalRadius = parsed.goalRadius;
  }

  /** 1 when `nextState` is within `goalRadius` of the goal, else 0. `prevState`, `action` and the field are ignored. */
  computeReward(_prevState: AgentState, _action: unknown, nextState: AgentState, _plumeField?: PlumeFieldInput): number {
    return distance(nextState, this.goalPosition) <= this.goalRadius ? 1 : 0;
  }

  /** The batch form of `computeReward` (see `BatchRewardFunction`). */
  computeRewardBatch(
    out: Float64Array,
    _actions: ArrayLike<number>,
    agents: AgentBatch,
    context: BatchContext,
    indices: Int32Array,
    count: number,
  ): void {
    fillGoalRewards(out, agents, context, this.goalPosition, this.goalRadius, 1, 0, indices, count);
  }

  getMetadata(): RewardMetadata {
    return {
      type: "sparse_goal_reward",
      parameters: { goal_position: this.goalPosition.toTuple(), goal_radius: this.goalRadius },
      goal_position: this.goalPosition.toTuple(),
      goal_radius: this.goalRadius,
      reward_range: [0, 1],
      description: "Binary reward: 1.0 at goal, 0.0 elsewhere",
    };
  }
}

/** `goalReward` within `goalRadius` of the goal, `-stepPenalty` elsewhere. */
export class StepPenaltyReward implements RewardFunction<unknown>, BatchRewardFunction {
  readonly goalPosition: Coordinates;
  readonly goalRadius: number;
  readonly goalReward: number;
  readonly stepPenalty: number;

  /** @throws ValidationError naming the bad option. */
  constructor(options: StepPenaltyRewardOptions) {
    const parsed = parseWithSchema(StepPenaltyRewardOptionsSchema, options, { what: "StepPenaltyReward options" });
    this.goalPosition = parsed.goalPosition;
    this.goalRadius = parsed.goalRadius;
    this.goalReward = parsed.goalReward;
    this.stepPenalty = parsed.stepPenalty;
  }

  /** `goalReward` when `nextState` is within `goalRadius` of the goal, else `-stepPenalty`. */
  computeReward(_prevState: AgentState, _action: unknown, nextState: AgentState, _plumeField?: PlumeFieldInput): number {
    return distance(nextState, this.goalPosition) <= this.goalRadius ? this.goalReward : 0 - this.stepPenalty;
  }

  /** The batch form of `computeReward` (see `BatchRewardFunction`). */
  computeRewardBatch(
    out: Float64Array,
    _actions: ArrayLike<number>,
    agents: AgentBatch,
    context: BatchContext,
    indices: Int32Array,
    count: number,
  ): void {
    fillGoalRewards(out, agents, context, this.goalPosition, this.goalRadius, this.goalReward, 0 - this.stepPenalty, indices, count);
  }

  getMetadata(): RewardMetadata {
    const penalty = 0 - this.stepPenalty;
    return {
      type: "step_penalty_reward",
      parameters: {
        goal_position: this.goalPosition.toTuple(),
        goal_radius: this.goalRadius,
        goal_reward: this.goalReward,
        step_penalty: this.stepPenalty,
      },
      goal_position: this.goalPosition.toTuple(),
      goal_radius: this.goalRadius,
      reward_range: [Math.min(penalty, this.goalReward), Math.max(penalty, this.goalReward)],
    };
  }
}
