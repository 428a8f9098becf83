/**
 * The wind model (doc §2): a 2-D velocity field on a regular node grid with one ring of ghost nodes, driven at
 * the ghost ring by the mean wind plus coloured noise at the four corners (eight damped oscillators), and
 * advanced inside by one explicit Euler step of an advection–diffusion equation per time step. Velocities
 * anywhere come from the bicubic not-a-knot spline through the real nodes (`spline.ts`), clamped onto the node
 * rectangle outside it.
 */
import { BicubicSpline } from "./spline.js";

/** The wind model's parameters (already validated). */
export interface WindParameters {
  /** `[x0, x1, y0, y1]` in metres. */
  readonly region: readonly [number, number, number, number];
  /** Node counts along x and y (each >= 4). */
  readonly nx: number;
  readonly ny: number;
  /** Mean wind `(u_av, v_av)`, m/s. */
  readonly uAv: number;
  readonly vAv: number;
  /** Diffusivities (m²/s): a number, or one value per real node as `[i][j]` (nx rows of ny). */
  readonly kx: number | readonly (readonly number[])[];
  readonly ky: number | readonly (readonly number[])[];
  /** Noise gain G, damping ratio ζ, bandwidth ω (rad/s). */
  readonly noiseGain: number;
  readonly noiseDamping: number;
  readonly noiseBandwidth: number;
  /** Farrell et al.'s original noise update instead of the default Euler–Maruyama form. */
  readonly originalNoiseUpdates: boolean;
}

/** Where the 8 corner-noise inputs of a step come from: the generator's `standardNormal`, or given values. */
export interface NormalSource {
  standardNormal(): number;
}

export class WindModel {
  readonly params: WindParameters;
  readonly nx: number;
  readonly ny: number;
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
  readonly dx: number;
  readonly dy: number;
  /** Padded fields, `(nx + 2) x (ny + 2)`, index `I * (ny + 2) + J`. */
  readonly u: Float64Array;
  readonly v: Float64Array;
  /** Noise state: values `a` and rates `b` of the 8 channels (u at c00, c10, c01, c11, then v). */
  readonly noiseA = new Float64Array(8);
  readonly noiseB = new Float64Array(8);
  readonly splineU: BicubicSpline;
  readonly splineV: BicubicSpline;
  readonly #kx: Float64Array;
  readonly #ky: Float64Array;
  readonly #u0: Float64Array;
  readonly #v0: Float64Array;
  /** True when the nodes changed since the interpolants were last fitted (fitting is lazy). */
  #dirty = true;

  constructor(params: WindParameters) {
    this.params = params;
    const [x0, x1, y0, y1] = params.region;
    this.nx = params.nx;
    this.ny = params.ny;
    this.x0 = x0;
    this.x1 = x1;
    this.y0 = y0;
    this.y1 = y1;
    this.dx = (x1 - x0) / (params.nx - 1);
    this.dy = (y1 - y0) / (params.ny - 1);
    const size = (params.nx + 2) * (params.ny + 2);
    this.u = new Float64Array(size);
    this.v = new Float64Array(size);
    this.#u0 = new Float64Array(size);
    this.#v0 = new Float64Array(size);
    this.#kx = perNode(params.kx, params.nx, params.ny);
    this.#ky = perNode(params.ky, params.nx, params.ny);
    this.splineU = new BicubicSpline(params.nx, params.ny, this.dx, this.dy);
    this.splineV = new BicubicSpline(params.nx, params.ny, this.dx, this.dy);
    this.restart();
  }

  /** Back to the initial state: every node at the mean wind, noise at rest (the interpolant rebuilt). */
  restart(): void {
    this.u.fill(this.params.uAv);
    this.v.fill(this.params.vAv);
    this.noiseA.fill(0);
    this.noiseB.fill(0);
    this.#dirty = true;
  }

