/**
 * The statistics protocol of `../shared/fixtures/turbulent-plume/README.md`, run on Plume's simulation: per seed,
 * spin-up, then a window with the puff count after every step and a frame every `frame_every` steps (puff list,
 * pixel array, exact point concentrations, wind velocities, corner noise). Everything is derived from the
 * fixture's own `config`, so another configuration (a held-back one) runs the same code.
 */
import { exactConcentration, pixelArray } from "../src/concentration.js";
import { TurbulentSimulation } from "../src/simulation.js";
import { parametersOf, type FixtureConfig } from "./helpers.js";

/** The protocol fields of a statistics fixture's `config`. */
export interface ProtocolConfig extends FixtureConfig {
  array: { z: number; n_x: number; n_y: number; puff_mol_amount: number; kernel_rad_mult: number; block: [number, number] };
  spin_steps: number;
  window_steps: number;
  frame_every: number;
  xbin: number;
  age_bin_s: number;
  n_age_bins: number;
  cell: number;
  points: [number, number][];
  thresholds: number[];
  area_threshold: number;
  wind_points: [number, number][];
  acf_lags_s: number[];
}

/** A nested record of numbers / arrays / nulls, shaped like the fixture's per-seed entries. */
export type Stat = number | null | Stat[] | { [key: string]: Stat };

const mean = (a: readonly number[]) => a.reduce((s, v) => s + v, 0) / a.length;
const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

