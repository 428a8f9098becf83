import { describe, expect, it } from "vitest";
import { numpyMean, numpySum, pyMod, pyStrip, sortDescendingStable } from "../src/numeric.js";

describe("NumPy-compatible arithmetic", () => {
  it("sums 8 values pairwise like np.sum (not left to right)", () => {
    const values = [
      0.24580338977940386, 0.4835739785214588, 0.5903871311313933, 0.8849005675541006, 0.4797971494798614,
      0.844649993330834, -0.9419895434327705, -0.0687546912437893,
    ];
    expect(numpySum(values)).toBe(2.518367975120492);
    expect(values.reduce((a, b) => a + b, 0)).toBe(2.5183679751204915);
    expect(numpyMean(values)).toBe(0.3147959968900615);
  });

  it("matches np.sum for longer lists (blocked and recursive paths)", () => {
    expect(numpySum(Array.from({ length: 20 }, () => 0.1))).toBe(2.0000000000000004);
    expect(numpySum(Array.from({ length: 200 }, (_, i) => 0.1 * i))).toBe(1990.0);
  });

  it("has Python's modulo and strip", () => {
    expect(pyMod(-1, 1440)).toBe(1439);
    expect(pyMod(2881, 1440)).toBe(1);
    expect(pyStrip(" \t x \n")).toBe("x");
  });

  it("sorts descending and stably, like sorted(reverse=True)", () => {
    const items = [
      { id: "a", k: 0.5 },
      { id: "b", k: 0.9 },
      { id: "c", k: 0.5 },
      { id: "d", k: 0.9 },
    ];
    expect(sortDescendingStable(items, (i) => i.k).map((i) => i.id)).toEqual(["b", "d", "a", "c"]);
  });
});
