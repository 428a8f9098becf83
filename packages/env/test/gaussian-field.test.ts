/**
 * The fast Gaussian field build (mirroring, transposition, underflow cut-off, the inlined exp kernel) and
 * the shared-field cache, against the straightforward implementation kept here as the oracle.
 */
import { Coordinates, GridSize } from "@plume/core-types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GaussianPlume, PlumeEnv, fillGaussianField } from "../src/index.js";
import { NPY_EXP_CONSTANTS, fmaf, npyExpF32 } from "../src/internal/npy-exp.js";
import {
  EXP_ZERO_AT_OR_BELOW,
  buildGaussianField,
  expClipInto,
  fma32,
  isGaussianFieldCached,
  denseFieldOf,
} from "../src/plume/gaussian.js";

/** The shared field a plume's environments read (never handed to user code). */
const sharedField = (plume: unknown): Float32Array => denseFieldOf(plume) as Float32Array;

/** The original implementation, cell by cell: the oracle. */
function oracleField(grid: GridSize, source: { x: number; y: number }, sigma: number): Float32Array {
  const { width, height } = grid;
  const out = new Float32Array(width * height);
  const denom = Math.fround(2 * sigma ** 2);
  const fround = Math.fround;
  for (let y = 0; y < height; y++) {
    const dy = fround(y - source.y);
    const dy2 = fround(dy * dy);
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const dx = fround(x - source.x);
      const d2 = fround(fround(dx * dx) + dy2);
      const value = npyExpF32(fround(-d2 / denom));
      out[row + x] = value > 1 ? 1 : value < 0 ? 0 : value;
    }
  }
  return out;
}

/** Index of the first element that differs under `Object.is` (so -0, NaN and every bit count), or -1. */
function firstDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  const ia = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const ib = new Uint32Array(b.buffer, b.byteOffset, b.length);
  for (let i = 0; i < a.length; i++) {
    if (ia[i] !== ib[i] && !Object.is(a[i], b[i])) return i;
  }
  return -1;
}

function expectIdentical(actual: Float32Array, expected: Float32Array, what: string): void {
  const i = firstDifference(actual, expected);
  expect(i, `${what}: first differing element ${i} (${actual[i]} vs ${expected[i]})`).toBe(-1);
}

/** A float32 value from its bits. */
function f32FromBits(bits: number): number {
  return new Float32Array(Uint32Array.of(bits >>> 0).buffer)[0] as number;
}
function f32Bits(value: number): number {
  return new Uint32Array(Float32Array.of(value).buffer)[0] as number;
}

/** A source coordinate in [0, size): biased towards the edges, the corners and the centre. */
const coordinate = (size: number) =>
  fc.oneof(
    fc.constantFrom(0, size - 1, Math.floor(size / 2)),
    fc.integer({ min: 0, max: size - 1 }),
  );

const sigmaArb = fc.oneof(
  fc.double({ min: 0.3, max: 500, noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 1, max: 500 }),
  fc.constantFrom(0.3, 0.5, 1, 1.5, 2.25, 12, 20, 100.7, 499.99, 500),
);

