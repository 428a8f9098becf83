/**
 * PCG64's limb arithmetic against the definition in BigInt (state = state * multiplier + inc mod 2**128, output
 * XSL-RR), from arbitrary states — the NumPy fixtures pin a few short streams; carries through every limb need
 * states of every shape — and the bulk paths (`fill64`, `standardNormalFill`) against one call per draw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Generator, PCG64, type PCG64State } from "../src/random/index.js";
import { expectValidation } from "./helpers.js";

const MASK64 = (1n << 64n) - 1n;
const MASK128 = (1n << 128n) - 1n;
const MULTIPLIER = (2549297995355413924n << 64n) + 4865540595714422341n;

function referenceStep(state: bigint, inc: bigint): bigint {
  return (state * MULTIPLIER + inc) & MASK128;
}

function referenceOutput(state: bigint): bigint {
  const x = ((state >> 64n) ^ state) & MASK64;
  const rot = state >> 122n;
  return ((x >> rot) | (x << ((64n - rot) & 63n))) & MASK64;
}

function withState(state: bigint, inc: bigint): PCG64 {
  const bitgen = new PCG64(0);
  const value: PCG64State = { bit_generator: "PCG64", state: { state: state.toString(), inc: inc.toString() }, has_uint32: 0, uinteger: 0 };
  bitgen.state = value;
  return bitgen;
}

const u128 = fc.oneof(
  fc.bigInt({ min: 0n, max: MASK128 }),
  // limbs that are all zeros or all ones carry through every column
  fc.array(fc.constantFrom<bigint>(0n, 0xffffn, 0x8000n, 1n), { minLength: 8, maxLength: 8 }).map((limbs) => limbs.reduce((acc: bigint, l, k) => acc | (l << BigInt(16 * k)), 0n)),
);
const oddU128 = u128.map((v) => v | 1n);

describe("PCG64 limb arithmetic", () => {
  it("steps and outputs as the BigInt definition from arbitrary states", () => {
    fc.assert(
      fc.property(u128, oddU128, (state, inc) => {
        const bitgen = withState(state, inc);
        let s = state;
        for (let k = 0; k < 40; k++) {
          s = referenceStep(s, inc);
          expect(bitgen.nextUint64()).toBe(referenceOutput(s));
        }
        expect(bitgen.state.state).toEqual({ state: s.toString(), inc: inc.toString() });
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    [0n, 1n],
    [MASK128, MASK128],
    [1n << 127n, 1n],
    [MASK128, 1n],
    [(1n << 96n) - 1n, (1n << 96n) | 1n],
  ])("steps from the edge state %s with inc %s", (state, inc) => {
    const bitgen = withState(state, inc);
    let s = state;
    for (let k = 0; k < 1000; k++) {
      s = referenceStep(s, inc);
      expect(bitgen.nextUint64()).toBe(referenceOutput(s));
    }
  });

  it("fill64 gives the outputs of that many next64 calls and the same state", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.nat({ max: 40 }), fc.nat({ max: 300 }), (seed, start, count) => {
        const a = new PCG64(seed);
        const b = new PCG64(seed);
        const hi = new Uint32Array(start + count);
        const lo = new Uint32Array(start + count);
        a.fill64(hi, lo, start, start + count);
        for (let k = start; k < start + count; k++) {
          b.next64();
          expect([hi[k], lo[k]]).toEqual([b.outHi, b.outLo]);
        }
        expect(a.nextUint64()).toBe(b.nextUint64());
        expect(hi.subarray(0, start).every((v) => v === 0)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe("PCG64.fill64 arguments", () => {
  it.each([
    [new Float64Array(4), new Uint32Array(4), 0, 4, "hi"],
    [new Uint32Array(4), [0, 0, 0, 0], 0, 4, "lo"],
    [new Uint32Array(4), new Uint32Array(4), -1, 4, "start"],
    [new Uint32Array(4), new Uint32Array(4), 0, 5, "end"],
    [new Uint32Array(4), new Uint32Array(3), 0, 4, "end"],
    [new Uint32Array(4), new Uint32Array(4), 3, 2, "end"],
  ])("rejects hi %o, lo %o, start %s, end %s, naming %s", (hi, lo, start, end, parameter) => {
    expectValidation(() => new PCG64(0).fill64(hi as Uint32Array, lo as Uint32Array, start, end), parameter);
  });
});

describe("Generator.standardNormalFill", () => {
  it("gives the numbers of one standardNormal call each, through rejections and the tail, and the same state", () => {
    // 200 000 normals meet the ziggurat's wedge rejections (~1 %) and its tail (idx 0) many times.
    const one = Generator.fromSeed(7);
    const bulk = Generator.fromSeed(7);
    const out = new Float64Array(200_000); // many batches of bulk draws
    bulk.standardNormalFill(out);
    let tail = 0;
    for (let i = 0; i < out.length; i++) {
      const x = one.standardNormal();
      if (Math.abs(x) > 3.654152885361009) tail++;
      if (!Object.is(out[i], x)) expect([i, out[i]]).toEqual([i, x]);
    }
    expect(tail).toBeGreaterThan(10);
    expect(bulk.random()).toBe(one.random());
  });

  it("fills only [start, end), mixes with other draws and leaves a buffered 32-bit half alone", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.array(fc.tuple(fc.nat({ max: 5 }), fc.nat({ max: 60 })), { maxLength: 6 }), (seed, calls) => {
        const one = Generator.fromSeed(seed);
        const bulk = Generator.fromSeed(seed);
        expect(bulk.nextUint32()).toBe(one.nextUint32());
        for (const [start, count] of calls) {
          const out = new Float64Array(start + count + 2).fill(99);
          bulk.standardNormalFill(out, start, start + count);
          const expected = Array.from(out, (_, i) => (i >= start && i < start + count ? one.standardNormal() : 99));
          expect(Array.from(out)).toEqual(expected);
          expect(bulk.random()).toBe(one.random());
        }
        expect(bulk.nextUint32()).toBe(one.nextUint32());
      }),
      { numRuns: 100 },
    );
  });

  it("writes float32 arrays too", () => {
    const out = Generator.fromSeed(3).standardNormalFill(new Float32Array(5));
    const one = Generator.fromSeed(3);
    expect(Array.from(out)).toEqual(Array.from({ length: 5 }, () => Math.fround(one.standardNormal())));
  });

  it.each([
    [-1, undefined, "start"],
    [1.5, undefined, "start"],
    [11, undefined, "start"],
    [0, 11, "end"],
    [5, 4, "end"],
  ])("rejects start %s, end %s, naming the parameter", (start, end, parameter) => {
    expectValidation(() => Generator.fromSeed(0).standardNormalFill(new Float64Array(10), start, end), parameter);
  });
});
