/**
 * Geometry shared by the heading-based processors, exactly as the reference computes it:
 * `rad = np.deg2rad(deg)` (= `deg * (pi / 180)`), `dx = step * cos(rad)`, `dy = step * sin(rad)` (0 deg = +x,
 * 90 deg = +y: the grid convention, NOT the antenna/wind one), `new = int(round(pos + d))` with Python's
 * ties-to-even `round`, then each axis clamped to `[0, size - 1]`.
 */
import { Coordinates, ValidationError, libm, type AgentState, type GridSize, roundHalfEven } from "@plume/core-types";
import * as z from "zod";

/** NumPy's `deg2rad` factor (`NPY_PI / 180.0`). Sines and cosines are glibc's (`libm` of `@plume/core-types`), as NumPy's. */
export const DEG_TO_RAD = libm.DEG2RAD;

/** The cell reached by moving `stepSize` along `headingDeg` from `position`, clamped into `gridSize`. */
export function stepAlongHeading(
  position: Coordinates,
  headingDeg: number,
  stepSize: number,
  gridSize: GridSize,
): Coordinates {
  const rad = headingDeg * DEG_TO_RAD;
  const x = roundHalfEven(position.x + stepSize * libm.cos(rad));
  const y = roundHalfEven(position.y + stepSize * libm.sin(rad));
  return new Coordinates(
    Math.max(0, Math.min(x, gridSize.width - 1)),
    Math.max(0, Math.min(y, gridSize.height - 1)),
  );
}

/**
 * `normalizeOrientation` for a finite number of degrees (the batch paths' inline form): Python's `degrees % 360`
 * into [0, 360), with -0 and 360 turned into 0. Same results as `normalizeOrientation`, without its checks.
 */
export function wrapDegrees(degrees: number): number {
  let result = degrees % 360;
  if (result < 0) result += 360;
  return result === 360 || result === 0 ? 0 : result;
}

/** `state` moved one step along its own heading (orientation and counters kept). */
export function moveForward(state: AgentState, stepSize: number, gridSize: GridSize): AgentState {
  return state.withPosition(stepAlongHeading(state.position, state.orientation, stepSize, gridSize));
}

/** The typed error every processor throws for an action outside its space. */
export function invalidAction(action: unknown, expected: string): ValidationError {
  return ValidationError.invalid("action", expected, action);
}

/** Largest accepted heading step: keeps `position + step` well inside the safe-integer range. */
const MAX_HEADING_STEP = 1e9;

/**
 * `stepSize` of the heading-based processors: a positive finite number of cells (default 1). Fractions are
 * allowed because the move is rounded to whole cells, as in the reference.
 */
export const headingStepSizeSchema = z
  .number({ error: "a positive finite number of cells" })
  .positive({ error: "a positive finite number of cells" })
  .max(MAX_HEADING_STEP, { error: `a positive finite number of cells (at most ${MAX_HEADING_STEP})` });
