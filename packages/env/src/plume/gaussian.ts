/**
 * `GaussianPlume`: the reference's static Gaussian plume. The whole field is computed once, in float32
 * exactly as NumPy does it (`exp(-(dx² + dy²) / (2σ²))` on float32 arrays, clipped to [0, 1]), and every
 * `sample` is an O(1) lookup of the nearest cell (ties half-to-even, as Python's `round`); off the grid
 * the concentration is 0. Plumes with equal parameters share one field array, which no caller can write:
 * `fieldArray` hands out a copy, and only the environment's own components read the shared one.
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
import * as z from "zod";
import { roundHalfEven } from "../internal/math.js";
import { npyExpF32 } from "../internal/npy-exp.js";
import { coordinatesInputSchema, gridSizeInputSchema, positiveNumber } from "../internal/schemas.js";

/** The reference's default plume dispersion for the direct constructors (`DEFAULT_PLUME_SIGMA`). */
export const DEFAULT_PLUME_SIGMA = 12;

/** The smallest sigma whose float32 `2 * sigma ** 2` is not 0 (smaller ones would put NaN at the source). */
export const MIN_SIGMA = 1.9e-23;

/** Options of `GaussianPlume`. */
export const GaussianPlumeOptionsSchema = z.strictObject({
  /** The grid the field covers: `[width, height]`, `{ width, height }` or a `GridSize`. Default `[128, 128]`. */
  gridSize: gridSizeInputSchema.default(() => new GridSize(128, 128)),
  /** The source cell, inside the grid. Default: the grid centre `(floor(w / 2), floor(h / 2))`. */
  sourceLocation: coordinatesInputSchema.optional(),
  /**
   * Dispersion in cells: a finite number > 0 whose float32 `2 * sigma ** 2` is not 0 (sigma >= about
   * 1.9e-23; below that the field would hold NaN at the source). Default 12.
   */
  sigma: positiveNumber("a finite number > 0 (cells)")
    .refine((sigma) => Math.fround(2 * sigma ** 2) > 0, {
      error: `a number of cells >= ${MIN_SIGMA} (a smaller sigma makes the float32 denominator 2 * sigma ** 2 zero, and the field NaN at the source)`,
    })
    .default(DEFAULT_PLUME_SIGMA),
});
/** What `new GaussianPlume(options)` accepts. */
export interface GaussianPlumeOptions {
  readonly gridSize?: GridSize | GridSizeInput | undefined;
  readonly sourceLocation?: Coordinates | CoordinatesInput | undefined;
  readonly sigma?: number | undefined;
}

// ---------------------------------------------------------------- the field
// (`fma32`, `expClipInto`, `EXP_ZERO_AT_OR_BELOW`, `buildGaussianField`, `forgetGaussianField` and
// `isGaussianFieldCached` are for this package's modules, tests and benchmarks; the index does not export them.)

// `npyExpF32(x)` is exactly 0 for every float32 `x <= EXP_ZERO_AT_OR_BELOW` (NumPy's `xmin`, the float32
// nearest ln(2^-150)) and positive just above it (checked by the tests), so cells whose exponent is at or
// below it are 0 without calling `exp`.
export const EXP_ZERO_AT_OR_BELOW = -103.97208404541016;

// NumPy's float32 exp kernel constants, the same values as in `../internal/npy-exp.ts` (checked by the tests).
const LOG2E = 1.4426950216293335;
const MAGIC = 12582912;
const C1 = -0.693145751953125;
const C2 = -1.428606765330187e-6;
const P1 = 0.7257664799690247;
const P2 = 0.24736154079437256;
const P3 = 0.051145121455192566;
const P4 = 0.006757896859198809;
const P5 = 0.000508276280015707;
const Q1 = -0.27423354983329773;
const Q2 = 0.021595094352960587;
const fround = Math.fround;
const LN2_PARTS = Float64Array.of(C1, C2);
const NUM_COEFFS = Float64Array.of(P4, P3, P2, P1, 1);
const DEN_COEFFS = Float64Array.of(Q1, 1);

// 2^q for the kernel's quadrants q in [-150, 0] (index q + 150); powers of two are exact doubles.
const POW2 = (() => {
  const table = new Float64Array(151);
  let v = 1;
  for (let q = 0; q >= -150; q--) {
    table[q + 150] = v;
    v /= 2;
  }
  return table;
})();

