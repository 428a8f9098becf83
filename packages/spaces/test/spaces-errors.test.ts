/**
 * Every constructor, seed and mask error: a ValidationError with code PLUME_VALIDATION that names
 * the offending parameter and says what is allowed.
 */
import { ndarray } from "@plume/core-types";
import { expectValidation } from "./helpers.js";
import { describe, expect, it } from "vitest";
import {
  Box,
  Dict,
  Discrete,
  MultiBinary,
  MultiDiscrete,
  OneOf,
  Sequence,
  Text,
  Tuple,
  batchSpace,
  flatdim,
  spaceFromJSON,
  unflatten,
} from "../src/index.js";


/** Bypasses the static types to feed the runtime checks what plain JavaScript could pass. */
function loose(value: unknown): never {
  return value as never;
}

describe("Box constructor", () => {
  it("low > high names low", () => {
    expectValidation(() => new Box({ low: 2, high: 1 }), "low", /low <= high/);
    expectValidation(() => new Box({ low: [0, 3], high: [1, 2] }), "low");
  });
  it("bound shapes that do not match", () => {
    expectValidation(() => new Box({ low: [0, 0], high: 1, shape: [3] }), "low", /shape \[3\]/);
    expectValidation(() => new Box({ low: 0, high: [1, 1], shape: [3] }), "high");
    expectValidation(() => new Box({ low: [0, 0], high: [1, 1, 1] }), "high", /shape of low/);
    expectValidation(() => new Box({ low: [[0, 1], [2]], high: 5 }), "low", /rectangular/);
  });
  it("unknown dtype lists the allowed ones", () => {
    expectValidation(() => new Box({ low: 0, high: 1, dtype: loose("float16") }), "dtype", /float32/);
  });
  it("NaN and out-of-range bounds", () => {
    expectValidation(() => new Box({ low: NaN, high: 1 }), "low", /NaN/);
    expectValidation(() => new Box({ low: 0, high: [1, NaN] }), "high");
    expectValidation(() => new Box({ low: -200, high: 0, dtype: "int8" }), "low", /int8 range/);
    expectValidation(() => new Box({ low: 0, high: 300, dtype: "uint8" }), "high", /uint8 range/);
    expectValidation(() => new Box({ low: -1e39, high: 0, dtype: "float32" }), "low", /float32 range/);
    expectValidation(() => new Box({ low: Infinity, high: Infinity }), "low");
    expectValidation(() => new Box({ low: -1, high: -Infinity }), "high");
  });
  it("infinite bounds on unsigned and bool dtypes", () => {
    expectValidation(() => new Box({ low: -Infinity, high: 3, dtype: "uint8" }), "low", /no -inf/);
    expectValidation(() => new Box({ low: 0, high: Infinity, dtype: "bool" }), "high", /no inf/);
  });
  it("bad shapes, bound types and unknown options", () => {
    expectValidation(() => new Box({ low: 0, high: 1, shape: [-1] }), "shape.0");
    expectValidation(() => new Box({ low: 0, high: 1, shape: [1.5] }), "shape.0");
    expectValidation(() => new Box({ low: loose("0"), high: 1 }), "low");
    expectValidation(() => new Box({ low: loose(["a"]), high: 1 }), "low");
    expectValidation(() => new Box(loose({ low: 0, high: 1, size: 3 })), "size");
    expectValidation(() => new Box(loose(undefined)), "Box options");
  });
  it("bad seeds", () => {
    expectValidation(() => new Box({ low: 0, high: 1, seed: -1 }), "seed", /4294967295/);
    expectValidation(() => new Box({ low: 0, high: 1, seed: 2 ** 32 }), "seed");
    expectValidation(() => new Box({ low: 0, high: 1, seed: 1.5 }), "seed");
    expectValidation(() => new Box({ low: 0, high: 1 }).seed(-3), "seed", /4294967295/);
    expectValidation(() => new Box({ low: 0, high: 1 }).seed(loose("1")), "seed");
  });
});

describe("Discrete constructor", () => {
  it("n must be a positive integer", () => {
    expectValidation(() => new Discrete(0), "n");
    expectValidation(() => new Discrete(-2), "n");
    expectValidation(() => new Discrete(2.5), "n");
    expectValidation(() => new Discrete(loose("3")), "n");
    expectValidation(() => new Discrete(NaN), "n");
  });
  it("start must be an integer", () => {
    expectValidation(() => new Discrete(3, { start: 0.5 }), "start");
    expectValidation(() => new Discrete({ n: 3, start: Number.MAX_SAFE_INTEGER }), "start", /safe integer/);
  });
  it("seed and unknown options", () => {
    expectValidation(() => new Discrete(3, { seed: -1 }), "seed");
    expectValidation(() => new Discrete(loose({ n: 3, begin: 1 })), "begin");
  });
});

