import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roundHalfEven } from "../src/index.js";

describe("roundHalfEven (Python's round for floats)", () => {
  it.each([
    [2.5, 2],
    [3.5, 4],
    [-0.5, 0],
    [-1.5, -2],
    [0.49999999999999994, 0],
    [1e300, 1e300],
    [-2.7, -3],
  ])("round(%s) = %s", (x, expected) => {
    expect(Object.is(roundHalfEven(x), expected)).toBe(true);
  });

  it("agrees with Math.round away from ties and is never -0", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (x) => {
        const r = roundHalfEven(x);
        expect(Object.is(r, -0)).toBe(false);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5);
        if (Math.abs(x - Math.floor(x) - 0.5) > 0) expect(r).toBe(Math.round(x) + 0);
        else expect(r % 2).toBe(0);
      }),
    );
  });
});
