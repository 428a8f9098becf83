/**
 * NumPy's bounded integer samplers (numpy/random/src/distributions/distributions.c): Lemire's
 * method with rejection, fed by 8-, 16- or 32-bit slices of 32-bit draws exactly as NumPy buffers them.
 */
import type { PCG64 } from "./pcg64.js";

const TWO32 = 4294967296;

/** floor(a * b / 2**32) and (a * b) mod 2**32 for a, b < 2**32 (exact; a plain product can exceed 2**53). */
function mul32(a: number, b: number, out: { hi: number; lo: number }): void {
  const aHi = a >>> 16, aLo = a & 0xffff;
  const bHi = b >>> 16, bLo = b & 0xffff;
  const cross = aHi * bLo + aLo * bHi;
  const low = aLo * bLo + (cross % 65536) * 65536;
  out.lo = low % TWO32;
  out.hi = aHi * bHi + Math.floor(cross / 65536) + Math.floor(low / TWO32);
}

const product = { hi: 0, lo: 0 };

/** Lemire on 32-bit draws from the bit generator's own buffer; `rng` = high - low (inclusive), < 2**32 - 1. */
export function boundedLemire32(bitgen: PCG64, rng: number): number {
  const rngExcl = rng + 1;
  mul32(bitgen.nextUint32(), rngExcl, product);
  if (product.lo < rngExcl) {
    const threshold = (TWO32 - rngExcl) % rngExcl;
    while (product.lo < threshold) mul32(bitgen.nextUint32(), rngExcl, product);
  }
  return product.hi;
}

/** Lemire on 64-bit draws, for ranges of 2**32 or more (rare: BigInt is fine here). */
export function boundedLemire64(bitgen: PCG64, rng: bigint): bigint {
  const rngExcl = rng + 1n;
  const MASK64 = (1n << 64n) - 1n;
  let m = bitgen.nextUint64() * rngExcl;
  let leftover = m & MASK64;
  if (leftover < rngExcl) {
    const threshold = (MASK64 - rng) % rngExcl;
    while (leftover < threshold) {
      m = bitgen.nextUint64() * rngExcl;
      leftover = m & MASK64;
    }
  }
  return m >> 64n;
}

/** The local 32-bit buffer NumPy's fill functions slice 8- and 16-bit values (and bools) from. */
export class WordBuffer {
  private word = 0;
  private count = 0;
  constructor(private readonly bitgen: PCG64) {}

  /** NumPy's `buffered_uint8`: four bytes per 32-bit draw, low byte first. */
  uint8(): number {
    if (this.count === 0) {
      this.word = this.bitgen.nextUint32();
      this.count = 3;
    } else {
      this.word >>>= 8;
      this.count -= 1;
    }
    return this.word & 0xff;
  }

  /** NumPy's `buffered_uint16`: two halves per 32-bit draw, low half first. */
  uint16(): number {
    if (this.count === 0) {
      this.word = this.bitgen.nextUint32();
      this.count = 1;
    } else {
      this.word >>>= 16;
      this.count -= 1;
    }
    return this.word & 0xffff;
  }

  /** NumPy's `buffered_bounded_bool`: 32 bits per draw, least significant first. */
  bit(): number {
    if (this.count === 0) {
      this.word = this.bitgen.nextUint32();
      this.count = 31;
    } else {
      this.word >>>= 1;
      this.count -= 1;
    }
    return this.word & 1;
  }

  /** Lemire on `bits`-wide buffered values (8 or 16); `rng` < 2**bits - 1. */
  boundedLemire(bits: 8 | 16, rng: number): number {
    const size = bits === 8 ? 256 : 65536;
    const rngExcl = rng + 1;
    let m = (bits === 8 ? this.uint8() : this.uint16()) * rngExcl;
    let leftover = m % size;
    if (leftover < rngExcl) {
      const threshold = (size - 1 - rng) % rngExcl;
      while (leftover < threshold) {
        m = (bits === 8 ? this.uint8() : this.uint16()) * rngExcl;
        leftover = m % size;
      }
    }
    return Math.floor(m / size);
  }
}
