/**
 * The decoded frames of a movie: one `Float32Array` of `T * H * W` values (frame `t`, row `y`, column
 * `x` at `(t * H + y) * W + x`), allocated in a `SharedArrayBuffer` where the platform has one so that
 * worker threads can share it. Environments on the same movie share one `MovieFrames`.
 */
import type { GoalEvidence } from "./attrs.js";
import { movieError, type MovieErrorContext } from "./errors.js";

export interface MovieFrames {
  /** Every frame, row-major, frame after frame. Never written after loading. */
  readonly data: Float32Array;
  readonly numFrames: number;
  readonly width: number;
  readonly height: number;
  /** Frame `t` as a view into `data` (no copy). */
  readonly views: readonly Float32Array[];
  /** The merged raw attributes (`{ ...arrayAttrs, ...groupAttrs }`, or the HDF5 conversion's) and their file. */
  readonly rawAttrs: Readonly<Record<string, unknown>>;
  readonly attrsWhere: string;
  /** What the implicit-goal rules read (zarr stores; the HDF5 conversion's store has `ingest_args`). */
  readonly goalEvidence: GoalEvidence | undefined;
  /** The location the frames were read from. */
  readonly location: string;
}

/** A float32 buffer of `length` elements, shared between threads where `SharedArrayBuffer` exists. */
export function frameBuffer(length: number, maxBytes: number, where: string, context: MovieErrorContext): Float32Array {
  const bytes = length * 4;
  if (!Number.isSafeInteger(bytes) || bytes > maxBytes) {
    throw movieError(
      context,
      "maxBytes",
      where,
      `the movie needs ${(bytes / 2 ** 20).toFixed(1)} MiB of float32 frames, over the limit of ${(maxBytes / 2 ** 20).toFixed(1)} MiB`,
      `maxBytes >= ${bytes} (or a smaller movie)`,
      maxBytes,
    );
  }
  const Shared = (globalThis as { SharedArrayBuffer?: typeof SharedArrayBuffer }).SharedArrayBuffer;
  return Shared !== undefined ? new Float32Array(new Shared(bytes)) : new Float32Array(length);
}

/** Builds the `MovieFrames` record (frame views included) around decoded data. */
export function makeFrames(parts: Omit<MovieFrames, "views">): MovieFrames {
  const cells = parts.width * parts.height;
  const views = Object.freeze(Array.from({ length: parts.numFrames }, (_, t) => parts.data.subarray(t * cells, (t + 1) * cells)));
  return Object.freeze({ ...parts, views });
}

/**
 * `"strict"` values: every value a number in [0, 1].
 * @throws ConfigurationError naming the first bad frame and pixel.
 */
export function checkStrictValues(frames: MovieFrames, context: MovieErrorContext): void {
  const { data, width, height } = frames;
  for (let i = 0; i < data.length; i++) {
    const v = data[i] as number;
    if (v >= 0 && v <= 1) continue;
    const t = Math.floor(i / (width * height));
    const rest = i - t * width * height;
    const y = Math.floor(rest / width);
    const x = rest - y * width;
    throw movieError(
      context,
      "values",
      frames.location,
      `frame ${t}, pixel (x=${x}, y=${y}) holds ${Number.isNaN(v) ? "NaN" : v}, outside [0, 1]`,
      'concentrations in [0, 1] (values: "reference" plays the movie as plume_nav_sim does, NaN and all)',
      v,
    );
  }
}
