import { readFixture } from "@plume/tooling/fixtures";
import { describe, expect, it } from "vitest";
import { Generator, PCG64, SeedSequence } from "../src/random/index.js";

interface GeneratorVector {
  seed: number;
  seed_sequence_state_uint32x4: number[];
  pcg64_state_after_seeding: { state: string; inc: string };
  next_uint64: string[];
  random_8: number[];
  integers_interleaved: number[];
  uniform_0_360_x6: number[];
  standard_normal_12: number[];
  "normal_0_0.1_x2_then_integers": number[];
}

const vectors = (readFixture("numpy-rng/vectors.json") as { generator: GeneratorVector[] }).generator;

describe.each(vectors)("NumPy vectors for seed $seed", (v) => {
  it("SeedSequence.generate_state(4, uint32)", () => {
    expect(Array.from(new SeedSequence(v.seed).generateState(4, "uint32"))).toEqual(v.seed_sequence_state_uint32x4);
  });

  it("PCG64 state after seeding", () => {
    expect(new PCG64(v.seed).state.state).toEqual(v.pcg64_state_after_seeding);
  });

  it("raw 64-bit outputs", () => {
    const bitgen = new PCG64(v.seed);
    expect(v.next_uint64.map(() => bitgen.nextUint64())).toEqual(v.next_uint64.map(BigInt));
  });

  it("random()", () => {
    const rng = Generator.fromSeed(v.seed);
    expect(v.random_8.map(() => rng.random())).toEqual(v.random_8);
  });

  it("integers() with 32-bit halves buffered across calls and a 64-bit range", () => {
    const rng = Generator.fromSeed(v.seed);
    const calls: Array<[number, number]> = [
      [0, 128],
      [0, 128],
      [0, 7],
      [0, 1000],
      [0, 2 ** 31],
      [0, 5],
      [0, 2 ** 40],
      [0, 3],
    ];
    expect(calls.map(([lo, hi]) => rng.integers(lo, hi))).toEqual(v.integers_interleaved);
  });

  it("uniform(0, 360)", () => {
    const rng = Generator.fromSeed(v.seed);
    expect(v.uniform_0_360_x6.map(() => rng.uniform(0, 360))).toEqual(v.uniform_0_360_x6);
  });

  it("standard_normal()", () => {
    const rng = Generator.fromSeed(v.seed);
    expect(v.standard_normal_12.map(() => rng.standardNormal())).toEqual(v.standard_normal_12);
  });

  it("normal(0, 0.1) twice, then integers(0, 100)", () => {
    const rng = Generator.fromSeed(v.seed);
    expect([rng.normal(0, 0.1), rng.normal(0, 0.1), rng.integers(0, 100)]).toEqual(
      v["normal_0_0.1_x2_then_integers"],
    );
  });
});
