/** The part of gifenc's API (no bundled types) that `gif.ts` uses. Internal: not part of the public types. */
declare module "gifenc" {
  interface WriteFrameOptions {
    palette?: number[][];
    delay?: number;
    repeat?: number;
  }
  interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: WriteFrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  interface GifencApi {
    GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): Encoder;
    quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: { format?: "rgb565" | "rgb444" | "rgba4444" }): number[][];
    applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: number[][], format?: "rgb565" | "rgb444" | "rgba4444"): Uint8Array;
  }
  export const GIFEncoder: GifencApi["GIFEncoder"];
  export const quantize: GifencApi["quantize"];
  export const applyPalette: GifencApi["applyPalette"];
  const gifenc: GifencApi;
  export default gifenc;
}
