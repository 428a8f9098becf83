/** The part of gifenc's API (no bundled types) that `picture.ts` uses. Internal: not part of the public types. */
declare module "gifenc" {
  interface WriteFrameOptions {
    palette?: number[][];
    delay?: number;
    transparent?: boolean;
    transparentIndex?: number;
    dispose?: number;
    repeat?: number;
  }
  interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number, options?: WriteFrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  export function GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): Encoder;
  const gifenc: { GIFEncoder(options?: { initialCapacity?: number; auto?: boolean }): Encoder };
  export default gifenc;
}
