import { AgentState, Coordinates, GridSize, ValidationError, ConfigurationError } from "@plume/core-types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ConstantWindField,
  GaussianPlume,
  SparseGoalReward,
  StepPenaltyReward,
  constantWindPlugin,
  gaussianPlumePlugin,
  plugins,
  sparseRewardPlugin,
  stepPenaltyRewardPlugin,
} from "../src/index.js";
import { NPY_EXP_CONSTANTS, npyExpF32, fmaf } from "../src/internal/npy-exp.js";
import { expectError } from "./helpers.js";

const agent = (x: number, y: number) => new AgentState({ position: new Coordinates(x, y) });

describe("GaussianPlume", () => {
  it("precomputes a float32 field [y * width + x] with the maximum 1 at the source", () => {
    const plume = new GaussianPlume({ gridSize: [7, 5], sourceLocation: [1, 3], sigma: 2 });
    expect(plume.fieldArray).toBeInstanceOf(Float32Array);
    expect(plume.fieldArray.length).toBe(35);
    expect(plume.fieldArray).toBe(plume.fieldArray);
    expect(plume.sample(1, 3)).toBe(1);
    expect(Math.max(...plume.fieldArray)).toBe(1);
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 7; x++) {
        const expected = Math.exp(-((x - 1) ** 2 + (y - 3) ** 2) / 8);
        expect(plume.fieldArray[y * 7 + x]).toBe(plume.sample(x, y));
        expect(Math.abs((plume.sample(x, y) - expected) / expected)).toBeLessThan(1e-6);
      }
    }
  });

  it("defaults: 128x128, source at the centre, sigma 12", () => {
    const plume = new GaussianPlume();
    expect(plume.gridSize.toTuple()).toEqual([128, 128]);
    expect(plume.sourceLocation.toTuple()).toEqual([64, 64]);
    expect(plume.sigma).toBe(12);
  });

  it("samples the nearest cell with ties to even, 0 off the grid and for non-finite input", () => {
    const plume = new GaussianPlume({ gridSize: [8, 8], sourceLocation: [3, 3], sigma: 1 });
    expect(plume.sample(2.5, 3)).toBe(plume.sample(2, 3));
    expect(plume.sample(3.5, 3)).toBe(plume.sample(4, 3));
    expect(plume.sample(3.4999, 3.5001)).toBe(plume.sample(3, 4));
    expect(plume.sample(-0.5, 0)).toBe(plume.sample(0, 0));
    expect(plume.sample(-0.6, 0)).toBe(0);
    expect(plume.sample(8, 0)).toBe(0);
    expect(plume.sample(0, 7.5)).toBe(0);
    expect(plume.sample(Number.NaN, 1)).toBe(0);
    expect(plume.sample(Infinity, 1)).toBe(0);
    expect(plume.sample(3, 3, 99)).toBe(1);
  });

  it("is static: reset and time do not change it", () => {
    const plume = new GaussianPlume({ gridSize: [6, 6], sigma: 3 });
    const copy = Float32Array.from(plume.fieldArray);
    plume.reset(5);
    plume.reset();
    expect(plume.fieldArray).toEqual(copy);
  });

  it("metadata is JSON with source_location, sigma and the out-of-bounds value", () => {
    const meta = new GaussianPlume({ gridSize: [6, 4], sourceLocation: [5, 0], sigma: 0.5 }).getMetadata();
    expect(JSON.parse(JSON.stringify(meta))).toEqual(meta);
    expect(meta).toMatchObject({ type: "gaussian_plume", source_location: [5, 0], sigma: 0.5, out_of_bounds_value: 0 });
  });

  it("rejects bad options by name", () => {
    expectError(() => new GaussianPlume({ sigma: 0 }), ValidationError, "sigma");
    expectError(() => new GaussianPlume({ sigma: -1 }), ValidationError, "sigma");
    expectError(() => new GaussianPlume({ gridSize: [0, 3] }), ValidationError, "gridSize.width");
    expectError(() => new GaussianPlume({ gridSize: [4, 4], sourceLocation: [4, 0] }), ValidationError, "sourceLocation");
    expectError(() => new GaussianPlume({ sourceLocation: [1.5, 0] } as never), ValidationError, "sourceLocation.x");
    expectError(() => new GaussianPlume({ sigmaa: 1 } as never), ValidationError, "sigmaa");
  });

  it("monotone in distance and symmetric (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.double({ min: 0.5, max: 30, noNaN: true }), (w, h, sigma) => {
        const grid = new GridSize(w, h);
        const source = grid.center();
        const plume = new GaussianPlume({ gridSize: grid, sourceLocation: source, sigma });
        let ok = true;
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            const v = plume.sample(x, y);
            ok &&= v >= 0 && v <= 1 && v <= plume.sample(source.x, source.y);
            const mx = 2 * source.x - x;
            if (mx >= 0 && mx < w) ok &&= plume.sample(mx, y) === v;
          }
        }
        return ok;
      }),
      { numRuns: 60 },
    );
  });
});