/** One seed's statistics (keys as in the fixture's `per_seed`). */
export function runSeed(config: ProtocolConfig, seed: number, overrides: { maxPuffs?: number; releaseRate?: number } = {}): Record<string, Stat> {
  const params = parametersOf(config, overrides);
  const sim = new TurbulentSimulation(params, seed);
  const dt = config.dt;
  sim.run(config.spin_steps);

  const c0 = { released: sim.counters.released, removed: sim.counters.removed, capHits: sim.counters.capHits };
  const log = { side: [] as number[], age: [] as number[] };
  sim.exitLog = log;

  const [px0, px1, py0, py1] = params.puffs.region;
  const arr = config.array;
  const pixel = { region: params.puffs.region, nx: arr.n_x, ny: arr.n_y, z: arr.z, amount: arr.puff_mol_amount, kernelRadius: arr.kernel_rad_mult };
  const pdx = (px1 - px0) / arr.n_x;
  const pdy = (py1 - py0) / arr.n_y;
  const nXbins = Math.ceil((px1 - px0) / config.xbin - 1e-9);
  const nAge = config.n_age_bins;
  const nCx = Math.ceil((px1 - px0) / config.cell - 1e-9);
  const nCy = Math.ceil((py1 - py0) / config.cell - 1e-9);
  const frame = new Float64Array(arr.n_x * arr.n_y);
  const frameSum = new Float64Array(arr.n_x * arr.n_y);

  // Accumulators.
  let countSum = 0;
  let countSq = 0;
  let countMin = Infinity;
  let countMax = -Infinity;
  const noiseSum = new Float64Array(8);
  const noiseSq = new Float64Array(8);
  const noiseAtFrames: number[][] = Array.from({ length: 8 }, () => []);
  const xb = { n: new Float64Array(nXbins), y: new Float64Array(nXbins), y2: new Float64Array(nXbins), r: new Float64Array(nXbins), z2: new Float64Array(nXbins), plane: new Float64Array(nXbins) };
  const ab = { n: new Float64Array(nAge), x: new Float64Array(nAge), y: new Float64Array(nAge), y2: new Float64Array(nAge), z2: new Float64Array(nAge) };
  const occ = new Float64Array(nCx * nCy);
  const frameMax: number[] = [];
  const areaFrac: number[] = [];
  const massRatio: number[] = [];
  const pts = config.points.map(() => ({ sum: 0, sq: 0 }));
  const over = config.thresholds.map(() => config.points.map(() => 0));
  const wind = config.wind_points.map(() => ({ u: [] as number[], v: [] as number[] }));
  let frames = 0;
  const K = arr.kernel_rad_mult;

  for (let step = 1; step <= config.window_steps; step++) {
    sim.step();
    const n = sim.n;
    countSum += n;
    countSq += n * n;
    if (n < countMin) countMin = n;
    if (n > countMax) countMax = n;
    for (let ch = 0; ch < 8; ch++) {
      const a = sim.wind.noiseA[ch] as number;
      noiseSum[ch] = (noiseSum[ch] as number) + a;
      noiseSq[ch] = (noiseSq[ch] as number) + a * a;
    }
    if (step % config.frame_every !== 0) continue;
    frames++;
    for (let ch = 0; ch < 8; ch++) (noiseAtFrames[ch] as number[]).push(sim.wind.noiseA[ch] as number);
    let plane = 0;
    for (let i = 0; i < n; i++) {
      const x = sim.x[i] as number;
      const y = sim.y[i] as number;
      const z = sim.z[i] as number;
      const s = sim.s[i] as number;
      const r = Math.sqrt(s);
      const age = sim.age[i] as number;
      const b = Math.min(nXbins - 1, Math.max(0, Math.floor((x - px0) / config.xbin)));
      xb.n[b]++;
      xb.y[b] += y;
      xb.y2[b] += y * y;
      xb.r[b] += r;
      xb.z2[b] += z * z;
      if (Math.abs(arr.z - z) / r <= K) xb.plane[b]++;
      const a = Math.min(nAge - 1, Math.floor(age / config.age_bin_s + 1e-9));
      ab.n[a]++;
      ab.x[a] += x;
      ab.y[a] += y;
      ab.y2[a] += y * y;
      ab.z2[a] += z * z;
      const ci = Math.min(nCx - 1, Math.max(0, Math.floor((x - px0) / config.cell)));
      const cj = Math.min(nCy - 1, Math.max(0, Math.floor((y - py0) / config.cell)));
      occ[ci * nCy + cj]++;
      if (x >= px0 && x <= px1 && y >= py0 && y <= py1) plane += (arr.puff_mol_amount * Math.exp(-((arr.z - z) ** 2) / (2 * s))) / (Math.sqrt(2 * Math.PI) * r);
    }
    pixelArray(sim, pixel, frame);
    let max = 0;
    let above = 0;
    let total = 0;
    for (let k = 0; k < frame.length; k++) {
      const v = frame[k] as number;
      frameSum[k] = (frameSum[k] as number) + v;
      if (v > max) max = v;
      if (v > config.area_threshold) above++;
      total += v;
    }
    frameMax.push(max);
    areaFrac.push(above / frame.length);
    if (plane > 0) massRatio.push((total * pdx * pdy) / plane);
    config.points.forEach(([x, y], k) => {
      const c = exactConcentration(sim, x, y, arr.z, arr.puff_mol_amount);
      (pts[k] as { sum: number; sq: number }).sum += c;
      (pts[k] as { sum: number; sq: number }).sq += c * c;
      config.thresholds.forEach((t, ti) => {
        if (c > t) (over[ti] as number[])[k]++;
      });
    });
    config.wind_points.forEach(([x, y], k) => {
      const [u, v] = sim.windAt(x, y);
      (wind[k] as { u: number[] }).u.push(u);
      (wind[k] as { v: number[] }).v.push(v);
    });
  }

  const W = config.window_steps;
  const seconds = W * dt;
  const removed = sim.counters.removed - c0.removed;
  const bySide = [0, 1, 2, 3].map((s) => log.side.filter((v) => v === s).length);
  const xmaxAges = log.age.filter((_, i) => log.side[i] === 1).sort((a, b) => a - b);
  const median = (a: number[]) => (a.length === 0 ? null : a.length % 2 === 1 ? (a[(a.length - 1) / 2] as number) : ((a[a.length / 2 - 1] as number) + (a[a.length / 2] as number)) / 2);
  const sd = (values: readonly number[]) => {
    const m = mean(values);
    return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / values.length);
  };
  const pooledSd = (n: number, s: number, s2: number) => (n === 0 ? null : Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2)));

  // Noise: per channel mean / SD over steps, and autocorrelation at frame lags, averaged over channels.
  const chMean = [...noiseSum].map((s) => s / W);
  const chSd = [...noiseSq].map((s2, ch) => Math.sqrt(Math.max(0, s2 / W - (chMean[ch] as number) ** 2)));
  const frameDt = config.frame_every * dt;
  const acf = config.acf_lags_s.map((lagS) => {
    const lag = Math.round(lagS / frameDt);
    return mean(
      noiseAtFrames.map((series) => {
        const m = mean(series);
        const variance = mean(series.map((v) => (v - m) ** 2));
        let prod = 0;
        for (let t = 0; t + lag < series.length; t++) prod += ((series[t] as number) - m) * ((series[t + lag] as number) - m);
        return prod / (series.length - lag) / variance;
      }),
    );
  });

  // Frame-mean pixel array: blocks and slab profiles.
  const meanArr = frameSum.map((v) => v / frames);
  const [bw, bh] = arr.block;
  const nbx = Math.floor(arr.n_x / bw);
  const nby = Math.floor(arr.n_y / bh);
  const blocks: number[][] = [];
  for (let bi = 0; bi < nbx; bi++) {
    const row: number[] = [];
    for (let bj = 0; bj < nby; bj++) {
      let s = 0;
      for (let i = bi * bw; i < (bi + 1) * bw; i++) for (let j = bj * bh; j < (bj + 1) * bh; j++) s += meanArr[j * arr.n_x + i] as number;
      row.push(s / (bw * bh));
    }
    blocks.push(row);
  }
  const slabCols = Math.round(config.xbin / pdx);
  const slabMean: (number | null)[] = [];
  const centroid: (number | null)[] = [];
  const width: (number | null)[] = [];
  for (let b = 0; b < nXbins; b++) {
    const cj = new Float64Array(arr.n_y);
    let total = 0;
    let cols = 0;
    for (let i = b * slabCols; i < Math.min(arr.n_x, (b + 1) * slabCols); i++) {
      cols++;
      for (let j = 0; j < arr.n_y; j++) {
        const v = meanArr[j * arr.n_x + i] as number;
        cj[j] = (cj[j] as number) + v;
        total += v;
      }
    }
    slabMean.push(total / (cols * arr.n_y));
    let w = 0;
    let wy = 0;
    for (let j = 0; j < arr.n_y; j++) {
      const y = py0 + (j + 0.5) * pdy;
      w += cj[j] as number;
      wy += (cj[j] as number) * y;
    }
    const cen = w > 0 ? wy / w : null;
    centroid.push(cen);
    if (cen === null) width.push(null);
    else {
      let m2 = 0;
      for (let j = 0; j < arr.n_y; j++) m2 += (cj[j] as number) * (py0 + (j + 0.5) * pdy - cen) ** 2;
      width.push(Math.sqrt(m2 / w));
    }
  }

  const perFrame = (v: number) => v / frames;
  return {
    puff_count_mean: countSum / W,
    puff_count_sd: Math.sqrt(Math.max(0, countSq / W - (countSum / W) ** 2)),
    puff_count_min: countMin,
    puff_count_max: countMax,
    cap_hit_fraction: (sim.counters.capHits - c0.capHits) / W,
    released_per_s: (sim.counters.released - c0.released) / seconds,
    removed_per_s: removed / seconds,
    exit_fraction: { x_min: ratio(bySide[0] as number, removed), x_max: ratio(bySide[1] as number, removed), y_min: ratio(bySide[2] as number, removed), y_max: ratio(bySide[3] as number, removed) },
    exit_age_mean_s: log.age.length === 0 ? null : mean(log.age),
    exit_age_xmax_mean_s: xmaxAges.length === 0 ? null : mean(xmaxAges),
    exit_age_xmax_median_s: median(xmaxAges),
    xbin: {
      puffs_per_frame: [...xb.n].map(perFrame),
      y_mean: [...xb.n].map((n, b) => ratio(xb.y[b] as number, n)),
      y_sd: [...xb.n].map((n, b) => pooledSd(n, xb.y[b] as number, xb.y2[b] as number)),
      r_mean: [...xb.n].map((n, b) => ratio(xb.r[b] as number, n)),
      z_rms: [...xb.n].map((n, b) => (n === 0 ? null : Math.sqrt((xb.z2[b] as number) / n))),
      in_plane_fraction: [...xb.n].map((n, b) => ratio(xb.plane[b] as number, n)),
    },
    agebin: {
      puffs_per_frame: [...ab.n].map(perFrame),
      x_mean: [...ab.n].map((n, b) => ratio(ab.x[b] as number, n)),
      y_mean: [...ab.n].map((n, b) => ratio(ab.y[b] as number, n)),
      y_sd: [...ab.n].map((n, b) => pooledSd(n, ab.y[b] as number, ab.y2[b] as number)),
      z_rms: [...ab.n].map((n, b) => (n === 0 ? null : Math.sqrt((ab.z2[b] as number) / n))),
    },
    occupancy: Array.from({ length: nCx }, (_, i) => Array.from({ length: nCy }, (_, j) => perFrame(occ[i * nCy + j] as number))),
    conc_blocks: blocks,
    conc_profile: { slab_mean: slabMean, y_centroid: centroid, y_rms_width: width },
    frame_max_mean: mean(frameMax),
    frame_area_fraction_mean: mean(areaFrac),
    pixel_to_plane_mass_ratio_mean: massRatio.length === 0 ? null : mean(massRatio),
    pixel_to_plane_mass_ratio_median: median([...massRatio].sort((a, b) => a - b)),
    points: {
      mean: pts.map((p) => p.sum / frames),
      rms: pts.map((p) => Math.sqrt(p.sq / frames)),
      intermittency: over.map((row) => row.map((c) => c / frames)),
    },
    wind: {
      u_mean: wind.map((w) => mean(w.u)),
      v_mean: wind.map((w) => mean(w.v)),
      u_sd: wind.map((w) => sd(w.u)),
      v_sd: wind.map((w) => sd(w.v)),
    },
    noise: { output_mean: mean(chMean), output_sd: mean(chSd), acf },
  };
}

