/**
 * NumPy's PCG64 bit generator (PCG XSL-RR 128/64), including NumPy's buffering of the unused
 * 32-bit half of a 64-bit draw. The 128-bit state lives in four 32-bit limbs held exactly in a
 * Float64Array, so a step needs no BigInt and no allocation (see `advance` for the arithmetic).
 */
import { MAX_SEED, ValidationError } from "@plume/core-types";
import { SeedSequence } from "./seed-sequence.js";

const MASK128 = (1n << 128n) - 1n;
const MULTIPLIER = (2549297995355413924n << 64n) + 4865540595714422341n;
const limb32 = (v: bigint, k: number): number => Number((v >> BigInt(32 * k)) & 0xffffffffn);
// The multiplier's 32-bit limbs, unsigned (for the approximate products) and as int32 (for `Math.imul`).
const B0 = limb32(MULTIPLIER, 0);
const B1 = limb32(MULTIPLIER, 1);
const B2 = limb32(MULTIPLIER, 2);
const B3 = limb32(MULTIPLIER, 3);
const W0 = B0 | 0;
const W1 = B1 | 0;
const W2 = B2 | 0;
const W3 = B3 | 0;
const TWO_POW_MINUS_32 = 2 ** -32;

/** The generator state in the shape of NumPy's `bit_generator.state`, with 128-bit values as decimal strings. */
export interface PCG64State {
  readonly bit_generator: "PCG64";
  readonly state: { readonly state: string; readonly inc: string };
  readonly has_uint32: 0 | 1;
  readonly uinteger: number;
}

export type PCG64Seed = number | bigint | SeedSequence;

/** Throws a ValidationError naming `parameter` unless `seed` is an integer in [0, 2**32 - 1] (design.md). */
export function assertSeed(seed: unknown, parameter = "seed"): asserts seed is number {
  if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw ValidationError.invalid(parameter, `an integer in [0, ${MAX_SEED}]`, seed);
  }
}

export class PCG64 {
  /** The SeedSequence this generator was seeded from (used by `spawn`). */
  readonly seedSequence: SeedSequence;
  /** The state in four 32-bit limbs (unsigned), least significant first. */
  private st = new Float64Array(4);
  /** The increment in four 32-bit limbs (unsigned), least significant first. */
  private inc = new Float64Array(4);
  /** Scratch for one output of `advance`. */
  private oneHi = new Uint32Array(1);
  private oneLo = new Uint32Array(1);
  private hasUint32 = false;
  private uinteger = 0;
  /** High and low 32-bit halves of the last 64-bit output (unsigned). */
  outHi = 0;
  outLo = 0;

  constructor(seed?: PCG64Seed) {
    if (seed instanceof SeedSequence) {
      this.seedSequence = seed;
    } else {
      if (seed !== undefined && typeof seed !== "bigint") assertSeed(seed);
      this.seedSequence = new SeedSequence(seed);
    }
    const words = this.seedSequence.generateState(4, "uint64");
    const initState = ((words[0] as bigint) << 64n) | (words[1] as bigint);
    const initSeq = ((words[2] as bigint) << 64n) | (words[3] as bigint);
    this.setRaw(0n, ((initSeq << 1n) | 1n) & MASK128);
    this.step();
    this.setRaw((this.rawState() + initState) & MASK128, this.rawInc());
    this.step();
  }

  private setRaw(state: bigint, inc: bigint): void {
    for (let k = 0; k < 4; k++) {
      this.st[k] = limb32(state, k);
      this.inc[k] = limb32(inc, k);
    }
  }

  private rawState(): bigint {
    return fromLimbs(this.st);
  }

  private rawInc(): bigint {
    return fromLimbs(this.inc);
  }

  /** state = state * MULTIPLIER + inc (mod 2**128), without producing an output. */
  private step(): void {
    advance(this.st, this.inc, undefined, undefined, 0, 1);
  }

