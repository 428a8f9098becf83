/**
 * Fields and winds the kit's generated env states are built with, shaped like what Plume's envs supply:
 * dense and sampled (no `fieldArray`) plumes, several sources and plateaus of exactly 1, time-varying
 * plumes and winds (`advanceToStep`), and wind speeds above 1 that vary in space and time.
 */
import { isPlainObject } from "./probes/values.js";
import { Coordinates, GridSize, roundHalfEven, type ConcentrationField, type FieldMetadata, type PointLike, type VectorField } from "@plume/core-types";

/** How a generated plume is shaped. */
export type PlumeKind = "gaussian" | "two-sources" | "plateau" | "zeros" | "moving";

/** A plume's parameters, as plain data. */
export interface PlumeSpec {
  readonly kind: PlumeKind;
  readonly source: readonly [number, number];
  readonly source2: readonly [number, number];
  readonly sigma: number;
}

function gaussian(dx: number, dy: number, sigma: number): number {
  return Math.exp(-(dx * dx + dy * dy) / (2 * sigma * sigma));
}

/** The float32 value of a plume at an in-grid cell and time step. */
export function plumeValue(spec: PlumeSpec, grid: GridSize, x: number, y: number, t: number): number {
  const [sx, sy] = spec.source;
  switch (spec.kind) {
    case "zeros":
      return 0;
    case "gaussian":
      return Math.fround(gaussian(x - sx, y - sy, spec.sigma));
    case "two-sources":
      return Math.fround(Math.max(gaussian(x - sx, y - sy, spec.sigma), gaussian(x - spec.source2[0], y - spec.source2[1], spec.sigma)));
    case "plateau": {
      // exactly 1 on a disc around the source, decaying outside it
      const d = Math.hypot(x - sx, y - sy);
      return d <= spec.sigma ? 1 : Math.fround(gaussian(d - spec.sigma, 0, spec.sigma));
    }
    case "moving": {
      // the source drifts one cell every 3 steps along x (wrapping), as a frame sequence would
      const mx = (sx + Math.floor(t / 3)) % grid.width;
      return Math.fround(gaussian(x - mx, y - sy, spec.sigma));
    }
  }
}

/**
 * A generated plume. Dense kinds expose `fieldArray`; the `moving` kind has none (like a movie or
 * turbulent plume sampled per call) and follows `advanceToStep`. `sample` rounds half-to-even and is 0
 * off the grid, as the protocol requires.
 */
export class KitPlume implements ConcentrationField {
  readonly gridSize: GridSize;
  readonly sourceLocation: Coordinates;
  readonly fieldArray?: Float32Array;
  #step = 0;

  constructor(gridSize: GridSize, readonly spec: PlumeSpec, step = 0) {
    this.gridSize = gridSize;
    this.sourceLocation = new Coordinates(spec.source[0], spec.source[1]);
    this.#step = step;
    if (spec.kind !== "moving") this.fieldArray = this.frame(0);
  }

  /** The dense field at step `t` (what an env passes as `plume_field`). */
  frame(t: number): Float32Array {
    const { width, height } = this.gridSize;
    const out = new Float32Array(width * height);
    if (this.spec.kind === "zeros") return out;
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[y * width + x] = plumeValue(this.spec, this.gridSize, x, y, t);
    return out;
  }

