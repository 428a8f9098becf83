/** NumPy's factor `NPY_PI / 180.0` (the double nearest π divided by 180, rounded once). */
export const DEG2RAD = Math.PI / 180;

/** `np.deg2rad(x)`, bit for bit: `x * (NPY_PI / 180.0)`. */
export function deg2rad(x: number): number {
  return x * DEG2RAD;
}
