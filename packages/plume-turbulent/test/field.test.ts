/**
 * The plume and wind as environments use them: determinism per seed, reset and step semantics, the grid read-out
 * against the point read-out, the wind plugin against the wind that moves the puffs, shared simulations, the
 * warm-up, bookkeeping, and option errors.
 */
import { ValidationError } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import { exactConcentration, TurbulentPlume, TurbulentSimulation, TurbulentWind, turbulentPlumePlugin, type TurbulentPlumeOptions } from "../src/index.js";
import { demoParameters, readFixture } from "./helpers.js";

const small: TurbulentPlumeOptions = { windRegion: [0, 40, -10, 10], windNodes: [9, 5], source: [4, 0], warmupSeconds: 30, stepsPerEnvStep: 10, concentrationScale: 0.05 };

const snapshot = (p: TurbulentPlume) => Array.from(p.fieldArray);
const puffs = (p: TurbulentPlume) => {
  const s = p.simulation;
  return [s.n, ...s.x.subarray(0, s.n), ...s.y.subarray(0, s.n), ...s.z.subarray(0, s.n)];
};

describe("determinism", () => {
  it("the same seed gives the same plume, frames and puffs, step after step; another seed another plume", () => {
    const a = new TurbulentPlume(small);
    const b = new TurbulentPlume(small);
    const c = new TurbulentPlume(small);
    a.reset(42);
    b.reset(42);
    c.reset(43);
    for (let k = 1; k <= 20; k++) {
      for (const p of [a, b, c]) p.advanceToStep(k);
      expect(puffs(a)).toEqual(puffs(b));
      expect(snapshot(a)).toEqual(snapshot(b));
      expect(Array.from(a.frame())).toEqual(Array.from(b.frame()));
    }
    expect(puffs(a)).not.toEqual(puffs(c));
    expect(snapshot(a).some((v) => v > 0)).toBe(true);
  });

  it("reading (samples, frames, fieldArray, wind) draws nothing: interleaved read-outs leave the trajectory unchanged", () => {
    const a = new TurbulentPlume(small);
    const b = new TurbulentPlume(small);
    a.reset(7);
    b.reset(7);
    for (let k = 1; k <= 15; k++) {
      a.advanceToStep(k);
      void a.fieldArray;
      a.frame();
      a.sample(10, 10);
      a.windAt(3, 3);
      a.concentrationAt(12, 0.5, 0);
    }
    b.advanceToStep(15);
    expect(puffs(a)).toEqual(puffs(b));
  });

  it("advanceToStep sets the step: backwards replays from the episode start, and matches a straight run", () => {
    const a = new TurbulentPlume(small);
    const b = new TurbulentPlume(small);
    a.reset(5);
    b.reset(5);
    a.advanceToStep(12);
    a.advanceToStep(4);
    b.advanceToStep(4);
    expect(snapshot(a)).toEqual(snapshot(b));
    expect(a.simulation.stepIndex).toBe(b.simulation.stepIndex);
  });

  it("an unseeded reset continues the running plume; a seeded one starts it again", () => {
    const a = new TurbulentPlume(small);
    a.reset(9);
    const start = a.simulation.stepIndex;
    a.advanceToStep(6);
    const at6 = puffs(a);
    a.reset();
    expect(a.currentStep).toBe(0);
    expect(puffs(a)).toEqual(at6);
    a.advanceToStep(1);
    expect(a.simulation.stepIndex).toBe(start + 7 * 10);
    a.reset(9);
    expect(a.simulation.stepIndex).toBe(start);
  });
});