describe("MultiDiscrete constructor", () => {
  it("nvec must hold positive integers of the dtype", () => {
    expectValidation(() => new MultiDiscrete([3, 0]), "nvec", /positive/);
    expectValidation(() => new MultiDiscrete([3, 1.5]), "nvec", /integers/);
    expectValidation(() => new MultiDiscrete([300], { dtype: "int8" }), "nvec", /int8 range/);
    expectValidation(() => new MultiDiscrete(loose("3")), "nvec");
  });
  it("start must match nvec's shape and fit the dtype", () => {
    expectValidation(() => new MultiDiscrete([3, 3], { start: [0] }), "start", /shape of nvec/);
    expectValidation(() => new MultiDiscrete([3], { start: [-1], dtype: "uint8" }), "start", /uint8 range/);
    expectValidation(() => new MultiDiscrete([100], { start: [100], dtype: "int8" }), "start", /int8 range/);
  });
  it("dtype must be an integer dtype", () => {
    expectValidation(() => new MultiDiscrete([2], { dtype: loose("float32") }), "dtype", /int64/);
  });
});

describe("MultiBinary constructor", () => {
  it("n must be a positive length or shape", () => {
    expectValidation(() => new MultiBinary(0), "n");
    expectValidation(() => new MultiBinary([2, 0]), "n.1");
    expectValidation(() => new MultiBinary(loose("4")), "n");
  });
});

describe("Text constructor", () => {
  it("lengths", () => {
    expectValidation(() => new Text(-1), "maxLength");
    expectValidation(() => new Text(3, { minLength: 4 }), "minLength", /minLength <= maxLength/);
    expectValidation(() => new Text(3, { minLength: -1 }), "minLength");
  });
  it("charset entries must be single characters", () => {
    expectValidation(() => new Text(3, { charset: ["ab", "c"] }), "charset.0");
    expectValidation(() => new Text(3, { charset: loose(42) }), "charset");
  });
});

describe("composite constructors", () => {
  it("Dict values must be spaces", () => {
    expectValidation(() => new Dict(loose({ a: new Discrete(2), b: 3 })), "spaces.b", /Space instance/);
    expectValidation(() => new Dict(loose(7)), "spaces");
    expectValidation(() => new Dict([["a", new Discrete(2)], ["a", new Discrete(3)]]), "spaces.a", /unique/);
    expectValidation(() => new Dict({ a: new Discrete(2) }, { seed: loose("x") }), "seed");
  });
  it("Tuple / OneOf / Sequence members must be spaces", () => {
    expectValidation(() => new Tuple(loose([new Discrete(2), {}])), "spaces.1", /Space instance/);
    expectValidation(() => new OneOf([]), "spaces", /at least one/);
    expectValidation(() => new Sequence(loose({})), "space", /Space instance/);
    expectValidation(() => new Sequence(new Discrete(2), loose({ stack: "yes" })), "stack");
  });
  it("composite seeds must match the structure", () => {
    const dict = new Dict({ a: new Discrete(2), b: new Discrete(3) });
    expectValidation(() => dict.seed({ a: 1 }), "seed", /keys/);
    expectValidation(() => dict.seed([1, 2]), "seed");
    expectValidation(() => dict.seed({ a: 1, b: -1 }), "seed");
    const tuple = new Tuple([new Discrete(2), new Discrete(3)]);
    expectValidation(() => tuple.seed([1]), "seed", /2 seeds/);
    expectValidation(() => tuple.seed(2 ** 33), "seed");
    expectValidation(() => new OneOf([new Discrete(2)]).seed([1]), "seed", /2 seeds/);
    expectValidation(() => new Sequence(new Discrete(2)).seed([1, 2, 3]), "seed");
    expectValidation(() => new Sequence(new Discrete(2)).seed(loose(["a", 1])), "seed[0]");
  });
});

