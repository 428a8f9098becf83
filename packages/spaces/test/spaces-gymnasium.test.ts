/**
 * Gymnasium semantics beyond the recorded fixture: masks, probabilities, integer and mixed-bound
 * Boxes, Text, Sequence, OneOf and batched custom spaces.
 *
 * EXPECTED was produced by a line-by-line Python transcription of Gymnasium 1.x's sampling and
 * seeding code (gymnasium/spaces/*.py, gymnasium/vector/utils/space_utils.py) run on NumPy's
 * Generator(PCG64) — not by Gymnasium itself, which is not installable here. The DOCSTRING
 * values are Gymnasium's own documented outputs.
 */
import { isNDArray, ndarray, toNumbers, type DType } from "@plume/core-types";
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
} from "../src/index.js";

// prettier-ignore
const EXPECTED = {"box": [{"name": "mixed float64", "low": ["-inf", 0.0, "-inf", -1.0, 2.5], "high": ["inf", "inf", 0.0, 1.0, 3.0], "shape": [5], "dtype": "float64", "seed": 5, "samples": [{"dtype": "float64", "shape": [5], "data": [-0.8019314252534474, 0.7501914319969902, -1.301353901598428, -0.4283972398237168, 2.526965351190828]}, {"dtype": "float64", "shape": [5], "data": [0.10970639932180819, 0.6421645002824892, -0.11522023550222958, -0.9024845785456639, 2.9995880575325358]}, {"dtype": "float64", "shape": [5], "data": [0.27276877584472176, 1.0007118946238849, -1.0899571505934877, 0.9483723865185107, 2.9488388040542746]}, {"dtype": "float64", "shape": [5], "data": [-1.7321348424395848, 1.4319613414541155, -2.013531305712828, 0.3533787036621321, 2.530401356479028]}]}, {"name": "mixed float32 2x2", "low": [["-inf", 0.5], [-2.0, "-inf"]], "high": [["inf", "inf"], [-1.0, 4.0]], "shape": [2, 2], "dtype": "float32", "seed": 9, "samples": [{"dtype": "float32", "shape": [2, 2], "data": [-0.8028369545936584, 0.9935957789421082, -1.2224658727645874, 3.0590403079986572]}, {"dtype": "float32", "shape": [2, 2], "data": [1.1434530019760132, 1.8204010725021362, -1.0817623138427734, 3.1735036373138428]}, {"dtype": "float32", "shape": [2, 2], "data": [-0.3943520486354828, 0.8541523814201355, -1.9348458051681519, 1.1474875211715698]}, {"dtype": "float32", "shape": [2, 2], "data": [-0.047632236033678055, 7.72401237487793, -1.2946662902832031, 3.775728702545166]}]}, {"name": "int8", "low": -5.0, "high": 5.0, "shape": [3], "dtype": "int8", "seed": 2, "samples": [{"dtype": "int8", "shape": [3], "data": [-3, -2, 3]}, {"dtype": "int8", "shape": [3], "data": [-4, 1, 3]}, {"dtype": "int8", "shape": [3], "data": [-3, -5, -2]}, {"dtype": "int8", "shape": [3], "data": [2, 1, -4]}]}, {"name": "int16 unbounded", "low": "-inf", "high": "inf", "shape": [3], "dtype": "int16", "seed": 4, "samples": [{"dtype": "int16", "shape": [3], "data": [-1, -1, 1]}, {"dtype": "int16", "shape": [3], "data": [0, -2, -1]}, {"dtype": "int16", "shape": [3], "data": [-1, 0, -2]}, {"dtype": "int16", "shape": [3], "data": [0, 0, 1]}]}, {"name": "int64 upper", "low": "-inf", "high": 10.0, "shape": [3], "dtype": "int64", "seed": 6, "samples": [{"dtype": "int64", "shape": [3], "data": [10, 10, 10]}, {"dtype": "int64", "shape": [3], "data": [10, 10, 9]}, {"dtype": "int64", "shape": [3], "data": [9, 10, 10]}, {"dtype": "int64", "shape": [3], "data": [10, 9, 10]}]}, {"name": "int32 lower", "low": -3.0, "high": "inf", "shape": [4], "dtype": "int32", "seed": 8, "samples": [{"dtype": "int32", "shape": [4], "data": [-3, -2, -3, 0]}, {"dtype": "int32", "shape": [4], "data": [-3, -3, -2, -3]}, {"dtype": "int32", "shape": [4], "data": [-3, -3, -3, -3]}, {"dtype": "int32", "shape": [4], "data": [-3, -3, -2, -3]}]}, {"name": "uint16", "low": 0.0, "high": 65535.0, "shape": [3], "dtype": "uint16", "seed": 1, "samples": [{"dtype": "uint16", "shape": [3], "data": [33542, 62289, 9447]}, {"dtype": "uint16", "shape": [3], "data": [62170, 20436, 27743]}, {"dtype": "uint16", "shape": [3], "data": [54244, 26817, 36018]}, {"dtype": "uint16", "shape": [3], "data": [1806, 49382, 35267]}]}, {"name": "bool", "low": 0.0, "high": 1.0, "shape": [6], "dtype": "bool", "seed": 3, "samples": [{"dtype": "bool", "shape": [6], "data": [0, 0, 1, 1, 0, 0]}, {"dtype": "bool", "shape": [6], "data": [0, 0, 1, 0, 0, 1]}, {"dtype": "bool", "shape": [6], "data": [0, 1, 1, 1, 0, 1]}, {"dtype": "bool", "shape": [6], "data": [1, 0, 0, 1, 0, 0]}]}, {"name": "uint8 scalar shape", "low": 10.0, "high": 20.0, "shape": [], "dtype": "uint8", "seed": 12, "samples": [{"dtype": "uint8", "shape": [], "data": [12]}, {"dtype": "uint8", "shape": [], "data": [20]}, {"dtype": "uint8", "shape": [], "data": [12]}, {"dtype": "uint8", "shape": [], "data": [11]}]}], "discrete_probability": [2, 3, 5, 4, 2, 4, 4, 3], "discrete_docstring": [-1, 1, 1, 1], "md2d": [{"dtype": "int64", "shape": [2, 2], "data": [2, 3, 3, -1]}, {"dtype": "int64", "shape": [2, 2], "data": [1, 3, 0, 2]}, {"dtype": "int64", "shape": [2, 2], "data": [2, 2, 1, -1]}, {"dtype": "int64", "shape": [2, 2], "data": [1, 2, 2, 0]}], "md_mask": [[2, 0, 1], [0, 0, 1], [0, 0, 1], [2, 0, 0], [2, 0, 0]], "md_prob": [[2, 5, 1], [1, 5, 1], [2, 5, 1], [1, 5, 1], [1, 5, 1]], "mb_mask": [{"dtype": "int8", "shape": [2, 3], "data": [0, 1, 0, 0, 0, 1]}, {"dtype": "int8", "shape": [2, 3], "data": [0, 1, 0, 1, 1, 1]}, {"dtype": "int8", "shape": [2, 3], "data": [0, 1, 0, 1, 1, 1]}, {"dtype": "int8", "shape": [2, 3], "data": [0, 1, 0, 1, 1, 1]}], "mb_prob": [{"dtype": "int8", "shape": [4], "data": [0, 0, 1, 1]}, {"dtype": "int8", "shape": [4], "data": [0, 1, 1, 1]}, {"dtype": "int8", "shape": [4], "data": [0, 0, 1, 0]}, {"dtype": "int8", "shape": [4], "data": [0, 1, 1, 0]}], "text": ["ee", "aegca", "ebegb", "febbgc", "edabdf", "edb"], "text_mask": ["aaddg", "gg", "", "", "dea", "aaag"], "sequence": [[{"dtype": "float32", "shape": [2], "data": [0.6822636127471924, 0.18933342397212982]}, {"dtype": "float32", "shape": [2], "data": [0.19049619138240814, 0.8350600004196167]}, {"dtype": "float32", "shape": [2], "data": [0.905383825302124, 0.5836241841316223]}], [{"dtype": "float32", "shape": [2], "data": [0.6321406364440918, 0.22112393379211426]}, {"dtype": "float32", "shape": [2], "data": [0.9312422871589661, 0.10532130300998688]}, {"dtype": "float32", "shape": [2], "data": [0.537175178527832, 0.7735127806663513]}, {"dtype": "float32", "shape": [2], "data": [0.8398628830909729, 0.044787775725126266]}], [{"dtype": "float32", "shape": [2], "data": [0.1556822806596756, 0.4313904345035553]}], [{"dtype": "float32", "shape": [2], "data": [0.697029173374176, 0.444720596075058]}]], "oneof": [[0, 0], [1, {"dtype": "float32", "shape": [2], "data": [-0.007118329405784607, -0.725750207901001]}], [1, {"dtype": "float32", "shape": [2], "data": [0.9611821174621582, -0.9366928935050964]}], [0, 0], [1, {"dtype": "float32", "shape": [2], "data": [0.6507087349891663, -0.16184456646442413]}], [0, 0]], "batch_text": ["z", "yz", "zx"]};