describe("fillGaussianField: bit-identical to the straightforward loop", () => {
  it("random grids (1x1 to 300x300, non-square), sources on edges, corners and inside, sigma 0.3 to 500 (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }).chain((w) =>
          fc.integer({ min: 1, max: 300 }).chain((h) => fc.tuple(fc.constant(w), fc.constant(h), coordinate(w), coordinate(h), sigmaArb)),
        ),
        ([w, h, sx, sy, sigma]) => {
          const grid = new GridSize(w, h);
          const source = new Coordinates(sx, sy);
          const expected = oracleField(grid, source, sigma);
          // Into a dirty buffer (every element must be written), and through the constructor's path.
          const dirty = new Float32Array(w * h).fill(Number.NaN);
          expect(fillGaussianField(dirty, grid, source, sigma)).toBe(dirty);
          return firstDifference(dirty, expected) === -1 && firstDifference(buildGaussianField(grid, source, sigma), expected) === -1;
        },
      ),
      { numRuns: 250 },
    );
  });

  it("small grids exhaustively: every source of every grid up to 9x9, several sigmas", () => {
    for (let w = 1; w <= 9; w++) {
      for (let h = 1; h <= 9; h++) {
        const grid = new GridSize(w, h);
        for (let sx = 0; sx < w; sx++) {
          for (let sy = 0; sy < h; sy++) {
            for (const sigma of [0.3, 0.7, 1, 2.5, 40]) {
              const source = new Coordinates(sx, sy);
              expectIdentical(buildGaussianField(grid, source, sigma), oracleField(grid, source, sigma), `${w}x${h} @(${sx},${sy}) σ=${sigma}`);
            }
          }
        }
      }
    }
  });

  it("sources outside the grid (fillGaussianField accepts any cell) (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: -80, max: 140 }),
        fc.integer({ min: -80, max: 140 }),
        sigmaArb,
        (w, h, sx, sy, sigma) => {
          const grid = new GridSize(w, h);
          const source = new Coordinates(sx, sy);
          const out = fillGaussianField(new Float32Array(w * h).fill(7), grid, source, sigma);
          return firstDifference(out, oracleField(grid, source, sigma)) === -1;
        },
      ),
      { numRuns: 200 },
    );
  });

  it("extreme sigmas: the degenerate denominators behave as the loop does (NaN at the source, all 1, all 0 but the source)", () => {
    const grid = new GridSize(23, 17);
    for (const sigma of [1e-30, 1e-23, 1e-22, 1e-20, 1e-3, 0.05, 0.1, 5e3, 1e5, 1e19, 1e20, 1e30, Number.MAX_VALUE]) {
      for (const source of [new Coordinates(0, 0), new Coordinates(11, 8), new Coordinates(22, 3)]) {
        expectIdentical(buildGaussianField(grid, source, sigma), oracleField(grid, source, sigma), `σ=${sigma} @${source}`);
      }
    }
    // A zero float32 denominator gives NaN at the source (0/0), exactly as NumPy would.
    expect(buildGaussianField(grid, new Coordinates(11, 8), 1e-30)[8 * 23 + 11]).toBeNaN();
  });

  it("a large grid with a large sigma (no cell underflows) and an off-centre source", () => {
    const grid = new GridSize(700, 513);
    const source = new Coordinates(123, 500);
    expectIdentical(buildGaussianField(grid, source, 333.3), oracleField(grid, source, 333.3), "700x513 σ=333.3");
  });

  it("the exact 128x128 default (source at the centre, sigma 12)", () => {
    const plume = new GaussianPlume();
    expectIdentical(plume.fieldArray, oracleField(new GridSize(128, 128), new Coordinates(64, 64), 12), "128x128 default");
  });

  it("2048x2048 with sigma 12 and with sigma 500", () => {
    const grid = new GridSize(2048, 2048);
    const source = grid.center();
    expectIdentical(buildGaussianField(grid, source, 12), oracleField(grid, source, 12), "2048x2048 σ=12");
    const corner = new Coordinates(2047, 0);
    expectIdentical(buildGaussianField(grid, corner, 500), oracleField(grid, corner, 500), "2048x2048 σ=500 at a corner");
  });
});

