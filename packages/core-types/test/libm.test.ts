/**
 * glibc-exact trigonometry: every recorded NumPy value must be reproduced bit for bit
 * (scripts/record-libm-vectors.py; LIBM_VECTORS=<file> or test/data/libm-vectors-full.bin runs the
 * full set of millions of inputs).
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { libm } from "../src/index.js";

interface Section {
  readonly kind: number;
  readonly count: number;
  readonly values: Float64Array;
  readonly width: number;
}

const WIDTH: Record<number, number> = { 1: 3, 3: 2, 4: 3, 5: 3 };

function readVectors(path: string): Map<number, Section> {
  const buffer = readFileSync(path);
  expect(buffer.subarray(0, 8).toString("latin1")).toBe("PLIBM001");
  const sections = new Map<number, Section>();
  let offset = 8;
  while (offset < buffer.length) {
    const kind = buffer.readUInt8(offset);
    const count = buffer.readUInt32LE(offset + 1);
    offset += 5;
    const width = WIDTH[kind] as number;
    const values = new Float64Array(count * width);
    for (let i = 0; i < values.length; i++) values[i] = buffer.readDoubleLE(offset + 8 * i);
    offset += 8 * values.length;
    sections.set(kind, { kind, count, values, width });
  }
  return sections;
}

const defaultPath = new URL("./data/libm-vectors.bin", import.meta.url).pathname;
const fullPath = process.env.LIBM_VECTORS ?? new URL("./data/libm-vectors-full.bin", import.meta.url).pathname;
const files = [defaultPath, ...(existsSync(fullPath) ? [fullPath] : [])];

const same = (a: number, b: number) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
const hex = (x: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(x);
  return `${x} (0x${b.readBigUInt64LE().toString(16)})`;
};

// Generous: the full file has millions of inputs and CI machines are shared.
describe.each(files)("NumPy vectors %s", { timeout: 900_000 }, (path) => {
  const sections = readVectors(path);
  const mismatches = (kind: number, f: (row: Float64Array) => number[], inputs: number) => {
    const s = sections.get(kind)!;
    const bad: string[] = [];
    for (let i = 0; i < s.count; i++) {
      const row = s.values.subarray(i * s.width, (i + 1) * s.width);
      const got = f(row);
      got.forEach((g, j) => {
        const want = row[inputs + j] as number;
        if (!same(g, want) && bad.length < 10) bad.push(`${[...row.subarray(0, inputs)].map(hex).join(", ")}: got ${hex(g)}, NumPy ${hex(want)}`);
        else if (!same(g, want)) bad.push("");
      });
    }
    return { count: s.count, bad };
  };

  it("sin and cos", () => {
    const { count, bad } = mismatches(1, (r) => [libm.sin(r[0]!), libm.cos(r[0]!)], 1);
    expect(count).toBeGreaterThan(10000);
    expect(bad.slice(0, 10), `${bad.length} mismatches`).toEqual([]);
  });

  it("deg2rad", () => {
    const { bad } = mismatches(3, (r) => [libm.deg2rad(r[0]!)], 1);
    expect(bad.slice(0, 10), `${bad.length} mismatches`).toEqual([]);
  });

  it("hypot", () => {
    const { bad } = mismatches(4, (r) => [libm.hypot(r[0]!, r[1]!)], 2);
    expect(bad.slice(0, 10), `${bad.length} mismatches`).toEqual([]);
  });

  it("sin and cos of deg2rad (the antenna sensor's angles)", () => {
    const { bad } = mismatches(5, (r) => [libm.sin(libm.deg2rad(r[0]!)), libm.cos(libm.deg2rad(r[0]!))], 1);
    expect(bad.slice(0, 10), `${bad.length} mismatches`).toEqual([]);
  });
});

describe("fma", () => {
  /** Exact a*b + c rounded to nearest even, via BigInt (doubles as m * 2^e). */
  function exactFma(a: number, b: number, c: number): number {
    const parts = (x: number): [bigint, number] => {
      if (x === 0) return [0n, 0];
      let e = 0;
      let m = x;
      while (!Number.isInteger(m)) {
        m *= 2;
        e -= 1;
      }
      return [BigInt(m), e];
    };
    const [ma, ea] = parts(a);
    const [mb, eb] = parts(b);
    const [mc, ec] = parts(c);
    const e = Math.min(ea + eb, ec);
    const v = ((ma * mb) << BigInt(ea + eb - e)) + (mc << BigInt(ec - e));
    // Number(bigint) rounds to nearest, ties to even; scaling by 2^e is exact in this range.
    return Number(v) * 2 ** e;
  }

  it("rounds a*b + c once, on random and tie-prone inputs", () => {
    let state = 12345;
    const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (let i = 0; i < 20000; i++) {
      const a = next() * 2 ** Math.round(next() * 30);
      const b = next() * 2 ** Math.round(next() * 30);
      const p = a * b;
      // c chosen so that the sum sits near p (cancellation) or near a rounding boundary.
      const c = i % 3 === 0 ? -p : i % 3 === 1 ? next() * 2 ** Math.round(next() * 60) : -p * (1 + 2 ** -52);
      expect(libm.fma(a, b, c), `${a} * ${b} + ${c}`).toBe(exactFma(a, b, c));
    }
  });
});

describe("SinCosCache", () => {
  it("computes each key once and stays within its capacity", () => {
    let calls = 0;
    const cache = new libm.SinCosCache((h) => (calls++, [libm.sin(h), libm.cos(h)]), 3);
    for (const h of [0, 1, 0, 1, 2]) cache.get(h);
    expect(calls).toBe(3);
    expect(cache.get(1)).toEqual([libm.sin(1), libm.cos(1)]);
    cache.get(3); // a fourth key starts over
    expect(cache.size).toBe(1);
    expect(() => new libm.SinCosCache(() => 0, 0)).toThrow(RangeError);
  });
});
