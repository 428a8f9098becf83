/**
 * The colours of Plume's pictures: the plume colour map (shared by `plume render`, `plume compare`, the GIF
 * animations and the `@plume/web` page) and the trajectory colours. Pure: no I/O, runs in a browser.
 */

/** An RGB colour. */
export type Rgb = readonly [r: number, g: number, b: number];

/** Levels of the plume colour map. */
export const PLUME_LEVELS = 64;
/** Colour stops of the plume map (dark navy -> blue -> pale cyan), on the gamma-compressed concentration. */
const PLUME_STOPS: readonly (readonly [number, Rgb])[] = [
  [0, [10, 12, 34]],
  [0.35, [28, 52, 112]],
  [0.7, [58, 128, 186]],
  [1, [214, 240, 252]],
];
/** The concentration is shown as `normalised ** PLUME_GAMMA`, so the plume's tails stay visible. */
export const PLUME_GAMMA = 0.45;

/** Trajectory colours, one per episode (cycled): saturated, warm or green, none of them blue like the plume. */
export const TRAJECTORY_COLORS: readonly Rgb[] = Object.freeze([
  [240, 40, 40],
  [255, 150, 20],
  [255, 230, 0],
  [80, 230, 70],
  [250, 70, 230],
  [255, 170, 200],
  [185, 245, 60],
  [175, 120, 255],
] as Rgb[]);

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];
/** Background around the panels. */
export const PAPER: Rgb = [24, 24, 28];
/** Label text. */
export const INK: Rgb = [235, 235, 235];
/** Secondary label text. */
export const MUTED: Rgb = [160, 160, 170];

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];
}

/** The colour of plume level `i` in [0, PLUME_LEVELS). */
export function plumeColor(level: number): Rgb {
  const t = level / (PLUME_LEVELS - 1);
  for (let s = 1; s < PLUME_STOPS.length; s++) {
    const [t1, c1] = PLUME_STOPS[s] as readonly [number, Rgb];
    const [t0, c0] = PLUME_STOPS[s - 1] as readonly [number, Rgb];
    if (t <= t1) return mix(c0, c1, (t - t0) / (t1 - t0));
  }
  return (PLUME_STOPS[PLUME_STOPS.length - 1] as readonly [number, Rgb])[1];
}

/** Every colour the pictures use (at most 255, so a GIF keeps one index free for transparency). */
export function palette(): Rgb[] {
  const colors: Rgb[] = [];
  for (let i = 0; i < PLUME_LEVELS; i++) colors.push(plumeColor(i));
  colors.push(WHITE, BLACK, PAPER, INK, MUTED, ...TRAJECTORY_COLORS);
  return colors;
}

/**
 * The plume level (index into `plumeColor`) of every cell of a field: the concentration normalised to `range`
 * (default: the field's finite min..max; NaN and infinities count as the minimum), clamped, then
 * `** PLUME_GAMMA`, in `PLUME_LEVELS` steps. A fixed range (e.g. `[0, 1]`) keeps the frames of a time-varying
 * plume on one scale. Writes into `out` when given (length `field.length`).
 */
export function plumeLevels(field: ArrayLike<number>, out: Uint8Array = new Uint8Array(field.length), range?: readonly [min: number, max: number]): Uint8Array {
  const n = field.length;
  let min = range?.[0] ?? Infinity;
  let max = range?.[1] ?? -Infinity;
  for (let i = 0; range === undefined && i < n; i++) {
    const v = Number(field[i]);
    if (Number.isFinite(v)) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  const span = max > min ? max - min : 1;
  for (let i = 0; i < n; i++) {
    const v = Number(field[i]);
    const t = Number.isFinite(v) ? Math.min(1, Math.max(0, (v - min) / span)) : 0;
    out[i] = Math.round(t ** PLUME_GAMMA * (PLUME_LEVELS - 1));
  }
  return out;
}