describe("sample masks", () => {
  const d = new Discrete(3, { seed: 0 });
  it("Discrete mask dtype, shape and values", () => {
    expectValidation(() => d.sample(loose(ndarray("int32", [3], [1, 0, 1]))), "mask", /int8/);
    expectValidation(() => d.sample(ndarray("int8", [4], [1, 0, 1, 0])), "mask", /shape \[3\]/);
    expectValidation(() => d.sample(ndarray("int8", [3], [1, 0, 2])), "mask", /0 or 1/);
    expectValidation(() => d.sample(loose([1, 0, 1])), "mask", /NDArray/);
  });
  it("Discrete probability", () => {
    expectValidation(() => d.sample(null, ndarray("float64", [3], [0.5, 0.2, 0.2])), "probability", /sum to 1/);
    expectValidation(() => d.sample(null, ndarray("float64", [3], [1.5, -0.5, 0])), "probability", /\[0, 1\]/);
    expectValidation(() => d.sample(null, loose(ndarray("float32", [3], [1, 0, 0]))), "probability", /float64/);
    expectValidation(
      () => d.sample(ndarray("int8", [3], [1, 1, 1]), ndarray("float64", [3], [1, 0, 0])),
      "probability",
      /not both/,
    );
  });
  it("masks may also be { dtype, shape, data } with plain arrays (parsed JSON)", () => {
    const space = new Discrete(3, { seed: 0 });
    expect(space.sample(loose({ dtype: "int8", shape: [3], data: [0, 0, 1] }))).toBe(2);
    expectValidation(() => space.sample(loose({ dtype: "int8", shape: [3], data: [0, 1] })), "mask", /shape \[3\]/);
    expectValidation(() => space.sample(loose({ dtype: "int16", shape: [3], data: [0, 0, 1] })), "mask", /int8/);
  });
  it("Discrete: an all-zero mask gives start", () => {
    expect(new Discrete(3, { start: 5 }).sample(ndarray("int8", [3], [0, 0, 0]))).toBe(5);
  });
  it("Box takes no mask or probability", () => {
    const box = new Box({ low: 0, high: 1 });
    expectValidation(() => box.sample(loose(ndarray("int8", [1], [1]))), "mask");
    expectValidation(() => box.sample(null, loose(ndarray("float64", [1], [1])) as null), "probability");
  });
  it("MultiBinary and MultiDiscrete masks", () => {
    const mb = new MultiBinary(3);
    expectValidation(() => mb.sample(ndarray("int8", [3], [0, 1, 3])), "mask", /0, 1 or 2/);
    expectValidation(() => mb.sample(null, ndarray("float64", [3], [0, 1, 1.5])), "probability");
    const md = new MultiDiscrete([2, 3]);
    expectValidation(() => md.sample([ndarray("int8", [2], [1, 1])]), "mask", /array of 2/);
    expectValidation(() => md.sample([ndarray("int8", [2], [1, 1]), ndarray("int8", [2], [1, 1])]), "mask[1]", /shape \[3\]/);
    expectValidation(() => md.sample(null, [ndarray("float64", [2], [1, 0]), ndarray("float64", [3], [0.2, 0.2, 0.2])]), "probability[1]", /sum to 1/);
  });
  it("Text and Sequence masks", () => {
    const text = new Text(4, { charset: "ab" });
    expectValidation(() => text.sample([9, null]), "mask[0]", /\[1, 4\]/);
    expectValidation(() => text.sample(loose([null])), "mask");
    expectValidation(() => text.sample([null, ndarray("int8", [2], [0, 0])]), "mask", /allowed character/);
    const seq = new Sequence(new Discrete(2));
    expectValidation(() => seq.sample([-1, null]), "mask[0]");
    expectValidation(() => seq.sample([ndarray("float64", [2], [1, 2]), null]), "mask[0]", /integer NDArray/);
  });
  it("Dict / Tuple / OneOf mask structure", () => {
    expectValidation(() => new Dict({ a: new Discrete(2) }).sample({ b: null }), "mask", /keys/);
    expectValidation(() => new Tuple([new Discrete(2)]).sample([null, null]), "mask", /1 entries/);
    expectValidation(() => new OneOf([new Discrete(2)]).sample(loose({})), "mask");
  });
});

describe("utilities", () => {
  it("batchSpace n", () => {
    expectValidation(() => batchSpace(new Discrete(2), -1), "n");
    expectValidation(() => batchSpace(new Discrete(2), 1.5), "n");
  });
  it("flatdim of a Sequence and unflatten of a non one-hot vector", () => {
    expectValidation(() => flatdim(new Sequence(new Discrete(2))), "space", /isNpFlattenable/);
    expectValidation(() => unflatten(new Discrete(3), ndarray("int64", [3], [0, 0, 0])), "x", /one-hot/);
  });
  it("spaceFromJSON with an unknown type or bad fields", () => {
    expectValidation(() => spaceFromJSON({ type: "Graph" }), "type", /Box, Discrete/);
    expectValidation(() => spaceFromJSON(null), "type");
    expectValidation(() => spaceFromJSON({ type: "Discrete", n: 0, start: 0 }), "n");
    expectValidation(() => spaceFromJSON({ type: "Box", dtype: "float32", shape: [1], low: "x", high: 1 }), "low");
  });
});
