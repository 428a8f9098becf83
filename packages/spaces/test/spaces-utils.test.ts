/**
 * batchSpace, flatdim / flatten / flattenSpace, equality, JSON and repr against Gymnasium's
 * documented behaviour, plus the static types of samples.
 */
import { ValidationError, ndarray, toNumbers, type NDArray, type SpaceLike } from "@plume/core-types";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  Box,
  Dict,
  Discrete,
  Generator,
  MultiBinary,
  MultiDiscrete,
  OneOf,
  Sequence,
  Text,
  Tuple,
  batchSpace,
  concatenate,
  flatdim,
  flatten,
  flattenSpace,
  spaceFromJSON,
  unflatten,
  unstack,
} from "../src/index.js";

describe("batchSpace (gymnasium.vector.utils.batch_space)", () => {
  it("Box -> Box with a leading axis, bounds tiled", () => {
    const box = new Box({ low: [-1, 0], high: [1, 2], dtype: "float64" });
    const batched = batchSpace(box, 3);
    expect(batched).toBeInstanceOf(Box);
    expect(batched.shape).toEqual([3, 2]);
    expect(batched.dtype).toBe("float64");
    expect(toNumbers(batched.low)).toEqual([-1, 0, -1, 0, -1, 0]);
    expect(String(batched)).toBe("Box([[-1.  0.]\n [-1.  0.]\n [-1.  0.]], [[1. 2.]\n [1. 2.]\n [1. 2.]], (3, 2), float64)");
  });

  it("a batched Box continues from a copy of the space's generator", () => {
    const box = new Box({ low: 0, high: 1, shape: [2], seed: 7 });
    const batched = batchSpace(box, 3);
    const stackedSample = toNumbers(batched.sample());
    const individual = [box.sample(), box.sample(), box.sample()].flatMap((x) => toNumbers(x));
    expect(stackedSample).toEqual(individual);
  });

  it("Discrete -> MultiDiscrete with start", () => {
    const batched = batchSpace(new Discrete(5, { start: -2 }), 4);
    expect(batched).toBeInstanceOf(MultiDiscrete);
    expect(batched.equals(new MultiDiscrete([5, 5, 5, 5], { start: [-2, -2, -2, -2] }))).toBe(true);
    expect(String(batched)).toBe("MultiDiscrete([5 5 5 5], start=[-2 -2 -2 -2])");
  });

  it("MultiDiscrete -> integer Box [start, start + nvec - 1]", () => {
    const batched = batchSpace(new MultiDiscrete([2, 3], { start: [1, 0], dtype: "int32" }), 2);
    expect(batched).toBeInstanceOf(Box);
    expect(batched.dtype).toBe("int32");
    expect(toNumbers(batched.low)).toEqual([1, 0, 1, 0]);
    expect(toNumbers(batched.high)).toEqual([2, 2, 2, 2]);
  });

  it("MultiBinary -> int8 Box of 0..1", () => {
    const batched = batchSpace(new MultiBinary([2, 3]), 4);
    expect(String(batched)).toBe("Box(0, 1, (4, 2, 3), int8)");
  });

  it("Dict and Tuple batch recursively, keeping key order", () => {
    const dict = new Dict({ b: new Discrete(3), a: new Box({ low: 0, high: 1, shape: [2] }) });
    const batched = batchSpace(dict, 5);
    expect(batched.keys).toEqual(["a", "b"]);
    expect(String(batched)).toBe("Dict('a': Box(0.0, 1.0, (5, 2), float32), 'b': MultiDiscrete([3 3 3 3 3]))");
    const tuple = batchSpace(new Tuple([new Discrete(2), new MultiBinary(2)]), 2);
    expect(String(tuple)).toBe("Tuple(MultiDiscrete([2 2]), Box(0, 1, (2, 2), int8))");
    const sample = tuple.sample();
    expect(tuple.contains(sample)).toBe(true);
  });

  it("Text / Sequence / OneOf -> a Tuple of seeded copies", () => {
    const text = new Text(3, { charset: "ab", seed: 4 });
    const batched = batchSpace(text, 3);
    expect(batched).toBeInstanceOf(Tuple);
    expect(batched.spaces).toHaveLength(3);
    expect(batched.spaces.every((s) => s.equals(text) && s !== text)).toBe(true);
    const again = batchSpace(new Text(3, { charset: "ab", seed: 4 }), 3);
    expect(again.sample()).toEqual(batched.sample());
    const seq = batchSpace(new Sequence(new Discrete(2), { seed: 1 }), 2);
    expect(seq.contains(seq.sample())).toBe(true);
    const oneOf = batchSpace(new OneOf([new Discrete(2), new Discrete(3)], { seed: 1 }), 2);
    expect(oneOf.contains(oneOf.sample())).toBe(true);
  });

  it("batching does not advance the original generator", () => {
    const a = new Box({ low: 0, high: 1, seed: 3 });
    const b = new Box({ low: 0, high: 1, seed: 3 });
    batchSpace(a, 4).sample();
    expect(toNumbers(a.sample())).toEqual(toNumbers(b.sample()));
  });

  it("concatenate and unstack are inverse", () => {
    const space = new Dict({ d: new Discrete(4), t: new Tuple([new Box({ low: 0, high: 1, shape: [2] }), new Text(2)]) }, { seed: 2 });
    const items = [space.sample(), space.sample(), space.sample()];
    const stacked = concatenate(space, items);
    expect(toNumbers(stacked.d)).toEqual(items.map((x) => x.d));
    expect(batchSpace(space, 3).contains(stacked)).toBe(true);
    expect(unstack(space, stacked)).toEqual(items);
  });
});