describe("read-outs", () => {
  it("fieldArray equals sample at every cell, and sample is min(1, c / scale) of the point read-out at the cell", () => {
    const p = new TurbulentPlume({ ...small, gridSize: [41, 21], cellSize: 1 });
    p.reset(3);
    p.advanceToStep(2);
    const { width, height } = p.gridSize;
    const field = p.fieldArray;
    let positive = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = p.sample(x, y);
        expect(Object.is(field[y * width + x], v)).toBe(true);
        const [px, py] = p.cellPoint(x, y);
        const exact = exactConcentration(p.simulation, px, py, 0.01);
        expect(Math.abs(v - Math.fround(Math.min(1, exact / 0.05)))).toBeLessThanOrEqual(1e-6 * Math.max(1, v) + 1e-12);
        if (v > 0) positive++;
      }
    }
    expect(positive).toBeGreaterThan(0);
    expect(p.sample(-1, 0)).toBe(0);
    expect(p.sample(0, height)).toBe(0);
    expect(p.sample(Number.NaN, 2)).toBe(0);
  });

  it("the grid maps cell (i, j) to origin + (i, j)·cellSize, centred on the plume region by default, with the source cell", () => {
    const p = new TurbulentPlume(small);
    expect(p.gridSize.toTuple()).toEqual([41, 21]);
    expect(p.cellPoint(0, 0)).toEqual([0, -10]);
    expect(p.sourceLocation.toTuple()).toEqual([4, 10]);
    const fitted = new TurbulentPlume({ ...small, gridSize: [21, 21] });
    expect(fitted.cellPoint(0, 0)).toEqual([0, -20]);
    expect(fitted.cellPoint(20, 20)).toEqual([40, 20]);
    const placed = new TurbulentPlume({ ...small, sourceLocation: [10, 10] });
    expect(placed.sourceLocation.toTuple()).toEqual([10, 10]);
    expect(placed.simulation.params.puffs.source).toEqual([10, 0, 0]);
  });
});

describe("the wind plugin", () => {
  it("with the plume's options it is the wind that moves the puffs, at every step", () => {
    const plume = new TurbulentPlume(small);
    const wind = new TurbulentWind(small);
    plume.reset(11);
    wind.reset(11);
    for (let k = 0; k <= 12; k += 3) {
      plume.advanceToStep(k);
      wind.advanceToStep(k);
      for (const [x, y] of [[0, 0], [5.5, 10], [40, 20], [-3, 30]] as const) {
        const [u, v] = plume.windAt(x, y);
        expect(Array.from(wind.sample({ x, y }))).toEqual([Math.fround(u), Math.fround(v)]);
      }
    }
  });

  it("meanders: the wind changes over time and across the region", () => {
    const wind = new TurbulentWind({ ...small, noiseGain: 5 });
    wind.reset(1);
    const first = Array.from(wind.sample({ x: 20, y: 2 }));
    wind.advanceToStep(40);
    expect(Array.from(wind.sample({ x: 20, y: 2 }))).not.toEqual(first);
    expect(Array.from(wind.sample({ x: 2, y: 2 }))).not.toEqual(Array.from(wind.sample({ x: 38, y: 18 })));
  });
});

describe("shared simulation (vector envs)", () => {
  it("members of one reset round join the first member's seeding and see one plume; a new round re-seeds", () => {
    const options = { ...small, shareSimulation: true, warmupSeconds: 10 };
    const members = [new TurbulentPlume(options), new TurbulentPlume(options), new TurbulentPlume(options)];
    const alone = new TurbulentPlume({ ...options, shareSimulation: false });
    members.forEach((m, i) => m.reset(100 + i));
    alone.reset(100);
    expect(members[1]?.simulation).toBe(members[0]?.simulation);
    for (let k = 1; k <= 5; k++) {
      members.forEach((m) => m.advanceToStep(k));
      alone.advanceToStep(k);
      for (const m of members) expect(snapshot(m)).toEqual(snapshot(alone));
    }
    // A new round (vector reset with another seed) re-seeds once.
    members.forEach((m, i) => m.reset(200 + i));
    alone.reset(200);
    members.forEach((m) => m.advanceToStep(2));
    alone.advanceToStep(2);
    for (const m of members) expect(snapshot(m)).toEqual(snapshot(alone));
  });
});