/** A fixture summary entry. */
export interface SummaryEntry {
  mean: Stat;
  se: Stat;
}

/** `{ mean, se }` over seeds of each statistic (same shape as one seed's). */
export function summarise(perSeed: readonly Stat[]): SummaryEntry {
  const walk = (values: readonly Stat[]): { mean: Stat; se: Stat } => {
    const first = values[0];
    if (Array.isArray(first)) {
      const parts = first.map((_, i) => walk(values.map((v) => (v as Stat[])[i] as Stat)));
      return { mean: parts.map((p) => p.mean), se: parts.map((p) => p.se) };
    }
    if (first !== null && typeof first === "object") {
      const mean: Record<string, Stat> = {};
      const se: Record<string, Stat> = {};
      for (const key of Object.keys(first)) {
        const p = walk(values.map((v) => (v as Record<string, Stat>)[key] as Stat));
        mean[key] = p.mean;
        se[key] = p.se;
      }
      return { mean, se };
    }
    const nums = values.filter((v): v is number => typeof v === "number");
    if (nums.length < 2) return { mean: nums.length === 1 ? (nums[0] as number) : null, se: null };
    const m = mean(nums);
    const variance = nums.reduce((s, v) => s + (v - m) ** 2, 0) / (nums.length - 1);
    return { mean: m, se: Math.sqrt(variance / nums.length) };
  };
  return walk(perSeed);
}