  /** Advances and stores the next 64-bit output in `outHi`/`outLo`. */
  next64(): void {
    advance(this.st, this.inc, this.oneHi, this.oneLo, 0, 1);
    this.outHi = this.oneHi[0] as number;
    this.outLo = this.oneLo[0] as number;
  }

  /**
   * The next `end - start` 64-bit outputs, in order, into `hi[k]`/`lo[k]` for k in [start, end): the same
   * numbers as that many `next64` calls, in one call (the state stays in registers).
   */
  fill64(hi: Uint32Array, lo: Uint32Array, start: number, end: number): void {
    if (!(hi instanceof Uint32Array)) throw ValidationError.invalid("hi", "a Uint32Array", hi);
    if (!(lo instanceof Uint32Array)) throw ValidationError.invalid("lo", "a Uint32Array", lo);
    const length = Math.min(hi.length, lo.length);
    if (!Number.isInteger(start) || start < 0 || start > length) {
      throw ValidationError.invalid("start", `an integer in [0, ${length}]`, start);
    }
    if (!Number.isInteger(end) || end < start || end > length) {
      throw ValidationError.invalid("end", `an integer in [${start}, ${length}]`, end);
    }
    advance(this.st, this.inc, hi, lo, start, end);
  }

  /** NumPy's `next_uint64`, as a bigint. */
  nextUint64(): bigint {
    this.next64();
    return (BigInt(this.outHi) << 32n) | BigInt(this.outLo);
  }

  /** NumPy's `next_uint32`: the low half of a fresh 64-bit draw, then its buffered high half. */
  nextUint32(): number {
    if (this.hasUint32) {
      this.hasUint32 = false;
      return this.uinteger;
    }
    this.next64();
    this.hasUint32 = true;
    this.uinteger = this.outHi;
    return this.outLo;
  }

  /** NumPy's `next_double`: the top 53 bits of a 64-bit draw, in [0, 1). */
  nextDouble(): number {
    this.next64();
    return (this.outHi * 2097152 + (this.outLo >>> 11)) * 1.1102230246251565e-16;
  }

  get state(): PCG64State {
    return {
      bit_generator: "PCG64",
      state: { state: this.rawState().toString(), inc: this.rawInc().toString() },
      has_uint32: this.hasUint32 ? 1 : 0,
      uinteger: this.uinteger,
    };
  }

  set state(value: PCG64State) {
    const parse = (text: unknown, parameter: string): bigint => {
      if (typeof text !== "string" || !/^\d+$/.test(text) || BigInt(text) > MASK128) {
        throw ValidationError.invalid(parameter, "a decimal string of a 128-bit unsigned integer", text);
      }
      return BigInt(text);
    };
    if (value === null || typeof value !== "object" || value.bit_generator !== "PCG64") {
      throw ValidationError.invalid("state.bit_generator", '"PCG64"', value?.bit_generator);
    }
    const state = parse(value.state?.state, "state.state.state");
    const inc = parse(value.state?.inc, "state.state.inc");
    if ((inc & 1n) !== 1n) throw ValidationError.invalid("state.state.inc", "an odd integer", value.state.inc);
    if (value.has_uint32 !== 0 && value.has_uint32 !== 1) {
      throw ValidationError.invalid("state.has_uint32", "0 or 1", value.has_uint32);
    }
    if (!Number.isInteger(value.uinteger) || value.uinteger < 0 || value.uinteger > 0xffffffff) {
      throw ValidationError.invalid("state.uinteger", "an integer in [0, 4294967295]", value.uinteger);
    }
    this.setRaw(state, inc);
    this.hasUint32 = value.has_uint32 === 1;
    this.uinteger = value.uinteger;
  }

  /** An independent copy with the same state and seed sequence. */
  clone(): PCG64 {
    const copy = Object.create(PCG64.prototype) as PCG64;
    Object.assign(copy, this);
    copy.st = this.st.slice();
    copy.inc = this.inc.slice();
    copy.oneHi = new Uint32Array(1);
    copy.oneLo = new Uint32Array(1);
    return copy;
  }
}