describe("NumPy's float32 exp", () => {
  it("fmaf keeps the product exact and rounds the sum once to float32", () => {
    const a = Math.fround(1 + 2 ** -12);
    // a*a = 1 + 2^-11 + 2^-24 (not a float32): a separate float32 multiply would lose the 2^-24.
    expect(fmaf(a, a, -Math.fround(1 + 2 ** -11))).toBe(2 ** -24);
    // 1 + 2^-11 + 2^-24 + 2^-24: exact sum 1 + 2^-11 + 2^-23 is a float32.
    expect(fmaf(a, a, 2 ** -24)).toBe(Math.fround(1 + 2 ** -11 + 2 ** -23));
    expect(fmaf(2, 3, 1)).toBe(7);
  });
  it("uses float32 constants", () => {
    for (const c of NPY_EXP_CONSTANTS) expect(Math.fround(c)).toBe(c);
  });
  it("matches known NumPy values and saturates like NumPy", () => {
    expect(npyExpF32(0)).toBe(1);
    expect(npyExpF32(Math.fround(-0.34625))).toBe(Math.fround(0.70733553));
    expect(npyExpF32(89)).toBe(Infinity);
    expect(npyExpF32(-104)).toBe(0);
    expect(Number.isNaN(npyExpF32(Number.NaN))).toBe(true);
    expect(npyExpF32(-90)).toBeGreaterThan(0);
    expect(npyExpF32(-90)).toBeLessThan(1e-38);
  });
  it("stays within 3 ulp of the correctly rounded exp (property)", () => {
    fc.assert(
      fc.property(fc.float({ min: -100, max: 0, noNaN: true }), (x) => {
        const got = npyExpF32(x);
        const want = Math.fround(Math.exp(x));
        return Math.abs(got - want) <= 3 * 2 ** -23 * Math.max(want, 2 ** -126);
      }),
    );
  });
});

describe("ConstantWindField", () => {
  it("builds (speed cos θ, -speed sin θ) in float32 like the reference", () => {
    const wind = new ConstantWindField({ directionDeg: 30, speed: 0.8 });
    expect(Array.from(wind.sample({ x: 3, y: 4 }))).toEqual([Math.fround(0.8 * Math.cos(Math.PI / 6)), Math.fround(-0.4)]);
    expect(wind.sample()).toBeInstanceOf(Float32Array);
    expect(wind.directionDeg).toBeCloseTo(30, 5);
    expect(wind.speed).toBeCloseTo(0.8, 6);
  });
  it("defaults to direction 0, speed 1; an explicit vector wins", () => {
    expect(Array.from(new ConstantWindField().sample())).toEqual([1, -0]);
    expect(Array.from(new ConstantWindField({ vector: [0.5, -2], speed: 9 }).sample())).toEqual([0.5, -2]);
  });
  it("returns a new array each time", () => {
    const wind = new ConstantWindField({ directionDeg: 90 });
    const a = wind.sample();
    a[0] = 99;
    expect(wind.sample()[0]).not.toBe(99);
    expect(wind.sample()).not.toBe(wind.sample());
  });
  it("rejects bad options by name", () => {
    expectError(() => new ConstantWindField({ speed: Number.NaN }), ValidationError, "speed");
    expectError(() => new ConstantWindField({ vector: [1] as never }), ValidationError, "vector");
    expectError(() => new ConstantWindField({ vector: [1, Infinity] as never }), ValidationError, "vector.1");
    expectError(() => new ConstantWindField({ speed: 1e300 }), ValidationError, "speed");
    expectError(() => new ConstantWindField({ direction: 3 } as never), ValidationError, "direction");
  });
  it("metadata is JSON", () => {
    const meta = new ConstantWindField({ directionDeg: 45 }).getMetadata();
    expect(JSON.parse(JSON.stringify(meta))).toEqual(meta);
  });
});

