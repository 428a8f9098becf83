/**
 * The wind's interpolant: the tensor-product cubic spline through the real wind nodes with not-a-knot end
 * conditions in both directions (what scipy's `RectBivariateSpline(x, y, values)` computes with its defaults,
 * doc §2.5), stored as one bicubic polynomial per grid cell so that an evaluation costs 16 multiply-adds.
 *
 * Spline interpolation is linear in the data, so the tensor product is built in two 1-D passes: a not-a-knot
 * spline along y through every x-line of nodes gives, per y-interval, 4 polynomial coefficients at every x node;
 * a not-a-knot spline along x through each of those coefficient lines gives the cell's 16 coefficients.
 */

/**
 * The factors of the not-a-knot system for `n >= 4` nodes: eliminating the not-a-knot rows
 * (`M0 − 2M1 + M2 = 0`, likewise at the far end) from the first and last interior rows gives `M1 = r1 / 6` and
 * `M[n−2] = r[n−2] / 6`, leaving the tridiagonal `(1, 4, 1)` system for `M2 … M[n−3]`; `cPrime` are its Thomas
 * forward-sweep factors.
 */
export function notAKnotFactors(n: number): Float64Array {
  const m = Math.max(0, n - 4);
  const c = new Float64Array(m);
  for (let k = 0; k < m; k++) c[k] = 1 / (4 - (k === 0 ? 0 : (c[k - 1] as number)));
  return c;
}

/**
 * The 1-D not-a-knot spline's polynomial on each interval `[x_k, x_k + h]` in the local variable `t = x − x_k`:
 * writes `(c0, c1, c2, c3)` for every interval to `out` at `outOffset + k * outStride` (coefficient `a` at
 * `+ a * coefStride`). `values` are read at `offset + i * stride`; `M` is scratch (n). O(n).
 */
export function splineCoefficients(
  cPrime: Float64Array,
  n: number,
  h: number,
  values: Float64Array,
  offset: number,
  stride: number,
  M: Float64Array,
  out: Float64Array,
  outOffset: number,
  outStride: number,
  coefStride: number,
): void {
  const q = 6 / (h * h);
  const last = offset + (n - 1) * stride;
  // r(i) = q·(f(i−1) − 2f(i) + f(i+1)), the right-hand side of row i (no closures: this runs every wind step).
  const m1 = (q * ((values[offset] as number) - 2 * (values[offset + stride] as number) + (values[offset + 2 * stride] as number))) / 6;
  const mLast = (q * ((values[last - 2 * stride] as number) - 2 * (values[last - stride] as number) + (values[last] as number))) / 6;
  M[1] = m1;
  M[n - 2] = mLast;
  const m = n - 4;
  if (m > 0) {
    // Forward sweep on rows 2 … n−3 (known M1 and M[n−2] moved to the right-hand side), then back substitution.
    for (let k = 0; k < m; k++) {
      const o = offset + (k + 2) * stride;
      let d = q * ((values[o - stride] as number) - 2 * (values[o] as number) + (values[o + stride] as number));
      if (k === 0) d -= m1;
      if (k === m - 1) d -= mLast;
      M[k + 2] = k === 0 ? d * (cPrime[0] as number) : (d - (M[k + 1] as number)) * (cPrime[k] as number);
    }
    for (let k = m - 2; k >= 0; k--) M[k + 2] = (M[k + 2] as number) - (cPrime[k] as number) * (M[k + 3] as number);
  }
  M[0] = 2 * m1 - (M[2] as number);
  M[n - 1] = 2 * mLast - (M[n - 3] as number);
  for (let k = 0; k < n - 1; k++) {
    const f0 = values[offset + k * stride] as number;
    const f1 = values[offset + (k + 1) * stride] as number;
    const m0 = M[k] as number;
    const mk1 = M[k + 1] as number;
    const o = outOffset + k * outStride;
    out[o] = f0;
    out[o + coefStride] = (f1 - f0) / h - (h * (2 * m0 + mk1)) / 6;
    out[o + 2 * coefStride] = m0 / 2;
    out[o + 3 * coefStride] = (mk1 - m0) / (6 * h);
  }
}

/**
 * A bicubic not-a-knot spline on a uniform `nx x ny` node grid over `[x0, x0 + (nx-1)·dx] x [y0, ...]`.
 * `fit(values, offset, strideX, strideY)` rebuilds the coefficients from node values; `coef` holds 16 per cell
 * (cell `(i, j)` at `(i * (ny - 1) + j) * 16`, coefficient of `tx^a ty^b` at `+ a * 4 + b`).
 */
export class BicubicSpline {
  readonly nx: number;
  readonly ny: number;
  readonly dx: number;
  readonly dy: number;
  readonly coef: Float64Array;
  readonly #opX: Float64Array;
  readonly #opY: Float64Array;
  /** Per x node, per y-interval, 4 coefficients in ty: `[(i * (ny - 1) + j) * 4 + b]`. */
  readonly #ycoef: Float64Array;
  readonly #scratchM: Float64Array;

  constructor(nx: number, ny: number, dx: number, dy: number) {
    this.nx = nx;
    this.ny = ny;
    this.dx = dx;
    this.dy = dy;
    this.coef = new Float64Array((nx - 1) * (ny - 1) * 16);
    this.#opX = notAKnotFactors(nx);
    this.#opY = notAKnotFactors(ny);
    this.#ycoef = new Float64Array(nx * (ny - 1) * 4);
    this.#scratchM = new Float64Array(Math.max(nx, ny));
  }

  /** Refits to the node values `values[offset + i * strideX + j * strideY]` (`i < nx`, `j < ny`). */
  fit(values: Float64Array, offset: number, strideX: number, strideY: number): void {
    const { nx, ny, dx, dy } = this;
    const cy = ny - 1;
    for (let i = 0; i < nx; i++) {
      splineCoefficients(this.#opY, ny, dy, values, offset + i * strideX, strideY, this.#scratchM, this.#ycoef, i * cy * 4, 4, 1);
    }
    for (let j = 0; j < cy; j++) {
      for (let b = 0; b < 4; b++) {
        // x-line of coefficient b of y-interval j, over the nx nodes: at (i * cy + j) * 4 + b.
        splineCoefficients(this.#opX, nx, dx, this.#ycoef, j * 4 + b, cy * 4, this.#scratchM, this.coef, j * 16 + b, cy * 16, 4);
      }
    }
  }
}
