/**
 * `rgb_array` frames exactly as the reference draws them: the concentration field min-max normalised
 * to grayscale (in float32, as NumPy computes it), a 5x5 white source marker, then a 3x3 red agent
 * marker on top. Row `y` of the image is grid row `y` (no flip).
 */
import { ndarray, type GridSize, type NDArray, type PointLike } from "@plume/core-types";

/** RGB colour triple. */
export type Rgb = readonly [r: number, g: number, b: number];

/** The reference's `SOURCE_MARKER_SIZE`, `SOURCE_MARKER_COLOR`, `AGENT_MARKER_SIZE` and `AGENT_MARKER_COLOR`. */
export const RENDER_MARKERS = Object.freeze({
  source: Object.freeze({ size: Object.freeze([5, 5] as const), color: Object.freeze([255, 255, 255] as const) }),
  agent: Object.freeze({ size: Object.freeze([3, 3] as const), color: Object.freeze([255, 0, 0] as const) }),
});

/**
 * Writes the min-max normalised grayscale of `field` into `out` (`[H, W, 3]` uint8, row-major).
 * Non-finite cells count as 0 and are left out of the min and max; a constant field renders black.
 */
export function fillGrayscale(out: Uint8Array, field: ArrayLike<number>, cells: number): Uint8Array {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < cells; i++) {
    const v = field[i] as number;
    if (Number.isFinite(v)) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  const fround = Math.fround;
  if (!(max > min)) {
    out.fill(0, 0, cells * 3);
    return out;
  }
  // NumPy: (field - min) / (max - min) on float32 arrays with Python-float scalars, then clip, * 255, astype(uint8).
  const minF = fround(min);
  const span = fround(max - min);
  for (let i = 0; i < cells; i++) {
    const v = field[i] as number;
    let gray = 0;
    if (Number.isFinite(v)) {
      let n = fround(fround(v - minF) / span);
      n = n < 0 ? 0 : n > 1 ? 1 : n;
      gray = Math.trunc(fround(n * 255));
    }
    const o = i * 3;
    out[o] = gray;
    out[o + 1] = gray;
    out[o + 2] = gray;
  }
  return out;
}

/** Paints a `size` marker centred on `(x, y)`, clipped to the image; nothing when the centre is off the image. */
export function drawMarker(
  out: Uint8Array,
  width: number,
  height: number,
  center: PointLike,
  size: readonly [number, number],
  color: Rgb,
): void {
  const { x, y } = center;
  if (!(x >= 0 && x < width && y >= 0 && y < height)) return;
  const halfW = Math.max(Math.trunc(size[0] / 2), 0);
  const halfH = Math.max(Math.trunc(size[1] / 2), 0);
  const y0 = Math.max(0, y - halfH);
  const y1 = Math.min(height, y + halfH + 1);
  const x0 = Math.max(0, x - halfW);
  const x1 = Math.min(width, x + halfW + 1);
  for (let row = y0; row < y1; row++) {
    for (let col = x0; col < x1; col++) {
      const o = (row * width + col) * 3;
      out[o] = color[0];
      out[o + 1] = color[1];
      out[o + 2] = color[2];
    }
  }
}

/**
 * The reference's `render("rgb_array")`: a new uint8 `NDArray` of shape `[height, width, 3]`.
 * @param field - the dense field (`[y * width + x]`), or undefined for a black background.
 */
export function renderRgbArray(
  grid: GridSize,
  field: ArrayLike<number> | undefined,
  source: PointLike,
  agent: PointLike,
): NDArray<"uint8"> {
  const { width, height } = grid;
  const cells = width * height;
  const data = new Uint8Array(cells * 3);
  if (field !== undefined && field.length === cells) fillGrayscale(data, field, cells);
  drawMarker(data, width, height, source, RENDER_MARKERS.source.size, RENDER_MARKERS.source.color);
  drawMarker(data, width, height, agent, RENDER_MARKERS.agent.size, RENDER_MARKERS.agent.color);
  return ndarray("uint8", [height, width, 3], data);
}