describe("the exp kernel and the underflow cut-off", () => {
  it("npyExpF32 is 0 at and below EXP_ZERO_AT_OR_BELOW (NumPy's xmin) and positive just above it", () => {
    expect(EXP_ZERO_AT_OR_BELOW).toBe(NPY_EXP_CONSTANTS[1]);
    expect(Math.fround(EXP_ZERO_AT_OR_BELOW)).toBe(EXP_ZERO_AT_OR_BELOW);
    const bits = f32Bits(EXP_ZERO_AT_OR_BELOW);
    expect(npyExpF32(EXP_ZERO_AT_OR_BELOW)).toBe(0);
    expect(npyExpF32(f32FromBits(bits + 1))).toBe(0); // the next float32 below
    expect(npyExpF32(-Infinity)).toBe(0);
    expect(npyExpF32(f32FromBits(bits - 1))).toBeGreaterThan(0); // the next float32 above
  });

  it("expClipInto equals clip(npyExpF32(x), 0, 1) on every float32 of dense ranges and on the edges", () => {
    const check = (values: readonly number[]) => {
      const args = Float64Array.from(values);
      const out = new Float32Array(args.length);
      expClipInto(out, args, 0, args.length);
      for (let i = 0; i < args.length; i++) {
        const v = npyExpF32(args[i] as number);
        const expected = Math.fround(v > 1 ? 1 : v < 0 ? 0 : v);
        if (!Object.is(out[i], expected)) expect.fail(`exp(${args[i]}): ${out[i]} !== ${expected}`);
      }
    };
    const run = (fromBits: number, count: number) => check(Array.from({ length: count }, (_, i) => f32FromBits(fromBits + i)));
    run(0x80000000, 50_000); // -0 and the tiniest negatives
    run(f32Bits(-0.34657359), 50_000); // around the quadrant boundary -ln2/2
    run(f32Bits(-1), 50_000);
    run(f32Bits(-86.5), 50_000); // the last normal results
    run(f32Bits(-87.33654), 50_000); // the normal/denormal boundary (quadrant -125/-126)
    run(f32Bits(EXP_ZERO_AT_OR_BELOW) - 50_000, 50_001); // the denormal tail up to the cut-off
    check([0, -0, Number.NaN, EXP_ZERO_AT_OR_BELOW, -Infinity, -200, 0.5, 1, 88, 89, Infinity]);
  });

  it("expClipInto equals clip(npyExpF32(x), 0, 1) on random float32 in (xmin, 0] (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: Math.fround(EXP_ZERO_AT_OR_BELOW), max: 0, noNaN: true }), { minLength: 1, maxLength: 2000 }), (values) => {
        const args = Float64Array.from(values);
        const out = new Float32Array(args.length);
        expClipInto(out, args, 0, args.length);
        return values.every((x, i) => Object.is(out[i], Math.fround(Math.min(1, npyExpF32(x)))));
      }),
      { numRuns: 200 },
    );
  });

  it("fma32 equals fmaf on midpoint cases, where rounding through float64 alone would be wrong", () => {
    const u = 2 ** -23;
    const cases: [number, number, number][] = [
      // a * b = 2^-24 - 2^-70: the float64 sum is the midpoint 1 + 2^-23 + 2^-24, the exact sum is below it.
      [1 + u, 2 ** -24 * (1 - u), 1 + u],
      [-(1 + u), 2 ** -24 * (1 - u), -(1 + u)],
      [-(1 + u), -(2 ** -24) * (1 - u), -(1 + u)], // exact sum above the (negative) midpoint
      [1 + u, 2 ** -24 * (1 - u), 1],
      [3, 5, 7],
      [0, -0.693145751953125, -0],
      [0.5, 0.5, -0.25],
    ];
    for (const [a, b, c] of cases) {
      expect([a, b, c].every((v) => Math.fround(v) === v)).toBe(true);
      expect(Object.is(fma32(a, b, c), fmaf(a, b, c)), `fma(${a}, ${b}, ${c})`).toBe(true);
    }
    expect(fma32(1 + u, 2 ** -24 * (1 - u), 1 + u)).toBe(1 + u);
    expect(Math.fround((1 + u) * (2 ** -24 * (1 - u)) + (1 + u))).toBe(1 + 2 * u); // the naive result
  });

  it("fma32 equals fmaf on random float32 triples, including near-midpoint ones (property)", () => {
    const f32 = fc.float({ noNaN: true, noDefaultInfinity: true, min: Math.fround(-1e15), max: Math.fround(1e15) });
    // c and a product a * b = ±(ulp(c) / 2)(1 + i 2^-23)(1 - j 2^-23): with i = j != 0 the float64 sum is
    // exactly a float32 midpoint while the exact sum is not; other i, j land next to it.
    const nearMidpoint = fc
      .tuple(fc.float({ min: 1, max: Math.fround(1e6), noNaN: true }), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.boolean())
      .map(([c, i, j, negA, negC]) => {
        const ulp = f32FromBits(f32Bits(c) + 1) - c;
        const a = Math.fround((negA ? -1 : 1) * (1 + i * 2 ** -23));
        const b = Math.fround((ulp / 2) * (1 - j * 2 ** -23));
        return [a, b, negC ? -c : c] as [number, number, number];
      });
    fc.assert(
      fc.property(fc.oneof(fc.tuple(f32, f32, f32), nearMidpoint), ([a, b, c]) => Object.is(fma32(a, b, c), fmaf(a, b, c))),
      { numRuns: 3000 },
    );
  });
});

