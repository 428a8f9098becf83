/**
 * `TurbulentSimulation`: the wind model and the puff model stepped together (doc §3, §5): one step of `dt` is a
 * wind step, then a puff step (Poisson release at the source, advection by the interpolated wind plus white-noise
 * relative dispersion, growth, removal outside the plume region). Puffs live in typed arrays (structure of
 * arrays); removal compacts them in place, keeping the list order (older first).
 *
 * Randomness: two generators spawned from the seed's `SeedSequence` (`@plume/spaces`): one drives the wind's
 * corner noise, the other the puffs (release counts and dispersion draws). pompy draws both from one stream,
 * interleaved; splitting them makes the wind a function of the seed alone, so a wind-only simulation
 * (`TurbulentWind`) reproduces exactly the wind that moves the puffs. Reading concentrations draws nothing.
 */
import { Generator } from "@plume/spaces";
import { poisson } from "./poisson.js";
import { evalCell, WindModel, type NormalSource, type WindParameters } from "./wind-model.js";

/** The puff model's parameters (already validated). */
export interface PuffParameters {
  /** `[x0, x1, y0, y1]` of the plume region (puffs outside are removed). */
  readonly region: readonly [number, number, number, number];
  /** Source `(x, y, z)`. */
  readonly source: readonly [number, number, number];
  /** Vertical dispersion (z moves) or not. */
  readonly zDispersion: boolean;
  /** Relative-dispersion scale σ per axis `(x, y, z)`. */
  readonly sigma: readonly [number, number, number];
  /** Initial radius R0 (m), spread rate γ (m²/s), release rate λ (puffs/s). */
  readonly initialRadius: number;
  readonly spreadRate: number;
  readonly releaseRate: number;
  /** Puffs at time 0, and the cap. */
  readonly initialPuffs: number;
  readonly maxPuffs: number;
}

/** Everything a simulation needs. */
export interface SimulationParameters {
  readonly dt: number;
  readonly wind: WindParameters;
  readonly puffs: PuffParameters;
  /** Simulate the puffs (false: wind only, for `TurbulentWind`). Default true. */
  readonly withPuffs?: boolean;
}

/** Exit sides, in the order a puff outside two sides is attributed (doc fixtures README). */
export const EXIT_SIDES = Object.freeze(["x_min", "x_max", "y_min", "y_max"] as const);

/** Bookkeeping since the last `seed`: releases, removals by side and their total age, capped steps. */
export interface SimulationCounters {
  released: number;
  removed: number;
  capHits: number;
  readonly removedBySide: Float64Array;
  readonly exitAgeSum: Float64Array;
}

/** Optional log of every removal (side index into `EXIT_SIDES`, age in seconds), for statistics. */
export interface ExitLog {
  readonly side: number[];
  readonly age: number[];
}

const INITIAL_CAPACITY = 1024;

/** A generator-state snapshot of a simulation, to return to (see `TurbulentSimulation.snapshot`). */
export interface SimulationSnapshot {
  readonly step: number;
  readonly wind: WindModel;
  readonly windRng: Generator;
  readonly puffRng: Generator;
  readonly n: number;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  readonly s: Float64Array;
  readonly age: Float64Array;
}

export class TurbulentSimulation {
  readonly params: SimulationParameters;
  readonly dt: number;
  readonly wind: WindModel;
  readonly withPuffs: boolean;
  /** Number of model steps since the last `seed` (warm-up steps count as the model steps they stand for). */
  stepIndex = 0;
  /** Increments whenever the state changes (concentration caches key on it). */
  version = 0;
  /** Puff count and arrays (only `[0, n)` is meaningful). */
  n = 0;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  s: Float64Array;
  /** Age of each puff in seconds. */
  age: Float64Array;
  readonly counters: SimulationCounters = {
    released: 0,
    removed: 0,
    capHits: 0,
    removedBySide: new Float64Array(4),
    exitAgeSum: new Float64Array(4),
  };
  exitLog: ExitLog | undefined = undefined;
  #windRng: Generator;
  #puffRng: Generator;
  readonly #vel = new Float64Array(2);
  /** Scratch for one step's dispersion normals. */
  #normals = new Float64Array(0);

