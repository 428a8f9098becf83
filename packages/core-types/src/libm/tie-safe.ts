/**
 * `round(base + d·t)` where t is glibc's sin or cos, without computing glibc's value unless it can
 * matter. V8's `Math.sin`/`Math.cos` (fdlibm) and glibc's are both within one unit in the last place of
 * the exact value, so they differ by at most 2^-51. Unless `base + d·t` lies within
 * {@link TIE_MARGIN}·(1 + |d| + |base|) of a .5 rounding boundary, both round to the same integer and
 * the fast value is used; otherwise the exact one is computed. The margin is about ten times the
 * largest possible difference, so the result is always the one glibc's value gives.
 */
import { roundHalfEven } from "../rounding.js";

/** Relative width of the band around .5 ties where the exact trigonometry is computed. */
export const TIE_MARGIN = 4e-15;

/**
 * `roundHalfEven(base + d * exact(radians))`, where `fast` approximates `exact(radians)` within 2^-51 (V8's
 * `Math.sin(radians)` for `exact` = glibc's sin, or the cosines). `exact` is only called near a tie.
 */
export function roundedOffsetCell(base: number, d: number, fast: number, exact: (radians: number) => number, radians: number): number {
  const v = base + d * fast;
  const frac = v - Math.floor(v);
  if (Math.abs(frac - 0.5) > TIE_MARGIN * (1 + Math.abs(d) + Math.abs(base))) return roundHalfEven(v);
  return roundHalfEven(base + d * exact(radians));
}
