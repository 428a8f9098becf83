/**
 * `MoveTableActions`: the shared body of the table-driven absolute movers (`DiscreteGridActions`,
 * `EightDirectionActions`): action `a` moves by the fixed `moves[a] = (dx, dy)`, each axis clamped into
 * the grid; orientation and counters are carried over. Subclasses supply the table and their metadata.
 */
import type {
  ActionMetadata,
  ActionProcessor,
  AgentBatch,
  AgentState,
  BatchActionProcessor,
  BatchContext,
  GridSize,
} from "@plume/core-types";
import { Discrete } from "@plume/spaces";
import { invalidAction, moveClamped, moveClampedBatch } from "./grid-move.js";

/**
 * A move limited to +-2^30 cells: grids are at most 10 000 cells wide, so the clamped cell is the same,
 * and the batch loop stays in int32 arithmetic.
 */
function saturatedMove(cells: number): number {
  return Math.max(-(2 ** 30), Math.min(2 ** 30, cells));
}

export abstract class MoveTableActions implements ActionProcessor<number>, BatchActionProcessor {
  /** Cells moved per action (along each axis that moves). */
  readonly stepSize: number;
  readonly #space: Discrete;
  readonly #moves: readonly (readonly [number, number])[];
  /** `#moves` as per-action displacement tables, for the batch path. */
  readonly #dx: Int32Array;
  readonly #dy: Int32Array;
  /** What a valid action is, for the error message. */
  readonly #expected: string;

  protected constructor(stepSize: number, moves: readonly (readonly [number, number])[], expected: string) {
    this.stepSize = stepSize;
    this.#moves = Object.freeze(moves);
    this.#space = new Discrete(moves.length);
    this.#dx = Int32Array.from(moves, (move) => saturatedMove(move[0]));
    this.#dy = Int32Array.from(moves, (move) => saturatedMove(move[1]));
    this.#expected = expected;
  }

  /** `Discrete(moves.length)`: the same instance on every read. */
  get actionSpace(): Discrete {
    return this.#space;
  }

  /**
   * The state after the move, each axis clamped to `[0, size - 1]`. Always a new `AgentState` (also for
   * a zero move); orientation and counters are carried over.
   * @throws ValidationError (`parameter` `"action"`) unless `action` is in `actionSpace`.
   */
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw invalidAction(action, this.#expected);
    const [dx, dy] = this.#moves[action] as readonly [number, number];
    return moveClamped(currentState, dx, dy, gridSize);
  }

  /**
   * The batch form of `processAction` (the batch protocol of `@plume/core-types`): moves each listed agent
   * `(x[i], y[i])` by action `actions[i]`, clamped per axis, exactly as `processAction` does. Orientation is
   * not touched. Actions must already be valid; nothing is allocated.
   */
  processActionBatch(
    actions: ArrayLike<number>,
    agents: AgentBatch,
    context: BatchContext,
    indices: Int32Array,
    count: number,
  ): void {
    moveClampedBatch(this.#dx, this.#dy, actions, agents, context, indices, count);
  }

  /** `actionSpace.contains(action)`. Never throws. */
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }

  abstract getMetadata(): ActionMetadata;
}
