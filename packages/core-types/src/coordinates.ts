/**
 * `Coordinates`: an immutable integer grid position `(x, y)`. Negative values are allowed (a generic
 * coordinate, e.g. an antenna offset); whether a position lies on a grid is `GridSize.contains`'s job.
 */
import * as z from "zod";
import { pairToObject } from "./internal/pair.js";
import { parseWithSchema } from "./validation.js";

/** Anything with numeric `x` and `y`: a `Coordinates`, or a plain `{ x, y }` (not validated). */
export interface PointLike {
  readonly x: number;
  readonly y: number;
}

/** The JSON form of a position, as the Python reference spells it: the tuple `[x, y]`. */
export type CoordinatesData = readonly [x: number, y: number];

/** Accepted plain inputs for a position: `[x, y]`, `{ x, y }` or a `Coordinates`. */
export type CoordinatesInput = CoordinatesData | PointLike;

const integer = z.int({ error: "an integer (a safe integer; negatives allowed)" });

/** Schema of the object form `{ x, y }` of a position (integers, no other keys). */
export const coordinatesObjectSchema = z.strictObject(
  { x: integer, y: integer },
  { error: (issue) => (issue.code === "invalid_type" ? "[x, y] or { x, y } with integer members" : undefined) },
);

/**
 * Schema of the plain-data form of a position: `[x, y]` or `{ x, y }` with integer members.
 * Parses to `{ x, y }`. Errors name `x` or `y`.
 */
export const coordinatesDataSchema = z.preprocess(pairToObject("x", "y"), coordinatesObjectSchema);

/** Schema that parses the plain-data form of a position into a `Coordinates`. */
export const coordinatesSchema = coordinatesDataSchema.transform((d) => new Coordinates(d.x, d.y));

/** An immutable 2-D integer grid position. Construct with `new Coordinates(x, y)` or `Coordinates.fromJSON`. */
export class Coordinates implements PointLike {
  readonly x: number;
  readonly y: number;

  /** @throws ValidationError (`parameter` `"x"` or `"y"`) unless both are safe integers. */
  constructor(x: number, y: number) {
    if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y)) {
      parseWithSchema(coordinatesObjectSchema, { x, y }, { what: "Coordinates" });
    }
    // Normalise -0 to 0 so that equal coordinates serialise identically.
    this.x = x + 0;
    this.y = y + 0;
    Object.freeze(this);
  }

  /** Parses `[x, y]`, `{ x, y }` or a `Coordinates`. @throws ValidationError naming the bad field. */
  static fromJSON(data: unknown, path?: string): Coordinates {
    if (data instanceof Coordinates) return data;
    const { x, y } = parseWithSchema(coordinatesDataSchema, data, {
      what: "Coordinates",
      ...(path !== undefined && { path }),
    });
    return new Coordinates(x, y);
  }

  /** Euclidean distance, computed as the reference does (`sqrt(dx² + dy²)`), so results agree bit for bit. */
  distanceTo(other: PointLike): number {
    const dx = this.x - other.x;
    const dy = this.y - other.y;
    return Math.sqrt(dx * dx + dy * dy);
  }

  /** `|dx| + |dy|`. */
  manhattanDistanceTo(other: PointLike): number {
    return Math.abs(this.x - other.x) + Math.abs(this.y - other.y);
  }

  /** A new `Coordinates` moved by `(dx, dy)` (integers; not clamped, see `GridSize.clamp`). */
  offset(dx: number, dy: number): Coordinates {
    return new Coordinates(this.x + dx, this.y + dy);
  }

  /** True when `other` is a point with the same `x` and `y`. */
  equals(other: unknown): boolean {
    return (
      other !== null &&
      typeof other === "object" &&
      (other as PointLike).x === this.x &&
      (other as PointLike).y === this.y
    );
  }

  /** A string that is equal exactly for equal coordinates, for use as a `Map`/`Set` key: `"x,y"`. */
  toKey(): string {
    return `${this.x},${this.y}`;
  }

  /** `[x, y]`. */
  toTuple(): [x: number, y: number] {
    return [this.x, this.y];
  }

  /** The reference's JSON form, `[x, y]`. */
  toJSON(): [x: number, y: number] {
    return this.toTuple();
  }

  toString(): string {
    return `Coordinates(${this.x}, ${this.y})`;
  }
}
