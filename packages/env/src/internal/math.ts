/**
 * Small numeric helpers shared by the plume, the env and the renderer. Internal: not re-exported.
 */

/** Python's `round(x)` for floats: nearest integer, ties to even (2.5 -> 2, 3.5 -> 4, -0.5 -> 0). */
export { roundHalfEven } from "@plume/core-types";

/** `float(np.finfo(np.float32).eps)`: the goal radius the reference uses for "exactly at the goal". */
export const FLOAT32_EPS = 2 ** -23;

/** `math.radians(deg)` as CPython computes it: `deg * (pi / 180)`. */
export function radians(degrees: number): number {
  return degrees * (Math.PI / 180);
}

/** Python's float `%` (the result takes the divisor's sign). */
export function pyMod(a: number, b: number): number {
  const r = a % b;
  return r !== 0 && r < 0 !== b < 0 ? r + b : r + 0;
}
