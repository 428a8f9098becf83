/**
 * The four cardinal moves of `DiscreteGridActions` (the default environment's action model), in action order:
 * 0 UP (0, +1), 1 RIGHT (+1, 0), 2 DOWN (0, -1), 3 LEFT (-1, 0). UP is +y (design.md's grid convention).
 */

/** The cardinal actions by name. */
export const Cardinal = Object.freeze({ UP: 0, RIGHT: 1, DOWN: 2, LEFT: 3 } as const);
export type Cardinal = (typeof Cardinal)[keyof typeof Cardinal];

/** `[dx, dy]` of each cardinal action, in action order. */
export const CARDINAL_VECTORS: readonly (readonly [dx: number, dy: number])[] = Object.freeze([
  Object.freeze([0, 1] as const),
  Object.freeze([1, 0] as const),
  Object.freeze([0, -1] as const),
  Object.freeze([-1, 0] as const),
]);

/** The move opposite to `action` (UP <-> DOWN, RIGHT <-> LEFT). */
export function opposite(action: number): number {
  return (action + 2) % 4;
}

/** The two moves perpendicular to `action`, clockwise one first (UP -> [RIGHT, LEFT]). */
export function perpendicular(action: number): readonly [number, number] {
  return [(action + 1) % 4, (action + 3) % 4];
}

/** The cardinal move whose vector has the largest dot product with `(x, y)` (the first on ties; UP for a zero vector). */
export function nearestCardinal(x: number, y: number): number {
  let best = 0;
  let bestScore = -Infinity;
  CARDINAL_VECTORS.forEach(([dx, dy], i) => {
    const score = dx * x + dy * y;
    if (score > bestScore + 1e-12) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/**
 * The cardinal move that points most upwind for a wind vector `(vx, vy)`: the largest dot product with
 * `(-vx, -vy)`, read in grid coordinates exactly as `SurgeCastActions` of `@plume/actions-oriented` reads it
 * (so a policy and that action model agree on "upwind"); UP when the wind is (almost) zero.
 */
export function upwindCardinal(vx: number, vy: number): number {
  if (Math.hypot(vx, vy) < 1e-8) return Cardinal.UP;
  return nearestCardinal(-vx, -vy);
}
