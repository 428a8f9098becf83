/**
 * `MoviePlume`: a `ConcentrationField` that plays a movie. Every reset shows frame 0; step `n` shows
 * frame `n mod T` (`"wrap"`) or `min(n, T - 1)` (`"clamp"`), as the reference's `VideoPlume`. One grid
 * cell is one pixel: cell `(x, y)` is `frame[y][x]`. Environments on one movie share its frames; each
 * `MoviePlume` holds only its own frame index.
 */
import { GridSize, roundHalfEven, type ConcentrationField, type FieldMetadata, type TimeVaryingField } from "@plume/core-types";
import type { MovieAttrs } from "./attrs.js";
import type { MovieFrames } from "./frames.js";
import type { MovieValueMode, StepPolicy } from "./options.js";

export class MoviePlume implements ConcentrationField, TimeVaryingField {
  /** The movie's grid: `width` = W, `height` = H. */
  readonly gridSize: GridSize;
  readonly numFrames: number;
  readonly stepPolicy: StepPolicy;
  /** The validated metadata after overrides (`fps`, `pixel_to_grid`, ... as the reference reports them). */
  readonly attrs: MovieAttrs;
  /** The goal the reference's factory picks when none is given (`[x, y]`, see the README). */
  readonly implicitGoal: readonly [number, number];
  readonly values: MovieValueMode;
  /** The shared frames. Do not write to them. */
  readonly frames: MovieFrames;
  #frameIndex = 0;

  constructor(frames: MovieFrames, options: { stepPolicy: StepPolicy; attrs: MovieAttrs; implicitGoal: readonly [number, number]; values: MovieValueMode }) {
    this.frames = frames;
    this.gridSize = new GridSize(frames.width, frames.height);
    this.numFrames = frames.numFrames;
    this.stepPolicy = options.stepPolicy;
    this.attrs = options.attrs;
    this.implicitGoal = Object.freeze([options.implicitGoal[0], options.implicitGoal[1]] as const);
    this.values = options.values;
  }

  /** The frame the field shows now. */
  get frameIndex(): number {
    return this.#frameIndex;
  }

  /** The current frame, row-major `[H][W]` (a view into the shared frames: do not write). */
  get fieldArray(): Float32Array {
    return this.frames.views[this.#frameIndex] as Float32Array;
  }

  /** The frame shown at episode step `step` (`"wrap"`: `step mod T`, `"clamp"`: `min(step, T - 1)`). */
  frameForStep(step: number): number {
    const n = Math.trunc(step);
    if (this.stepPolicy === "wrap") return ((n % this.numFrames) + this.numFrames) % this.numFrames;
    return Math.max(0, Math.min(n, this.numFrames - 1));
  }

  /** Frame `index` (a view into the shared frames). */
  frame(index: number): Float32Array {
    const view = this.frames.views[index];
    if (view === undefined) throw new RangeError(`frame ${index} is outside 0..${this.numFrames - 1}`);
    return view;
  }

  advanceToStep(step: number): void {
    this.#frameIndex = this.frameForStep(step);
  }

  onReset(): void {
    this.#frameIndex = 0;
  }

  /** Every reset restarts the movie (the movie has no randomness: `seed` is unused). */
  reset(_seed?: number): void {
    this.#frameIndex = 0;
  }

  /** The value at the nearest cell (ties to even) of the current frame, or of step `t`'s frame; 0 off the grid. */
  sample(x: number, y: number, t?: number): number {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    const { width, height } = this.gridSize;
    if (!(cx >= 0 && cy >= 0 && cx < width && cy < height)) return 0;
    const frame = t === undefined ? this.fieldArray : (this.frames.views[this.frameForStep(t)] as Float32Array);
    return frame[cy * width + cx] as number;
  }

  getMetadata(): FieldMetadata {
    return {
      type: "movie",
      parameters: {
        path: this.frames.location,
        num_frames: this.numFrames,
        grid_size: [this.gridSize.width, this.gridSize.height],
        step_policy: this.stepPolicy,
        values: this.values,
        attrs: { ...this.attrs, pixel_to_grid: [...this.attrs.pixel_to_grid], origin: [...this.attrs.origin], extent: [...this.attrs.extent], dims: [...this.attrs.dims] },
      },
      out_of_bounds_value: 0,
    };
  }

  toString(): string {
    return `MoviePlume(${this.frames.location}, ${this.numFrames} frames of ${this.gridSize.width}x${this.gridSize.height}, ${this.stepPolicy})`;
  }
}
