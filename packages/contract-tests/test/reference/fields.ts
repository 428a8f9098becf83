/** Correct reference fields (CHECKS.md §12.5). */
import { Coordinates, GridSize, type ConcentrationField, type FieldMetadata, type PointLike, type VectorField } from "@plume/core-types";
import { roundHalfEven } from "../../src/kit.js";

export interface GaussianParams {
  readonly grid: readonly [number, number];
  readonly source: readonly [number, number];
  readonly sigma: number;
}

/** A static Gaussian plume exp(-d²/(2σ²)) in float32; nearest-cell sampling with ties half-to-even; 0 off the grid. */
export class GaussianPlume implements ConcentrationField {
  readonly gridSize: GridSize;
  readonly sourceLocation: Coordinates;
  readonly fieldArray: Float32Array;
  constructor(readonly params: GaussianParams = { grid: [32, 32], source: [16, 16], sigma: 4 }) {
    this.gridSize = new GridSize(params.grid[0], params.grid[1]);
    this.sourceLocation = new Coordinates(params.source[0], params.source[1]);
    const { width, height } = this.gridSize;
    this.fieldArray = new Float32Array(width * height);
    const s2 = 2 * params.sigma * params.sigma;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        this.fieldArray[y * width + x] = Math.exp(-((x - params.source[0]) ** 2 + (y - params.source[1]) ** 2) / s2);
      }
    }
  }
  sample(x: number, y: number): number {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.fieldArray[cy * this.gridSize.width + cx] as number;
  }
  reset(_seed?: number): void {}
  getMetadata(): FieldMetadata {
    return { type: "gaussian", parameters: { sigma: this.params.sigma }, source_location: this.sourceLocation.toJSON(), sigma: this.params.sigma };
  }
}

/** Gaussian parameter sets: 32² and 16x12, corner and edge sources, σ 0.5 and 20. */
export const GAUSSIAN_PARAMS: readonly GaussianParams[] = [
  { grid: [32, 32], source: [16, 16], sigma: 4 },
  { grid: [16, 12], source: [5, 7], sigma: 3 },
  { grid: [16, 12], source: [0, 0], sigma: 2 },
  { grid: [16, 12], source: [15, 6], sigma: 5 },
  { grid: [32, 32], source: [10, 20], sigma: 0.5 },
  { grid: [32, 32], source: [16, 16], sigma: 20 },
];

/** A movie-like field: a blob moving one cell per frame; advanceToStep(k) selects frame k (wrapped or clamped). */
export class MovieField implements ConcentrationField {
  readonly gridSize: GridSize;
  readonly frames: readonly Float32Array[];
  #frame = 0;
  constructor(
    readonly extent: "wrap" | "clamp" = "wrap",
    readonly nFrames = 6,
  ) {
    this.gridSize = new GridSize(12, 8);
    const { width, height } = this.gridSize;
    this.frames = Array.from({ length: nFrames }, (_, k) => {
      const f = new Float32Array(width * height);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) f[y * width + x] = Math.exp(-((x - 2 - k) ** 2 + (y - 4) ** 2) / 8);
      return f;
    });
  }
  get fieldArray(): Float32Array {
    return this.frames[this.#frame] as Float32Array;
  }
  advanceToStep(step: number): void {
    this.#frame = this.extent === "wrap" ? step % this.nFrames : Math.min(step, this.nFrames - 1);
  }
  sample(x: number, y: number): number {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.fieldArray[cy * this.gridSize.width + cx] as number;
  }
  reset(_seed?: number): void {
    this.#frame = 0;
  }
  getMetadata(): FieldMetadata {
    return { type: "movie", parameters: { extent: this.extent, frames: this.nFrames } };
  }
}

/** A constant wind vector everywhere; every sample is a new Float32Array. */
export class ConstantWindField implements VectorField {
  constructor(
    readonly vx = 0.5,
    readonly vy = -0.25,
  ) {}
  sample(_position: PointLike): Float32Array {
    return Float32Array.of(this.vx, this.vy);
  }
  reset(_seed?: number): void {}
  getMetadata(): FieldMetadata {
    return { type: "constant_wind", parameters: { vx: this.vx, vy: this.vy } };
  }
}