  /** Copies another model's state (same parameters) into this one. */
  copyFrom(other: WindModel): void {
    this.u.set(other.u);
    this.v.set(other.v);
    this.noiseA.set(other.noiseA);
    this.noiseB.set(other.noiseB);
    other.ensureFitted();
    this.splineU.coef.set(other.splineU.coef);
    this.splineV.coef.set(other.splineV.coef);
    this.#dirty = false;
  }

  /**
   * One wind step of `dt`: 8 normals from `normals` (channel order), ghost ring, interior Euler step, refit.
   * `modelDt` (default `dt`) is the model's own time step: a coarser warm-up step (`dt > modelDt`) scales the
   * original noise form's kick so that its variance per second is the model's (the default form needs nothing).
   */
  step(dt: number, normals: NormalSource, modelDt: number = dt): void {
    const p = this.params;
    const w = p.noiseBandwidth;
    const zeta = p.noiseDamping;
    const a = this.noiseA;
    const b = this.noiseB;
    const w2 = w * w;
    const gw2 = p.noiseGain * w2;
    const sqrtDt = Math.sqrt(dt);
    // Original form: the kick is dt·G·ω²·n at the model's dt; at a coarser step √(dt·modelDt)·G·ω²·n.
    const kick = dt === modelDt ? dt : Math.sqrt(dt * modelDt);
    for (let c = 0; c < 8; c++) {
      const n = normals.standardNormal();
      const a0 = a[c] as number;
      const b0 = b[c] as number;
      a[c] = a0 + dt * b0;
      b[c] = p.originalNoiseUpdates
        ? dt === modelDt
          ? b0 + dt * (-w2 * a0 - 2 * zeta * w * b0 + gw2 * n)
          : b0 + dt * (-w2 * a0 - 2 * zeta * w * b0) + kick * gw2 * n
        : b0 + dt * (-w2 * a0 - 2 * zeta * w * b0) + sqrtDt * gw2 * n;
    }
    this.#ghostRing(this.u, p.uAv, a[0] as number, a[1] as number, a[2] as number, a[3] as number);
    this.#ghostRing(this.v, p.vAv, a[4] as number, a[5] as number, a[6] as number, a[7] as number);
    this.#interior(dt);
    this.#dirty = true;
  }

  /** Fits the interpolants to the current nodes if they changed (before reading `splineU/V.coef` directly). */
  ensureFitted(): void {
    if (this.#dirty) this.refit();
  }

  /** Rebuilds the interpolants from the real nodes. */
  refit(): void {
    this.#dirty = false;
    const stride = this.ny + 2;
    this.splineU.fit(this.u, stride + 1, stride, 1);
    this.splineV.fit(this.v, stride + 1, stride, 1);
  }

  #ghostRing(f: Float64Array, mean: number, n00: number, n10: number, n01: number, n11: number): void {
    const nxp = this.nx + 1;
    const nyp = this.ny + 1;
    const stride = this.ny + 2;
    const c00 = mean + n00;
    const c10 = mean + n10;
    const c01 = mean + n01;
    const c11 = mean + n11;
    // y rows first, x columns last (the x-column values win at the ghost corners, as in pompy).
    for (let I = 0; I <= nxp; I++) {
      const t = I / nxp;
      f[I * stride] = c00 + t * (c10 - c00);
      f[I * stride + nyp] = c01 + t * (c11 - c01);
    }
    for (let J = 0; J <= nyp; J++) {
      const s = J / nyp;
      f[J] = c00 + s * (c01 - c00);
      f[nxp * stride + J] = c10 + s * (c11 - c10);
    }
  }

