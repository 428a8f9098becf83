import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  Coordinates,
  ErrorCode,
  GridSize,
  MAX_GRID_DIMENSION,
  ValidationError,
  gridSizeDataSchema,
  gridSizeObjectSchema,
  gridSizeSchema,
} from "../src/index.js";
import { expectPlumeError } from "./helpers.js";

const dim = fc.integer({ min: 1, max: 64 });
const grids = fc.tuple(dim, dim).map(([w, h]) => new GridSize(w, h));
const anyInt = fc.oneof(fc.integer({ min: -100, max: 100 }), fc.constantFrom(-(2 ** 31), 2 ** 31));

describe("GridSize", () => {
  it("holds width and height and is frozen", () => {
    const g = new GridSize(4, 3);
    expect([g.width, g.height]).toEqual([4, 3]);
    expect(Object.isFrozen(g)).toBe(true);
    expect(() => {
      (g as { width: number }).width = 9;
    }).toThrow(TypeError);
  });

  it("accepts 1 to MAX_GRID_DIMENSION", () => {
    expect(new GridSize(1, 1).totalCells()).toBe(1);
    expect(new GridSize(MAX_GRID_DIMENSION, 1).width).toBe(10_000);
  });

  it.each([
    [0, 10, "width"],
    [10, -5, "height"],
    [MAX_GRID_DIMENSION + 1, 10, "width"],
    [2.5, 10, "width"],
    [10, Number.NaN, "height"],
    ["8" as unknown as number, 8, "width"],
  ])("rejects (%s, %s) naming %s", (w, h, parameter) => {
    const error = expectPlumeError(() => new GridSize(w, h), ValidationError, ErrorCode.VALIDATION, parameter);
    expect(error.expected).toBe(`a positive integer <= ${MAX_GRID_DIMENSION}`);
  });

  it("totalCells is width * height", () => {
    fc.assert(
      fc.property(dim, dim, (w, h) => {
        expect(new GridSize(w, h).totalCells()).toBe(w * h);
      }),
    );
  });

  it("center is (floor(w/2), floor(h/2)) as in the reference, and inside", () => {
    expect(new GridSize(32, 32).center().toTuple()).toEqual([16, 16]);
    expect(new GridSize(11, 11).center().toTuple()).toEqual([5, 5]);
    expect(new GridSize(128, 128).center().toTuple()).toEqual([64, 64]);
    expect(new GridSize(1, 7).center().toTuple()).toEqual([0, 3]);
    fc.assert(
      fc.property(grids, (g) => {
        expect(g.contains(g.center())).toBe(true);
      }),
    );
  });

  it("contains agrees with the half-open bounds for any integer coordinates", () => {
    fc.assert(
      fc.property(grids, anyInt, anyInt, (g, x, y) => {
        expect(g.contains(new Coordinates(x, y))).toBe(x >= 0 && x < g.width && y >= 0 && y < g.height);
      }),
    );
  });

  it("contains handles the boundary and non-integer or NaN points", () => {
    const g = new GridSize(10, 10);
    expect(g.contains({ x: 0, y: 0 })).toBe(true);
    expect(g.contains({ x: 9, y: 9 })).toBe(true);
    expect(g.contains({ x: 10, y: 5 })).toBe(false);
    expect(g.contains({ x: 5, y: 10 })).toBe(false);
    expect(g.contains({ x: -1, y: 5 })).toBe(false);
    expect(g.contains({ x: 15, y: 15 })).toBe(false);
    expect(g.contains({ x: Number.NaN, y: 0 })).toBe(false);
  });

  it("clamp returns the nearest inside cell", () => {
    const g = new GridSize(10, 5);
    expect(g.clamp({ x: -3, y: 99 }).toTuple()).toEqual([0, 4]);
    expect(g.clamp({ x: 12, y: -1 }).toTuple()).toEqual([9, 0]);
    fc.assert(
      fc.property(grids, anyInt, anyInt, (grid, x, y) => {
        const c = grid.clamp({ x, y });
        expect(grid.contains(c)).toBe(true);
        if (grid.contains({ x, y })) expect(c.toTuple()).toEqual([x, y]);
      }),
    );
    expectPlumeError(() => g.clamp({ x: 0.5, y: 0 }), ValidationError, ErrorCode.VALIDATION, "x");
  });

  it("shape and cellIndex follow the row-major [y][x] layout", () => {
    const g = new GridSize(4, 3);
    expect(g.shape()).toEqual([3, 4]);
    expect(g.cellIndex({ x: 0, y: 0 })).toBe(0);
    expect(g.cellIndex({ x: 3, y: 0 })).toBe(3);
    expect(g.cellIndex({ x: 0, y: 1 })).toBe(4);
    expect(g.cellIndex({ x: 3, y: 2 })).toBe(11);
    for (const bad of [{ x: 4, y: 0 }, { x: 0, y: 3 }, { x: -1, y: 0 }, { x: 0.5, y: 0 }]) {
      expectPlumeError(() => g.cellIndex(bad), ValidationError, ErrorCode.VALIDATION, "position");
    }
  });

  it("equals compares dimensions", () => {
    expect(new GridSize(3, 4).equals(new GridSize(3, 4))).toBe(true);
    expect(new GridSize(3, 4).equals(new GridSize(4, 3))).toBe(false);
    expect(new GridSize(3, 4).equals(undefined)).toBe(false);
  });

  it("serialises as the reference's [width, height] and round-trips", () => {
    expect(JSON.stringify(new GridSize(40, 30))).toBe("[40,30]");
    expect(String(new GridSize(40, 30))).toBe("GridSize(40, 30)");
    fc.assert(
      fc.property(grids, (g) => {
        expect(GridSize.fromJSON(JSON.parse(JSON.stringify(g))).equals(g)).toBe(true);
      }),
    );
  });

  it("fromJSON accepts tuples, objects and instances and names bad fields", () => {
    const g = new GridSize(5, 6);
    expect(GridSize.fromJSON(g)).toBe(g);
    expect(GridSize.fromJSON({ width: 5, height: 6 }).equals(g)).toBe(true);
    expect(GridSize.fromJSON([5, 6]).equals(g)).toBe(true);
    const e = expectPlumeError(() => GridSize.fromJSON([5, 0]), ValidationError, ErrorCode.VALIDATION, "height");
    expect(e.received).toBe(0);
    expectPlumeError(() => GridSize.fromJSON({ width: 5, height: 6, depth: 1 }), ValidationError, ErrorCode.VALIDATION, "depth");
    expectPlumeError(() => GridSize.fromJSON("5x6", "grid_size"), ValidationError, ErrorCode.VALIDATION, "grid_size");
    expectPlumeError(() => GridSize.fromJSON([0, 6], "env.grid_size"), ValidationError, ErrorCode.VALIDATION, "env.grid_size.width");
  });

  it("schemas parse the data forms", () => {
    expect(gridSizeDataSchema.parse([2, 3])).toEqual({ width: 2, height: 3 });
    expect(gridSizeObjectSchema.safeParse([2, 3]).success).toBe(false);
    expect(gridSizeSchema.parse([2, 3])).toBeInstanceOf(GridSize);
  });
});
