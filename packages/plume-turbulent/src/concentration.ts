/**
 * Concentration read-outs of a puff list (doc §4). Every puff is an isotropic 3-D Gaussian of integral `Q`:
 * `c = Q / ((2π)^{3/2} s^{3/2}) · exp(−|X − X_puff|² / (2s))`. None of them draws random numbers or changes state.
 *
 * - `exactConcentration`: the sum over every puff (pompy's point read-out, §4.1).
 * - `PuffIndex`: the same sum with puffs farther than `cutoff · r` dropped (relative error below
 *   `exp(−cutoff²/2)` of each puff's peak; 1.3e-14 for the default 8), found by spatial binning: a point query
 *   visits the 3 x 3 bins around it instead of every puff. `fillGrid` splats every puff onto a regular grid of
 *   points with the same predicate, order and arithmetic, so a grid value equals the point query at that point
 *   bit for bit.
 * - `pixelArray`: pompy's truncated pixel array (§4.2), with its kernel-placement rule, for frames.
 */

/** `(2π)^{3/2}`. */
const TWO_PI_3_2 = Math.sqrt(8 * Math.PI ** 3);

/** The puff arrays a read-out needs (`[0, n)` used). */
export interface PuffArrays {
  readonly n: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  readonly s: Float64Array;
}

/** pompy's exact point read-out: the sum over all puffs at `(x, y, z)`, no truncation; 0 without puffs. */
export function exactConcentration(puffs: PuffArrays, x: number, y: number, z: number, amount = 1): number {
  let acc = 0;
  for (let i = 0; i < puffs.n; i++) {
    const s = puffs.s[i] as number;
    const dx = x - (puffs.x[i] as number);
    const dy = y - (puffs.y[i] as number);
    const dz = z - (puffs.z[i] as number);
    acc += (amount / (TWO_PI_3_2 * s ** 1.5)) * Math.exp(-(dx * dx + dy * dy + dz * dz) / (2 * s));
  }
  return acc;
}

/** Where a regular grid of sample points lies: point `(i, j)` is `(x0 + i·h, y0 + j·h, z)`. */
export interface PointGrid {
  readonly x0: number;
  readonly y0: number;
  readonly h: number;
  readonly width: number;
  readonly height: number;
  readonly z: number;
}

const MAX_BINS_PER_AXIS = 2048;

/** Binned puff positions for fast truncated point queries (rebuild with `build` after the puffs move). */
export class PuffIndex {
  readonly cutoff: number;
  readonly amount: number;
  readonly #bx0: number;
  readonly #by0: number;
  readonly #spanX: number;
  readonly #spanY: number;
  #nbx = 1;
  #nby = 1;
  #bw = 1;
  #bh = 1;
  #starts = new Int32Array(2);
  #order = new Int32Array(0);
  #norm = new Float64Array(0);
  #inv2s = new Float64Array(0);
  #cut2s = new Float64Array(0);
  #scratch = new Int32Array(0);
  #puffs: PuffArrays | undefined = undefined;

  /** `region` `[x0, x1, y0, y1]` bounds where puffs can be (the plume region). */
  constructor(region: readonly [number, number, number, number], cutoff: number, amount: number) {
    this.cutoff = cutoff;
    this.amount = amount;
    this.#bx0 = region[0];
    this.#by0 = region[2];
    this.#spanX = region[1] - region[0];
    this.#spanY = region[3] - region[2];
  }

