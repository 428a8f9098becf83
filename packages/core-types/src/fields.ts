/**
 * Environmental fields: the odour plume (`ConcentrationField`, a scalar field) and the wind
 * (`VectorField`). The environment owns them and passes them to sensors through the env state.
 */
import type { Coordinates, PointLike } from "./coordinates.js";
import type { GridSize } from "./grid-size.js";
import type { FieldMetadata } from "./metadata.js";

/**
 * A normalised concentration field over the grid (the reference's `ConcentrationField` protocol).
 * Implemented by `plume` plugins (e.g. a static Gaussian plume or a movie-backed field).
 */
export interface ConcentrationField {
  /**
   * The concentration at `(x, y)` (at time step `t` when given): a finite primitive number in [0, 1].
   * Fractional coordinates sample the nearest cell, rounding ties half-to-even as the reference does.
   * Off the grid it returns `getMetadata().out_of_bounds_value` (0 by default) and never throws.
   * Pure and deterministic: no side effects, no dependence on call order, no `Math.random`.
   */
  sample(x: number, y: number, t?: number): number;
  /**
   * Resets internal state for a new episode; any randomness is derived from `seed` only.
   * Resetting twice with the same seed equals resetting once.
   */
  reset(seed?: number): void;
  /** The grid the field covers. */
  readonly gridSize?: GridSize;
  /** The source cell (also the default goal). */
  readonly sourceLocation?: Coordinates;
  /**
   * The current field as a dense row-major `Float32Array` of length `width * height`, shape
   * `[height, width]`: element `y * width + x` equals `sample(x, y)`. Callers must not write to it.
   */
  readonly fieldArray?: Float32Array;
  /**
   * Moves a time-varying field to episode step `step`. Sets, never increments: calling it twice with
   * the same `step` equals calling it once. The env calls it after every step with the new step count.
   */
  advanceToStep?(step: number): void;
  /** Called on every env reset when present (alternative to `reset(seed)` for fields without randomness). */
  onReset?(): void;
  /** JSON metadata; Gaussian plumes declare `source_location` and `sigma`. */
  getMetadata?(): FieldMetadata;
}

/**
 * A 2-D vector field such as wind velocity (the reference's `VectorField` protocol).
 * Implemented by `wind` plugins (e.g. a constant wind field).
 */
export interface VectorField {
  /**
   * The vector `(vx, vy)` at `position` as a new `Float32Array` of length 2 with finite elements, on and
   * off the grid. The caller owns the returned array: writing to it never changes later samples.
   * Pure and deterministic; must not modify `position`.
   */
  sample(position: PointLike): Float32Array;
  /** Resets internal state for a new episode; any randomness is derived from `seed` only. */
  reset?(seed?: number): void;
  /** Moves a time-varying field to episode step `step` (sets, never increments; idempotent). */
  advanceToStep?(step: number): void;
  /** JSON metadata. */
  getMetadata?(): FieldMetadata;
}

/**
 * A concentration field that shows one of a fixed stack of frames at each episode step (a movie plume).
 * Batch kernels read `frame(frameForStep(step))` directly instead of calling `advanceToStep` and
 * `fieldArray` on each environment's field, so environments on one movie can share its frames.
 */
export interface TimeVaryingField extends ConcentrationField {
  /** How many frames there are (T >= 1). */
  readonly numFrames: number;
  /** The grid every frame covers. */
  readonly gridSize: GridSize;
  /** The frame shown at episode step `step` (0 after a reset). Pure. */
  frameForStep(step: number): number;
  /** Frame `index` as a dense row-major `Float32Array` of `width * height` values. Callers must not write to it. */
  frame(index: number): Float32Array;
}

/** True for a `ConcentrationField` that implements `TimeVaryingField`. */
export function isTimeVaryingField(value: unknown): value is TimeVaryingField {
  const f = value as Partial<TimeVaryingField> | null;
  return (
    f !== null &&
    typeof f === "object" &&
    typeof f.sample === "function" &&
    typeof f.frameForStep === "function" &&
    typeof f.frame === "function" &&
    Number.isSafeInteger(f.numFrames) &&
    (f.numFrames as number) >= 1 &&
    typeof f.gridSize === "object" &&
    f.gridSize !== null
  );
}
