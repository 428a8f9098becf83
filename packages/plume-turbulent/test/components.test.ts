/**
 * The deterministic parts against pompy's exact outputs (`../shared/fixtures/turbulent-plume/components.json`,
 * doc §9.8): the wind field after 1 and 500 steps driven by given corner noise (both noise forms), the spline
 * velocity at 10 points (two clamped), one puff step with given draws (one removal through x-high), the pixel
 * array of 12 hand-placed puffs and of a 640-puff snapshot, and exact point concentrations.
 */
import { describe, expect, it } from "vitest";
import { exactConcentration, pixelArray, PuffIndex } from "../src/concentration.js";
import { TurbulentSimulation } from "../src/simulation.js";
import { WindModel } from "../src/wind-model.js";
import { demoParameters, readFixture, type FixtureConfig } from "./helpers.js";

type FixtureWind = FixtureConfig["wind"];

/** A wind case of `components.json`: a wind configuration (pompy's names) and pompy's outputs. */
interface WindCase extends FixtureWind {
  dt: number;
  steps: number;
  after_step_1_padded: { u: number[][]; v: number[][] };
  after_500: { u_padded: number[][]; v_padded: number[][]; noise_state: number[][] };
  query_points: [number, number][];
  velocity_at_query: [number, number][];
}

const components = readFixture("components.json") as {
  wind: { normals: number[][]; cases: WindCase[] };
  plume_step: { puffs_in: number[][]; poisson: number; normals: number[][]; puffs_out: number[][] };
  conc_small: { puffs: number[][]; shape: [number, number]; sum: number; nonzero: [number, number, number][] };
  conc_snapshot: {
    puffs: number[][];
    sum: number;
    max: number;
    argmax: [number, number];
    n_nonzero: number;
    block_sums: number[][];
    sample_pixels: [number, number, number][];
    query_points: [number, number][];
    point_conc_z0: number[];
    point_conc_z001: number[];
  };
};

const close = (actual: number, expected: number, rel = 1e-12, abs = 1e-12) => {
  if (!(Math.abs(actual - expected) <= rel * Math.abs(expected) + abs)) {
    throw new Error(`${actual} differs from ${expected} by ${actual - expected}`);
  }
};

function windFrom(c: WindCase): WindModel {
  return new WindModel({
    region: c.region,
    nx: c.n_x,
    ny: c.n_y,
    uAv: c.u_av,
    vAv: c.v_av,
    kx: c.k_x,
    ky: c.k_y,
    noiseGain: c.noise_gain,
    noiseDamping: c.noise_damp,
    noiseBandwidth: c.noise_bandwidth,
    originalNoiseUpdates: c.use_original_noise_updates,
  });
}

function drive(model: WindModel, c: WindCase, normals: number[][], steps: number): void {
  for (let k = 0; k < steps; k++) {
    const row = normals[k] as number[];
    let i = 0;
    model.step(c.dt, { standardNormal: () => row[i++] as number });
  }
}

function comparePadded(model: WindModel, field: Float64Array, expected: number[][]) {
  const stride = model.ny + 2;
  expect(expected.length).toBe(model.nx + 2);
  expected.forEach((row, I) => row.forEach((value, J) => close(field[I * stride + J] as number, value, 1e-12, 1e-13)));
}

describe("wind model against pompy", () => {
  for (const [index, c] of components.wind.cases.entries()) {
    const label = c.use_original_noise_updates ? "original noise form" : "default (SDE) noise form";
    it(`case ${index} (${label}): padded fields after 1 and ${c.steps} steps, noise state, spline velocities`, () => {
      const model = windFrom(c);
      drive(model, c, components.wind.normals, 1);
      comparePadded(model, model.u, c.after_step_1_padded.u);
      comparePadded(model, model.v, c.after_step_1_padded.v);
      drive(model, c, components.wind.normals.slice(1), c.steps - 1);
      comparePadded(model, model.u, c.after_500.u_padded);
      comparePadded(model, model.v, c.after_500.v_padded);
      c.after_500.noise_state[0]?.forEach((value, ch) => close(model.noiseA[ch] as number, value, 1e-12, 1e-14));
      c.after_500.noise_state[1]?.forEach((value, ch) => close(model.noiseB[ch] as number, value, 1e-12, 1e-14));
      const out = new Float64Array(2);
      c.query_points.forEach(([x, y], k) => {
        model.velocityInto(x, y, out);
        const [u, v] = c.velocity_at_query[k] as [number, number];
        close(out[0] as number, u, 1e-11, 1e-13);
        close(out[1] as number, v, 1e-11, 1e-13);
      });
    });
  }
});

describe("puff step against pompy", () => {
  it("one step with given draws: two releases appended, one removal through x-high, positions/sizes exact", () => {
    const sim = new TurbulentSimulation(demoParameters(), 0);
    const c = components.wind.cases[0] as WindCase;
    drive(sim.wind, c, components.wind.normals, c.steps);
    sim.setPuffs(components.plume_step.puffs_in);
    sim.puffStepWith(components.plume_step.poisson, components.plume_step.normals);
    const out = components.plume_step.puffs_out;
    expect(sim.n).toBe(out.length);
    expect(sim.counters.removedBySide[1]).toBe(1);
    out.forEach((row, i) => {
      close(sim.x[i] as number, row[0] as number);
      close(sim.y[i] as number, row[1] as number);
      close(sim.z[i] as number, row[2] as number, 1e-12, 1e-14);
      close(sim.s[i] as number, row[3] as number);
    });
  });
});

