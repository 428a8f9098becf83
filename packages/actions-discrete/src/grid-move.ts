/**
 * The shared step of every absolute-direction processor: add `(dx, dy)` to the position and clamp each
 * axis into the grid on its own (the reference's `max(0, min(v, size - 1))`), keeping every other field.
 */
import {
  AgentState,
  Coordinates,
  ValidationError,
  type AgentBatch,
  type BatchContext,
  type GridSize,
} from "@plume/core-types";

/** Clamps `value` into `[0, size - 1]`. */
export function clampAxis(value: number, size: number): number {
  return Math.max(0, Math.min(value, size - 1));
}

/** A new `AgentState` moved by `(dx, dy)` and clamped into `gridSize`; orientation and counters are carried over. */
export function moveClamped(state: AgentState, dx: number, dy: number, gridSize: GridSize): AgentState {
  const x = clampAxis(state.position.x + dx, gridSize.width);
  const y = clampAxis(state.position.y + dy, gridSize.height);
  return state.withPosition(new Coordinates(x, y));
}

/** The typed error every processor throws for an action outside its space. */
export function invalidAction(action: unknown, expected: string): ValidationError {
  return ValidationError.invalid("action", expected, action);
}

/**
 * The batch form of `moveClamped` for a table-driven processor: for each listed environment `i`, moves
 * `(x[i], y[i])` by `(dx[a], dy[a])` with `a = actions[i]` and clamps each axis into `[0, size - 1]`
 * (the same `max(0, min(v, size - 1))` as `clampAxis`, written as comparisons). Orientation is not touched.
 */
export function moveClampedBatch(
  dxTable: Int32Array,
  dyTable: Int32Array,
  actions: ArrayLike<number>,
  agents: AgentBatch,
  context: BatchContext,
  indices: Int32Array,
  count: number,
): void {
  const xs = agents.x;
  const ys = agents.y;
  // `| 0` keeps every value of the loop an int32 (cells are below 10 000 and table moves within +-2^30),
  // so V8 never boxes the clamped numbers into heap objects (it did: ~85 instructions per agent).
  const maxX = (context.gridWidth - 1) | 0;
  const maxY = (context.gridHeight - 1) | 0;
  for (let k = 0; k < count; k++) {
    const i = indices[k] as number;
    const a = actions[i] as number;
    const x = ((xs[i] as number) + (dxTable[a] as number)) | 0;
    const y = ((ys[i] as number) + (dyTable[a] as number)) | 0;
    xs[i] = x < 0 ? 0 : x > maxX ? maxX : x;
    ys[i] = y < 0 ? 0 : y > maxY ? maxY : y;
  }
}