describe("rewards", () => {
  it("SparseGoalReward: 1 within the radius (inclusive), else 0", () => {
    const reward = new SparseGoalReward({ goalPosition: [10, 10], goalRadius: 5 });
    expect(reward.computeReward(agent(0, 0), 0, agent(13, 14), new Float32Array(0))).toBe(1);
    expect(reward.computeReward(agent(13, 14), 0, agent(13, 15), new Float32Array(0))).toBe(0);
    expect(reward.computeReward(agent(10, 10), 0, agent(10, 10), new Float32Array(0))).toBe(1);
    expect(reward.computeReward.length).toBe(4);
    const meta = reward.getMetadata();
    expect(meta).toMatchObject({ type: "sparse_goal_reward", goal_position: [10, 10], goal_radius: 5, reward_range: [0, 1] });
    expect(JSON.parse(JSON.stringify(meta))).toEqual(meta);
  });
  it("StepPenaltyReward: goalReward at the goal, -stepPenalty elsewhere (reference defaults 1 and 0.01)", () => {
    const reward = new StepPenaltyReward({ goalPosition: [3, 3] });
    expect(reward.computeReward(agent(0, 0), 0, agent(3, 4), new Float32Array(0))).toBe(1);
    expect(reward.computeReward(agent(0, 0), 0, agent(3, 5), new Float32Array(0))).toBe(-0.01);
    const custom = new StepPenaltyReward({ goalPosition: [3, 3], goalRadius: 0.5, goalReward: 10, stepPenalty: 0 });
    expect(Object.is(custom.computeReward(agent(0, 0), 0, agent(0, 0), new Float32Array(0)), 0)).toBe(true);
    expect(custom.getMetadata().reward_range).toEqual([0, 10]);
    expect(reward.getMetadata().reward_range).toEqual([-0.01, 1]);
  });
  it("reject bad options by name", () => {
    expectError(() => new SparseGoalReward({ goalPosition: [1, 1], goalRadius: 0 }), ValidationError, "goalRadius");
    expectError(() => new SparseGoalReward({} as never), ValidationError, "goalPosition");
    expectError(() => new StepPenaltyReward({ goalPosition: [1, 1], stepPenalty: -1 }), ValidationError, "stepPenalty");
  });
});

describe("plugins of this package", () => {
  it("gaussian, constant, sparse, step_penalty build their components and validate options with config paths", () => {
    expect(plugins.map((p) => `${p.kind}:${p.name}`)).toEqual(["plume:gaussian", "wind:constant", "reward:sparse", "reward:step_penalty"]);
    expect(gaussianPlumePlugin.create({ gridSize: [8, 8], sigma: 2 })).toBeInstanceOf(GaussianPlume);
    expect(constantWindPlugin.create()).toBeInstanceOf(ConstantWindField);
    expect(sparseRewardPlugin.create({ goalPosition: [1, 1] })).toBeInstanceOf(SparseGoalReward);
    expect(stepPenaltyRewardPlugin.create({ goalPosition: [1, 1] })).toBeInstanceOf(StepPenaltyReward);
    expectError(() => gaussianPlumePlugin.create({ sigma: "wide" }, { path: "plume.options" }), ConfigurationError, "plume.options.sigma");
  });
});
