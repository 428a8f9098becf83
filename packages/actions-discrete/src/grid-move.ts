/**
 * The shared step of every absolute-direction processor: add `(dx, dy)` to the position and clamp each
 * axis into the grid on its own (the reference's `max(0, min(v, size - 1))`), keeping every other field.
 */
import { AgentState, Coordinates, ValidationError, type GridSize } from "@plume/core-types";

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
