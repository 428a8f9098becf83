/**
 * Property tests for every space type, over arbitrary spaces: samples are members, seeding is
 * reproducible, JSON round-trips preserve equality, flatten / unflatten round-trip, and
 * `contains` rejects wrong dtypes, shapes, bounds and NaN.
 */
import { DTYPES, ValidationError, isNDArray, ndarray, toNumbers, type DType, type IntDType, type NDArray } from "@plume/core-types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALPHANUMERIC,
  Box,
  Dict,
  Discrete,
  MultiBinary,
  MultiDiscrete,
  OneOf,
  Sequence,
  Text,
  Tuple,
  flatdim,
  flatten,
  flattenSpace,
  spaceFromJSON,
  unflatten,
  type Space,
} from "../src/index.js";

const RUNS = { numRuns: 60 };

/** Plain, comparable view of a sample (NDArrays as dtype / shape / numbers). */
function plain(value: unknown): unknown {
  if (isNDArray(value)) return { dtype: value.dtype, shape: [...value.shape], data: toNumbers(value) };
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

const shapeArb = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 0, maxLength: 3 });
const seedArb = fc.integer({ min: 0, max: 2 ** 32 - 1 });

/** Bounds for one element of a Box of `dtype`: [low, high] with optional infinities where allowed. */
function boundArb(dtype: DType): fc.Arbitrary<[number, number]> {
  if (dtype === "float32" || dtype === "float64") {
    return fc
      .tuple(
        fc.option(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { freq: 4 }),
        fc.option(fc.double({ min: 0, max: 1e3, noNaN: true }), { freq: 4 }),
      )
      .map(([low, width]): [number, number] => [low ?? -Infinity, low === null || width === null ? Infinity : low + width]);
  }
  if (dtype === "bool") return fc.constantFrom<[number, number]>([0, 1], [0, 0], [1, 1]);
  const unsigned = dtype.startsWith("uint");
  return fc
    .tuple(fc.integer({ min: unsigned ? 0 : -60, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.boolean(), fc.boolean())
    .map(([low, width, infLow, infHigh]): [number, number] => [
      !unsigned && infLow ? -Infinity : low,
      !unsigned && infHigh ? Infinity : low + width,
    ]);
}

const boxArb: fc.Arbitrary<Box<DType>> = fc
  .tuple(fc.constantFrom(...DTYPES), shapeArb, fc.boolean())
  .chain(([dtype, shape, perElement]) => {
    const size = shape.reduce((a, b) => a * b, 1);
    const bounds = perElement ? fc.array(boundArb(dtype), { minLength: size, maxLength: size }) : boundArb(dtype).map((b) => [b]);
    return bounds.map((pairs) => {
      if (!perElement) {
        const [low, high] = pairs[0] as [number, number];
        return new Box({ low, high, shape, dtype });
      }
      const nest = (values: number[]) => ndarray("float64", shape, values);
      return new Box({ low: nest(pairs.map((p) => p[0])), high: nest(pairs.map((p) => p[1])), dtype });
    });
  });

const discreteArb = fc
  .tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: -10, max: 10 }))
  .map(([n, start]) => new Discrete(n, { start }));

const multiDiscreteArb: fc.Arbitrary<MultiDiscrete<IntDType>> = fc
  .tuple(
    fc.constantFrom<IntDType>("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"),
    fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }),
  )
  .chain(([dtype, shape]) => {
    const size = shape.reduce((a, b) => a * b, 1);
    const minStart = dtype.startsWith("uint") ? 0 : -3;
    return fc
      .tuple(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: size, maxLength: size }),
        fc.array(fc.integer({ min: minStart, max: 3 }), { minLength: size, maxLength: size }),
      )
      .map(
        ([nvec, start]) =>
          new MultiDiscrete<IntDType>({ nvec: ndarray("int64", shape, nvec), start: ndarray("int64", shape, start), dtype }),
      );
  });

const multiBinaryArb = fc
  .oneof(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }))
  .map((n) => new MultiBinary(n));

