/**
 * A Box whose bounds are given as scalars checks each bound once and shares its bound arrays with every
 * Box of the same bounds, shape and dtype; `batchSpace` keeps such bounds scalar and `concatenate` copies
 * items of the stack's dtype whole. These fast paths must be invisible: a scalar-bound Box behaves
 * exactly as the same bounds written out per element (which still takes the element-by-element path),
 * and `concatenate` casts as NumPy does.
 */
import { DTYPES, ValidationError, isNDArray, ndarray, toNumbers, type DType, type NDArray } from "@plume/core-types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Box, Dict, Discrete, MultiBinary, Tuple, batchSpace, concatenate, unstack } from "../src/index.js";

/** Plain, comparable view of a sample (NDArrays as dtype / shape / numbers). */
function plain(value: unknown): unknown {
  if (isNDArray(value)) return { dtype: value.dtype, shape: [...value.shape], data: toNumbers(value) };
  return value;
}

/** Everything observable about a Box, sampled with `seed`. */
function observe(box: Box<DType>, seed: number): unknown {
  box.seed(seed);
  return {
    low: plain(box.low),
    high: plain(box.high),
    boundedBelow: [...box.boundedBelow],
    boundedAbove: [...box.boundedAbove],
    bounded: [box.isBounded("both"), box.isBounded("below"), box.isBounded("above")],
    json: box.toJSON(),
    repr: box.toString(),
    samples: [plain(box.sample()), plain(box.sample())],
  };
}

/** One Box's scalar bounds (with infinities where the dtype allows them), as the property tests of all spaces draw them. */
function boundArb(dtype: DType): fc.Arbitrary<[number, number]> {
  if (dtype === "float32" || dtype === "float64") {
    return fc
      .tuple(fc.option(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { freq: 4 }), fc.option(fc.double({ min: 0, max: 1e3, noNaN: true }), { freq: 4 }))
      .map(([low, width]): [number, number] => [low ?? -Infinity, low === null || width === null ? Infinity : low + width]);
  }
  if (dtype === "bool") return fc.constantFrom<[number, number]>([0, 1], [0, 0], [1, 1]);
  const unsigned = dtype.startsWith("uint");
  return fc
    .tuple(fc.integer({ min: unsigned ? 0 : -60, max: 60 }), fc.integer({ min: 0, max: 60 }), fc.boolean(), fc.boolean())
    .map(([low, width, infLow, infHigh]): [number, number] => [!unsigned && infLow ? -Infinity : low, !unsigned && infHigh ? Infinity : low + width]);
}

const caseArb = fc
  .tuple(fc.constantFrom(...DTYPES), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 0, maxLength: 3 }))
  .chain(([dtype, shape]) => fc.tuple(fc.constant(dtype), fc.constant(shape), boundArb(dtype), fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 3 })));

const perElement = (shape: readonly number[], value: number): NDArray<"float64"> =>
  ndarray("float64", shape, new Float64Array(shape.reduce((a, b) => a * b, 1)).fill(value));