/**
 * `fmaf(a, b, c)` for float32 `a`, `b`, `c`, without memory round trips: `a * b` is exact in float64, so
 * `s = fl64(a * b + c)` is the one float64 rounding of the exact result. Rounding `s` to float32 is then
 * the correctly rounded result unless `s` is exactly halfway between two float32 values (float32
 * midpoints are float64 values, so rounding to float64 never crosses one) and inexact; only then is the
 * exact error `e` of `s` needed (TwoSum), and the result is the neighbour on `e`'s side. Bit-identical to
 * `fmaf` in `npy-exp.ts` (checked by the tests).
 */
export function fma32(a: number, b: number, c: number): number {
  const p = a * b;
  const s = p + c;
  const r = fround(s);
  if (r === s) return r;
  // When s is a midpoint, t = 2s - r is the other float32 neighbour (exactly); otherwise t lies strictly
  // between r and that neighbour and is not a float32 value.
  const t = r + 2 * (s - r);
  if (fround(t) !== t) return r;
  const bb = s - p;
  const e = p - (s - bb) + (c - bb);
  return e === 0 || e > 0 !== t > r ? r : t;
}

/**
 * `out[i] = clip(npyExpF32(args[i]), 0, 1)` for `i` in `[from, to)`. For float32 arguments in
 * `(EXP_ZERO_AT_OR_BELOW, 0]` (all of the field's but a NaN) this is NumPy's kernel written out with
 * `fma32`, over whole rows so that no double is boxed per cell; scaling by `2^q` is a float64
 * multiplication by an exact power of two and one float32 rounding, which equals NumPy's exponent-bit
 * arithmetic (and its denormal path) on that range.
 */
export function expClipInto(out: Float32Array, args: Float64Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const x = args[i] as number;
    let value: number;
    if (x <= 0 && x > EXP_ZERO_AT_OR_BELOW) {
      const quadrant = fround(fround(fround(x * LOG2E) + MAGIC) - MAGIC);
      // Cody-Waite reduction, then Horner's rule (loops keep the inlined `fma32` call sites few).
      let y = x;
      for (let k = 0; k < 2; k++) y = fma32(quadrant, LN2_PARTS[k] as number, y);
      let num = P5;
      for (let k = 0; k < 5; k++) num = fma32(num, y, NUM_COEFFS[k] as number);
      let den = Q2;
      for (let k = 0; k < 2; k++) den = fma32(den, y, DEN_COEFFS[k] as number);
      const poly = fround(num / den);
      value = fround(poly * (POW2[quadrant + 150] as number));
    } else {
      value = npyExpF32(x);
    }
    out[i] = value > 1 ? 1 : value < 0 ? 0 : value;
  }
}

/** The straightforward loop, for sources with non-integer coordinates (never the case for `Coordinates`). */
function fillDirect(out: Float32Array, width: number, height: number, sx: number, sy: number, denom: number): void {
  const args = new Float64Array(width);
  const row = new Float32Array(width);
  for (let y = 0; y < height; y++) {
    const dy = fround(y - sy);
    const dy2 = fround(dy * dy);
    for (let x = 0; x < width; x++) {
      const dx = fround(x - sx);
      args[x] = fround(-fround(fround(dx * dx) + dy2) / denom);
    }
    expClipInto(row, args, 0, width);
    out.set(row, y * width);
  }
}

/**
 * The fast fill, into an all-zero `out`. A cell's value depends only on `(|x - sx|, |y - sy|)` and is
 * symmetric in the two (`d2 = fround(fround(dx²) + dy²)`), so each distinct `|dy|` gives one half row,
 * mirrored into the row left of the source and copied to the row mirrored about the source; within a half
 * row, offsets below `|dy|` are read back from the already written row `|dx|` (transposition). The
 * exponent falls monotonically along a half row and across rows, so everything from its first
 * `<= EXP_ZERO_AT_OR_BELOW` on stays 0 and is skipped (it is 0 already).
 */
