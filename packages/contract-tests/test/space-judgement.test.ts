/**
 * The kit's own judgement of spaces (issue 20, class 13): `memberProblem` reads a space's data and must
 * agree with the real `@plume/spaces` classes on every probe, while a lenient subclass or a space sampling
 * with Math.random is reported.
 */
import { ndarray, type DType, type NDArray } from "@plume/core-types";
import { Box, Dict, Discrete, MultiBinary, MultiDiscrete, Tuple } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import { canCastSafely, lenientContainsProblem, memberProblem, seedingProblem, type AnySpace } from "../src/index.js";
import { extremeMembers, foreignCandidates, nextFloat, seededSamples } from "../src/spaces-util.js";

const DTYPES: readonly DType[] = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"];

const spaces = (): [string, AnySpace][] => [
  ["Box float32 [0, 1]", new Box({ low: 0, high: 1, shape: [3], dtype: "float32" }) as unknown as AnySpace],
  ["Box float64 [-2.5, 7]", new Box({ low: -2.5, high: 7, shape: [2, 2], dtype: "float64" }) as unknown as AnySpace],
  ["Box float32 unbounded", new Box({ low: -Infinity, high: Infinity, shape: [2], dtype: "float32" }) as unknown as AnySpace],
  ["Box int8 [-3, 5]", new Box({ low: -3, high: 5, shape: [4], dtype: "int8" }) as unknown as AnySpace],
  ["Box uint16 [0, 65535]", new Box({ low: 0, high: 65535, shape: [1], dtype: "uint16" }) as unknown as AnySpace],
  ["Box int32 [0, 2^31 - 1]", new Box({ low: 0, high: 2 ** 31 - 1, shape: [1], dtype: "int32" }) as unknown as AnySpace],
  ["Discrete(3, start -1)", new Discrete(3, { start: -1 }) as unknown as AnySpace],
  ["MultiBinary([2, 2])", new MultiBinary([2, 2]) as unknown as AnySpace],
  ["MultiDiscrete([3, 4])", new MultiDiscrete([3, 4]) as unknown as AnySpace],
  ["Dict", new Dict({ a: new Discrete(2), b: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }) }) as unknown as AnySpace],
  ["Tuple", new Tuple([new Discrete(4), new MultiBinary(3)]) as unknown as AnySpace],
];

describe("the kit's reading of a space", () => {
  it("casts safely exactly where a real Box accepts the dtype", () => {
    for (const to of DTYPES.filter((d) => d !== "bool")) {
      const box = new Box({ low: 0, high: 1, shape: [1], dtype: to });
      for (const from of DTYPES) {
        expect(box.contains(ndarray(from, [1], [0])), `${from} -> ${to}`).toBe(canCastSafely(from, to));
      }
    }
  });

  it("agrees with the real spaces' contains() on members, extremes, non-members and values just past the bounds", () => {
    for (const [name, space] of spaces()) {
      const probes = [...seededSamples(space, 7, 20), ...extremeMembers(space), ...foreignCandidates(space)];
      for (const v of probes) {
        const real = space.contains(v);
        expect(memberProblem(space, v) === undefined, `${name}: ${String(memberProblem(space, v))}`).toBe(real);
      }
      expect(lenientContainsProblem(space, name), name).toBeUndefined();
    }
  });

  it("steps one float past a bound", () => {
    expect(nextFloat(1, 1, "float32")).toBe(Math.fround(1 + 2 ** -23));
    expect(nextFloat(0, -1, "float32")).toBe(-(2 ** -149));
    expect(nextFloat(1, 1, "float64")).toBe(1 + Number.EPSILON);
    expect(nextFloat(-1, -1, "float64")).toBe(-1 - Number.EPSILON);
  });

  it("reports a contains() that checks only the shape, also inside a Dict", () => {
    class ShapeOnly extends Box<"float32"> {
      constructor() {
        super({ low: 0, high: 1, shape: [2], dtype: "float32" });
      }
      override contains(v: unknown): v is NDArray<"float32"> {
        return typeof v === "object" && v !== null && (v as NDArray).shape?.length === 1 && (v as NDArray).shape[0] === 2;
      }
    }
    expect(lenientContainsProblem(new ShapeOnly() as unknown as AnySpace, "obs")).toMatch(/obs \(.*\)\.contains\(\) accepts/);
    const dict = new Dict({ odour: new ShapeOnly(), seen: new Discrete(2) }) as unknown as AnySpace;
    expect(lenientContainsProblem(dict, "obs")).toMatch(/obs\.odour/);
    // the membership of an observation is the kit's, whatever the space says
    expect(memberProblem(new ShapeOnly() as unknown as AnySpace, ndarray("float32", [2], [0.5, 1.5]))).toMatch(/outside \[0, 1\]/);
  });

  it("reports an off-by-one Discrete bound accepted by contains()", () => {
    class OffByOne extends Discrete {
      override contains(v: unknown): v is number {
        return typeof v === "number" && Number.isInteger(v) && v >= this.start && v <= this.start + this.n;
      }
    }
    expect(lenientContainsProblem(new OffByOne(5) as unknown as AnySpace, "space")).toMatch(/accepts 5/);
  });
});

describe("seeded sampling", () => {
  it("passes the real spaces", () => {
    for (const [name, space] of spaces()) {
      const again = spaces().find(([n]) => n === name)?.[1];
      expect(seedingProblem(space, 123, name, again), name).toBeUndefined();
    }
  });

  it("reports Math.random in sample()", () => {
    class QuickDiscrete extends Discrete {
      override sample(): number {
        // eslint-disable-next-line no-restricted-properties -- the bug under test
        return this.start + Math.floor(Math.random() * this.n);
      }
    }
    expect(seedingProblem(new QuickDiscrete(2) as unknown as AnySpace, 1, "observationSpace")).toMatch(/called Math\.random\(\)/);
  });

  it("reports samples that depend on something besides the seed (a counter shared by instances)", () => {
    let shared = 0;
    class CountingBox extends Box<"float32"> {
      constructor() {
        super({ low: 0, high: 100, shape: [1], dtype: "float32" });
      }
      override seed(seed?: number): ReturnType<Box<"float32">["seed"]> {
        shared += 1;
        return super.seed(seed);
      }
      override sample(): NDArray<"float32"> {
        const s = super.sample();
        return ndarray("float32", [1], [Math.min(100, (s.data[0] as number) + shared)]);
      }
    }
    expect(seedingProblem(new CountingBox() as unknown as AnySpace, 5, "space", new CountingBox() as unknown as AnySpace)).toMatch(/different sample streams|different samples/);
  });
});