  /** Indexes the current puffs (the arrays are read, not copied: rebuild after every change). */
  build(puffs: PuffArrays): void {
    const n = puffs.n;
    this.#puffs = puffs;
    if (this.#norm.length < n) {
      const cap = Math.max(n, 2 * this.#norm.length);
      this.#norm = new Float64Array(cap);
      this.#inv2s = new Float64Array(cap);
      this.#cut2s = new Float64Array(cap);
      this.#order = new Int32Array(cap);
      this.#scratch = new Int32Array(cap);
    }
    const c2 = this.cutoff * this.cutoff;
    let smax = 0;
    for (let i = 0; i < n; i++) {
      const s = puffs.s[i] as number;
      if (s > smax) smax = s;
      this.#norm[i] = this.amount / (TWO_PI_3_2 * s * Math.sqrt(s));
      this.#inv2s[i] = 1 / (2 * s);
      this.#cut2s[i] = c2 * s;
    }
    // Bins at least cutoff·r_max wide, so that every contributing puff lies in the 3 x 3 bins around a point.
    const reach = Math.max(this.cutoff * Math.sqrt(smax), 1e-9);
    this.#nbx = Math.max(1, Math.min(MAX_BINS_PER_AXIS, Math.floor(this.#spanX / reach)));
    this.#nby = Math.max(1, Math.min(MAX_BINS_PER_AXIS, Math.floor(this.#spanY / reach)));
    this.#bw = this.#nbx === 1 ? Infinity : this.#spanX / this.#nbx;
    this.#bh = this.#nby === 1 ? Infinity : this.#spanY / this.#nby;
    const bins = this.#nbx * this.#nby;
    if (this.#starts.length < bins + 1) this.#starts = new Int32Array(bins + 1);
    const starts = this.#starts;
    starts.fill(0, 0, bins + 1);
    const binOf = this.#scratch;
    for (let i = 0; i < n; i++) {
      const b = this.#bin(puffs.x[i] as number, puffs.y[i] as number);
      binOf[i] = b;
      starts[b + 1] = (starts[b + 1] as number) + 1;
    }
    for (let b = 0; b < bins; b++) starts[b + 1] = (starts[b + 1] as number) + (starts[b] as number);
    // Counting sort, stable: indices ascending within each bin. `fill` positions via a moving cursor per bin.
    const cursor = new Int32Array(starts.subarray(0, bins));
    for (let i = 0; i < n; i++) {
      const b = binOf[i] as number;
      this.#order[cursor[b] as number] = i;
      cursor[b] = (cursor[b] as number) + 1;
    }
  }

  #bin(x: number, y: number): number {
    let bx = Math.floor((x - this.#bx0) / this.#bw);
    let by = Math.floor((y - this.#by0) / this.#bh);
    if (!(bx >= 0)) bx = 0;
    else if (bx >= this.#nbx) bx = this.#nbx - 1;
    if (!(by >= 0)) by = 0;
    else if (by >= this.#nby) by = this.#nby - 1;
    return bx * this.#nby + by;
  }

  /** The truncated concentration at `(x, y, z)`: puffs within `cutoff · r`, summed in list order. */
  query(x: number, y: number, z: number): number {
    const puffs = this.#puffs;
    if (puffs === undefined || puffs.n === 0) return 0;
    const fx = (x - this.#bx0) / this.#bw;
    const fy = (y - this.#by0) / this.#bh;
    // Bins are at least the reach wide; a point more than one bin outside sees nothing (puffs lie inside).
    const bx = Math.floor(fx);
    const by = Math.floor(fy);
    if (!(bx >= -1 && bx <= this.#nbx && by >= -1 && by <= this.#nby)) return 0;
    const scratch = this.#scratch;
    let m = 0;
    for (let i = Math.max(0, bx - 1); i <= Math.min(this.#nbx - 1, bx + 1); i++) {
      for (let j = Math.max(0, by - 1); j <= Math.min(this.#nby - 1, by + 1); j++) {
        const b = i * this.#nby + j;
        const end = this.#starts[b + 1] as number;
        for (let k = this.#starts[b] as number; k < end; k++) {
          // Insertion into ascending order (candidate lists are short).
          const idx = this.#order[k] as number;
          let q = m++;
          while (q > 0 && (scratch[q - 1] as number) > idx) {
            scratch[q] = scratch[q - 1] as number;
            q--;
          }
          scratch[q] = idx;
        }
      }
    }
    let acc = 0;
    for (let k = 0; k < m; k++) {
      const i = scratch[k] as number;
      const dx = x - (puffs.x[i] as number);
      const dy = y - (puffs.y[i] as number);
      const dz = z - (puffs.z[i] as number);
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 <= (this.#cut2s[i] as number)) acc += (this.#norm[i] as number) * Math.exp(-d2 * (this.#inv2s[i] as number));
    }
    return acc;
  }

  /**
   * The truncated concentration at every point of `grid`, into `out[j * width + i]` (float64, overwritten):
   * each value equals `query(grid.x0 + i·h, grid.y0 + j·h, grid.z)` exactly.
   */
  fillGrid(grid: PointGrid, out: Float64Array): void {
    const { x0, y0, h, width, height, z } = grid;
    out.fill(0, 0, width * height);
    const puffs = this.#puffs;
    if (puffs === undefined) return;
    for (let i = 0; i < puffs.n; i++) {
      const cut2 = this.#cut2s[i] as number;
      const dz = z - (puffs.z[i] as number);
      if (dz * dz > cut2) continue;
      const px = puffs.x[i] as number;
      const py = puffs.y[i] as number;
      const reach = Math.sqrt(cut2) + h;
      const ia = Math.max(0, Math.ceil((px - reach - x0) / h));
      const ib = Math.min(width - 1, Math.floor((px + reach - x0) / h));
      const ja = Math.max(0, Math.ceil((py - reach - y0) / h));
      const jb = Math.min(height - 1, Math.floor((py + reach - y0) / h));
      const norm = this.#norm[i] as number;
      const inv2s = this.#inv2s[i] as number;
      for (let gj = ja; gj <= jb; gj++) {
        const dy = y0 + gj * h - py;
        const row = gj * width;
        for (let gi = ia; gi <= ib; gi++) {
          const dx = x0 + gi * h - px;
          const d2 = dx * dx + dy * dy + dz * dz;
          if (d2 <= cut2) out[row + gi] = (out[row + gi] as number) + norm * Math.exp(-d2 * inv2s);
        }
      }
    }
  }
}

/** What pompy's pixel array covers (doc §4.2). */
export interface PixelArrayOptions {
  /** `[x0, x1, y0, y1]` of the array. */
  readonly region: readonly [number, number, number, number];
  /** Pixel counts along x and y. */
  readonly nx: number;
  readonly ny: number;
  /** Plane height. */
  readonly z: number;
  /** Odour per puff `Q`. Default 1. */
  readonly amount?: number;
  /** Kernel radius multiple `K`. Default 3. */
  readonly kernelRadius?: number;
}

/**
 * pompy's truncated pixel array (doc §4.2, "pompy's rule", not pixel-centre sampling): row-major `[j][i]`
 * (`j` along y, shape `[ny, nx]`), `out[j * nx + i]`, float64. Pass `out` to reuse a buffer (it is zeroed).
 */
export function pixelArray(puffs: PuffArrays, options: PixelArrayOptions, out?: Float64Array): Float64Array {
  const { nx, ny, z: za } = options;
  const [ax0, ax1, ay0, ay1] = options.region;
  const Q = options.amount ?? 1;
  const K = options.kernelRadius ?? 3;
  const C = out ?? new Float64Array(nx * ny);
  C.fill(0, 0, nx * ny);
  const pdx = (ax1 - ax0) / nx;
  const pdy = (ay1 - ay0) / ny;
  for (let k = 0; k < puffs.n; k++) {
    const x = puffs.x[k] as number;
    const y = puffs.y[k] as number;
    if (!(x >= ax0 && x <= ax1 && y >= ay0 && y <= ay1)) continue;
    const s = puffs.s[k] as number;
    const r = Math.sqrt(s);
    const dz = za - (puffs.z[k] as number);
    if (Math.abs(dz) / r > K) continue;
    const p = (x - ax0) / pdx;
    const q = (y - ay0) / pdy;
    const u = Math.floor(2 * p + 0.5) / 2;
    const v = Math.floor(2 * q + 0.5) / 2;
    const half = Math.sqrt(K * K * s - dz * dz);
    let W = Math.ceil((2 * half) / pdx);
    let H = Math.ceil((2 * half) / pdy);
    const uWhole = u === Math.floor(u);
    const vWhole = v === Math.floor(v);
    if (uWhole ? W % 2 === 1 : W % 2 === 0) W += 1;
    if (vWhole ? H % 2 === 1 : H % 2 === 0) H += 1;
    const i0 = u - W / 2;
    const j0 = v - H / 2;
    const norm = Q / (TWO_PI_3_2 * s ** 1.5);
    const dz2 = dz * dz;
    const inv2s = 1 / (2 * s);
    const shiftX = W % 2 === 0 ? 0.5 + p - u : p - u;
    const shiftY = H % 2 === 0 ? 0.5 + q - v : q - v;
    const ia = Math.max(0, i0);
    const ib = Math.min(nx - 1, i0 + W - 1);
    const ja = Math.max(0, j0);
    const jb = Math.min(ny - 1, j0 + H - 1);
    for (let j = ja; j <= jb; j++) {
      const ey = (j - v + shiftY) * pdy;
      const ey2 = ey * ey;
      const row = j * nx;
      for (let i = ia; i <= ib; i++) {
        const ex = (i - u + shiftX) * pdx;
        C[row + i] = (C[row + i] as number) + norm * Math.exp(-(ex * ex + ey2 + dz2) * inv2s);
      }
    }
  }
  return C;
}
