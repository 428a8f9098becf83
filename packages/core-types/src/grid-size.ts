/**
 * `GridSize`: immutable grid dimensions. Bounds are half-open: a point is inside iff
 * `0 <= x < width` and `0 <= y < height`. Arrays over the grid are row-major `[y][x]`, shape `[height, width]`.
 */
import * as z from "zod";
import { Coordinates, type PointLike } from "./coordinates.js";
import { ValidationError } from "./errors.js";
import { pairToObject } from "./internal/pair.js";
import { parseWithSchema } from "./validation.js";

/** Largest allowed width or height (the reference's `MAX_GRID_DIMENSION`). */
export const MAX_GRID_DIMENSION = 10_000;

/** The JSON form of a grid size, as the reference spells it (`grid_size`): the tuple `[width, height]`. */
export type GridSizeData = readonly [width: number, height: number];

/** Accepted plain inputs for a grid size: `[width, height]`, `{ width, height }` or a `GridSize`. */
export type GridSizeInput = GridSizeData | { readonly width: number; readonly height: number };

const dimension = z
  .int({ error: `a positive integer <= ${MAX_GRID_DIMENSION}` })
  .min(1, { error: `a positive integer <= ${MAX_GRID_DIMENSION}` })
  .max(MAX_GRID_DIMENSION, { error: `a positive integer <= ${MAX_GRID_DIMENSION}` });

/** Schema of the object form `{ width, height }` (integers in [1, MAX_GRID_DIMENSION], no other keys). */
export const gridSizeObjectSchema = z.strictObject(
  { width: dimension, height: dimension },
  {
    error: (issue) =>
      issue.code === "invalid_type" ? "[width, height] or { width, height } with integer members" : undefined,
  },
);

/** Schema of the plain-data form: `[width, height]` or `{ width, height }`. Parses to `{ width, height }`. */
export const gridSizeDataSchema = z.preprocess(pairToObject("width", "height"), gridSizeObjectSchema);

/** Schema that parses the plain-data form of a grid size into a `GridSize`. */
export const gridSizeSchema = gridSizeDataSchema.transform((d) => new GridSize(d.width, d.height));

function isDimension(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_GRID_DIMENSION;
}

/** Immutable grid dimensions. Construct with `new GridSize(width, height)` or `GridSize.fromJSON`. */
export class GridSize {
  readonly width: number;
  readonly height: number;

  /** @throws ValidationError (`parameter` `"width"` or `"height"`) unless both are integers in [1, 10000]. */
  constructor(width: number, height: number) {
    if (!isDimension(width) || !isDimension(height)) {
      parseWithSchema(gridSizeObjectSchema, { width, height }, { what: "GridSize" });
    }
    this.width = width;
    this.height = height;
    Object.freeze(this);
  }

  /** Parses `[width, height]`, `{ width, height }` or a `GridSize`. @throws ValidationError naming the bad field. */
  static fromJSON(data: unknown, path?: string): GridSize {
    if (data instanceof GridSize) return data;
    const { width, height } = parseWithSchema(gridSizeDataSchema, data, {
      what: "GridSize",
      ...(path !== undefined && { path }),
    });
    return new GridSize(width, height);
  }

  /** `width * height`. */
  totalCells(): number {
    return this.width * this.height;
  }

  /** The array shape of a field over this grid: `[height, width]` (row-major, indexed `[y][x]`). */
  shape(): [height: number, width: number] {
    return [this.height, this.width];
  }

  /** The centre as the reference computes it: `(floor(width / 2), floor(height / 2))`. Always inside. */
  center(): Coordinates {
    return new Coordinates(Math.floor(this.width / 2), Math.floor(this.height / 2));
  }

  /** True iff `0 <= x < width` and `0 <= y < height` (false for NaN). Never throws for a point-like value. */
  contains(point: PointLike): boolean {
    return point.x >= 0 && point.x < this.width && point.y >= 0 && point.y < this.height;
  }

  /** The nearest cell inside the grid: each axis clamped to `[0, size - 1]`. @throws ValidationError for non-integers. */
  clamp(point: PointLike): Coordinates {
    return new Coordinates(
      Math.min(Math.max(point.x, 0), this.width - 1),
      Math.min(Math.max(point.y, 0), this.height - 1),
    );
  }

  /**
   * The row-major index `y * width + x` of an inside cell, for flat arrays such as `plume_field`.
   * @throws ValidationError (`parameter` `"position"`) when the point is not an integer cell of this grid.
   */
  cellIndex(point: PointLike): number {
    if (!this.contains(point) || !Number.isInteger(point.x) || !Number.isInteger(point.y)) {
      throw ValidationError.invalid(
        "position",
        `an integer cell with 0 <= x < ${this.width} and 0 <= y < ${this.height}`,
        { x: point.x, y: point.y },
      );
    }
    return point.y * this.width + point.x;
  }

  /** True when `other` has the same `width` and `height`. */
  equals(other: unknown): boolean {
    return (
      other !== null &&
      typeof other === "object" &&
      (other as GridSize).width === this.width &&
      (other as GridSize).height === this.height
    );
  }

  /** `[width, height]`. */
  toTuple(): [width: number, height: number] {
    return [this.width, this.height];
  }

  /** The reference's JSON form, `[width, height]`. */
  toJSON(): [width: number, height: number] {
    return this.toTuple();
  }

  toString(): string {
    return `GridSize(${this.width}, ${this.height})`;
  }
}
