/** Correct reference components that implement the batch protocol (CHECKS.md §12.5): `*.batch-agrees` must pass. */
import { Coordinates, type AgentBatch, type AgentState, type BatchContext, type GridSize, type PlumeFieldInput } from "@plume/core-types";
import { DiscreteGridActions } from "./actions.js";
import { SparseGoalReward } from "./rewards.js";
import { ConcentrationSensor } from "./sensors.js";

const CARDINAL: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

/** The concentration at each listed agent's cell, sampled at that environment's step count. */
export class BatchConcentrationSensor extends ConcentrationSensor {
  fillObservationBatch(out: Float32Array, agents: AgentBatch, context: BatchContext, indices: Int32Array, count: number): void {
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      const v = context.concentrationField.sample(agents.x[i] as number, agents.y[i] as number, agents.stepCount[i]);
      out[i] = Math.min(1, Math.max(0, v));
    }
  }
}

/** Cardinal moves clamped to the grid, for every listed environment. */
export class BatchCardinalActions extends DiscreteGridActions {
  processActionBatch(actions: ArrayLike<number>, agents: AgentBatch, context: BatchContext, indices: Int32Array, count: number): void {
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      const [dx, dy] = CARDINAL[actions[i] as number] as readonly [number, number];
      (agents.x as Int32Array)[i] = Math.min(context.gridWidth - 1, Math.max(0, (agents.x[i] as number) + dx * this.stepSize));
      (agents.y as Int32Array)[i] = Math.min(context.gridHeight - 1, Math.max(0, (agents.y[i] as number) + dy * this.stepSize));
    }
  }
  override processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    return super.processAction(action, currentState, gridSize);
  }
}

/** 1 within the goal radius of its own goal, else 0, for every listed environment. */
export class BatchSparseGoalReward extends SparseGoalReward {
  computeRewardBatch(out: Float64Array, _actions: ArrayLike<number>, agents: AgentBatch, _context: BatchContext, indices: Int32Array, count: number): void {
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      out[i] = new Coordinates(agents.x[i] as number, agents.y[i] as number).distanceTo(this.goal) <= this.radius ? 1 : 0;
    }
  }
  override computeReward(prev: AgentState, action: unknown, next: AgentState, field: PlumeFieldInput): number {
    return super.computeReward(prev, action, next, field);
  }
}
