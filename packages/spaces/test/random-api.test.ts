import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Generator, PCG64, SeedSequence, defaultRng } from "../src/random/index.js";
import { expectValidation } from "./helpers.js";

const seedArb = fc.integer({ min: 0, max: 0xffffffff });


describe("seeding", () => {
  it.each([-1, 1.5, 2 ** 32, Number.NaN, Infinity, "3", null])("rejects seed %s, naming the parameter", (seed) => {
    expectValidation(() => Generator.fromSeed(seed as number), "seed");
  });

  it("accepts the extremes of the seed range", () => {
    expect(() => Generator.fromSeed(0)).not.toThrow();
    expect(() => Generator.fromSeed(0xffffffff)).not.toThrow();
  });

  it("unseeded generators draw their seed from OS entropy", () => {
    expect(defaultRng().random()).not.toBe(defaultRng().random());
  });

  it("same seed gives the same stream", () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const a = Generator.fromSeed(seed);
        const b = Generator.fromSeed(seed);
        for (let i = 0; i < 8; i++) {
          expect([a.random(), a.integers(0, 9), a.standardNormal()]).toEqual([b.random(), b.integers(0, 9), b.standardNormal()]);
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe("state", () => {
  it("clone continues with the same numbers, independently, including a buffered 32-bit half", () => {
    fc.assert(
      fc.property(seedArb, fc.nat({ max: 5 }), (seed, warmup) => {
        const rng = Generator.fromSeed(seed);
        for (let i = 0; i <= warmup; i++) rng.integers(0, 10);
        const copy = rng.clone();
        const expected = [rng.integers(0, 10), rng.random(), rng.integers(0, 1000)];
        expect([copy.integers(0, 10), copy.random(), copy.integers(0, 1000)]).toEqual(expected);
      }),
      { numRuns: 50 },
    );
  });

  it("state round-trips through JSON", () => {
    const rng = Generator.fromSeed(42);
    rng.integers(0, 5);
    const saved = JSON.parse(JSON.stringify(rng.state));
    const next = [rng.integers(0, 5), rng.random()];
    const restored = Generator.fromSeed(0);
    restored.state = saved;
    expect([restored.integers(0, 5), restored.random()]).toEqual(next);
  });

  it("rejects a malformed state", () => {
    const rng = Generator.fromSeed(1);
    const good = rng.state;
    expectValidation(() => {
      rng.state = { ...good, bit_generator: "MT19937" as "PCG64" };
    }, "state.bit_generator");
    expectValidation(() => {
      rng.state = { ...good, state: { ...good.state, inc: "2" } };
    }, "state.state.inc");
    expectValidation(() => {
      rng.state = { ...good, uinteger: -1 };
    }, "state.uinteger");
  });

  it("PCG64 rejects a non-seed", () => {
    expectValidation(() => new PCG64(-3), "seed");
  });
});

describe("argument validation", () => {
  const rng = Generator.fromSeed(0);
  it.each([
    ["integers with an empty range", () => rng.integers(5, 5), "high"],
    ["integers(0)", () => rng.integers(0), "high"],
    ["integers with a fractional bound", () => rng.integers(0.5, 3), "low"],
    ["uniform with NaN", () => rng.uniform(Number.NaN, 1), "low"],
    ["normal with a negative scale", () => rng.normal(0, -1), "scale"],
    ["exponential with a negative scale", () => rng.exponential(-1), "scale"],
    ["geometric with p = 0", () => rng.geometric(0), "p"],
    ["choice of nothing", () => rng.choice(0), "n"],
    ["choice with p of the wrong length", () => rng.choice(3, [0.5, 0.5]), "p"],
    ["choice with negative p", () => rng.choice(2, [1.5, -0.5]), "p[1]"],
    ["choice with p not summing to 1", () => rng.choice(2, [0.5, 0.4]), "p"],
    ["int8 integers out of range", () => rng.fillIntegers(new Int8Array(2), 0, 300, "int8"), "high"],
    ["uint8 integers below 0", () => rng.fillIntegers(new Uint8Array(2), -1, 3, "uint8"), "low"],
    ["SeedSequence with negative entropy", () => new SeedSequence(-1), "entropy"],
    ["generateState with a bad dtype", () => new SeedSequence(1).generateState(2, "int8" as "uint32"), "dtype"],
  ])("%s", (_label, fn, parameter) => {
    expectValidation(fn, parameter);
  });
});

describe("distribution properties", () => {
  it("integers stay within [low, high) and fillIntegers within the dtype", () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 2 ** 40 }), (seed, low, width) => {
        const rng = Generator.fromSeed(seed);
        const value = rng.integers(low, low + width);
        expect(value).toBeGreaterThanOrEqual(low);
        expect(value).toBeLessThan(low + width);
        const bytes = rng.fillIntegers(new Int8Array(9), -128, 128, "int8");
        expect(bytes.every((b) => b >= -128 && b <= 127)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("random() lies in [0, 1) and uniform(low, high) in [low, high)", () => {
    fc.assert(
      fc.property(seedArb, fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 1e-3, max: 1e6, noNaN: true }), (seed, low, width) => {
        const rng = Generator.fromSeed(seed);
        const u = rng.random();
        expect(u >= 0 && u < 1).toBe(true);
        const x = rng.uniform(low, low + width);
        expect(x >= low && x <= low + width).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("standard normal moments are close to (0, 1) over many draws", () => {
    const rng = Generator.fromSeed(7);
    const n = 50_000;
    let sum = 0;
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      const z = rng.standardNormal();
      sum += z;
      sumSq += z * z;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.02);
    expect(Math.abs(sumSq / n - 1)).toBeLessThan(0.03);
  });

  it("spawned generators are independent of the parent's stream", () => {
    const parent = Generator.fromSeed(3);
    const [a, b] = parent.spawn(2);
    expect(a!.random()).not.toBe(b!.random());
    expect(parent.seedSequence.nChildrenSpawned).toBe(2);
  });
});