const textArb = fc
  .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 5 }), fc.constantFrom("abc", "xyz01", "é🙂a", ALPHANUMERIC))
  .map(([minLength, extra, charset]) => new Text(minLength + extra, { minLength, charset }));

const leafArb: fc.Arbitrary<Space<unknown>> = fc.oneof(boxArb, discreteArb, multiDiscreteArb, multiBinaryArb, textArb);

const keyArb = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/);

const { space: spaceArb } = fc.letrec<{ space: Space<unknown> }>((tie) => ({
  space: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leafArb,
    fc.uniqueArray(fc.tuple(keyArb, tie("space")), { minLength: 1, maxLength: 3, selector: ([k]) => k }).map((entries) => new Dict(Object.fromEntries(entries))),
    fc.array(tie("space"), { minLength: 0, maxLength: 3 }).map((spaces) => new Tuple(spaces)),
    fc.array(leafArb, { minLength: 1, maxLength: 3 }).map((spaces) => new OneOf(spaces)),
    fc.tuple(leafArb, fc.boolean()).map(([feature, stack]) => new Sequence(feature, { stack })),
  ),
}));

/** Whether a space contains a Sequence anywhere (flatten then gives a structure, not a vector). */
function hasSequence(space: Space<unknown>): boolean {
  if (space instanceof Sequence) return true;
  if (space instanceof Tuple || space instanceof OneOf) return (space.spaces as readonly Space<unknown>[]).some(hasSequence);
  if (space instanceof Dict) return Object.values(space.spaces).some(hasSequence);
  return false;
}

/**
 * Whether a space contains a OneOf: Gymnasium's `flatten_space(OneOf)` takes the subspaces' own
 * dtypes while `flatten` promotes them with the int64 index, so the two can disagree (kept as is).
 */
function hasOneOf(space: Space<unknown>): boolean {
  if (space instanceof OneOf) return true;
  if (space instanceof Tuple) return (space.spaces as readonly Space<unknown>[]).some(hasOneOf);
  if (space instanceof Dict) return Object.values(space.spaces).some(hasOneOf);
  if (space instanceof Sequence) return hasOneOf(space.featureSpace);
  return false;
}

const kinds: [string, fc.Arbitrary<Space<unknown>>][] = [
  ["Box", boxArb],
  ["Discrete", discreteArb],
  ["MultiDiscrete", multiDiscreteArb],
  ["MultiBinary", multiBinaryArb],
  ["Text", textArb],
  ["Dict / Tuple / OneOf / Sequence (nested)", spaceArb],
];

