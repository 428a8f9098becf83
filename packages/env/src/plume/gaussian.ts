/**
 * `GaussianPlume`: the reference's static Gaussian plume. The whole field is computed once, in float32
 * exactly as NumPy does it (`exp(-(dx² + dy²) / (2σ²))` on float32 arrays, clipped to [0, 1]), and every
 * `sample` is an O(1) lookup of the nearest cell (ties half-to-even, as Python's `round`); off the grid
 * the concentration is 0.
 */
import {
  Coordinates,
  GridSize,
  ValidationError,
  parseWithSchema,
  type ConcentrationField,
  type CoordinatesInput,
  type FieldMetadata,
  type GridSizeInput,
} from "@plume/core-types";
import { z } from "zod";
import { roundHalfEven } from "../internal/math.js";
import { npyExpF32 } from "../internal/npy-exp.js";
import { coordinatesInputSchema, gridSizeInputSchema, positiveNumber } from "../internal/schemas.js";

/** The reference's default plume dispersion for the direct constructors (`DEFAULT_PLUME_SIGMA`). */
export const DEFAULT_PLUME_SIGMA = 12;

/** Options of `GaussianPlume`. */
export const GaussianPlumeOptionsSchema = z.strictObject({
  /** The grid the field covers: `[width, height]`, `{ width, height }` or a `GridSize`. Default `[128, 128]`. */
  gridSize: gridSizeInputSchema.default(() => new GridSize(128, 128)),
  /** The source cell, inside the grid. Default: the grid centre `(floor(w / 2), floor(h / 2))`. */
  sourceLocation: coordinatesInputSchema.optional(),
  /** Dispersion in cells: a finite number > 0. Default 12. */
  sigma: positiveNumber("a finite number > 0 (cells)").default(DEFAULT_PLUME_SIGMA),
});
/** What `new GaussianPlume(options)` accepts. */
export interface GaussianPlumeOptions {
  readonly gridSize?: GridSize | GridSizeInput | undefined;
  readonly sourceLocation?: Coordinates | CoordinatesInput | undefined;
  readonly sigma?: number | undefined;
}

/**
 * Fills `out` (row-major, `[y * width + x]`) with the reference's float32 Gaussian field.
 * Every intermediate is rounded to float32 where NumPy computes in float32, and `exp` is NumPy's own
 * float32 SIMD kernel reproduced bit for bit, so the field equals the reference's exactly.
 */
export function fillGaussianField(out: Float32Array, grid: GridSize, source: Coordinates, sigma: number): Float32Array {
  const { width, height } = grid;
  // `denom = 2.0 * sigma**2` is a Python float; dividing a float32 array by it casts it to float32.
  const denom = Math.fround(2 * sigma ** 2);
  const fround = Math.fround;
  for (let y = 0; y < height; y++) {
    const dy = fround(y - source.y);
    const dy2 = fround(dy * dy);
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const dx = fround(x - source.x);
      const d2 = fround(fround(dx * dx) + dy2);
      const value = npyExpF32(fround(-d2 / denom));
      out[row + x] = value > 1 ? 1 : value < 0 ? 0 : value;
    }
  }
  return out;
}

/** A static Gaussian concentration field with its source at `sourceLocation` (the goal by default). */
export class GaussianPlume implements ConcentrationField {
  readonly gridSize: GridSize;
  readonly sourceLocation: Coordinates;
  readonly sigma: number;
  readonly #field: Float32Array;
  readonly #width: number;
  readonly #height: number;
  #seed: number | undefined;

  /**
   * @throws ValidationError naming the bad option (`gridSize.width`, `sourceLocation`, `sigma`, or an
   * unknown key); `sourceLocation` must lie inside the grid.
   */
  constructor(options: GaussianPlumeOptions = {}) {
    const parsed = parseWithSchema(GaussianPlumeOptionsSchema, options ?? {}, { what: "GaussianPlume options" });
    const grid = parsed.gridSize;
    const source = parsed.sourceLocation ?? grid.center();
    if (!grid.contains(source)) {
      throw ValidationError.invalid(
        "sourceLocation",
        `a cell inside the ${grid.width}x${grid.height} grid (0 <= x < ${grid.width}, 0 <= y < ${grid.height})`,
        source.toTuple(),
      );
    }
    this.gridSize = grid;
    this.sourceLocation = source;
    this.sigma = parsed.sigma;
    this.#width = grid.width;
    this.#height = grid.height;
    this.#field = fillGaussianField(new Float32Array(grid.width * grid.height), grid, source, parsed.sigma);
  }

  /**
   * The precomputed field: a row-major `Float32Array` of length `width * height` (shape `[height, width]`),
   * element `y * width + x`. The same array on every read; callers must not write to it.
   */
  get fieldArray(): Float32Array {
    return this.#field;
  }

  /** The seed of the last `reset` (the field is static, so it changes nothing). */
  get lastSeed(): number | undefined {
    return this.#seed;
  }

  /**
   * The concentration at the nearest cell to `(x, y)` (ties half-to-even), or 0 off the grid or for a
   * non-finite coordinate. `t` is ignored: the plume is static. O(1), never throws.
   */
  sample(x: number, y: number, _t?: number): number {
    if (typeof x !== "number" || typeof y !== "number" || !Number.isFinite(x) || !Number.isFinite(y)) return 0;
    const ix = roundHalfEven(x);
    const iy = roundHalfEven(y);
    if (ix < 0 || ix >= this.#width || iy < 0 || iy >= this.#height) return 0;
    return this.#field[iy * this.#width + ix] as number;
  }

  /** Records the seed; the static field does not change. */
  reset(seed?: number): void {
    this.#seed = seed;
  }

  getMetadata(): FieldMetadata {
    const source = this.sourceLocation.toTuple();
    return {
      type: "gaussian_plume",
      parameters: { grid_size: this.gridSize.toTuple(), source_location: source, sigma: this.sigma },
      source_location: source,
      sigma: this.sigma,
      out_of_bounds_value: 0,
    };
  }
}