describe("warm-up and bookkeeping", () => {
  it("the coarse warm-up (0.1 s steps) reaches pompy's steady state: puff count, growth, dispersion by age", () => {
    // Pooled over 4 seeds after 200 s of coarse warm-up; references: the fixture's window means (doc §9.1, §9.2).
    const fixture = readFixture("demo-statistics.json") as { summary: Record<string, { mean: number | number[] }> };
    const count = fixture.summary["puff_count_mean"]?.mean as number;
    const agebin = fixture.summary["agebin"] as unknown as Record<string, { mean: number[] }>;
    let counts = 0;
    let young = 0;
    let youngZ2 = 0;
    let teen = 0;
    let teenX = 0;
    const seeds = [1, 2, 3, 4];
    for (const seed of seeds) {
      const sim = new TurbulentSimulation(demoParameters(), seed);
      sim.warmUp(200, 0.1);
      expect(sim.stepIndex).toBe(20_000);
      counts += sim.n;
      for (let i = 0; i < sim.n; i++) {
        const age = sim.age[i] as number;
        // r² = R0² + γ·age exactly as in fine steps.
        expect(Math.abs((sim.s[i] as number) - (0.0316 ** 2 + 0.001 * age))).toBeLessThan(1e-12);
        if (age < 10) {
          young++;
          youngZ2 += (sim.z[i] as number) ** 2;
        } else if (age < 20) {
          teen++;
          teenX += sim.x[i] as number;
        }
      }
    }
    expect(Math.abs(counts / seeds.length - count)).toBeLessThan(200);
    // RMS z of puffs aged 0-10 s: σ²·dt per second of age (0.446 m), the coarse kick σ·√(dt·Δt) keeps it.
    expect(Math.abs(Math.sqrt(youngZ2 / young) - (agebin["z_rms"]?.mean[0] as number))).toBeLessThan(0.03);
    // Puffs aged 10-20 s have travelled downwind (a single snapshot scatters by several metres: no tighter bound).
    expect(teenX / teen).toBeGreaterThan(10);
    expect(teenX / teen).toBeLessThan(35);
  });

  it("releases minus removals equal the change in the puff count, exactly; the cap is never exceeded", () => {
    const sim = new TurbulentSimulation(demoParameters(), 2);
    const n0 = sim.n;
    for (let k = 0; k < 3000; k++) {
      sim.step();
      expect(sim.n).toBeLessThanOrEqual(1000);
    }
    expect(sim.counters.released - sim.counters.removed).toBe(sim.n - n0);
    const bySide = sim.counters.removedBySide.reduce((a, b) => a + b, 0);
    expect(bySide).toBe(sim.counters.removed);
  });
});

describe("option errors name the field and what it accepts", () => {
  const cases: [TurbulentPlumeOptions | Record<string, unknown>, string, RegExp][] = [
    [{ dt: 0 }, "dt", /> 0/],
    [{ windNodes: [3, 11] }, "windNodes.0", />= 4/],
    [{ source: [500, 0] }, "source", /inside the plume region/],
    [{ plumeRegion: [0, 200, -25, 25] }, "plumeRegion", /inside the wind region/],
    [{ dt: 2 }, "dt", /unstable/],
    [{ warmupDt: 0.001 }, "warmupDt", />= dt/],
    [{ relativeDispersion: [1, 2] }, "relativeDispersion", /\[σx, σy, σz\]/],
    [{ maxPuffs: 0 }, "maxPuffs", /from 1 to/],
    [{ initialPuffs: 20, maxPuffs: 10 }, "initialPuffs", /maxPuffs/],
    [{ sourceLocation: [500, 500] }, "sourceLocation", /plume region/],
    [{ diffusivity: [[1, 2]] }, "diffusivity", /per-node kx as 21 arrays of 11/],
    [{ releaseRate: -1 }, "releaseRate", />= 0/],
    [{ colour: "red" }, "colour", /unknown|not|key/i],
  ];
  for (const [options, parameter, expected] of cases) {
    it(`${JSON.stringify(options)} -> ${parameter}`, () => {
      let error: unknown;
      try {
        new TurbulentPlume(options as TurbulentPlumeOptions);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).parameter).toBe(parameter);
      expect(`${(error as ValidationError).message} ${String((error as ValidationError).expected)}`).toMatch(expected);
    });
  }

  it("through the plugin: a ConfigurationError with the config path", () => {
    let error: unknown;
    try {
      turbulentPlumePlugin.create({ stepsPerEnvStep: 1.5 }, { path: "plume.options" });
    } catch (e) {
      error = e;
    }
    expect((error as Error).name).toBe("ConfigurationError");
    expect((error as ValidationError).parameter).toBe("plume.options.stepsPerEnvStep");
    expect(String((error as ValidationError).expected)).toMatch(/integer from 1 to 100000/);
  });
});
