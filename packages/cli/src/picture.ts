/**
 * Pictures of episodes: the plume as a colour map with trajectories drawn over it (PNG, via fast-png) and an
 * animated episode (GIF, via gifenc). Every colour comes from one fixed palette, so PNG and GIF look the same
 * and GIF frames need no quantisation. Image row `y` is grid row `y`, as in `@plume/env`'s `rgb_array` frames.
 */
import { encode as encodePng } from "fast-png";
import * as gifencModule from "gifenc";
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from "./font.js";
import { BLACK, INK, MUTED, PAPER, PLUME_LEVELS, WHITE, palette, plumeColor, plumeLevels, type Rgb } from "./colors.js";
import type { Cell } from "./episode.js";

export { BLACK, INK, MUTED, PAPER, PLUME_GAMMA, PLUME_LEVELS, TRAJECTORY_COLORS, WHITE, palette, plumeColor, plumeLevels, type Rgb } from "./colors.js";

/** An RGB raster with the few drawing operations the pictures need. */
export class Canvas {
  readonly width: number;
  readonly height: number;
  /** Row-major RGB bytes. */
  readonly data: Uint8Array;

  constructor(width: number, height: number, background: Rgb = PAPER) {
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  set(x: number, y: number, c: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const o = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.data[o] = c[0];
    this.data[o + 1] = c[1];
    this.data[o + 2] = c[2];
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb): void {
    for (let j = Math.max(0, y); j < Math.min(this.height, y + h); j++) for (let i = Math.max(0, x); i < Math.min(this.width, x + w); i++) this.set(i, j, c);
  }

  /** A filled disc of radius `r` around `(cx, cy)`. */
  disc(cx: number, cy: number, r: number, c: Rgb): void {
    const r2 = r * r;
    for (let j = Math.floor(cy - r); j <= Math.ceil(cy + r); j++) {
      for (let i = Math.floor(cx - r); i <= Math.ceil(cx + r); i++) if ((i - cx) ** 2 + (j - cy) ** 2 <= r2) this.set(i, j, c);
    }
  }

  /** A ring between radii `r0` and `r1`. */
  ring(cx: number, cy: number, r0: number, r1: number, c: Rgb): void {
    for (let j = Math.floor(cy - r1); j <= Math.ceil(cy + r1); j++) {
      for (let i = Math.floor(cx - r1); i <= Math.ceil(cx + r1); i++) {
        const d2 = (i - cx) ** 2 + (j - cy) ** 2;
        if (d2 <= r1 * r1 && d2 >= r0 * r0) this.set(i, j, c);
      }
    }
  }

  /** A line of `width` pixels from `(x0, y0)` to `(x1, y1)`. */
  line(x0: number, y0: number, x1: number, y1: number, c: Rgb, width = 1): void {
    const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
    const r = width / 2;
    for (let s = 0; s <= n; s++) {
      const x = x0 + ((x1 - x0) * s) / n;
      const y = y0 + ((y1 - y0) * s) / n;
      if (width <= 1) this.set(Math.round(x), Math.round(y), c);
      else this.disc(x, y, r - 0.01, c);
    }
  }

  /** Draws `text` (upper-cased) with its top-left at `(x, y)`, each font pixel `scale` pixels wide. */
  text(x: number, y: number, text: string, c: Rgb, scale = 2): void {
    let cx = x;
    for (const ch of text) {
      const rows = glyph(ch);
      rows.forEach((bits, row) => {
        for (let col = 0; col < GLYPH_WIDTH; col++) if ((bits >> (GLYPH_WIDTH - 1 - col)) & 1) this.rect(cx + col * scale, y + row * scale, scale, scale, c);
      });
      cx += (GLYPH_WIDTH + 1) * scale;
    }
  }

  /** Copies `other` with its top-left at `(x, y)`. */
  blit(other: Canvas, x: number, y: number): void {
    for (let j = 0; j < other.height; j++) {
      const ty = y + j;
      if (ty < 0 || ty >= this.height) continue;
      for (let i = 0; i < other.width; i++) {
        const tx = x + i;
        if (tx < 0 || tx >= this.width) continue;
        const s = (j * other.width + i) * 3;
        const o = (ty * this.width + tx) * 3;
        this.data[o] = other.data[s] as number;
        this.data[o + 1] = other.data[s + 1] as number;
        this.data[o + 2] = other.data[s + 2] as number;
      }
    }
  }
}

/** The width in pixels of `text` drawn at `scale`. */
export function textWidth(text: string, scale = 2): number {
  return text.length === 0 ? 0 : text.length * (GLYPH_WIDTH + 1) * scale - scale;
}

/** The height in pixels of a line of text at `scale`. */
export function textHeight(scale = 2): number {
  return GLYPH_HEIGHT * scale;
}

/** Cuts `text` to fit `width` pixels at `scale`. */
export function fitText(text: string, width: number, scale = 2): string {
  const max = Math.floor((width + scale) / ((GLYPH_WIDTH + 1) * scale));
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 2))}..`;
}

/** Splits `text` into lines that fit `width` pixels at `scale`, breaking at spaces (long words are cut). */
export function wrapText(text: string, width: number, scale = 2): string[] {
  const max = Math.max(1, Math.floor((width + scale) / ((GLYPH_WIDTH + 1) * scale)));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (candidate.length <= max) line = candidate;
    else {
      if (line !== "") lines.push(line);
      line = word.length <= max ? word : fitText(word, width, scale);
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/** The plume the pictures draw: the dense field (`[y * width + x]`) over a grid, and the source cell. */
export interface PlumeImage {
  readonly width: number;
  readonly height: number;
  readonly field: ArrayLike<number>;
  readonly source: Cell;
  /** A time-varying plume's field at episode step `step` (animations redraw the plume every frame). */
  readonly fieldAt?: ((step: number) => ArrayLike<number>) | undefined;
}

/** A trajectory to draw: its cells, start first, and its colour. */
export interface Trail {
  readonly cells: readonly Cell[];
  readonly color: Rgb;
}

/** A scale that makes the longer grid side about `target` pixels (at least 1). */
export function autoScale(width: number, height: number, target = 512): number {
  return Math.max(1, Math.floor(target / Math.max(width, height)));
}

/** The plume as a colour map, `scale` pixels per cell; `range` fixes the scale (default: the field's min..max). */
export function drawPlume(plume: PlumeImage, scale: number, range?: readonly [min: number, max: number]): Canvas {
  const { width, height, field } = plume;
  const canvas = new Canvas(width * scale, height * scale);
  const cells = field.length === width * height ? field : Array.from({ length: width * height }, (_, i) => Number(field[i]));
  const levels = plumeLevels(cells, undefined, range);
  const colors = Array.from({ length: PLUME_LEVELS }, (_, i) => plumeColor(i));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) canvas.rect(x * scale, y * scale, scale, scale, colors[levels[y * width + x] as number] as Rgb);
  }
  return canvas;
}

const centre = (cell: Cell, scale: number): [number, number] => [cell[0] * scale + (scale - 1) / 2, cell[1] * scale + (scale - 1) / 2];

/** Draws the source marker: a white ring with a black outline and a white dot. */
export function drawSource(canvas: Canvas, source: Cell, scale: number): void {
  const [cx, cy] = centre(source, scale);
  const r = Math.max(4, scale * 1.6);
  canvas.ring(cx, cy, r - 1, r + 2.2, BLACK);
  canvas.ring(cx, cy, r, r + 1.2, WHITE);
  canvas.disc(cx, cy, Math.max(1.2, scale * 0.45), WHITE);
}

/**
 * Draws trails over a plume canvas: a line through the visited cells, a disc with a black outline at the start
 * and a square at the end. `upTo` limits each trail to its first `upTo + 1` cells (for animations).
 */
export function drawTrails(canvas: Canvas, trails: readonly Trail[], scale: number, upTo?: number): void {
  const lineWidth = scale >= 3 ? 2 : 1;
  for (const { cells, color } of trails) {
    const last = Math.min(cells.length - 1, upTo ?? cells.length - 1);
    for (let i = 1; i <= last; i++) {
      const [x0, y0] = centre(cells[i - 1] as Cell, scale);
      const [x1, y1] = centre(cells[i] as Cell, scale);
      canvas.line(x0, y0, x1, y1, color, lineWidth);
    }
  }
  for (const { cells, color } of trails) {
    if (cells.length === 0) continue;
    const [sx, sy] = centre(cells[0] as Cell, scale);
    const r = Math.max(2.5, scale * 0.9);
    canvas.disc(sx, sy, r + 1.2, BLACK);
    canvas.disc(sx, sy, r, color);
    const [ex, ey] = centre(cells[Math.min(cells.length - 1, upTo ?? cells.length - 1)] as Cell, scale);
    const h = Math.max(2, Math.round(scale * 0.8));
    canvas.rect(Math.round(ex - h - 1), Math.round(ey - h - 1), 2 * h + 3, 2 * h + 3, BLACK);
    canvas.rect(Math.round(ex - h), Math.round(ey - h), 2 * h + 1, 2 * h + 1, color);
  }
}

/** One panel of a figure: a plume with trails, a title and a subtitle. */
export interface Panel {
  readonly title: string;
  readonly subtitle?: string | undefined;
  readonly plume: PlumeImage;
  readonly trails: readonly Trail[];
}

/** Options of `drawFigure`. */
export interface FigureOptions {
  /** Pixels per grid cell (default: about 512 pixels per panel side). */
  readonly scale?: number | undefined;
  /** Panels per row (default: 1 for one panel, else 2). */
  readonly columns?: number | undefined;
  /** A heading above the panels. */
  readonly heading?: string | undefined;
  /** Lines of legend under the panels. */
  readonly legend?: readonly string[] | undefined;
}

/** Lays panels out on a grid with titles, a heading and a legend. */
export function drawFigure(panels: readonly Panel[], options: FigureOptions = {}): Canvas {
  const first = panels[0];
  if (first === undefined) return new Canvas(1, 1);
  const scale = options.scale ?? autoScale(first.plume.width, first.plume.height);
  const pw = first.plume.width * scale;
  const ph = first.plume.height * scale;
  const columns = Math.max(1, Math.min(panels.length, options.columns ?? (panels.length === 1 ? 1 : 2)));
  const rows = Math.ceil(panels.length / columns);
  const margin = 16;
  const titleH = textHeight(2) + 6 + textHeight(1) + 10;
  const headingH = options.heading === undefined ? 0 : textHeight(2) + 14;
  const width = margin + columns * (pw + margin);
  const legend = (options.legend ?? []).flatMap((line) => wrapText(line, width - 2 * margin, 1));
  const legendH = legend.length === 0 ? 0 : legend.length * (textHeight(1) + 5) + 8;
  const height = margin + headingH + rows * (titleH + ph + margin) + legendH;
  const canvas = new Canvas(width, height);
  if (options.heading !== undefined) canvas.text(margin, margin, fitText(options.heading, width - 2 * margin, 2), INK, 2);
  panels.forEach((panel, i) => {
    const x = margin + (i % columns) * (pw + margin);
    const y = margin + headingH + Math.floor(i / columns) * (titleH + ph + margin);
    canvas.text(x, y, fitText(panel.title, pw, 2), INK, 2);
    if (panel.subtitle !== undefined) canvas.text(x, y + textHeight(2) + 6, fitText(panel.subtitle, pw, 1), MUTED, 1);
    const image = drawPlume(panel.plume, scale);
    drawTrails(image, panel.trails, scale);
    drawSource(image, panel.plume.source, scale);
    canvas.blit(image, x, y + titleH);
  });
  legend.forEach((line, i) => canvas.text(margin, height - legendH + 4 + i * (textHeight(1) + 5), line, MUTED, 1));
  return canvas;
}

/** The PNG bytes of a canvas (8-bit RGB). */
export function toPng(canvas: Canvas): Uint8Array {
  return encodePng({ width: canvas.width, height: canvas.height, data: canvas.data, channels: 3, depth: 8 });
}

/**
 * gifenc's `GIFEncoder`, however the module was loaded: Node imports its CommonJS build (the functions are on
 * the default export), bundlers its ESM build (named exports).
 */
function gifEncoder(): ReturnType<typeof gifencModule.GIFEncoder> {
  const named = (gifencModule as { GIFEncoder?: unknown }).GIFEncoder;
  if (typeof named === "function") return gifencModule.GIFEncoder();
  return gifencModule.default.GIFEncoder();
}

/** Options of `animateEpisode`. */
export interface AnimationOptions {
  readonly title: string;
  /** Pixels per cell (default: about 384 pixels on the longer side). */
  readonly scale?: number | undefined;
  /** At most this many frames; long episodes skip steps evenly (default 150). */
  readonly maxFrames?: number | undefined;
  /** Frames per second (default 20). */
  readonly fps?: number | undefined;
}

/**
 * An animated GIF of one episode: the plume, the path so far, the agent, the source and a caption with the
 * step. Frames after the first store only the pixels that changed (the rest transparent), so files stay small.
 */
export function animateEpisode(plume: PlumeImage, trail: Trail, options: AnimationOptions): Uint8Array {
  const scale = options.scale ?? autoScale(plume.width, plume.height, 384);
  const maxFrames = Math.max(2, options.maxFrames ?? 150);
  const delay = Math.round(1000 / Math.max(1, Math.min(100, options.fps ?? 20)));
  const still = drawPlume(plume, scale);
  // A time-varying plume is redrawn at every frame's step, on one colour scale ([0, 1], the fields' range).
  const background = (step: number): Canvas =>
    plume.fieldAt === undefined ? still : drawPlume({ ...plume, field: plume.fieldAt(step) }, scale, [0, 1]);
  const captionH = textHeight(1) * 2 + 12;
  const width = still.width;
  const height = still.height + captionH;
  const colors = palette();
  const lookup = new Map<number, number>(colors.map((c, i) => [(c[0] << 16) | (c[1] << 8) | c[2], i]));
  const TRANSPARENT = 255;
  const steps = trail.cells.length - 1;
  const stride = Math.max(1, Math.ceil(steps / (maxFrames - 1)));
  const frameSteps: number[] = [];
  for (let s = 0; s < steps; s += stride) frameSteps.push(s);
  frameSteps.push(steps);

  const encoder = gifEncoder();
  const gifPalette = [...colors.map((c) => [c[0], c[1], c[2]]), ...Array.from({ length: 256 - colors.length }, () => [0, 0, 0])];
  let previous: Uint8Array | undefined;
  frameSteps.forEach((step, f) => {
    const frame = new Canvas(width, height);
    frame.text(6, 6, fitText(options.title, width - 12, 1), INK, 1);
    frame.text(6, 6 + textHeight(1) + 5, `STEP ${step}/${steps}`, MUTED, 1);
    const image = new Canvas(still.width, still.height);
    image.blit(background(step), 0, 0);
    drawTrails(image, [trail], scale, step);
    drawSource(image, plume.source, scale);
    const [ax, ay] = centre(trail.cells[step] as Cell, scale);
    const r = Math.max(3, scale * 1.1);
    image.disc(ax, ay, r + 1.5, WHITE);
    image.disc(ax, ay, r, trail.color);
    frame.blit(image, 0, captionH);
    const index = new Uint8Array(width * height);
    for (let p = 0; p < width * height; p++) {
      const key = ((frame.data[p * 3] as number) << 16) | ((frame.data[p * 3 + 1] as number) << 8) | (frame.data[p * 3 + 2] as number);
      const i = lookup.get(key);
      if (i === undefined) throw new Error(`colour ${key.toString(16)} is not in the palette`);
      index[p] = i;
    }
    const delta = previous === undefined ? index : index.map((v, p) => (v === (previous as Uint8Array)[p] ? TRANSPARENT : v));
    const last = f === frameSteps.length - 1;
    encoder.writeFrame(delta, width, height, {
      ...(f === 0 && { palette: gifPalette }),
      delay: last ? Math.max(delay, 1500) : delay,
      transparent: f > 0,
      transparentIndex: TRANSPARENT,
      dispose: 1,
    });
    previous = index;
  });
  encoder.finish();
  return encoder.bytes();
}
