/**
 * `RewardFunction`: scores a state transition (the reference's reward-function contract).
 * Implemented by `reward` plugins.
 */
import type { AgentState } from "./agent-state.js";
import type { ConcentrationField } from "./fields.js";
import type { RewardMetadata } from "./metadata.js";

/**
 * What `computeReward` receives as the plume: the env passes the `ConcentrationField` object; a dense
 * row-major `Float32Array` (indexed `y * width + x`) is accepted for compatibility with the reference.
 */
export type PlumeFieldInput = ConcentrationField | Float32Array;

/** @typeParam Act - the action type of the paired action processor. */
export interface RewardFunction<Act = unknown> {
  /**
   * The reward for moving from `prevState` (before the action) to `nextState` (after it).
   * Postconditions: a primitive finite number, inside `getMetadata().reward_range` when declared;
   * deterministic for the same inputs; independent of earlier calls unless the metadata declares
   * `stateful: true` and the function offers `reset`; pure: never mutates its arguments.
   * Must accept Discrete (number) and Box (`NDArray`) actions.
   */
  computeReward(prevState: AgentState, action: Act, nextState: AgentState, plumeField: PlumeFieldInput): number;
  /** JSON metadata (a MUST, not just a SHOULD): `type`, `parameters`, optional `reward_range`, `goal_position`, `goal_radius`. */
  getMetadata(): RewardMetadata;
  /** Optional: clears internal state. The environment calls it on every reset. */
  reset?(): void;
}