describe("flatdim / flatten / unflatten / flattenSpace (gymnasium.spaces.utils)", () => {
  it("flatdim", () => {
    expect(flatdim(new Dict({ position: new Discrete(2), velocity: new Discrete(3) }))).toBe(5);
    expect(flatdim(new Box({ low: 0, high: 1, shape: [3, 4] }))).toBe(12);
    expect(flatdim(new MultiDiscrete([2, 3, 4]))).toBe(9);
    expect(flatdim(new MultiBinary([2, 2]))).toBe(4);
    expect(flatdim(new Text(7))).toBe(7);
    expect(flatdim(new OneOf([new Discrete(2), new Box({ low: 0, high: 1, shape: [5] })]))).toBe(6);
    expect(flatdim(new Tuple([]))).toBe(0);
    expect(() => flatdim(new Tuple([new Sequence(new Discrete(2))]))).toThrow(ValidationError);
  });

  it("Discrete -> one-hot int64 (Gymnasium's example)", () => {
    const flat = flatten(new Discrete(4), 2) as NDArray;
    expect(flat.dtype).toBe("int64");
    expect(toNumbers(flat)).toEqual([0, 0, 1, 0]);
    expect(unflatten(new Discrete(4, { start: 3 }), flatten(new Discrete(4, { start: 3 }), 5))).toBe(5);
  });

  it("Tuple of Boxes and a Discrete -> float64 concatenation (Gymnasium's example)", () => {
    const space = new Tuple([new Box({ low: 0, high: 1, shape: [2] }), new Box({ low: 0, high: 1, shape: [3] }), new Discrete(3)]);
    const flat = flatten(space, [ndarray("float32", [2], [0.5, 0.25]), ndarray("float32", [3], [1, 0, 0.2]), 1]) as NDArray;
    expect(flat.dtype).toBe("float64");
    expect(toNumbers(flat)).toEqual([0.5, 0.25, 1, 0, Math.fround(0.2), 0, 1, 0]);
    expect(String(flattenSpace(space))).toBe("Box(0.0, 1.0, (8,), float64)");
  });

  it("MultiDiscrete -> concatenated one-hots and back", () => {
    const space = new MultiDiscrete([[2, 3], [1, 2]], { start: [[0, 1], [5, 0]] });
    const x = ndarray("int64", [2, 2], [1, 3, 5, 1]);
    const flat = flatten(space, x) as NDArray;
    expect(toNumbers(flat)).toEqual([0, 1, 0, 0, 1, 1, 0, 1]);
    expect(toNumbers(unflatten(space, flat))).toEqual([1, 3, 5, 1]);
  });

  it("Text -> int32 character indices padded with the charset size", () => {
    const text = new Text(5, { charset: "abc", minLength: 0 });
    expect(toNumbers(flatten(text, "cab") as NDArray)).toEqual([2, 0, 1, 3, 3]);
    expect(unflatten(text, flatten(text, "cab"))).toBe("cab");
    expect(String(flattenSpace(text))).toBe("Box(0, 3, (5,), int32)");
  });

  it("OneOf -> [index, flattened sample padded with its first value]", () => {
    const space = new OneOf([new Discrete(2), new Box({ low: -1, high: 1, shape: [3] })]);
    const flat = flatten(space, [0, 1]) as NDArray;
    expect(flat.dtype).toBe("int64");
    expect(toNumbers(flat)).toEqual([0, 0, 1, 0]);
    expect(unflatten(space, flat)).toEqual([0, 1]);
    expect(String(flattenSpace(space))).toBe("Box([ 0. -1. -1. -1.], 1.0, (4,), float64)");
    expect(String(new Box({ low: [-Infinity, 0], high: [0.5, 10], dtype: "float64" }))).toBe("Box([-inf   0.], [ 0.5 10. ], (2,), float64)");
  });

  it("flattenSpace examples from Gymnasium's docs", () => {
    expect(String(flattenSpace(new Box({ low: 0, high: 1, shape: [3, 4, 5] })))).toBe("Box(0.0, 1.0, (60,), float32)");
    expect(String(flattenSpace(new Discrete(5)))).toBe("Box(0, 1, (5,), int64)");
    const dict = new Dict({ position: new Discrete(2), velocity: new Box({ low: 0, high: 1, shape: [2, 2] }) });
    expect(String(flattenSpace(dict))).toBe("Box(0.0, 1.0, (6,), float64)");
  });

  it("spaces with a Sequence flatten to structures", () => {
    const space = new Dict({ s: new Sequence(new Discrete(3)), d: new Discrete(2) });
    expect(space.isNpFlattenable).toBe(false);
    const x = { d: 1, s: [0, 2] };
    const flat = flatten(space, x) as { d: NDArray; s: NDArray[] };
    expect(toNumbers(flat.d)).toEqual([0, 1]);
    expect(flat.s.map(toNumbers)).toEqual([[1, 0, 0], [0, 0, 1]]);
    expect(unflatten(space, flat)).toEqual(x);
    expect(String(flattenSpace(space))).toBe("Dict('d': Box(0, 1, (2,), int64), 's': Sequence(Box(0, 1, (3,), int64), stack=False))");
    const stacked = new Sequence(new Discrete(3), { stack: true });
    const rows = flatten(stacked, ndarray("int64", [2], [2, 0])) as NDArray;
    expect(rows.shape).toEqual([2, 3]);
    expect(toNumbers(unflatten(stacked, rows) as NDArray)).toEqual([2, 0]);
  });
});

