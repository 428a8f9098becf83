/**
 * Reading the dense plume field of the env state: `plume_field` is row-major over `grid_size`
 * (element `y * width + x`), as design.md fixes it and as the reference indexes `plume_field[y, x]`.
 */
import { ValidationError, type BatchContext, type EnvState, type ReadonlyFloat32Array } from "@plume/core-types";

/** The env-state keys every concentration sensor here reads. */
export const FIELD_STATE_KEYS = Object.freeze(["agent_state", "plume_field", "grid_size"] as const);

/** A validated view of the plume field: `read(x, y)` is the clipped concentration, 0 off the grid. */
export interface FieldView {
  readonly width: number;
  readonly height: number;
  read(x: number, y: number): number;
}

/** `np.clip(v, 0, 1)`; NaN reads as 0 (so that every observation stays inside its [0, 1] Box) unless `propagateNaN`. */
export function clip01(value: number, propagateNaN = false): number {
  if (value > 1) return 1;
  if (value >= 0) return value;
  return propagateNaN && Number.isNaN(value) ? value : 0;
}

/**
 * Checks `plume_field` against `grid_size` and returns a reader.
 * @throws ValidationError (`parameter` `"grid_size"` or `"plume_field"`) when they are missing or disagree.
 */
export function fieldView(envState: Pick<EnvState, "plume_field" | "grid_size">, propagateNaN = false): FieldView {
  const grid = envState.grid_size as { width?: unknown; height?: unknown } | undefined;
  const width = grid?.width;
  const height = grid?.height;
  if (typeof width !== "number" || typeof height !== "number") {
    throw ValidationError.invalid("grid_size", "the env state's GridSize ({ width, height })", envState.grid_size);
  }
  const field = envState.plume_field as ArrayLike<number> | undefined;
  if (field === null || typeof field !== "object" || field.length !== width * height) {
    throw ValidationError.invalid(
      "plume_field",
      `a row-major array of width * height = ${width * height} concentrations`,
      field,
    );
  }
  return {
    width,
    height,
    read(x: number, y: number): number {
      if (!(x >= 0 && x < width && y >= 0 && y < height)) return 0;
      return clip01(field[y * width + x] as number, propagateNaN);
    },
  };
}

/**
 * The dense field a batch method reads in place of `plume_field`: `context.fieldArray` when it covers the grid
 * (`width * height` cells), as the environment then hands that array to the object path; `undefined` otherwise,
 * and the batch method then reads what the environment's `plume_field` would hold instead (see `sampledCell`).
 */
export function batchFieldArray(context: BatchContext): ReadonlyFloat32Array | undefined {
  const field = context.fieldArray;
  return field !== undefined && field.length === context.gridWidth * context.gridHeight ? field : undefined;
}

/**
 * Cell `(x, y)` (on the grid) of the `plume_field` an environment builds for a field without a dense array: the
 * field sampled at the cell at time step `t` and stored in a `Float32Array` (hence the float32 rounding).
 * Not yet clipped.
 */
export function sampledCell(context: BatchContext, x: number, y: number, t: number): number {
  return Math.fround(Number(context.concentrationField.sample(x, y, t)));
}
