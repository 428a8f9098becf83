/**
 * A small synthetic movie Plume makes itself (no download): Gaussian odour puffs released at random from
 * a source, carried downwind (+x) under a travelling lateral meander, growing and fading, so the plume is
 * intermittent as a recorded one is. `demoZarrStore` lays it out as the reference's zarr (v2) store
 * (the files as bytes), which `openMoviePlume` reads through zarrita like any other store: the path
 * `demo://128x96x200?seed=0` plays it from memory, and `writeDemoMovie` (Node) writes it to disk.
 */
import { Generator } from "@plume/spaces";
import * as z from "zod";
import type { MovieFiles } from "./files.js";

export const DemoMovieOptionsSchema = z.strictObject({
  /** Width W in pixels (2..1024). Default 128. */
  width: z.int({ error: "an integer 2..1024" }).min(2).max(1024).default(128),
  /** Height H in pixels (2..1024). Default 96. */
  height: z.int({ error: "an integer 2..1024" }).min(2).max(1024).default(96),
  /** Frames T (1..2000). Default 200. */
  frames: z.int({ error: "an integer 1..2000" }).min(1).max(2000).default(200),
  /** Seed of the puffs' random release (NumPy-compatible generator). Default 0. */
  seed: z.int({ error: "an integer 0..2^32-1" }).min(0).max(2 ** 32 - 1).default(0),
});
export type DemoMovieOptions = z.input<typeof DemoMovieOptionsSchema>;

/** The demo movie's frames (`T * H * W` float32 in [0, 1], exact zeros off the plume) and its metadata. */
export function demoMovie(input: DemoMovieOptions = {}): { data: Float32Array; shape: [number, number, number]; attrs: Record<string, unknown> } {
  const { width: W, height: H, frames: T, seed } = DemoMovieOptionsSchema.parse(input);
  const rng = Generator.fromSeed(seed);
  const source: [number, number] = [Math.max(1, Math.round(W * 0.08)), Math.floor(H / 2)];
  const speed = W / 70; // pixels per frame: a puff crosses the movie in ~70 frames
  const meander = H * 0.18;
  const data = new Float32Array(T * H * W);
  interface Puff {
    born: number;
    y0: number;
    amp: number;
    phase: number;
  }
  const puffs: Puff[] = [];
  for (let t = 0; t < T + 80; t++) {
    // Release a puff in 30% of frames (a new puff at t shows from t on; 80 warm-up frames fill the movie).
    const n = rng.random() < 0.3 ? 1 : 0;
    for (let k = 0; k < n; k++) puffs.push({ born: t, y0: source[1] + rng.normal(0, H * 0.02), amp: 0.55 + 0.45 * rng.random(), phase: rng.normal(0, 0.4) });
    const frame = t - 80;
    if (frame < 0) continue;
    const out = data.subarray(frame * H * W, (frame + 1) * H * W);
    for (const p of puffs) {
      const age = t - p.born;
      if (age < 0 || age > 110) continue;
      const cx = source[0] + speed * age;
      if (cx - 20 > W) continue;
      const cy = p.y0 + meander * Math.sin((2 * Math.PI * cx) / (W * 0.6) - (2 * Math.PI * t) / 90 + p.phase) * Math.min(1, age / 25);
      const sigma = 1.0 + 0.06 * age;
      const peak = p.amp * Math.exp(-age / 60) * Math.min(1, 3 / sigma);
      const r = Math.ceil(3 * sigma);
      const inv = 1 / (2 * sigma * sigma);
      for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(H - 1, Math.ceil(cy + r)); y++) {
        for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(W - 1, Math.ceil(cx + r)); x++) {
          const d2 = (x - cx) ** 2 + (y - cy) ** 2;
          out[y * W + x] = (out[y * W + x] as number) + peak * Math.exp(-d2 * inv);
        }
      }
    }
  }
  for (let i = 0; i < data.length; i++) {
    const v = data[i] as number;
    data[i] = v < 0.02 ? 0 : v > 1 ? 1 : v;
  }
  const attrs = {
    schema_version: "1.0.0",
    fps: 15,
    source_dtype: "float32",
    pixel_to_grid: [1, 1],
    origin: [0, 0],
    extent: [H, W],
    dims: ["t", "y", "x"],
    source_location_px: source,
    generator: "plume-movie demo",
    seed,
  };
  return { data, shape: [T, H, W], attrs };
}