describe("GaussianPlume shares one field per (grid, source, sigma)", () => {
  it("equal parameters give the identical array; any different parameter gives another one", () => {
    const a = new GaussianPlume({ gridSize: [40, 30], sourceLocation: [7, 9], sigma: 3.5 });
    const b = new GaussianPlume({ gridSize: { width: 40, height: 30 }, sourceLocation: { x: 7, y: 9 }, sigma: 3.5 });
    expect(sharedField(b)).toBe(sharedField(a));
    expect(sharedField(new GaussianPlume({ gridSize: [40, 30], sourceLocation: [7, 9], sigma: 3.5 }))).toBe(sharedField(a));
    for (const other of [
      new GaussianPlume({ gridSize: [40, 31], sourceLocation: [7, 9], sigma: 3.5 }),
      new GaussianPlume({ gridSize: [30, 40], sourceLocation: [7, 9], sigma: 3.5 }),
      new GaussianPlume({ gridSize: [40, 30], sourceLocation: [8, 9], sigma: 3.5 }),
      new GaussianPlume({ gridSize: [40, 30], sourceLocation: [7, 10], sigma: 3.5 }),
      new GaussianPlume({ gridSize: [40, 30], sourceLocation: [9, 7], sigma: 3.5 }),
      new GaussianPlume({ gridSize: [40, 30], sourceLocation: [7, 9], sigma: 3.5000000000000004 }),
    ]) {
      expect(sharedField(other)).not.toBe(sharedField(a));
      expectIdentical(other.fieldArray, oracleField(other.gridSize, other.sourceLocation, other.sigma), String(other.getMetadata().parameters));
    }
    expectIdentical(a.fieldArray, oracleField(new GridSize(40, 30), new Coordinates(7, 9), 3.5), "shared field");
  });

  it("the default plume and an explicit equal one share the field", () => {
    expect(sharedField(new GaussianPlume())).toBe(sharedField(new GaussianPlume({ gridSize: [128, 128], sourceLocation: [64, 64], sigma: 12 })));
  });

  it("1024 plumes over one 2048x2048 grid hold one 16 MB field", () => {
    const plumes = Array.from({ length: 1024 }, () => new GaussianPlume({ gridSize: [2048, 2048], sigma: 12 }));
    const field = sharedField(plumes[0]);
    expect(field?.byteLength).toBe(2048 * 2048 * 4);
    expect(plumes.every((p) => sharedField(p) === field)).toBe(true);
  });

  it("1024 PlumeEnvs over a 2048x2048 grid share one field: < 200 MB of array buffers in all", () => {
    const before = process.memoryUsage().arrayBuffers;
    const envs = Array.from({ length: 1024 }, () => new PlumeEnv({ gridSize: [2048, 2048] }));
    const field = sharedField(envs[0]?.plume as GaussianPlume);
    for (const env of envs) {
      expect(sharedField(env.plume)).toBe(field);
      env.reset({ seed: 1 });
      env.step(0);
    }
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(200e6);
  });

  it("drops a field from the cache once no plume uses it (garbage collection)", async () => {
    const { setFlagsFromString } = await import("node:v8");
    const { runInNewContext } = await import("node:vm");
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const grid = new GridSize(97, 89);
    const source = new Coordinates(5, 6);
    const options = { gridSize: grid, sourceLocation: source, sigma: 7.25 };
    expect(isGaussianFieldCached(grid, source, 7.25)).toBe(false);
    (() => {
      const plume = new GaussianPlume(options);
      expect(plume.fieldArray.length).toBe(97 * 89);
    })();
    expect(isGaussianFieldCached(grid, source, 7.25)).toBe(true);
    // WeakRef targets survive the current job, and finalizers run in later tasks: collect, yield, repeat.
    for (let i = 0; i < 50 && isGaussianFieldCached(grid, source, 7.25); i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(isGaussianFieldCached(grid, source, 7.25)).toBe(false);
    // A new plume with the same parameters builds (and caches) the field again.
    const again = new GaussianPlume(options);
    expect(isGaussianFieldCached(grid, source, 7.25)).toBe(true);
    expectIdentical(again.fieldArray, oracleField(new GridSize(97, 89), new Coordinates(5, 6), 7.25), "rebuilt field");
  });
});

describe("the shared field cannot be corrupted by callers", () => {
  it("a write through one env's plume.fieldArray changes no environment's observations", () => {
    const a = new PlumeEnv({ gridSize: [21, 17], sourceLocation: [10, 8], plumeParams: { sigma: 3.25 } });
    const b = new PlumeEnv({ gridSize: [21, 17], sourceLocation: [10, 8], plumeParams: { sigma: 3.25 } });
    const before = b.reset({ seed: 4 })[0].data[0];
    const before2 = a.reset({ seed: 4 })[0].data[0];
    const field = (a.plume as GaussianPlume).fieldArray;
    field.fill(0.123);
    expect((a.plume as GaussianPlume).fieldArray).toBe(field); // the same copy on every read
    expect(b.reset({ seed: 4 })[0].data[0]).toBe(before);
    expect(a.reset({ seed: 4 })[0].data[0]).toBe(before2);
    expect(new GaussianPlume({ gridSize: [21, 17], sourceLocation: [10, 8], sigma: 3.25 }).fieldArray[8 * 21 + 10]).toBe(1);
    expect((b.plume as GaussianPlume).sample(10, 8)).toBe(1);
    // The environments still share one field.
    expect(sharedField(a.plume)).toBe(sharedField(b.plume));
    expect(sharedField(a.plume)).not.toBe(field);
  });

  it("a sigma so small that the field would be NaN at the source is rejected (1e-320, 1e-23)", () => {
    for (const sigma of [1e-320, 1e-23, 1.8e-23]) {
      expect(() => new GaussianPlume({ sigma })).toThrow(/sigma/);
      expect(() => new PlumeEnv({ plumeParams: { sigma } })).toThrow(/sigma/);
    }
    expect(new GaussianPlume({ gridSize: [5, 5], sigma: 1.9e-23 }).sample(2, 2)).toBe(1);
  });
});
