/**
 * Animated GIFs of `rgb_array` frames, with gifenc (a small, dependency-free encoder that the CLI uses
 * too). A frame with at most 256 colours (Plume's pictures usually are) is stored exactly; others are
 * quantized to 256 colours.
 */
import { ValidationError, type NDArray } from "@plume/core-types";
import * as gifencModule from "gifenc";

/** gifenc's functions, however the module was loaded: Node imports its CommonJS build (on the default export), bundlers its ESM build. */
function gifenc(): Pick<typeof gifencModule.default, "GIFEncoder" | "quantize" | "applyPalette"> {
  const named = gifencModule as unknown as { GIFEncoder?: unknown };
  return typeof named.GIFEncoder === "function" ? (gifencModule as unknown as typeof gifencModule.default) : gifencModule.default;
}

/** The palette and indices of one frame: exact when it has at most 256 colours, quantized otherwise. */
function indexFrame(frame: NDArray<"uint8">): { palette: number[][]; index: Uint8Array } {
  const data = frame.data;
  const pixels = data.length / 3;
  const lookup = new Map<number, number>();
  const index = new Uint8Array(pixels);
  for (let p = 0; p < pixels; p++) {
    const key = ((data[3 * p] as number) << 16) | ((data[3 * p + 1] as number) << 8) | (data[3 * p + 2] as number);
    let i = lookup.get(key);
    if (i === undefined) {
      if (lookup.size === 256) return quantized(frame);
      i = lookup.size;
      lookup.set(key, i);
    }
    index[p] = i;
  }
  const palette = [...lookup.keys()].map((key) => [(key >> 16) & 255, (key >> 8) & 255, key & 255]);
  // gifenc writes a table of a power-of-two length: pad it.
  let size = 2;
  while (size < palette.length) size *= 2;
  while (palette.length < size) palette.push([0, 0, 0]);
  return { palette, index };
}

function quantized(frame: NDArray<"uint8">): { palette: number[][]; index: Uint8Array } {
  const data = frame.data;
  const rgba = new Uint8Array((data.length / 3) * 4);
  for (let p = 0, q = 0; p < data.length; p += 3, q += 4) {
    rgba[q] = data[p] as number;
    rgba[q + 1] = data[p + 1] as number;
    rgba[q + 2] = data[p + 2] as number;
    rgba[q + 3] = 255;
  }
  const { quantize, applyPalette } = gifenc();
  const palette = quantize(rgba, 256);
  return { palette, index: applyPalette(rgba, palette) };
}

/**
 * Encodes `frames` (uint8 `[H, W, 3]`, all the same size) as a looping animated GIF at `fps` frames per
 * second (GIF delays are whole hundredths of a second).
 * @throws ValidationError (`parameter` `"frames"`) for no frames, a frame that is not uint8 `[H, W, 3]`,
 * or frames of different sizes.
 */
export function encodeGif(frames: readonly NDArray<"uint8">[], fps: number): Uint8Array {
  if (frames.length === 0) throw ValidationError.invalid("frames", "at least one frame", frames);
  const [height, width] = (frames[0] as NDArray<"uint8">).shape as [number, number];
  frames.forEach((frame, i) => {
    const [h, w, c] = frame.shape;
    if (frame.dtype !== "uint8" || frame.shape.length !== 3 || c !== 3 || h !== height || w !== width) {
      throw ValidationError.invalid(`frames[${i}]`, `a uint8 [${height}, ${width}, 3] frame (like frames[0])`, `${frame.dtype} [${frame.shape.join(", ")}]`);
    }
  });
  const delay = Math.round(1000 / Math.max(1, fps));
  const encoder = gifenc().GIFEncoder();
  frames.forEach((frame, f) => {
    const { palette, index } = indexFrame(frame);
    encoder.writeFrame(index, width, height, { palette, delay, ...(f === 0 && { repeat: 0 }) });
  });
  encoder.finish();
  return encoder.bytes();
}