function fillMirrored(out: Float32Array, width: number, height: number, sx: number, sy: number, denom: number): void {
  // Offsets |x - sx| over the grid's columns lie in [axMin, axMax], |y - sy| over its rows in [ayMin, ayMax].
  const axMin = sx < 0 ? -sx : sx >= width ? sx - width + 1 : 0;
  const axMax = Math.max(Math.abs(sx), Math.abs(width - 1 - sx));
  const ayMin = sy < 0 ? -sy : sy >= height ? sy - height + 1 : 0;
  const ayMax = Math.max(Math.abs(sy), Math.abs(height - 1 - sy));
  // Transposed reads need row offset `ax` and column offset `ay` to exist: the source inside the grid.
  const inside = axMin === 0 && ayMin === 0;
  const half = new Float32Array(axMax - axMin + 1); // half[ax - axMin]
  const args = new Float64Array(axMax - axMin + 1); // the exponents of the cells computed in this row
  const axMin2 = fround(fround(axMin) * fround(axMin));

  for (let ay = ayMin; ay <= ayMax; ay++) {
    const dy = fround(ay);
    const dy2 = fround(dy * dy);
    // The smallest d2 of this row and of every later one: once it underflows, the rest of the grid is 0.
    if (fround(-fround(axMin2 + dy2) / denom) <= EXP_ZERO_AT_OR_BELOW) return;

    // Row y of offset ay (below the source when inside the grid, else above it).
    const yA = sy + ay < height && sy + ay >= 0 ? sy + ay : sy - ay;
    const rowA = yA * width;
    let ax = axMin;
    let end = axMax + 1; // half[ax - axMin] is written for ax < end; 0 from there on
    if (inside && ay <= axMax) {
      // Transposition: value(ax, ay) = value(ay, ax), already in row `ax` at column offset `ay`.
      const col = sx + ay < width ? sx + ay : sx - ay;
      for (; ax < ay; ax++) {
        const row = sy + ax < height ? sy + ax : sy - ax;
        half[ax] = out[row * width + col] as number;
      }
    }
    const first = ax;
    for (; ax <= axMax; ax++) {
      const dx = fround(ax);
      const arg = fround(-fround(fround(dx * dx) + dy2) / denom);
      if (arg <= EXP_ZERO_AT_OR_BELOW) {
        end = ax;
        break;
      }
      args[ax - axMin] = arg;
    }
    expClipInto(half, args, first - axMin, end - axMin);

    // Right of the source (x >= sx): ax = x - sx; left of it (x < sx): ax = sx - x.
    const xRight = Math.max(sx, 0);
    const xRightEnd = Math.min(width, sx + end); // exclusive
    for (let x = xRight; x < xRightEnd; x++) out[rowA + x] = half[x - sx - axMin] as number;
    const xLeftStart = Math.min(sx - 1, width - 1);
    const xLeftEnd = Math.max(0, sx - end + 1); // inclusive
    for (let x = xLeftStart; x >= xLeftEnd; x--) out[rowA + x] = half[sx - x - axMin] as number;

    // The row mirrored about the source has the same offsets.
    const yB = sy - ay;
    if (ay > 0 && yB >= 0 && yB < height && yB !== yA) out.copyWithin(yB * width, rowA, rowA + width);
  }
}

/** The field of `grid` in a new array (the constructor's path: no clearing needed). Internal. */
export function buildGaussianField(grid: GridSize, source: Coordinates, sigma: number): Float32Array {
  const out = new Float32Array(grid.width * grid.height);
  fill(out, grid, source, sigma, true);
  return out;
}

function fill(out: Float32Array, grid: GridSize, source: Coordinates, sigma: number, zeroed: boolean): void {
  const { width, height } = grid;
  // `denom = 2.0 * sigma**2` is a Python float; dividing a float32 array by it casts it to float32.
  const denom = fround(2 * sigma ** 2);
  const { x: sx, y: sy } = source;
  if (!Number.isSafeInteger(sx) || !Number.isSafeInteger(sy)) {
    fillDirect(out, width, height, sx, sy, denom);
    return;
  }
  if (!zeroed) out.fill(0, 0, width * height);
  fillMirrored(out, width, height, sx, sy, denom);
}

/**
 * Fills `out` (row-major, `[y * width + x]`) with the reference's float32 Gaussian field.
 * Every intermediate is rounded to float32 where NumPy computes in float32, and `exp` is NumPy's own
 * float32 SIMD kernel reproduced bit for bit, so the field equals the reference's exactly. Only
 * `width * height` elements are written; each distinct value is computed once (the field is mirrored
 * about the source), and cells whose exponent underflows are 0 without evaluating `exp`.
 */
export function fillGaussianField(out: Float32Array, grid: GridSize, source: Coordinates, sigma: number): Float32Array {
  fill(out, grid, source, sigma, false);
  return out;
}

