/** Points a chart keeps: the last this many steps (a long episode's chart scrolls). */
export const CHART_WINDOW = 2000;

/** Small live line charts (reward, sensor reading, distance to the source) drawn on canvases. */
export class Sparkline {
  readonly #canvas: HTMLCanvasElement;
  readonly #label: string;
  readonly #color: string;
  #values: number[] = [];

  constructor(canvas: HTMLCanvasElement, label: string, color: string) {
    this.#canvas = canvas;
    this.#label = label;
    this.#color = color;
  }

  clear(): void {
    this.#values = [];
  }

  push(value: number): void {
    this.#values.push(value);
    if (this.#values.length > 2 * CHART_WINDOW) this.#values = this.#values.slice(-CHART_WINDOW);
  }

  get length(): number {
    return this.#values.length;
  }

  draw(): void {
    const c = this.#canvas;
    const ctx = c.getContext("2d") as CanvasRenderingContext2D;
    ctx.fillStyle = "#202026";
    ctx.fillRect(0, 0, c.width, c.height);
    if (this.#values.length > CHART_WINDOW) this.#values = this.#values.slice(-CHART_WINDOW);
    const values = this.#values.filter((v) => Number.isFinite(v));
    const last = this.#values[this.#values.length - 1];
    ctx.fillStyle = "#b0b0bb";
    ctx.font = "11px system-ui, sans-serif";
    ctx.fillText(`${this.#label}${last === undefined ? "" : `: ${format(last)}`}`, 4, 12);
    if (values.length === 0) return;
    let min = values.reduce((a, b) => Math.min(a, b), Infinity);
    let max = values.reduce((a, b) => Math.max(a, b), -Infinity);
    if (max === min) {
      max += 0.5;
      min -= 0.5;
    }
    const top = 16;
    const h = c.height - top - 3;
    const n = this.#values.length;
    ctx.strokeStyle = this.#color;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    let started = false;
    this.#values.forEach((v, i) => {
      if (!Number.isFinite(v)) return;
      const x = n === 1 ? c.width / 2 : (i / (n - 1)) * (c.width - 4) + 2;
      const y = top + (1 - (v - min) / (max - min)) * h;
      if (started) ctx.lineTo(x, y);
      else ctx.moveTo(x, y);
      started = true;
    });
    ctx.stroke();
  }
}

function format(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v !== 0 && Math.abs(v) < 1e-3) return v.toExponential(2);
  return Number.isInteger(v) ? String(v) : v.toFixed(4);
}