  sample(x: number, y: number, t?: number): number {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    if (this.fieldArray !== undefined) return this.fieldArray[cy * this.gridSize.width + cx] as number;
    return plumeValue(this.spec, this.gridSize, cx, cy, t ?? this.#step);
  }

  advanceToStep(step: number): void {
    if (this.spec.kind === "moving") this.#step = step;
  }

  reset(): void {
    this.#step = 0;
  }

  getMetadata(): FieldMetadata {
    return {
      type: `kit_${this.spec.kind}`,
      parameters: { sigma: this.spec.sigma },
      source_location: this.sourceLocation.toJSON(),
      sigma: this.spec.sigma,
      out_of_bounds_value: 0,
    };
  }
}

/** A generated wind: constant, or varying in space and time (speeds up to `speed`, which may exceed 1). */
export type WindSpec =
  | { readonly kind: "constant"; readonly vx: number; readonly vy: number }
  | { readonly kind: "varying"; readonly speed: number; readonly phase: number };

/** A wind field from a `WindSpec`; every sample is a new Float32Array. */
export class KitWind implements VectorField {
  #step = 0;
  constructor(readonly spec: WindSpec, step = 0) {
    this.#step = step;
  }
  sample(position: PointLike): Float32Array {
    const s = this.spec;
    if (s.kind === "constant") return Float32Array.of(s.vx, s.vy);
    const a = 0.3 * position.x + 0.2 * position.y + 0.05 * this.#step + s.phase;
    const m = s.speed * (0.5 + 0.5 * Math.abs(Math.sin(0.11 * position.x - 0.07 * position.y + 0.01 * this.#step)));
    return Float32Array.of(m * Math.cos(a), m * Math.sin(a));
  }
  advanceToStep(step: number): void {
    this.#step = step;
  }
  reset(): void {
    this.#step = 0;
  }
  getMetadata(): FieldMetadata {
    return { type: `kit_${this.spec.kind}_wind`, parameters: { ...this.spec } };
  }
}

// ---------------------------------------------------------------- the size ladder for fields (issue 20, class 2)

/** The option keys a grid is read from in a field's parameters (`[w, h]` or `{ width, height }`). */
export const GRID_PARAM_KEYS: readonly string[] = Object.freeze(["grid", "gridSize", "grid_size", "size", "shape"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/** The form a parameter set gives its grid in: a key holding `[w, h]` or `{ width, height }`, or `width` and `height` keys. */
export type GridParamForm = { readonly key: string; readonly form: "tuple" | "object" } | { readonly key: "width+height"; readonly form: "keys" };

/** How `params` states its grid, or undefined when it states none. */
export function gridParamForm(params: unknown): GridParamForm | undefined {
  if (!isRecord(params)) return undefined;
  for (const key of GRID_PARAM_KEYS) {
    const v = params[key];
    if (Array.isArray(v) && v.length === 2 && v.every((n) => Number.isSafeInteger(n) && (n as number) > 0)) return { key, form: "tuple" };
    if (typeof v === "object" && v !== null && Number.isSafeInteger((v as { width?: unknown }).width) && Number.isSafeInteger((v as { height?: unknown }).height)) {
      return { key, form: "object" };
    }
  }
  if (Number.isSafeInteger(params["width"]) && Number.isSafeInteger(params["height"])) return { key: "width+height", form: "keys" };
  return undefined;
}

/** `params` with its grid replaced by `[width, height]`, in the form it used (see `gridParamForm`). */
export function withGrid(params: Readonly<Record<string, unknown>>, form: GridParamForm, [width, height]: readonly [number, number]): Record<string, unknown> {
  if (form.form === "keys") return { ...params, width, height };
  return { ...params, [form.key]: form.form === "tuple" ? [width, height] : { width, height } };
}

/**
 * A parameter set's grid re-sized: `base` with its grid replaced, when `base` states one (see `gridParamForm`);
 * undefined otherwise (the kit then cannot build the field on other grids).
 */
export function gridParams(base: unknown): ((grid: readonly [number, number]) => unknown) | undefined {
  const form = gridParamForm(base);
  if (form === undefined || !isRecord(base)) return undefined;
  return (grid) => withGrid(base, form, grid);
}

// ---------------------------------------------------------------- long runs (issue 20, class 6)

/**
 * Steps a long-run check advances through: every step to 300, then around 1,000, 4,096 and 10,000, and
 * around any frame count the metadata declares (`num_frames`, `n_frames`, `frame_count`, `frames`).
 */
export function longRunSteps(meta: unknown): number[] {
  const steps = new Set<number>();
  for (let k = 0; k <= 300; k++) steps.add(k);
  for (const k of [511, 512, 513, 999, 1000, 1001, 2047, 2048, 2049, 2999, 3000, 4095, 4096, 4097, 5000, 10_000]) steps.add(k);
  const m = isPlainObject(meta) ? meta : {};
  const params = isPlainObject(m["parameters"]) ? (m["parameters"] as Record<string, unknown>) : {};
  for (const key of ["num_frames", "n_frames", "frame_count", "frames", "numFrames", "frameCount"]) {
    const n = m[key] ?? params[key];
    if (typeof n === "number" && Number.isSafeInteger(n) && n > 0 && n < 1e7) for (const k of [n - 1, n, n + 1, 2 * n, 3 * n + 1]) steps.add(k);
  }
  return [...steps].sort((a, b) => a - b);
}

/** Steps past 10,000 where 16-bit step counters and step-derived indices wrap (long runs visit them when cheap). */
export const FAR_STEPS: readonly number[] = Object.freeze([16_383, 16_384, 32_767, 32_768, 32_769, 65_535, 65_536, 65_537, 100_000]);

/** Long runs go on to `FAR_STEPS` only when the steps to 10,000 took less than this (ms): a simulation would replay them. */
export const FAR_STEPS_AFTER_MS = 1000;
