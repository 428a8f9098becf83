/**
 * `ActionProcessor`: a movement model that maps (action, agent state, grid) to the next agent state
 * (seed 002). Implemented by `action` plugins.
 */
import type { AgentState } from "./agent-state.js";
import type { GridSize } from "./grid-size.js";
import type { ActionMetadata } from "./metadata.js";
import type { RandomGenerator } from "./random.js";
import type { SpaceLike } from "./space.js";

/** @typeParam Act - the action type (a number for Discrete, an `NDArray` for Box). */
export interface ActionProcessor<Act = unknown> {
  /** The space of valid actions. Must be an accessor returning the same instance on every read. */
  readonly actionSpace: SpaceLike<Act>;
  /**
   * The agent state after `action`. Preconditions: `action` is in `actionSpace`, and
   * `gridSize.contains(currentState.position)`. Postconditions: returns a NEW `AgentState` (never
   * `currentState`, even for a "stay" action) whose position is inside `gridSize`; carries over
   * `step_count`, `total_reward` and `goal_reached`; changes `orientation` only when the metadata says
   * `orientation_dependent: true`. Deterministic for the same inputs (and the same injected generator
   * state), and pure: it never mutates `action`, `currentState` or `gridSize`.
   * @throws ValidationError (`parameter` `"action"`) for an action outside `actionSpace`; it never returns a state then.
   */
  processAction(action: Act, currentState: AgentState, gridSize: GridSize): AgentState;
  /**
   * Whether `action` is valid: exactly `actionSpace.contains(action)`. Total: returns a boolean for any
   * input (`null`, `"0"`, `1.5`, `NaN`, typed arrays of the wrong dtype, ...) and never throws.
   */
  validateAction(action: unknown): action is Act;
  /** JSON metadata: `type`, `parameters`, `movement_model` (or `modality`), `orientation_dependent`. */
  getMetadata(): ActionMetadata;
  /**
   * Optional: injects the environment's generator. The environment calls it on every reset; afterwards
   * all randomness of `processAction` (e.g. a tumble heading) comes from `rng` only.
   */
  setRng?(rng: RandomGenerator): void;
}
