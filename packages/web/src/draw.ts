/**
 * Drawing an episode on a canvas: the concentration field with `plume render`'s colour map (the CLI's
 * `plumeLevels` and `plumeColor`), the source as a white ring, the trail and the agent with its heading.
 * Image row `y` is grid row `y`, as in `plume render` and `rgb_array` frames.
 */
import { BLACK, PLUME_LEVELS, TRAJECTORY_COLORS, WHITE, plumeColor, plumeLevels, type Rgb } from "@plume/cli/browser";

const css = (c: Rgb) => `rgb(${c[0]}, ${c[1]}, ${c[2]})`;

/** The plume colour map as packed RGBA words (little-endian ImageData layout). */
const LUT = (() => {
  const lut = new Uint32Array(PLUME_LEVELS);
  for (let i = 0; i < PLUME_LEVELS; i++) {
    const [r, g, b] = plumeColor(i);
    lut[i] = (255 << 24) | (b << 16) | (g << 8) | r;
  }
  return lut;
})();

/** The field as a grid-sized image (one pixel per cell), redrawn when the field changes. */
export class FieldImage {
  readonly width: number;
  readonly height: number;
  readonly canvas: HTMLCanvasElement;
  readonly #levels: Uint8Array;
  readonly #image: ImageData;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.canvas = document.createElement("canvas");
    this.canvas.width = width;
    this.canvas.height = height;
    this.#levels = new Uint8Array(width * height);
    this.#image = new ImageData(width, height);
  }

  /**
   * Colours the field (row-major `[y * width + x]`): on its own min..max, or on `range` — `[0, 1]` for a
   * time-varying plume, as `plume render --gif` draws one, so the frames share one scale.
   */
  update(field: Float32Array, range?: readonly [min: number, max: number]): void {
    plumeLevels(field, this.#levels, range);
    const words = new Uint32Array(this.#image.data.buffer);
    for (let i = 0; i < words.length; i++) words[i] = LUT[this.#levels[i] as number] as number;
    (this.canvas.getContext("2d") as CanvasRenderingContext2D).putImageData(this.#image, 0, 0);
  }
}

/** What one frame shows. */
export interface FrameState {
  readonly field: FieldImage;
  readonly source: readonly [number, number];
  /** Visited cells, start first. */
  readonly trail: readonly (readonly [number, number])[];
  /** Degrees, 0 = +x, 90 = +y. */
  readonly heading: number;
}

type Cell = readonly [number, number];

/** Draws a frame on `canvas` (whose size sets the scale): the field, the trail, the source, the agent and its heading. */
export function drawFrame(canvas: HTMLCanvasElement, state: FrameState): void {
  const { field, source, trail, heading } = state;
  const { ctx, at, scale } = drawField(canvas, field);
  const color = TRAJECTORY_COLORS[0] as Rgb;
  drawTrail(ctx, trail, at, scale, color);
  drawSource(ctx, at(source), scale);
  const agent = trail[trail.length - 1];
  if (agent !== undefined) {
    const [ax, ay] = at(agent);
    const ra = Math.max(4, scale * 1.1);
    const rad = (heading * Math.PI) / 180;
    // Heading: an arrow from the agent in the direction it faces (0 deg = +x, 90 deg = +y = down the image).
    const len = ra * 2.6;
    ctx.strokeStyle = css(WHITE);
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(ax + Math.cos(rad) * len, ay + Math.sin(rad) * len);
    ctx.stroke();
    disc(ctx, ax, ay, ra + 1.5, css(WHITE));
    disc(ctx, ax, ay, ra, css(color));
  }
}

/**
 * Draws a comparison panel, as `plume compare` draws one: the field, one trail per episode in
 * `TRAJECTORY_COLORS` (same colour = same seed in every panel; disc = start, square = end) and the source.
 */
export function drawPanel(canvas: HTMLCanvasElement, field: FieldImage, source: Cell, trails: readonly (readonly Cell[])[]): void {
  const { ctx, at, scale } = drawField(canvas, field);
  trails.forEach((trail, i) => {
    const color = TRAJECTORY_COLORS[i % TRAJECTORY_COLORS.length] as Rgb;
    drawTrail(ctx, trail, at, scale, color);
    const end = trail[trail.length - 1];
    if (end === undefined) return;
    const [ex, ey] = at(end);
    const h = Math.max(2.5, scale * 0.8);
    ctx.fillStyle = css(BLACK);
    ctx.fillRect(ex - h - 1, ey - h - 1, 2 * h + 2, 2 * h + 2);
    ctx.fillStyle = css(color);
    ctx.fillRect(ex - h, ey - h, 2 * h, 2 * h);
  });
  drawSource(ctx, at(source), scale);
}

function drawField(canvas: HTMLCanvasElement, field: FieldImage): { ctx: CanvasRenderingContext2D; at: (cell: Cell) => [number, number]; scale: number } {
  const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
  const scale = Math.min(canvas.width / field.width, canvas.height / field.height);
  ctx.fillStyle = "#18181c";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(field.canvas, 0, 0, field.width * scale, field.height * scale);
  return { ctx, at: (cell) => [(cell[0] + 0.5) * scale, (cell[1] + 0.5) * scale], scale };
}

/** A trail: a line through the visited cells and a disc with a black outline at the start. */
function drawTrail(ctx: CanvasRenderingContext2D, trail: readonly Cell[], at: (cell: Cell) => [number, number], scale: number, color: Rgb): void {
  if (trail.length > 1) {
    ctx.strokeStyle = css(color);
    ctx.lineWidth = Math.max(1.5, Math.min(3, scale * 0.5));
    ctx.lineJoin = "round";
    ctx.beginPath();
    trail.forEach((cell, i) => (i === 0 ? ctx.moveTo(...at(cell)) : ctx.lineTo(...at(cell))));
    ctx.stroke();
  }
  const start = trail[0];
  if (start !== undefined) {
    const [x0, y0] = at(start);
    const rs = Math.max(3, scale * 0.9);
    disc(ctx, x0, y0, rs + 1.2, css(BLACK));
    disc(ctx, x0, y0, rs, css(color));
  }
}

/** The source: a white ring with a black outline and a white dot, as in plume render. */
function drawSource(ctx: CanvasRenderingContext2D, [sx, sy]: [number, number], scale: number): void {
  const r = Math.max(5, scale * 1.6);
  ring(ctx, sx, sy, r + 1, 3.5, css(BLACK));
  ring(ctx, sx, sy, r + 1, 1.6, css(WHITE));
  disc(ctx, sx, sy, Math.max(1.5, scale * 0.45), css(WHITE));
}

function disc(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, fill: string): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fill();
}

function ring(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, width: number, stroke: string): void {
  ctx.strokeStyle = stroke;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.stroke();
}
