/**
 * `human` rendering in a terminal: the `rgb_array` picture drawn with truecolor ANSI escapes and upper
 * half blocks (`▀`, foreground = upper pixel, background = lower pixel), so each character cell shows
 * two grid rows. Frames are redrawn in place (cursor home) for a live view.
 */
import type { NDArray } from "@plume/core-types";

/** Where `human` frames go: `process.stdout` by default. Frames are drawn only when `isTTY` is true. */
export interface TerminalOutput {
  write(chunk: string): unknown;
  readonly isTTY?: boolean | undefined;
  /** Terminal width in characters; frames wider than this are downsampled to fit. */
  readonly columns?: number | undefined;
  /** Terminal height in lines; frames taller than this are downsampled to fit. */
  readonly rows?: number | undefined;
}

const ESC = "\x1b[";
/** Upper half block. */
export const HALF_BLOCK = "\u2580";

/**
 * The escape-sequence text of one frame. `scale` > 1 samples every `scale`-th pixel (nearest), for
 * grids larger than the terminal. Each line ends with a colour reset and a newline.
 */
export function frameToAnsi(frame: NDArray<"uint8">, scale = 1, caption?: string): string {
  const [height = 0, width = 0] = frame.shape;
  const data = frame.data;
  const step = Math.max(1, Math.floor(scale));
  const parts: string[] = [];
  for (let y = 0; y < height; y += 2 * step) {
    let lastFg = "";
    let lastBg = "";
    for (let x = 0; x < width; x += step) {
      const top = (y * width + x) * 3;
      const fg = `${data[top]};${data[top + 1]};${data[top + 2]}`;
      const lowerY = y + step;
      let bg = "";
      if (lowerY < height) {
        const bottom = (lowerY * width + x) * 3;
        bg = `${data[bottom]};${data[bottom + 1]};${data[bottom + 2]}`;
      }
      if (fg !== lastFg) parts.push(`${ESC}38;2;${fg}m`);
      if (bg !== lastBg) parts.push(bg === "" ? `${ESC}49m` : `${ESC}48;2;${bg}m`);
      lastFg = fg;
      lastBg = bg;
      parts.push(HALF_BLOCK);
    }
    parts.push(`${ESC}0m\n`);
  }
  if (caption !== undefined) parts.push(`${ESC}0m${ESC}2K${caption}\n`);
  return parts.join("");
}

/** The smallest integer downsampling factor that fits `width x height` pixels into the terminal. */
export function fitScale(width: number, height: number, output: TerminalOutput): number {
  let scale = 1;
  const columns = output.columns;
  const rows = output.rows;
  if (columns !== undefined && columns > 0) scale = Math.max(scale, Math.ceil(width / columns));
  // Two pixel rows per line; keep one line for the caption.
  if (rows !== undefined && rows > 1) scale = Math.max(scale, Math.ceil(height / (2 * (rows - 1))));
  return scale;
}

/** Draws frames to a terminal in place. */
export class TerminalRenderer {
  readonly #output: TerminalOutput;
  #started = false;

  constructor(output: TerminalOutput) {
    this.#output = output;
  }

  /** Whether frames are drawn: the output is a TTY. */
  get active(): boolean {
    return this.#output.isTTY === true;
  }

  /** Draws `frame` (an `rgb_array` frame) with an optional caption line; does nothing when not a TTY. */
  draw(frame: NDArray<"uint8">, caption?: string): void {
    if (!this.active) return;
    const [height = 0, width = 0] = frame.shape;
    const scale = fitScale(width, height, this.#output);
    // First frame: clear the screen; later frames: cursor home, so the picture updates in place.
    const prefix = this.#started ? `${ESC}H` : `${ESC}2J${ESC}H`;
    this.#started = true;
    this.#output.write(prefix + frameToAnsi(frame, scale, caption));
  }

  /** Resets colours and moves below the picture (called by `close`). */
  finish(): void {
    if (this.#started && this.active) this.#output.write(`${ESC}0m\n`);
    this.#started = false;
  }
}