describe("equals, JSON and repr", () => {
  it("Box equality is np.allclose on bounds, with shape and dtype", () => {
    const box = new Box({ low: 0, high: 1, shape: [2] });
    expect(box.equals(new Box({ low: [0, 0], high: [1, 1] }))).toBe(true);
    expect(box.equals(new Box({ low: 1e-9, high: 1, shape: [2] }))).toBe(true);
    expect(box.equals(new Box({ low: 0, high: 1, shape: [2], dtype: "float64" }))).toBe(false);
    expect(box.equals(new Box({ low: 0, high: 1, shape: [3] }))).toBe(false);
    expect(box.equals(new Box({ low: 0, high: 2, shape: [2] }))).toBe(false);
    expect(box.equals("Box")).toBe(false);
  });

  it("Discrete / MultiDiscrete / MultiBinary / Text equality", () => {
    expect(new Discrete(3).equals(new Discrete(3, { start: 0 }))).toBe(true);
    expect(new Discrete(3).equals(new Discrete(3, { start: 1 }))).toBe(false);
    expect(new MultiDiscrete([2, 3]).equals(new MultiDiscrete([2, 3]))).toBe(true);
    expect(new MultiDiscrete([2, 3]).equals(new MultiDiscrete([2, 3], { dtype: "int32" }))).toBe(false);
    expect(new MultiBinary(3).equals(new MultiBinary([3]))).toBe(true);
    expect(new Text(3, { charset: "ab" }).equals(new Text(3, { charset: "ba" }))).toBe(true);
    expect(new Text(3, { charset: "ab" }).equals(new Text(4, { charset: "ab" }))).toBe(false);
  });

  it("Dict equality ignores key order; Tuple and OneOf compare in order", () => {
    const a = new Dict([["x", new Discrete(2)], ["y", new Discrete(3)]]);
    const b = new Dict([["y", new Discrete(3)], ["x", new Discrete(2)]]);
    expect(a.equals(b)).toBe(true);
    expect(new Tuple([new Discrete(2), new Discrete(3)]).equals(new Tuple([new Discrete(3), new Discrete(2)]))).toBe(false);
    expect(new OneOf([new Discrete(2)]).equals(new Tuple([new Discrete(2)]))).toBe(false);
    expect(new Sequence(new Discrete(2)).equals(new Sequence(new Discrete(2), { stack: true }))).toBe(false);
  });

  it("toJSON is plain JSON with infinities and 64-bit integers as strings", () => {
    const box = new Box({ low: [-Infinity, 0], high: [Infinity, 9007199254740993n], dtype: "int64" });
    const json = JSON.parse(JSON.stringify(box.toJSON()));
    expect(json).toEqual({ type: "Box", dtype: "int64", shape: [2], low: ["-inf", 0], high: ["inf", "9007199254740993"] });
    const back = spaceFromJSON(json) as Box<"int64">;
    expect(back.boundedBelow).toEqual([false, true]);
    expect(back.high.data[1]).toBe(9007199254740993n);
    expect(back.equals(box)).toBe(true);
  });

  it("Dict JSON keeps the key order", () => {
    const dict = new Dict([["z", new Discrete(2)], ["a", new Text(2)]]);
    const back = spaceFromJSON(JSON.parse(JSON.stringify(dict))) as Dict;
    expect(back.keys).toEqual(["z", "a"]);
  });

  it("reprs follow Gymnasium", () => {
    expect(String(new Box({ low: -1, high: 2, shape: [3, 4] }))).toBe("Box(-1.0, 2.0, (3, 4), float32)");
    expect(String(new Box({ low: [-1, -2], high: [2, 4] }))).toBe("Box([-1. -2.], [2. 4.], (2,), float32)");
    expect(String(new Box({ low: 0, high: 1e-5, shape: [] }))).toBe("Box(0.0, 1e-05, (), float32)");
    expect(String(new Text(5))).toBe("Text(1, 5, charset=0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz)");
    expect(String(new MultiBinary([3, 2]))).toBe("MultiBinary((3, 2))");
    expect(String(new Sequence(new Discrete(2), { stack: true }))).toBe("Sequence(Discrete(2), stack=True)");
    expect(String(new OneOf([new Discrete(2), new Discrete(3, { start: 1 })]))).toBe("OneOf(Discrete(2), Discrete(3, start=1))");
  });
});

