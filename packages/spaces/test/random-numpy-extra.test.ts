// Vectors recorded from NumPy 1.24.2 by scripts/record-numpy-vectors.py: the distributions and
// integer dtypes that ../shared/fixtures does not cover (exponential, 8/16-bit and bool buffering,
// choice with p, geometric, spawn, big and list entropy).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Generator, SeedSequence, type IntegerDType } from "../src/random/index.js";

interface Case {
  seed: number | null;
  name: string;
  values: number[];
  entropy?: string | number[];
}

const { cases } = JSON.parse(
  readFileSync(new URL("./data/numpy-extra-vectors.json", import.meta.url), "utf8"),
) as { cases: Case[] };

function repeat<T>(n: number, draw: () => T): T[] {
  return Array.from({ length: n }, draw);
}

function fill(rng: Generator, n: number, low: number, high: number, dtype: IntegerDType): number[] {
  const out = new Float64Array(n);
  rng.fillIntegers(out, low, high, dtype);
  return Array.from(out);
}

const draws: Record<string, (rng: Generator) => number[]> = {
  standard_exponential_x20: (r) => repeat(20, () => r.standardExponential()),
  "exponential_2.5_x5": (r) => repeat(5, () => r.exponential(2.5)),
  standard_normal_x200: (r) => repeat(200, () => r.standardNormal()),
  standard_exponential_x200: (r) => repeat(200, () => r.standardExponential()),
  integers_int8_0_2_x13: (r) => fill(r, 13, 0, 2, "int8"),
  integers_int8_m5_7_x9: (r) => fill(r, 9, -5, 7, "int8"),
  integers_uint8_0_256_x6: (r) => fill(r, 6, 0, 256, "uint8"),
  integers_int16_m300_3000_x7: (r) => fill(r, 7, -300, 3000, "int16"),
  integers_int32_0_100000_x5: (r) => fill(r, 5, 0, 100000, "int32"),
  integers_bool_x40: (r) => fill(r, 40, 0, 2, "bool"),
  integers_uint32_full_x3: (r) => fill(r, 3, 0, 2 ** 32, "uint32"),
  integers_endpoint_1_6_x10: (r) => repeat(10, () => r.integers(1, 6, { endpoint: true })),
  integers_2pow50_x4: (r) => repeat(4, () => r.integers(0, 2 ** 50)),
  integers_neg_m1000_m10_x4: (r) => repeat(4, () => r.integers(-1000, -10)),
  choice_p_x10: (r) => repeat(10, () => r.choice(4, [0.1, 0.2, 0.3, 0.4])),
  choice_n_x10: (r) => repeat(10, () => r.choice(7)),
  "geometric_0.25_x10": (r) => repeat(10, () => r.geometric(0.25)),
  "geometric_0.5_x10": (r) => repeat(10, () => r.geometric(0.5)),
  "uniform_m2.5_7.25_x5": (r) => repeat(5, () => r.uniform(-2.5, 7.25)),
  normal_3_2_x5: (r) => repeat(5, () => r.normal(3, 2)),
  mixed_stream: (r) => [
    r.random(),
    r.integers(0, 10),
    r.standardNormal(),
    r.integers(0, 10),
    r.standardExponential(),
    r.integers(0, 10),
  ],
};

describe("NumPy 1.24 extra vectors", () => {
  const generatorCases = cases.filter((c) => c.name in draws);
  it("covers every recorded distribution", () => {
    expect(new Set(generatorCases.map((c) => c.name))).toEqual(new Set(Object.keys(draws)));
  });

  it.each(generatorCases.map((c) => [c.name, c.seed, c] as const))("%s, seed %s", (name, seed, c) => {
    expect(draws[name]!(Generator.fromSeed(seed as number))).toEqual(c.values);
  });

  it.each(cases.filter((c) => c.name.startsWith("spawn")).map((c) => [c.name, c.seed, c] as const))(
    "%s, seed %s",
    (name, seed, c) => {
      const children = new SeedSequence(seed as number).spawn(3);
      const sequences = name === "spawn_3_random" ? children : children[1]!.spawn(2);
      expect(sequences.map((seq) => Generator.fromSeed(seq).random())).toEqual(c.values);
    },
  );

  it("SeedSequence with entropy above 2**32 and list entropy", () => {
    for (const c of cases.filter((item) => item.name.startsWith("seedsequence"))) {
      const entropy = typeof c.entropy === "string" ? BigInt(c.entropy) : (c.entropy as number[]);
      expect(Array.from(new SeedSequence(entropy).generateState(8))).toEqual(c.values);
    }
  });
});
