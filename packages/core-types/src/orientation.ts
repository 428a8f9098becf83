/**
 * Headings in degrees: 0 = +x, 90 = +y, normalised into [0, 360) the way the reference does
 * (Python's float `%`, whose result takes the divisor's sign).
 */
import { ValidationError } from "./errors.js";

/**
 * `degrees % 360` with Python's semantics: -90 -> 270, 450 -> 90, -0 -> 0.
 *
 * One deliberate difference: Python returns 360.0 for tiny negative inputs (e.g. -1e-14, where
 * `-1e-14 + 360` rounds to 360); this returns 0 there, so the result is always in [0, 360).
 *
 * @throws ValidationError (`parameter` `"orientation"`) for NaN or ±Infinity.
 */
export function normalizeOrientation(degrees: number): number {
  if (typeof degrees !== "number" || !Number.isFinite(degrees)) {
    throw ValidationError.invalid("orientation", "a finite number of degrees", degrees);
  }
  let result = degrees % 360; // C fmod: the sign of the dividend
  if (result < 0) result += 360;
  if (result === 360 || result === 0) return 0; // also turns -0 into 0
  return result;
}