const inf = (v: unknown): unknown =>
  v === "inf" ? Infinity : v === "-inf" ? -Infinity : Array.isArray(v) ? v.map(inf) : v;

function plain(value: unknown): unknown {
  if (isNDArray(value)) return { dtype: value.dtype, shape: [...value.shape], data: toNumbers(value) };
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

describe("Gymnasium sampling transcribed on NumPy (EXPECTED)", () => {
  it("Box: mixed bounds, integer, bool and 0-d dtypes", () => {
    for (const c of EXPECTED.box) {
      const box = new Box({
        low: inf(c.low) as number,
        high: inf(c.high) as number,
        shape: c.shape,
        dtype: c.dtype as DType,
        seed: c.seed,
      });
      const got = c.samples.map(() => plain(box.sample()));
      expect({ name: c.name, got }).toEqual({ name: c.name, got: c.samples });
    }
  });

  it("Discrete: probability masks, then Gymnasium's docstring sequence", () => {
    const d = new Discrete(5, { start: 2, seed: 3 });
    const p = ndarray("float64", [5], [0.1, 0.2, 0.3, 0.4, 0.0]);
    expect(EXPECTED.discrete_probability.map(() => d.sample(null, p))).toEqual(EXPECTED.discrete_probability);
    const e = new Discrete(3, { start: -1, seed: 42 });
    const got = [
      e.sample(),
      e.sample(ndarray("int8", [3], [0, 0, 1])),
      e.sample(null, ndarray("float64", [3], [0, 0, 1])),
      e.sample(null, ndarray("float64", [3], [0, 0.3, 0.7])),
    ];
    expect(got).toEqual(EXPECTED.discrete_docstring);
  });

  it("MultiDiscrete: 2-D nvec with start, masks and probabilities", () => {
    const md = new MultiDiscrete([[2, 3], [4, 5]], { start: [[1, 1], [0, -2]], seed: 7 });
    expect(EXPECTED.md2d.map(() => plain(md.sample()))).toEqual(EXPECTED.md2d);
    const m = new MultiDiscrete([3, 5, 2], { seed: 5 });
    const masks = [ndarray("int8", [3], [1, 0, 1]), ndarray("int8", [5], [0, 0, 0, 0, 0]), ndarray("int8", [2], [1, 1])];
    expect(EXPECTED.md_mask.map(() => toNumbers(m.sample(masks)))).toEqual(EXPECTED.md_mask);
    const q = new MultiDiscrete([3, 5, 2], { start: [1, 1, 1], seed: 6 });
    const probs = [
      ndarray("float64", [3], [0.5, 0.25, 0.25]),
      ndarray("float64", [5], [0, 0, 0, 0, 1]),
      ndarray("float64", [2], [0.9, 0.1]),
    ];
    expect(EXPECTED.md_prob.map(() => toNumbers(q.sample(null, probs)))).toEqual(EXPECTED.md_prob);
  });

  it("MultiBinary: masks with 2 = random, and probabilities", () => {
    const mb = new MultiBinary([2, 3], { seed: 11 });
    const mask = ndarray("int8", [2, 3], [0, 1, 2, 2, 2, 1]);
    expect(EXPECTED.mb_mask.map(() => plain(mb.sample(mask)))).toEqual(EXPECTED.mb_mask);
    const mp = new MultiBinary(4, { seed: 12 });
    const pr = ndarray("float64", [4], [0, 0.5, 1, 0.25]);
    expect(EXPECTED.mb_prob.map(() => plain(mp.sample(null, pr)))).toEqual(EXPECTED.mb_prob);
  });

  it("Text: random lengths, character masks, fixed lengths and probabilities", () => {
    const t = new Text(6, { charset: "abcdefg", seed: 21 });
    expect(EXPECTED.text.map(() => t.sample())).toEqual(EXPECTED.text);
    const u = new Text(6, { minLength: 0, charset: "abcdefg", seed: 22 });
    const got = [0, 1, 2, 3].map(() => u.sample([null, ndarray("int8", [7], [1, 0, 0, 1, 0, 0, 1])]));
    got.push(u.sample([3, null]));
    got.push(u.sample(null, [4, ndarray("float64", [7], [0.5, 0, 0, 0, 0, 0, 0.5])]));
    expect(got).toEqual(EXPECTED.text_mask);
  });

  it("Sequence lengths, OneOf seeding and a batched Text", () => {
    const s = new Sequence(new Box({ low: 0, high: 1, shape: [2] }), { seed: 0 });
    expect(EXPECTED.sequence.map(() => plain(s.sample()))).toEqual(EXPECTED.sequence);
    const o = new OneOf([new Discrete(2), new Box({ low: -1, high: 1, shape: [2] })], { seed: 123 });
    expect(EXPECTED.oneof.map(() => plain(o.sample()))).toEqual(EXPECTED.oneof);
    const b = batchSpace(new Text(3, { charset: "xyz", seed: 31 }), 3);
    expect(b.sample()).toEqual(EXPECTED.batch_text);
  });
});

describe("Gymnasium docstring examples (documented outputs of Gymnasium 1.x)", () => {
  const f32 = (values: number[]) => values.map(Math.fround);

  it("Discrete(2, seed=42) -> 0; Discrete(3, start=-1, seed=42) -> -1", () => {
    expect(new Discrete(2, { seed: 42 }).sample()).toBe(0);
    expect(new Discrete(3, { start: -1, seed: 42 }).sample()).toBe(-1);
  });

  it("MultiBinary(5, seed=42) and MultiBinary([3, 2], seed=42)", () => {
    expect(toNumbers(new MultiBinary(5, { seed: 42 }).sample())).toEqual([1, 0, 1, 0, 1]);
    const grid = new MultiBinary([3, 2], { seed: 42 }).sample();
    expect(grid.shape).toEqual([3, 2]);
    expect(toNumbers(grid)).toEqual([1, 0, 1, 0, 1, 1]);
  });

  it("MultiDiscrete([[1, 2], [3, 4]], seed=42) -> [[0, 0], [2, 2]]", () => {
    const sample = new MultiDiscrete([[1, 2], [3, 4]], { seed: 42 }).sample();
    expect(sample.dtype).toBe("int64");
    expect(toNumbers(sample)).toEqual([0, 0, 2, 2]);
  });

  it("Tuple((Discrete(2), Box(-1, 1, (2,))), seed=42)", () => {
    const [d, box] = new Tuple([new Discrete(2), new Box({ low: -1, high: 1, shape: [2] })], { seed: 42 }).sample();
    expect(d).toBe(0);
    expect(Array.from(box.data)).toEqual(f32([-0.3991573, 0.21649833]));
  });

  it("Dict({position: Box(-1, 1, (2,)), color: Discrete(3)}, seed=42) sorts keys", () => {
    const space = new Dict({ position: new Box({ low: -1, high: 1, shape: [2] }), color: new Discrete(3) }, { seed: 42 });
    expect(space.keys).toEqual(["color", "position"]);
    const sample = space.sample();
    expect(sample.color).toBe(0);
    expect(Array.from(sample.position.data)).toEqual(f32([-0.3991573, 0.21649833]));
  });

  it("Sequence(Box(0, 1), seed=0): lengths 3 then 4, and the stacked variant", () => {
    const space = new Sequence(new Box({ low: 0, high: 1 }), { seed: 0 });
    const first = space.sample();
    expect(first.map((x) => x.data[0])).toEqual(f32([0.6822636, 0.18933342, 0.19049619]));
    const second = space.sample();
    expect(second.map((x) => x.data[0])).toEqual(f32([0.83506, 0.9053838, 0.5836242, 0.63214064]));
    const stacked = new Sequence(new Box({ low: 0, high: 1 }), { stack: true, seed: 0 }).sample();
    expect(stacked.shape).toEqual([3, 1]);
    expect(Array.from(stacked.data)).toEqual(f32([0.6822636, 0.18933342, 0.19049619]));
  });

  it("OneOf((Discrete(2), Box(-1, 1, (2,))), seed=123): (0, 0) then (1, [-0.00711833, -0.7257502])", () => {
    const space = new OneOf([new Discrete(2), new Box({ low: -1, high: 1, shape: [2] })], { seed: 123 });
    expect(space.sample()).toEqual([0, 0]);
    const [index, value] = space.sample();
    expect(index).toBe(1);
    // NumPy prints arrays with 8 significant digits, so compare to that precision.
    const data = Array.from((value as { data: Float32Array }).data);
    expect(data[0]).toBeCloseTo(-0.00711833, 8);
    expect(data[1]).toBeCloseTo(-0.7257502, 7);
  });
});