describe.each(kinds)("%s", (_name, arb) => {
  it("samples are contained in the space", () => {
    fc.assert(
      fc.property(arb, seedArb, (space, seed) => {
        space.seed(seed);
        for (let i = 0; i < 4; i++) {
          const x = space.sample();
          expect(space.contains(x)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("the same seed gives the same samples (also after a JSON round trip)", () => {
    fc.assert(
      fc.property(arb, seedArb, (space, seed) => {
        const twin = spaceFromJSON(JSON.parse(JSON.stringify(space.toJSON())));
        space.seed(seed);
        twin.seed(seed);
        for (let i = 0; i < 3; i++) expect(plain(twin.sample())).toEqual(plain(space.sample()));
      }),
      RUNS,
    );
  });

  it("JSON round trip preserves equality and repr", () => {
    fc.assert(
      fc.property(arb, (space) => {
        const back = spaceFromJSON(JSON.parse(JSON.stringify(space.toJSON())));
        expect(back.equals(space)).toBe(true);
        expect(space.equals(back)).toBe(true);
        expect(String(back)).toBe(String(space));
        expect(back.toJSON()).toEqual(space.toJSON());
      }),
      RUNS,
    );
  });

  it("copy() is equal and continues the same stream independently", () => {
    fc.assert(
      fc.property(arb, seedArb, (space, seed) => {
        space.seed(seed);
        space.sample();
        const copy = space.copy();
        expect(copy.equals(space)).toBe(true);
        expect(plain(copy.sample())).toEqual(plain(space.sample()));
      }),
      RUNS,
    );
  });

  it("flatten / unflatten round trip; flat samples lie in flattenSpace", () => {
    fc.assert(
      fc.property(arb, seedArb, (space, seed) => {
        space.seed(seed);
        const x = space.sample();
        const flat = flatten(space, x);
        expect(plain(unflatten(space, flat))).toEqual(plain(x));
        if (space.isNpFlattenable) {
          expect(isNDArray(flat)).toBe(true);
          expect((flat as NDArray).shape).toEqual([flatdim(space)]);
          if (!hasOneOf(space)) expect(flattenSpace(space).contains(flat)).toBe(true);
        } else {
          expect(hasSequence(space)).toBe(true);
          expect(() => flatdim(space)).toThrow(ValidationError);
          if (!hasOneOf(space)) expect(flattenSpace(space).contains(flat)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it("seed() rejects seeds outside [0, 2**32 - 1]", () => {
    fc.assert(
      fc.property(
        arb,
        fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 2 ** 32, max: 2 ** 40 }), fc.double({ min: 0.1, max: 0.9 })),
        (space, bad) => {
          expect(() => space.seed(bad)).toThrow(ValidationError);
          try {
            space.seed(bad);
          } catch (error) {
            expect((error as ValidationError).parameter).toMatch(/^seed/);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("contains rejects non-members", () => {
  it("Box: wrong dtype, wrong shape, out of bounds, NaN", () => {
    fc.assert(
      fc.property(boxArb, seedArb, (box, seed) => {
        box.seed(seed);
        const x = box.sample();
        const values = toNumbers(x);
        expect(box.contains(ndarray(box.dtype, [...box.shape, 1], x.data))).toBe(false);
        expect(box.contains(values)).toBe(false);
        const narrower: Partial<Record<DType, DType>> = { float32: "float64", int8: "uint8", int16: "uint16", uint8: "int8", bool: "int8" };
        const wrong = box.dtype === "float64" ? undefined : (narrower[box.dtype] ?? "float64");
        if (wrong !== undefined && !(box.dtype.startsWith("int") && wrong === "uint8")) {
          // a dtype that cannot be cast safely to the Box dtype
          expect(box.contains(ndarray(wrong, box.shape, values.map(() => 0)))).toBe(false);
        }
        if (values.length > 0) {
          const low = toNumbers(box.low);
          const i = low.findIndex((l, k) => box.boundedBelow[k] && Number.isFinite(l));
          if (i >= 0 && (box.dtype === "float64" || box.dtype === "float32")) {
            const below = [...values];
            below[i] = (low[i] as number) - Math.max(1, Math.abs(low[i] as number));
            expect(box.contains(ndarray(box.dtype, box.shape, below))).toBe(false);
          }
          if (box.dtype === "float32" || box.dtype === "float64") {
            const nan = [...values];
            nan[0] = NaN;
            expect(box.contains(ndarray(box.dtype, box.shape, nan))).toBe(false);
          }
        }
      }),
      RUNS,
    );
  });

  it("Box: out-of-bounds integers", () => {
    const box = new Box({ low: -3, high: 5, shape: [2], dtype: "int32" });
    expect(box.contains(ndarray("int32", [2], [0, 5]))).toBe(true);
    expect(box.contains(ndarray("int32", [2], [0, 6]))).toBe(false);
    expect(box.contains(ndarray("int8", [2], [-3, 0]))).toBe(true);
    expect(box.contains(ndarray("int8", [2], [-4, 0]))).toBe(false);
    expect(box.contains(ndarray("float32", [2], [0, 1]))).toBe(false);
    expect(box.contains(ndarray("int64", [2], [0, 1]))).toBe(false);
  });

  it("Discrete: out of range, non-integers, NaN, other types", () => {
    fc.assert(
      fc.property(discreteArb, (d) => {
        expect(d.contains(d.start)).toBe(true);
        expect(d.contains(d.start + d.n - 1)).toBe(true);
        expect(d.contains(d.start - 1)).toBe(false);
        expect(d.contains(d.start + d.n)).toBe(false);
        expect(d.contains(d.start + 0.5)).toBe(false);
        expect(d.contains(NaN)).toBe(false);
        expect(d.contains(String(d.start))).toBe(false);
        expect(d.contains(BigInt(d.start))).toBe(false);
        expect(d.contains(true)).toBe(false);
      }),
      RUNS,
    );
  });

  it("MultiDiscrete: out of range, float dtype, wrong shape", () => {
    fc.assert(
      fc.property(multiDiscreteArb, seedArb, (md, seed) => {
        md.seed(seed);
        const x = md.sample();
        const values = toNumbers(x);
        const nvec = toNumbers(md.nvec);
        const start = toNumbers(md.start);
        const above = [...values];
        above[0] = (start[0] as number) + (nvec[0] as number);
        expect(md.contains(ndarray("int64", md.shape, above))).toBe(false);
        expect(md.contains(ndarray("float64", md.shape, values))).toBe(false);
        expect(md.contains(ndarray("int64", [...md.shape, 1], values))).toBe(false);
        expect(md.contains(ndarray("int64", md.shape, values))).toBe(true);
      }),
      RUNS,
    );
  });

  it("MultiBinary: values other than 0/1, float dtype, wrong shape", () => {
    fc.assert(
      fc.property(multiBinaryArb, seedArb, (mb, seed) => {
        mb.seed(seed);
        const values = toNumbers(mb.sample());
        const two = [...values];
        two[0] = 2;
        expect(mb.contains(ndarray("int8", mb.shape, two))).toBe(false);
        expect(mb.contains(ndarray("float32", mb.shape, values))).toBe(false);
        expect(mb.contains(ndarray("int8", [values.length + 1], [...values, 0]))).toBe(false);
        expect(mb.contains(ndarray("bool", mb.shape, values))).toBe(true);
      }),
      RUNS,
    );
  });

  it("Text: too long, too short, foreign characters", () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const c = text.characterList[0] as string;
        expect(text.contains(c.repeat(text.maxLength + 1))).toBe(false);
        if (text.minLength > 0) expect(text.contains("")).toBe(false);
        expect(text.contains("#".repeat(Math.max(1, text.minLength)))).toBe(false);
        expect(text.contains(c.repeat(text.minLength))).toBe(true);
        expect(text.contains(3)).toBe(false);
      }),
      RUNS,
    );
  });

  it("composites: missing / extra keys, wrong lengths, bad indices", () => {
    const box = new Box({ low: 0, high: 1, shape: [2] });
    const dict = new Dict({ a: new Discrete(3), b: box });
    expect(dict.contains({ a: 1, b: ndarray("float32", [2], [0.5, 0.5]) })).toBe(true);
    expect(dict.contains({ a: 1 })).toBe(false);
    expect(dict.contains({ a: 1, b: ndarray("float32", [2], [0.5, 0.5]), c: 0 })).toBe(false);
    expect(dict.contains({ a: 3, b: ndarray("float32", [2], [0.5, 0.5]) })).toBe(false);
    const tuple = new Tuple([new Discrete(3), box]);
    expect(tuple.contains([1, ndarray("float32", [2], [0, 1])])).toBe(true);
    expect(tuple.contains([1])).toBe(false);
    expect(tuple.contains([1, ndarray("float32", [2], [0, 2])])).toBe(false);
    const oneOf = new OneOf([new Discrete(3), box]);
    expect(oneOf.contains([0, 2])).toBe(true);
    expect(oneOf.contains([1, 2])).toBe(false);
    expect(oneOf.contains([2, 0])).toBe(false);
    expect(oneOf.contains([0.5, 0])).toBe(false);
    const seq = new Sequence(new Discrete(3));
    expect(seq.contains([0, 1, 2])).toBe(true);
    expect(seq.contains([])).toBe(true);
    expect(seq.contains([0, 3])).toBe(false);
    expect(seq.contains(ndarray("int64", [2], [0, 1]))).toBe(false);
    const stacked = new Sequence(new Discrete(3), { stack: true });
    expect(stacked.contains(ndarray("int64", [2], [0, 1]))).toBe(true);
    expect(stacked.contains(ndarray("int64", [2], [0, 3]))).toBe(false);
    expect(stacked.contains([0, 1])).toBe(false);
  });
});