  #interior(dt: number): void {
    const { nx, ny, dx, dy } = this;
    const stride = ny + 2;
    const u0 = this.#u0;
    const v0 = this.#v0;
    u0.set(this.u);
    v0.set(this.v);
    const u = this.u;
    const v = this.v;
    const kx = this.#kx;
    const ky = this.#ky;
    const kxScalar = kx.length === 1;
    const kyScalar = ky.length === 1;
    const i2dx = 1 / (2 * dx);
    const i2dy = 1 / (2 * dy);
    const idx2 = 1 / (dx * dx);
    const idy2 = 1 / (dy * dy);
    for (let I = 1; I <= nx; I++) {
      for (let J = 1; J <= ny; J++) {
        const k = I * stride + J;
        const kxv = kxScalar ? (kx[0] as number) : (kx[(I - 1) * ny + J - 1] as number);
        const kyv = kyScalar ? (ky[0] as number) : (ky[(I - 1) * ny + J - 1] as number);
        const uc = u0[k] as number;
        const vc = v0[k] as number;
        const ue = u0[k + stride] as number;
        const uw = u0[k - stride] as number;
        const un = u0[k + 1] as number;
        const us = u0[k - 1] as number;
        const ve = v0[k + stride] as number;
        const vw = v0[k - stride] as number;
        const vn = v0[k + 1] as number;
        const vs = v0[k - 1] as number;
        const du =
          -uc * (ue - uw) * i2dx - vc * (un - us) * i2dy + 0.5 * kxv * (ue - 2 * uc + uw) * idx2 + 0.5 * kyv * (un - 2 * uc + us) * idy2;
        const dv =
          -uc * (ve - vw) * i2dx - vc * (vn - vs) * i2dy + 0.5 * kxv * (ve - 2 * vc + vw) * idx2 + 0.5 * kyv * (vn - 2 * vc + vs) * idy2;
        u[k] = uc + dt * du;
        v[k] = vc + dt * dv;
      }
    }
  }

  /** The spline velocity at `(x, y)` (clamped onto the node rectangle), written to `out[0..1]`. */
  velocityInto(x: number, y: number, out: Float64Array | number[]): void {
    this.ensureFitted();
    const cell = this.#cell(x, y);
    out[0] = evalCell(this.splineU.coef, cell.offset, cell.tx, cell.ty);
    out[1] = evalCell(this.splineV.coef, cell.offset, cell.tx, cell.ty);
  }

  #cell(x: number, y: number): { offset: number; tx: number; ty: number } {
    const xc = x < this.x0 ? this.x0 : x > this.x1 ? this.x1 : x;
    const yc = y < this.y0 ? this.y0 : y > this.y1 ? this.y1 : y;
    let i = Math.floor((xc - this.x0) / this.dx);
    if (i > this.nx - 2) i = this.nx - 2;
    let j = Math.floor((yc - this.y0) / this.dy);
    if (j > this.ny - 2) j = this.ny - 2;
    return { offset: (i * (this.ny - 1) + j) * 16, tx: xc - (this.x0 + i * this.dx), ty: yc - (this.y0 + j * this.dy) };
  }
}

/** Evaluates the bicubic at local offsets `(tx, ty)` from 16 coefficients at `o` (`tx^a ty^b` at `a * 4 + b`). */
export function evalCell(c: Float64Array, o: number, tx: number, ty: number): number {
  const r0 = (c[o] as number) + ty * ((c[o + 1] as number) + ty * ((c[o + 2] as number) + ty * (c[o + 3] as number)));
  const r1 = (c[o + 4] as number) + ty * ((c[o + 5] as number) + ty * ((c[o + 6] as number) + ty * (c[o + 7] as number)));
  const r2 = (c[o + 8] as number) + ty * ((c[o + 9] as number) + ty * ((c[o + 10] as number) + ty * (c[o + 11] as number)));
  const r3 = (c[o + 12] as number) + ty * ((c[o + 13] as number) + ty * ((c[o + 14] as number) + ty * (c[o + 15] as number)));
  return r0 + tx * (r1 + tx * (r2 + tx * r3));
}

function perNode(k: number | readonly (readonly number[])[], nx: number, ny: number): Float64Array {
  if (typeof k === "number") return Float64Array.of(k);
  const out = new Float64Array(nx * ny);
  for (let i = 0; i < nx; i++) for (let j = 0; j < ny; j++) out[i * ny + j] = (k[i] as readonly number[])[j] as number;
  return out;
}