describe("seeding", () => {
  it("a Generator passed as seed is used as is", () => {
    const rng = Generator.fromSeed(9);
    const space = new Discrete(100, { seed: rng });
    expect(space.npRandom).toBe(rng);
    expect(space.sample()).toBe(Generator.fromSeed(9).integers(100));
  });

  it("seed() returns Gymnasium's seed structures", () => {
    expect(new Discrete(2).seed(5)).toBe(5);
    expect(typeof new Discrete(2).seed()).toBe("bigint");
    const tuple = new Tuple([new Discrete(2), new Discrete(2)]);
    const seeds = tuple.seed(0) as number[];
    const rng = Generator.fromSeed(0);
    expect(seeds).toEqual([rng.integers(2147483647), rng.integers(2147483647)]);
    expect(new Dict({ b: new Discrete(2), a: new Discrete(2) }).seed({ a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(new Sequence(new Discrete(2)).seed([3, 4])).toEqual([3, 4]);
    expect(new OneOf([new Discrete(2)]).seed([3, 4])).toEqual([3, 4]);
  });

  it("unseeded spaces seed themselves lazily from OS entropy", () => {
    const a = new Box({ low: 0, high: 1, shape: [4] });
    const b = new Box({ low: 0, high: 1, shape: [4] });
    expect(toNumbers(a.sample())).not.toEqual(toNumbers(b.sample()));
  });

  it("composite seeding by integer equals seeding by the derived list", () => {
    const a = new Tuple([new Discrete(10), new Box({ low: 0, high: 1 })]);
    const b = new Tuple([new Discrete(10), new Box({ low: 0, high: 1 })]);
    const seeds = a.seed(11) as number[];
    b.seed(seeds);
    expect(JSON.stringify(toPlain(b.sample()))).toBe(JSON.stringify(toPlain(a.sample())));
  });
});

function toPlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toPlain);
  if (value && typeof value === "object" && "data" in value) return toNumbers(value as NDArray);
  return value;
}

describe("immutability and types", () => {
  it("spaces are frozen; bounds are copies", () => {
    const box = new Box({ low: 0, high: 1, shape: [2] });
    expect(Object.isFrozen(box)).toBe(true);
    expect(Object.isFrozen(box.shape)).toBe(true);
    box.low.data[0] = 5;
    expect(toNumbers(box.low)).toEqual([0, 0]);
    expect(() => {
      (box as unknown as { dtype: string }).dtype = "float64";
    }).toThrow(TypeError);
    box.seed(1); // re-seeding a frozen space still works
    expect(box.contains(box.sample())).toBe(true);
    expect(Object.isFrozen(new Dict({ a: new Discrete(2) }).spaces)).toBe(true);
  });

  it("samples are typed by the space", () => {
    const box = new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });
    expectTypeOf(box).toEqualTypeOf<Box<"float32">>();
    expectTypeOf(box.sample()).toEqualTypeOf<NDArray<"float32">>();
    expectTypeOf(new Box({ low: 0, high: 5, dtype: "uint8" }).sample()).toEqualTypeOf<NDArray<"uint8">>();
    expectTypeOf(new Discrete(3).sample()).toEqualTypeOf<number>();
    expectTypeOf(new MultiDiscrete([2, 3]).sample()).toEqualTypeOf<NDArray<"int64">>();
    const dict = new Dict({ odor: new Box({ low: 0, high: 1 }), action: new Discrete(4) });
    expectTypeOf(dict.sample().odor).toEqualTypeOf<NDArray<"float32">>();
    expectTypeOf(dict.sample().action).toEqualTypeOf<number>();
    const tuple = new Tuple([new Discrete(3), new Text(4)]);
    expectTypeOf(tuple.sample()[0]).toEqualTypeOf<number>();
    expectTypeOf(tuple.sample()[1]).toEqualTypeOf<string>();
    expectTypeOf(new Sequence(new Discrete(2)).sample()).toEqualTypeOf<readonly number[]>();
    expectTypeOf(new Sequence(new Discrete(2), { stack: true }).sample()).toEqualTypeOf<NDArray<"int64">>();
    expectTypeOf(batchSpace(new Discrete(2), 3)).toEqualTypeOf<MultiDiscrete<"int64">>();
    // inside composites too, a Box without a dtype is a Box<"float32">
    const nested = new Tuple([new Discrete(2), new Box({ low: -1, high: 1, shape: [2] })]);
    expectTypeOf(nested).toEqualTypeOf<Tuple<readonly [Discrete, Box<"float32">]>>();
    expectTypeOf(new Dict({ a: new Box({ low: 0, high: 1 }) }).sample().a).toEqualTypeOf<NDArray<"float32">>();
    expectTypeOf(new OneOf([new Discrete(2), new Text(3)]).sample()).toEqualTypeOf<readonly [number, number | string]>();
    const asSpaceLike: SpaceLike<NDArray<"float32">> = box;
    expect(asSpaceLike.contains(box.sample())).toBe(true);
  });
});
