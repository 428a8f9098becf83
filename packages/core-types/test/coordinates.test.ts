import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  Coordinates,
  ErrorCode,
  ValidationError,
  coordinatesDataSchema,
  coordinatesObjectSchema,
  coordinatesSchema,
} from "../src/index.js";
import { expectPlumeError } from "./helpers.js";

const int = fc.integer({ min: -1_000_000, max: 1_000_000 });
const coords = fc.tuple(int, int).map(([x, y]) => new Coordinates(x, y));

describe("Coordinates", () => {
  it("holds integer x and y, negatives included", () => {
    const c = new Coordinates(-5, 3);
    expect([c.x, c.y]).toEqual([-5, 3]);
    expect(new Coordinates(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER).x).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("normalises -0 to 0", () => {
    expect(Object.is(new Coordinates(-0, 0).x, 0)).toBe(true);
  });

  it("is frozen", () => {
    const c = new Coordinates(1, 2);
    expect(Object.isFrozen(c)).toBe(true);
    expect(() => {
      (c as { x: number }).x = 5;
    }).toThrow(TypeError);
    expect(c.x).toBe(1);
  });

  it.each([
    [1.5, 0, "x"],
    [0, 2.5, "y"],
    [Number.NaN, 0, "x"],
    [Number.POSITIVE_INFINITY, 0, "x"],
    [2 ** 53, 0, "x"],
    ["1" as unknown as number, 0, "x"],
    [0, null as unknown as number, "y"],
  ])("rejects (%s, %s) naming %s", (x, y, parameter) => {
    const error = expectPlumeError(() => new Coordinates(x, y), ValidationError, ErrorCode.VALIDATION, parameter);
    expect(error.expected).toMatch(/integer/);
    expect(error.received).toBe(parameter === "x" ? x : y);
  });

  it("distanceTo is Euclidean, computed as sqrt(dx² + dy²)", () => {
    expect(new Coordinates(0, 0).distanceTo(new Coordinates(3, 4))).toBe(5);
    expect(new Coordinates(10, 10).distanceTo({ x: 10, y: 10 })).toBe(0);
    // A fixture value: agent (35, 3), goal (39, 39) in selector-oriented.json.
    expect(new Coordinates(35, 3).distanceTo(new Coordinates(39, 39))).toBe(36.22154055254967);
  });

  it("distance is non-negative, symmetric, zero to itself and obeys the triangle inequality", () => {
    fc.assert(
      fc.property(coords, coords, coords, (a, b, c) => {
        expect(a.distanceTo(b)).toBeGreaterThanOrEqual(0);
        expect(a.distanceTo(b)).toBe(b.distanceTo(a));
        expect(a.distanceTo(a)).toBe(0);
        expect(a.distanceTo(c)).toBeLessThanOrEqual(a.distanceTo(b) + b.distanceTo(c) + 1e-9);
      }),
    );
  });

  it("manhattanDistanceTo sums the absolute differences", () => {
    expect(new Coordinates(1, 1).manhattanDistanceTo(new Coordinates(-2, 5))).toBe(7);
  });

  it("offset returns a new moved instance and validates", () => {
    const c = new Coordinates(1, 1);
    const moved = c.offset(0, -2);
    expect(moved).not.toBe(c);
    expect(moved.toTuple()).toEqual([1, -1]);
    expectPlumeError(() => c.offset(0.5, 0), ValidationError, ErrorCode.VALIDATION, "x");
  });

  it("equality and keys agree", () => {
    fc.assert(
      fc.property(int, int, int, int, (x1, y1, x2, y2) => {
        const a = new Coordinates(x1, y1);
        const b = new Coordinates(x2, y2);
        const same = x1 === x2 && y1 === y2;
        expect(a.equals(b)).toBe(same);
        expect(a.toKey() === b.toKey()).toBe(same);
      }),
    );
    expect(new Coordinates(1, 2).equals({ x: 1, y: 2 })).toBe(true);
    expect(new Coordinates(1, 2).equals(null)).toBe(false);
    expect(new Coordinates(1, 2).equals([1, 2])).toBe(false);
    expect(new Set([new Coordinates(1, 2).toKey(), new Coordinates(1, 2).toKey()]).size).toBe(1);
  });

  it("serialises as the reference's [x, y] tuple and round-trips through JSON", () => {
    expect(JSON.stringify(new Coordinates(3, -4))).toBe("[3,-4]");
    expect(String(new Coordinates(3, -4))).toBe("Coordinates(3, -4)");
    fc.assert(
      fc.property(coords, (c) => {
        expect(Coordinates.fromJSON(JSON.parse(JSON.stringify(c))).equals(c)).toBe(true);
      }),
    );
  });

  it("fromJSON accepts [x, y], { x, y } and instances", () => {
    const c = new Coordinates(7, 8);
    expect(Coordinates.fromJSON(c)).toBe(c);
    expect(Coordinates.fromJSON({ x: 7, y: 8 }).equals(c)).toBe(true);
    expect(Coordinates.fromJSON([7, 8]).equals(c)).toBe(true);
  });

  it("fromJSON names the bad field, the received value and an optional path", () => {
    const e1 = expectPlumeError(() => Coordinates.fromJSON([1, "a"]), ValidationError, ErrorCode.VALIDATION, "y");
    expect(e1.received).toBe("a");
    expectPlumeError(() => Coordinates.fromJSON({ x: 1 }), ValidationError, ErrorCode.VALIDATION, "y");
    expectPlumeError(() => Coordinates.fromJSON({ x: 1, y: 2, z: 3 }), ValidationError, ErrorCode.VALIDATION, "z");
    const e2 = expectPlumeError(
      () => Coordinates.fromJSON([1, 2, 3]),
      ValidationError,
      ErrorCode.VALIDATION,
      "Coordinates",
    );
    expect(e2.expected).toBe("[x, y] or { x, y } with integer members");
    expectPlumeError(() => Coordinates.fromJSON(null, "source_location"), ValidationError, ErrorCode.VALIDATION, "source_location");
    expectPlumeError(
      () => Coordinates.fromJSON([0.5, 1], "source_location"),
      ValidationError,
      ErrorCode.VALIDATION,
      "source_location.x",
    );
  });

  it("schemas: data form parses to { x, y }; coordinatesSchema parses to an instance", () => {
    expect(coordinatesDataSchema.parse([1, 2])).toEqual({ x: 1, y: 2 });
    expect(coordinatesObjectSchema.safeParse([1, 2]).success).toBe(false);
    const parsed = coordinatesSchema.parse({ x: 1, y: 2 });
    expect(parsed).toBeInstanceOf(Coordinates);
    expect(parsed.toJSON()).toEqual([1, 2]);
  });

  it("the constructor accepts exactly what the object schema accepts", () => {
    const anyNumber = fc.oneof(int, fc.double(), fc.constantFrom(2 ** 53, -(2 ** 53), 0.5, -0));
    fc.assert(
      fc.property(anyNumber, anyNumber, (x, y) => {
        let constructed = true;
        try {
          new Coordinates(x, y);
        } catch {
          constructed = false;
        }
        expect(constructed).toBe(coordinatesObjectSchema.safeParse({ x, y }).success);
      }),
    );
  });
});
