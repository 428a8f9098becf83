/**
 * `hypot(x, y)` bit for bit as glibc 2.36's libm on x86-64 (NumPy's `np.hypot`): glibc's
 * `e_hypot.c` (Borges' "An Improved Algorithm for hypot(a, b)", with a correction step) in its
 * build without FMA, with its scaling of huge and tiny arguments. `Math.hypot` in V8 differs from it
 * in the last bit for some inputs.
 */
const SCALE = 2 ** -600;
const LARGE_VAL = 2 ** 511;
const TINY_VAL = 2 ** -459;
const EPS = 2 ** -54;

function kernel(ax: number, ay: number): number {
  let h = Math.sqrt(ax * ax + ay * ay);
  let t1: number;
  let t2: number;
  if (h <= 2 * ay) {
    const delta = h - ay;
    t1 = ax * (2 * delta - ax);
    t2 = (delta - 2 * (ax - ay)) * delta;
  } else {
    const delta = h - ax;
    t1 = 2 * delta * (ax - 2 * ay);
    t2 = (4 * delta - ay) * ay + delta * delta;
  }
  h -= (t1 + t2) / (2 * h);
  return h;
}

export function hypot(x: number, y: number): number {
  if (!Number.isFinite(x) || !Number.isFinite(y)) {
    if (Math.abs(x) === Infinity || Math.abs(y) === Infinity) return Infinity;
    return x + y;
  }
  x = Math.abs(x);
  y = Math.abs(y);
  const ax = x < y ? y : x;
  const ay = x < y ? x : y;
  if (ax > LARGE_VAL) {
    if (ay <= ax * EPS) return ax + ay;
    return kernel(ax * SCALE, ay * SCALE) / SCALE;
  }
  if (ay < TINY_VAL) {
    if (ax >= ay / EPS) return ax + ay;
    return kernel(ax / SCALE, ay / SCALE) * SCALE;
  }
  if (ay <= ax * EPS) return ax + ay;
  return kernel(ax, ay);
}