  constructor(params: SimulationParameters, seed = 0) {
    this.params = params;
    this.dt = params.dt;
    this.withPuffs = params.withPuffs ?? true;
    this.wind = new WindModel(params.wind);
    const cap = this.withPuffs ? Math.min(Math.max(INITIAL_CAPACITY, params.puffs.initialPuffs), Math.max(params.puffs.maxPuffs, params.puffs.initialPuffs)) : 0;
    this.x = new Float64Array(cap);
    this.y = new Float64Array(cap);
    this.z = new Float64Array(cap);
    this.s = new Float64Array(cap);
    this.age = new Float64Array(cap);
    [this.#windRng, this.#puffRng] = streams(seed);
    this.seed(seed);
  }

  /** Restarts at time 0 with fresh generators for `seed`: wind at the mean, `initialPuffs` puffs at the source. */
  seed(seed: number): void {
    [this.#windRng, this.#puffRng] = streams(seed);
    this.wind.restart();
    this.stepIndex = 0;
    this.version++;
    const c = this.counters;
    c.released = 0;
    c.removed = 0;
    c.capHits = 0;
    c.removedBySide.fill(0);
    c.exitAgeSum.fill(0);
    this.n = 0;
    if (this.withPuffs) {
      const p = this.params.puffs;
      this.#ensureCapacity(p.initialPuffs);
      for (let i = 0; i < p.initialPuffs; i++) this.#append(0);
    }
  }

  /** The wind's normal source (for tests driving the wind with given inputs, use `wind.step` directly). */
  get windNormals(): NormalSource {
    return this.#windRng;
  }

  /** One model step of `dt`: wind, then puffs. */
  step(): void {
    this.wind.step(this.dt, this.#windRng);
    if (this.withPuffs) this.#puffStep(this.dt);
    this.stepIndex++;
    this.version++;
  }

  /** `count` model steps. */
  run(count: number): void {
    for (let k = 0; k < count; k++) this.step();
  }

  /**
   * Warm-up: `seconds` of simulated time in coarse steps of `coarseDt` (>= dt), standing for
   * `round(seconds / dt)` model steps. A coarse step keeps the model's rates per second: release
   * Poisson(λ·coarseDt), growth γ·coarseDt, relative-dispersion variance σ²·dt per second (a kick of
   * σ·√(dt·coarseDt) per coarse step), the wind's noise variance per second. With `coarseDt = dt` it is `run`.
   */
  warmUp(seconds: number, coarseDt: number): void {
    const total = Math.round(seconds / this.dt);
    if (coarseDt <= this.dt) {
      this.run(total);
      return;
    }
    const ratio = Math.max(1, Math.round(coarseDt / this.dt));
    const coarse = ratio * this.dt;
    let done = 0;
    while (done + ratio <= total) {
      this.wind.step(coarse, this.#windRng, this.dt);
      if (this.withPuffs) this.#puffStep(coarse);
      done += ratio;
      this.stepIndex += ratio;
      this.version++;
    }
    this.run(total - done);
  }

  #ensureCapacity(n: number): void {
    if (n <= this.x.length) return;
    const cap = Math.max(n, this.x.length * 2);
    const grow = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.x = grow(this.x);
    this.y = grow(this.y);
    this.z = grow(this.z);
    this.s = grow(this.s);
    this.age = grow(this.age);
  }

  #append(age: number): void {
    const p = this.params.puffs;
    const i = this.n++;
    this.x[i] = p.source[0];
    this.y[i] = p.source[1];
    this.z[i] = p.source[2];
    this.s[i] = p.initialRadius * p.initialRadius;
    this.age[i] = age;
  }

  /**
   * One puff step of `h`. The dispersion normals (3 per puff in list order, x, y, z; 2 without vertical
   * dispersion) are drawn in one bulk call after the release draw — the same stream as one call per normal —
   * unless `given` supplies them (and the release count `givenCount`).
   */
  #puffStep(h: number, given?: Float64Array, givenCount?: number): void {
    const p = this.params.puffs;
    const c = this.counters;
    // 1. Release (no draw at the cap).
    if (this.n < p.maxPuffs) {
      let k = givenCount ?? poisson(this.#puffRng, p.releaseRate * h);
      if (k > p.maxPuffs - this.n) k = p.maxPuffs - this.n;
      this.#ensureCapacity(this.n + k);
      for (let i = 0; i < k; i++) this.#append(0);
      c.released += k;
    } else {
      c.capHits++;
    }
    // 2. Move, grow, remove, in list order.
    const n = this.n;
    if (n === 0) return;
    const { x, y, z, s, age } = this;
    const wind = this.wind;
    wind.ensureFitted();
    const cu = wind.splineU.coef;
    const cv = wind.splineV.coef;
    const wx0 = wind.x0;
    const wx1 = wind.x1;
    const wy0 = wind.y0;
    const wy1 = wind.y1;
    const wdx = wind.dx;
    const wdy = wind.dy;
    const maxI = wind.nx - 2;
    const maxJ = wind.ny - 2;
    const cy = wind.ny - 1;
    // Per-step dispersion kick: σ·dt at the model's dt (pompy), σ·√(dt·h) for a coarse warm-up step.
    const fine = h === this.dt;
    const kick = fine ? h : Math.sqrt(this.dt * h);
    const [sigmaX, sigmaY, sigmaZ] = p.sigma;
    const sx = sigmaX * kick;
    const sy = sigmaY * kick;
    const sz = sigmaZ * kick;
    const zDisp = p.zDispersion;
    const grow = p.spreadRate * h;
    const [px0, px1, py0, py1] = p.region;
    const log = this.exitLog;
    const per = zDisp ? 3 : 2;
    let normals: Float64Array;
    if (given !== undefined) {
      normals = given;
    } else {
      if (this.#normals.length < per * n) this.#normals = new Float64Array(Math.max(per * n, 2 * this.#normals.length));
      normals = this.#puffRng.standardNormalFill(this.#normals, 0, per * n);
    }
    let w = 0;
    for (let i = 0; i < n; i++) {
      const xi = x[i] as number;
      const yi = y[i] as number;
      // Wind at the puff (bicubic cell of the clamped position).
      const xc = xi < wx0 ? wx0 : xi > wx1 ? wx1 : xi;
      const yc = yi < wy0 ? wy0 : yi > wy1 ? wy1 : yi;
      let ci = Math.floor((xc - wx0) / wdx);
      if (ci > maxI) ci = maxI;
      let cj = Math.floor((yc - wy0) / wdy);
      if (cj > maxJ) cj = maxJ;
      const o = (ci * cy + cj) * 16;
      const tx = xc - (wx0 + ci * wdx);
      const ty = yc - (wy0 + cj * wdy);
      const uw = evalCell(cu, o, tx, ty);
      const vw = evalCell(cv, o, tx, ty);
      const nx = normals[per * i] as number;
      const ny = normals[per * i + 1] as number;
      let X: number;
      let Y: number;
      if (fine) {
        X = xi + (uw + sigmaX * nx) * h;
        Y = yi + (vw + sigmaY * ny) * h;
      } else {
        X = xi + uw * h + sx * nx;
        Y = yi + vw * h + sy * ny;
      }
      let Z = z[i] as number;
      if (zDisp) {
        const nz = normals[per * i + 2] as number;
        Z = fine ? Z + sigmaZ * nz * h : Z + sz * nz;
      }
      const S = (s[i] as number) + grow;
      const A = (age[i] as number) + h;
      if (X >= px0 && X <= px1 && Y >= py0 && Y <= py1) {
        x[w] = X;
        y[w] = Y;
        z[w] = Z;
        s[w] = S;
        age[w] = A;
        w++;
      } else {
        const side = X < px0 ? 0 : X > px1 ? 1 : Y < py0 ? 2 : 3;
        c.removed++;
        c.removedBySide[side] = (c.removedBySide[side] as number) + 1;
        c.exitAgeSum[side] = (c.exitAgeSum[side] as number) + A;
        if (log !== undefined) {
          log.side.push(side);
          log.age.push(A);
        }
      }
    }
    this.n = w;
  }

  /** The spline wind velocity at `(x, y)` (clamped onto the node rectangle) as `[u, v]`. */
  windAt(x: number, y: number): [number, number] {
    this.wind.velocityInto(x, y, this.#vel);
    return [this.#vel[0] as number, this.#vel[1] as number];
  }

  /** Copies the whole state (puffs, wind, generators, step) to return to it with `restore`. */
  snapshot(): SimulationSnapshot {
    const wind = new WindModel(this.params.wind);
    wind.copyFrom(this.wind);
    const n = this.n;
    return {
      step: this.stepIndex,
      wind,
      windRng: this.#windRng.clone(),
      puffRng: this.#puffRng.clone(),
      n,
      x: this.x.slice(0, n),
      y: this.y.slice(0, n),
      z: this.z.slice(0, n),
      s: this.s.slice(0, n),
      age: this.age.slice(0, n),
    };
  }

  /** Returns to a snapshot taken from this simulation (the snapshot stays usable). Counters are not restored. */
  restore(snap: SimulationSnapshot): void {
    this.wind.copyFrom(snap.wind);
    this.#windRng = snap.windRng.clone();
    this.#puffRng = snap.puffRng.clone();
    this.n = 0;
    this.#ensureCapacity(snap.n);
    this.x.set(snap.x);
    this.y.set(snap.y);
    this.z.set(snap.z);
    this.s.set(snap.s);
    this.age.set(snap.age);
    this.n = snap.n;
    this.stepIndex = snap.step;
    this.version++;
  }

  /** Replaces the puff list (tests and component checks): rows `[x, y, z, s]`, ages 0. */
  setPuffs(rows: readonly (readonly number[])[]): void {
    this.n = 0;
    this.#ensureCapacity(rows.length);
    rows.forEach((r, i) => {
      this.x[i] = r[0] as number;
      this.y[i] = r[1] as number;
      this.z[i] = r[2] as number;
      this.s[i] = r[3] as number;
      this.age[i] = 0;
    });
    this.n = rows.length;
    this.version++;
  }

  /**
   * One puff step with given draws (component checks): `k` releases (capped as usual; nothing is released at
   * the cap), then the normals `normals[i]` (`[x, y, z]`, or `[x, y]` without vertical dispersion) for puff `i`.
   */
  puffStepWith(k: number, normals: readonly (readonly number[])[]): void {
    const per = this.params.puffs.zDispersion ? 3 : 2;
    const flat = new Float64Array(normals.length * per);
    normals.forEach((row, i) => {
      for (let a = 0; a < per; a++) flat[i * per + a] = row[a] as number;
    });
    this.#puffStep(this.dt, flat, k);
    this.version++;
  }
}

function streams(seed: number): [Generator, Generator] {
  const [wind, puffs] = Generator.fromSeed(seed).spawn(2) as [Generator, Generator];
  return [wind, puffs];
}