describe("a Box of scalar bounds", () => {
  it("behaves exactly as the same bounds given per element, and so does its batched space", () => {
    fc.assert(
      fc.property(caseArb, ([dtype, shape, [low, high], seed, n]) => {
        const scalar = new Box({ low, high, shape, dtype });
        const spelled = new Box({ low: perElement(shape, low), high: perElement(shape, high), dtype });
        expect(observe(scalar, seed)).toEqual(observe(spelled, seed));
        expect(scalar.equals(spelled) && spelled.equals(scalar)).toBe(true);
        expect(observe(batchSpace(scalar, n) as Box<DType>, seed)).toEqual(observe(batchSpace(spelled, n) as Box<DType>, seed));
        const sample = scalar.sample();
        expect(spelled.contains(sample)).toBe(true);
        expect(scalar.contains(sample)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("rejects a bad scalar bound with the error the same bound per element gets", () => {
    const cases: [DType, number, number][] = [
      ["float32", Number.NaN, 1],
      ["float32", 0, Number.NaN],
      ["float32", -1e39, 1],
      ["float32", 2, 1],
      ["int8", -129, 0],
      ["int8", 0, 128],
      ["uint8", -Infinity, 3],
      ["uint16", 0, Infinity],
      ["bool", 0, 2],
      ["int32", 5, -5],
      ["int64", Infinity, Infinity],
    ];
    for (const [dtype, low, high] of cases) {
      const message = (make: () => unknown): string => {
        try {
          make();
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
          return (error as Error).message;
        }
        throw new Error(`Box({ low: ${low}, high: ${high}, dtype: ${dtype} }) was accepted`);
      };
      const fromScalars = message(() => new Box({ low, high, shape: [3], dtype }));
      expect(fromScalars, `${dtype} ${low} ${high}`).toBe(message(() => new Box({ low: perElement([3], low), high: perElement([3], high), dtype })));
    }
  });

  it("shares its bound arrays with equal Boxes, which the copies it hands out and its frozen flags keep safe", () => {
    const a = new Box({ low: 0, high: 1, shape: [64, 64] });
    const b = new Box({ low: 0, high: 1, shape: [64, 64] });
    const low = a.low;
    (low.data as Float32Array)[0] = 5;
    expect(toNumbers(a.low)[0]).toBe(0);
    expect(toNumbers(b.low)[0]).toBe(0);
    expect(Object.isFrozen(a.boundedBelow)).toBe(true);
    expect(() => (a.boundedBelow as boolean[]).push(false)).toThrow();
    expect(b.contains(ndarray("float32", [64, 64], new Float32Array(64 * 64).fill(1)))).toBe(true);
    expect(b.contains(ndarray("float32", [64, 64], new Float32Array(64 * 64).fill(1.5)))).toBe(false);
    expect(a.equals(new Box({ low: 0, high: 2, shape: [64, 64] }))).toBe(false);
  });

  it("keeps the cast bounds when batched: an int Box unbounded below is batched bounded at the dtype's minimum (Gymnasium)", () => {
    const box = new Box({ low: -Infinity, high: 3, shape: [2], dtype: "int32" });
    expect(box.boundedBelow).toEqual([false, false]);
    const batched = batchSpace(box, 2) as Box<"int32">;
    expect(batched.boundedBelow).toEqual([true, true, true, true]);
    expect(toNumbers(batched.low)).toEqual([-(2 ** 31), -(2 ** 31), -(2 ** 31), -(2 ** 31)]);
  });

  it("builds a 2048 x 2048 Box without per-element work or memory of its own", () => {
    const first = new Box({ low: 0, high: 1, shape: [2048, 2048] });
    const second = new Box({ low: 0, high: 1, shape: [2048, 2048] });
    expect(second.equals(first)).toBe(true);
    expect(second.isBounded()).toBe(true);
    expect(batchSpace(second, 4).shape).toEqual([4, 2048, 2048]);
  });
});

describe("concatenate", () => {
  const numericDTypes = DTYPES.filter((d) => d !== "int64" && d !== "uint64" && d !== "bool");
  const arrayOf: Record<string, { from(values: ArrayLike<number>): ArrayLike<number> }> = {
    float32: Float32Array,
    float64: Float64Array,
    int8: Int8Array,
    int16: Int16Array,
    int32: Int32Array,
    uint8: Uint8Array,
    uint16: Uint16Array,
    uint32: Uint32Array,
  };

  it("stacks items of the space's dtype unchanged and casts others as NumPy does", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...numericDTypes),
        fc.constantFrom<DType>("float64", "float32", "int32", "int8"),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 2 }),
        (dtype, itemDType, n, raw) => {
          // The space fixes the shape and the stack's dtype; its bounds do not matter to concatenate.
          const stackSpace: Box<DType> = new Box({ low: 0, high: 1, shape: [2], dtype });
          const items = Array.from({ length: n }, (_, k) => ndarray(itemDType, [2], arrayOf[itemDType]!.from(raw.map((v) => v + k)) as never));
          const stacked = concatenate(stackSpace, items) as NDArray<DType>;
          const expected = arrayOf[dtype]!.from(items.flatMap((item) => toNumbers(item)));
          expect(stacked.dtype).toBe(dtype);
          expect(stacked.shape).toEqual([n, 2]);
          expect(toNumbers(stacked)).toEqual(Array.from(expected));
          if (itemDType === dtype) expect((unstack(stackSpace, stacked) as NDArray[]).map(plain)).toEqual(items.map(plain));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("stacks Discrete samples as int64, casting as NumPy does on x86 (out-of-range integers become INT64_MIN)", () => {
    const stacked = concatenate(new Discrete(4), [1, 3, 1e300]);
    expect(stacked.dtype).toBe("int64");
    expect(Array.from(stacked.data as BigInt64Array)).toEqual([1n, 3n, -(2n ** 63n)]);
    const again = concatenate(new Discrete(4), [2, 0, 1], stacked);
    expect(again).toBe(stacked);
    expect(Array.from(again.data as BigInt64Array)).toEqual([2n, 0n, 1n]);
  });

  it("rejects an item of the wrong shape, naming it", () => {
    const box = new Box({ low: 0, high: 1, shape: [2] });
    expect(() => concatenate(box, [ndarray("float32", [2], new Float32Array(2)), ndarray("float32", [3], new Float32Array(3))])).toThrow(
      expect.objectContaining({ parameter: "items[1]" }),
    );
  });
});

describe("concatenate into out (Gymnasium's out argument)", () => {
  const space = new Dict({
    field: new Box({ low: 0, high: 1, shape: [3, 2] }),
    action: new Discrete(4),
    parts: new Tuple([new MultiBinary(2), new Box({ low: -1, high: 1, shape: [1], dtype: "float64" })]),
  });
  const samples = (seed: number, n: number) => {
    space.seed(seed);
    return Array.from({ length: n }, () => space.sample());
  };

  it("writes every array of the stack into its counterpart in an earlier result, with the values a fresh stack has", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (n, first, second) => {
        const out = concatenate(space, samples(first, n));
        const parts = out.parts;
        const field = out.field;
        const again = concatenate(space, samples(second, n), out);
        expect(again.field).toBe(field);
        expect(again.action).toBe(out.action);
        expect(again.parts[0]).toBe(parts[0]);
        expect(again.parts[1]).toBe(parts[1]);
        expect(plain(again.field)).toEqual(plain(concatenate(space, samples(second, n)).field));
        expect(JSON.stringify(again, (_, v) => (isNDArray(v) ? plain(v) : typeof v === "bigint" ? String(v) : v))).toBe(
          JSON.stringify(concatenate(space, samples(second, n)), (_, v) => (isNDArray(v) ? plain(v) : typeof v === "bigint" ? String(v) : v)),
        );
      }),
      { numRuns: 50 },
    );
  });

  it("rejects an out of another structure, dtype or shape, naming where", () => {
    const out = concatenate(space, samples(1, 2));
    expect(() => concatenate(space, samples(2, 3), out)).toThrow(expect.objectContaining({ parameter: "out.action" }));
    const wrongDType = { ...out, field: ndarray("float64", [2, 3, 2], new Float64Array(12)) };
    expect(() => concatenate(space, samples(2, 2), wrongDType as never)).toThrow(expect.objectContaining({ parameter: "out.field" }));
    expect(() => concatenate(space, samples(2, 2), { ...out, parts: [] } as never)).toThrow(expect.objectContaining({ parameter: "out.parts" }));
    expect(() => concatenate(space, samples(2, 2), 7 as never)).toThrow(ValidationError);
  });
});