const encoder = new TextEncoder();
const json = (v: unknown) => encoder.encode(JSON.stringify(v, null, 2));

/**
 * The demo movie as the reference's zarr (v2) directory store: the files (`.zgroup`, `.zattrs`,
 * `.zmetadata`, `concentration/.zarray`, `concentration/.zattrs`, chunk files of 16 frames, raw
 * little-endian float32, `fill_value` null) keyed by their path inside the store.
 */
export function demoZarrStore(input: DemoMovieOptions = {}): Map<string, Uint8Array> {
  const { data, shape, attrs } = demoMovie(input);
  const [T, H, W] = shape;
  const ct = Math.min(16, T);
  const zarray = { shape, chunks: [ct, H, W], dtype: "<f4", compressor: null, fill_value: null, filters: null, order: "C", zarr_format: 2 };
  const zattrs = { _ARRAY_DIMENSIONS: ["t", "y", "x"] };
  const files = new Map<string, Uint8Array>();
  files.set(".zgroup", json({ zarr_format: 2 }));
  files.set(".zattrs", json(attrs));
  files.set("concentration/.zarray", json(zarray));
  files.set("concentration/.zattrs", json(zattrs));
  files.set(".zmetadata", json({ metadata: { ".zgroup": { zarr_format: 2 }, ".zattrs": attrs, "concentration/.zarray": zarray, "concentration/.zattrs": zattrs }, zarr_consolidated_format: 1 }));
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  for (let i = 0; i * ct < T; i++) {
    const chunk = new Float32Array(ct * H * W); // full chunks: the last one padded with zeros
    chunk.set(data.subarray(i * ct * H * W, Math.min(T, (i + 1) * ct) * H * W));
    const bytes = new Uint8Array(chunk.buffer);
    if (!littleEndian) for (let k = 0; k < bytes.length; k += 4) bytes.subarray(k, k + 4).reverse();
    files.set(`concentration/${i}.0.0`, bytes);
  }
  return files;
}

/** `demo://WxHxT?seed=S` (each part optional: `demo://`, `demo://64x48x30`) as demo options, or undefined for other paths. */
export function parseDemoPath(path: string): DemoMovieOptions | undefined {
  const m = /^demo:\/\/(?:(\d+)x(\d+)x(\d+))?\/?(?:\?seed=(\d+))?$/.exec(path);
  if (m === null) return undefined;
  return {
    ...(m[1] !== undefined && { width: Number(m[1]), height: Number(m[2]), frames: Number(m[3]) }),
    ...(m[4] !== undefined && { seed: Number(m[4]) }),
  };
}

/** `MovieFiles` over files held in memory, keyed by their path below `root`. */
export function memoryFiles(root: string, files: ReadonlyMap<string, Uint8Array>): MovieFiles {
  const strip = (location: string) => location.slice(root.length).replace(/^\/+/, "");
  return {
    async read(location) {
      return location.startsWith(root) ? files.get(strip(location)) : undefined;
    },
    async kind(location) {
      if (!location.startsWith(root)) return "missing";
      const key = strip(location);
      if (key === "") return "directory";
      if (files.has(key)) return "file";
      return [...files.keys()].some((k) => k.startsWith(`${key}/`)) ? "directory" : "missing";
    },
    resolve: (base, relative) => `${base.replace(/\/+$/, "")}/${relative}`,
  };
}