const ARRAY = { region: [0, 100, -25, 25] as const, nx: 500, ny: 250, z: 0.01, amount: 1, kernelRadius: 3 };

const puffArrays = (rows: number[][]) => ({
  n: rows.length,
  x: Float64Array.from(rows, (r) => r[0] as number),
  y: Float64Array.from(rows, (r) => r[1] as number),
  z: Float64Array.from(rows, (r) => r[2] as number),
  s: Float64Array.from(rows, (r) => r[3] as number),
});

describe("pixel array (pompy's rule) against pompy", () => {
  it("12 hand-placed puffs: every non-zero pixel, and nothing else", () => {
    const C = pixelArray(puffArrays(components.conc_small.puffs), ARRAY);
    const expected = new Map(components.conc_small.nonzero.map(([i, j, v]) => [j * 500 + i, v]));
    let count = 0;
    for (let k = 0; k < C.length; k++) {
      const value = C[k] as number;
      if (value === 0) continue;
      count++;
      const want = expected.get(k);
      if (want === undefined) throw new Error(`pixel (i ${k % 500}, j ${Math.floor(k / 500)}) is ${value}, pompy has 0`);
      close(value, want);
    }
    expect(count).toBe(expected.size);
  });

  it("640-puff snapshot: sum, max, argmax, non-zero count, block sums, sampled pixels", () => {
    const snap = components.conc_snapshot;
    const C = pixelArray(puffArrays(snap.puffs), ARRAY);
    let sum = 0;
    let max = -Infinity;
    let arg = -1;
    let nonzero = 0;
    C.forEach((v, k) => {
      sum += v;
      if (v > max) [max, arg] = [v, k];
      if (v !== 0) nonzero++;
    });
    close(sum, snap.sum, 1e-11);
    close(max, snap.max);
    expect([arg % 500, Math.floor(arg / 500)]).toEqual(snap.argmax);
    expect(nonzero).toBe(snap.n_nonzero);
    snap.block_sums.forEach((row, bi) =>
      row.forEach((want, bj) => {
        let s = 0;
        for (let i = bi * 25; i < bi * 25 + 25; i++) for (let j = bj * 25; j < bj * 25 + 25; j++) s += C[j * 500 + i] as number;
        close(s, want, 1e-11, 1e-12);
      }),
    );
    for (const [i, j, want] of snap.sample_pixels) close(C[j * 500 + i] as number, want);
  });
});

describe("point concentration", () => {
  const snap = components.conc_snapshot;
  const puffs = puffArrays(snap.puffs);
  it("exact read-out equals pompy's at z = 0 and z = 0.01", () => {
    snap.query_points.forEach(([x, y], k) => {
      close(exactConcentration(puffs, x, y, 0), snap.point_conc_z0[k] as number, 1e-12, 0);
      close(exactConcentration(puffs, x, y, 0.01), snap.point_conc_z001[k] as number, 1e-12, 0);
    });
  });
  it("binned read-out is within exp(-cutoff²/2) of each puff's peak of the exact one, and 0 with no puffs", () => {
    const index = new PuffIndex([0, 100, -25, 25], 8, 1);
    index.build(puffs);
    let peakSum = 0;
    for (let i = 0; i < puffs.n; i++) peakSum += 1 / (Math.sqrt(8 * Math.PI ** 3) * (puffs.s[i] as number) ** 1.5);
    for (let x = 0; x <= 100; x += 0.37) {
      for (let y = -25; y <= 25; y += 0.91) {
        const exact = exactConcentration(puffs, x, y, 0.01);
        expect(Math.abs(index.query(x, y, 0.01) - exact)).toBeLessThanOrEqual(Math.exp(-32) * peakSum + 1e-12 * exact);
      }
    }
    const empty = new PuffIndex([0, 100, -25, 25], 8, 1);
    empty.build({ n: 0, x: new Float64Array(0), y: new Float64Array(0), z: new Float64Array(0), s: new Float64Array(0) });
    expect(empty.query(5, 0, 0)).toBe(0);
  });
  it("a grid splat equals the point query at every grid point, bit for bit", () => {
    const index = new PuffIndex([0, 100, -25, 25], 8, 1);
    index.build(puffs);
    const grid = { x0: 0, y0: -25, h: 0.5, width: 201, height: 101, z: 0.01 };
    const out = new Float64Array(grid.width * grid.height);
    index.fillGrid(grid, out);
    let nonzero = 0;
    for (let j = 0; j < grid.height; j++) {
      for (let i = 0; i < grid.width; i++) {
        const q = index.query(grid.x0 + i * grid.h, grid.y0 + j * grid.h, grid.z);
        if (!Object.is(out[j * grid.width + i], q)) throw new Error(`grid (${i}, ${j}) = ${out[j * grid.width + i]} but query = ${q}`);
        if (q > 0) nonzero++;
      }
    }
    expect(nonzero).toBeGreaterThan(100);
  });
});
