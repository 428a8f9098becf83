import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode, ValidationError, normalizeOrientation } from "../src/index.js";
import { expectPlumeError } from "./helpers.js";

/** Python's float `%` for a positive divisor, written out independently. */
function pythonMod(a: number, b: number): number {
  const mod = a % b;
  if (mod === 0) return 0;
  return mod < 0 ? mod + b : mod;
}

describe("normalizeOrientation", () => {
  it.each([
    [0, 0],
    [90, 90],
    [359.5, 359.5],
    [360, 0],
    [450, 90],
    [-90, 270],
    [-360, 0],
    [-0, 0],
    [720.25, 0.25],
    [-1e-14, 0], // Python gives 360.0 here; we keep [0, 360)
  ])("%s -> %s", (input, expected) => {
    expect(Object.is(normalizeOrientation(input), expected)).toBe(true);
  });

  it("matches Python's % and always lies in [0, 360)", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (deg) => {
        const result = normalizeOrientation(deg);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThan(360);
        const py = pythonMod(deg, 360);
        expect(result).toBe(py === 360 ? 0 : py);
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (deg) => {
        const once = normalizeOrientation(deg);
        expect(normalizeOrientation(once)).toBe(once);
      }),
    );
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, "90" as unknown as number])(
    "rejects %s",
    (bad) => {
      expectPlumeError(() => normalizeOrientation(bad), ValidationError, ErrorCode.VALIDATION, "orientation");
    },
  );
});