// ---------------------------------------------------------------- the shared-field cache

// One field per (width, height, sourceX, sourceY, sigma), held weakly: plumes keep their field alive, and
// once no plume uses a field the garbage collector frees it and the registry drops its entry.
const fieldCache = new Map<string, WeakRef<Float32Array>>();
const fieldRegistry = new FinalizationRegistry<string>((key) => {
  // The entry may already hold a newer field for the same key: drop it only if it is dead.
  if (fieldCache.get(key)?.deref() === undefined) fieldCache.delete(key);
});

function fieldKey(grid: GridSize, source: Coordinates, sigma: number): string {
  // Numbers print as the shortest string that round-trips, so distinct sigmas give distinct keys.
  return `${grid.width}x${grid.height}@${source.x},${source.y}~${sigma}`;
}

/** The shared field for these parameters: the cached array when one is alive, else a new one (cached). */
function sharedGaussianField(grid: GridSize, source: Coordinates, sigma: number): Float32Array {
  const key = fieldKey(grid, source, sigma);
  const cached = fieldCache.get(key)?.deref();
  if (cached !== undefined) return cached;
  const field = buildGaussianField(grid, source, sigma);
  fieldCache.set(key, new WeakRef(field));
  fieldRegistry.register(field, key, field);
  return field;
}

/**
 * Drops `field` from the cache, so that plumes made from now on compute their field afresh. For a shared
 * field found modified (plumes already holding it keep it). Internal.
 */
export function forgetGaussianField(field: Float32Array): void {
  for (const [key, ref] of fieldCache) {
    if (ref.deref() === field) {
      fieldCache.delete(key);
      fieldRegistry.unregister(field);
    }
  }
}

/** Whether the cache holds an entry (live, or dead and awaiting finalization) for these parameters. Internal, for tests. */
export function isGaussianFieldCached(grid: GridSize, source: Coordinates, sigma: number): boolean {
  return fieldCache.has(fieldKey(grid, source, sigma));
}

/** Reads a plume's shared field (set in `GaussianPlume`'s static block; see `denseFieldOf`). */
let readSharedField: (plume: GaussianPlume) => Float32Array;

/**
 * The dense field an environment hands its components (`envState.plume_field`, the batch kernel's
 * `context.fieldArray`): a `GaussianPlume`'s shared array itself, any other plume's `fieldArray`. For this
 * package's modules only (the index does not export it), so that user code can never reach the shared array.
 */
export function denseFieldOf(plume: unknown): Float32Array | undefined {
  if (plume instanceof GaussianPlume) return readSharedField(plume);
  const own = (plume as { fieldArray?: unknown } | null)?.fieldArray;
  return own instanceof Float32Array ? own : undefined;
}

/**
 * A static Gaussian concentration field with its source at `sourceLocation` (the goal by default).
 *
 * **One shared field, which nobody can corrupt.** Plumes with the same `(gridSize, sourceLocation, sigma)`
 * share one `Float32Array`, computed once and held in a module-level cache of weak references: 1024
 * environments over the same 2048x2048 plume store one 16 MB field, not 1024; it is freed once no plume
 * uses it. Typed arrays cannot be frozen, so the shared array is never handed to user code: `fieldArray`
 * is this plume's own copy, made on first read (a write to it changes nothing any environment reads), and
 * only the environment's components receive the shared array (`envState.plume_field`, the batch kernel's
 * `fieldArray`), which their protocols forbid them to modify. `sample(x, y)` reads the shared field.
 */
export class GaussianPlume implements ConcentrationField {
  readonly gridSize: GridSize;
  readonly sourceLocation: Coordinates;
  readonly sigma: number;
  readonly #field: Float32Array;
  /** The copy `fieldArray` hands out (made on first read). */
  #copy: Float32Array | undefined = undefined;
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
    this.#field = sharedGaussianField(grid, source, parsed.sigma);
  }

  static {
    readSharedField = (plume) => plume.#field;
  }

  /**
   * The precomputed field: a row-major `Float32Array` of length `width * height` (shape `[height, width]`),
   * element `y * width + x`. This plume's own copy of the shared field, made on the first read and the same
   * array on every later one: writing to it changes nothing that any environment reads (environments read
   * the shared field, which no caller can reach). Costs `4 * width * height` bytes per plume that is asked.
   */
  get fieldArray(): Float32Array {
    return (this.#copy ??= this.#field.slice());
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