/** The 128-bit value of four 32-bit limbs. */
function fromLimbs(limbs: Float64Array): bigint {
  let value = 0n;
  for (let k = 3; k >= 0; k--) value = (value << 32n) | BigInt(limbs[k] as number);
  return value;
}

/**
 * Steps the state `(st, inc)` (see `PCG64`) once for every k in [start, end) and, when `hi`/`lo` are given,
 * stores the XSL-RR output of each new state in `hi[k]`/`lo[k]`. The state stays in locals for the whole run.
 *
 * state * MULTIPLIER + inc (mod 2**128) in 32-bit limbs, column by column: limb k of the result is column k's
 * sum `C_k = sum over i + j = k of a_i * b_j + carry_(k-1) + inc_k` mod 2**32, and the carry is
 * `(C_k - limb_k) / 2**32`. The limb is exact from `Math.imul` (each product mod 2**32; the sum stays below
 * 2**38, exact in a double). The carry comes from `C_k` computed in doubles: each product (< 2**64) is off by at
 * most 2**10, each addition (sums < 2**66) by at most 2**13, so `(C_k − limb_k) / 2**32` is within 2**-15 of the
 * integer carry and rounding it is exact. Column 3 needs only its limb (the rest is beyond 2**128).
 */
function advance(
  st: Float64Array,
  inc: Float64Array,
  hi: Uint32Array | undefined,
  lo: Uint32Array | undefined,
  start: number,
  end: number,
): void {
  // Limbs as int32 (for Math.imul); `>>> 0` gives the unsigned value for the double products.
  let a0 = (st[0] as number) | 0;
  let a1 = (st[1] as number) | 0;
  let a2 = (st[2] as number) | 0;
  let a3 = (st[3] as number) | 0;
  const i0 = inc[0] as number;
  const i1 = inc[1] as number;
  const i2 = inc[2] as number;
  const i3 = inc[3] as number;
  for (let k = start; k < end; k++) {
    const u0 = a0 >>> 0;
    const u1 = a1 >>> 0;
    const u2 = a2 >>> 0;
    const r0 = (Math.imul(a0, W0) + i0) >>> 0;
    const c0 = Math.floor((u0 * B0 + i0 - r0) * TWO_POW_MINUS_32 + 0.5);
    const r1 = (Math.imul(a0, W1) + Math.imul(a1, W0) + c0 + i1) >>> 0;
    const c1 = Math.floor((u0 * B1 + u1 * B0 + c0 + i1 - r1) * TWO_POW_MINUS_32 + 0.5);
    const r2 = (Math.imul(a0, W2) + Math.imul(a1, W1) + Math.imul(a2, W0) + c1 + i2) >>> 0;
    const c2 = Math.floor((u0 * B2 + u1 * B1 + u2 * B0 + c1 + i2 - r2) * TWO_POW_MINUS_32 + 0.5);
    a3 = (Math.imul(a0, W3) + Math.imul(a1, W2) + Math.imul(a2, W1) + Math.imul(a3, W0) + c2 + i3) | 0;
    a0 = r0 | 0;
    a1 = r1 | 0;
    a2 = r2 | 0;
    if (hi === undefined || lo === undefined) continue;
    // XSL-RR: xor the 64-bit halves, rotate right by the top 6 bits of the state. Branch-free: swap the
    // halves for rotations of 32 or more, then rotate by the rest (`<< 1 << (31 - r)` shifts by 32 - r
    // and gives 0 for r = 0).
    let xHi = a3 ^ a1;
    let xLo = a2 ^ a0;
    const rot = a3 >>> 26;
    const swap = (xHi ^ xLo) & -(rot >>> 5);
    xHi ^= swap;
    xLo ^= swap;
    const r = rot & 31;
    hi[k] = (xHi >>> r) | ((xLo << 1) << (31 - r));
    lo[k] = (xLo >>> r) | ((xHi << 1) << (31 - r));
  }
  st[0] = a0 >>> 0;
  st[1] = a1 >>> 0;
  st[2] = a2 >>> 0;
  st[3] = a3 >>> 0;
}
