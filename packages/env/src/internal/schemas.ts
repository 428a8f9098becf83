/**
 * Zod building blocks for options: positions and grids that accept the reference's tuples, the
 * `@plume/core-types` classes and `{ x, y }` objects alike. Internal: the public schemas are exported
 * from the modules that use them.
 */
import { Coordinates, GridSize, coordinatesDataSchema, gridSizeDataSchema } from "@plume/core-types";
import * as z from "zod";

/** `[x, y]`, `{ x, y }` or a `Coordinates` -> `Coordinates`. Errors name `x` or `y`. */
export const coordinatesInputSchema = z
  .preprocess((v) => (v instanceof Coordinates ? { x: v.x, y: v.y } : v), coordinatesDataSchema)
  .transform((d) => new Coordinates(d.x, d.y));

/** `[width, height]`, `{ width, height }` or a `GridSize` -> `GridSize`. Errors name `width` or `height`. */
export const gridSizeInputSchema = z
  .preprocess((v) => (v instanceof GridSize ? { width: v.width, height: v.height } : v), gridSizeDataSchema)
  .transform((d) => new GridSize(d.width, d.height));

/** A finite number. */
export const finiteNumber = (what = "a finite number") =>
  z.number({ error: what }).refine(Number.isFinite, { error: what });

/** A finite number > 0. */
export const positiveNumber = (what = "a finite number > 0") =>
  z.number({ error: what }).gt(0, { error: what }).refine(Number.isFinite, { error: what });

/** A finite number >= 0. */
export const nonNegativeNumber = (what = "a finite number >= 0") =>
  z.number({ error: what }).min(0, { error: what }).refine(Number.isFinite, { error: what });

/** An integer >= `min` (a safe integer). */
export const intAtLeast = (min: number) =>
  z.int({ error: `an integer >= ${min}` }).min(min, { error: `an integer >= ${min}` }).max(Number.MAX_SAFE_INTEGER, { error: `an integer >= ${min}` });
