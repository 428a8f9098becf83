/**
 * NumPy's PCG64 bit generator (PCG XSL-RR 128/64), including NumPy's buffering of the unused
 * 32-bit half of a 64-bit draw. The 128-bit state lives in eight 16-bit limbs held in numbers,
 * so a step needs no BigInt and no allocation.
 */
import { MAX_SEED, ValidationError } from "@plume/core-types";
import { SeedSequence } from "./seed-sequence.js";

const MASK128 = (1n << 128n) - 1n;
const MULTIPLIER = (2549297995355413924n << 64n) + 4865540595714422341n;
const M0 = Number(MULTIPLIER & 0xffffn);
const M1 = Number((MULTIPLIER >> 16n) & 0xffffn);
const M2 = Number((MULTIPLIER >> 32n) & 0xffffn);
const M3 = Number((MULTIPLIER >> 48n) & 0xffffn);
const M4 = Number((MULTIPLIER >> 64n) & 0xffffn);
const M5 = Number((MULTIPLIER >> 80n) & 0xffffn);
const M6 = Number((MULTIPLIER >> 96n) & 0xffffn);
const M7 = Number((MULTIPLIER >> 112n) & 0xffffn);

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
  // state limbs, least significant first
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;
  private s4 = 0;
  private s5 = 0;
  private s6 = 0;
  private s7 = 0;
  // increment limbs
  private i0 = 0;
  private i1 = 0;
  private i2 = 0;
  private i3 = 0;
  private i4 = 0;
  private i5 = 0;
  private i6 = 0;
  private i7 = 0;
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
    const limb = (v: bigint, k: number) => Number((v >> BigInt(16 * k)) & 0xffffn);
    this.s0 = limb(state, 0);
    this.s1 = limb(state, 1);
    this.s2 = limb(state, 2);
    this.s3 = limb(state, 3);
    this.s4 = limb(state, 4);
    this.s5 = limb(state, 5);
    this.s6 = limb(state, 6);
    this.s7 = limb(state, 7);
    this.i0 = limb(inc, 0);
    this.i1 = limb(inc, 1);
    this.i2 = limb(inc, 2);
    this.i3 = limb(inc, 3);
    this.i4 = limb(inc, 4);
    this.i5 = limb(inc, 5);
    this.i6 = limb(inc, 6);
    this.i7 = limb(inc, 7);
  }

  private rawState(): bigint {
    const limbs = [this.s0, this.s1, this.s2, this.s3, this.s4, this.s5, this.s6, this.s7];
    return limbs.reduce((acc, v, k) => acc | (BigInt(v) << BigInt(16 * k)), 0n);
  }

  private rawInc(): bigint {
    const limbs = [this.i0, this.i1, this.i2, this.i3, this.i4, this.i5, this.i6, this.i7];
    return limbs.reduce((acc, v, k) => acc | (BigInt(v) << BigInt(16 * k)), 0n);
  }

  /** state = state * MULTIPLIER + inc (mod 2**128), schoolbook on 16-bit limbs; every sum stays below 2**53. */
  private step(): void {
    const s0 = this.s0, s1 = this.s1, s2 = this.s2, s3 = this.s3;
    const s4 = this.s4, s5 = this.s5, s6 = this.s6, s7 = this.s7;
    let acc = s0 * M0 + this.i0;
    this.s0 = acc & 0xffff;
    acc = (acc - this.s0) / 65536 + s0 * M1 + s1 * M0 + this.i1;
    this.s1 = acc & 0xffff;
    acc = (acc - this.s1) / 65536 + s0 * M2 + s1 * M1 + s2 * M0 + this.i2;
    this.s2 = acc & 0xffff;
    acc = (acc - this.s2) / 65536 + s0 * M3 + s1 * M2 + s2 * M1 + s3 * M0 + this.i3;
    this.s3 = acc & 0xffff;
    acc = (acc - this.s3) / 65536 + s0 * M4 + s1 * M3 + s2 * M2 + s3 * M1 + s4 * M0 + this.i4;
    this.s4 = acc & 0xffff;
    acc = (acc - this.s4) / 65536 + s0 * M5 + s1 * M4 + s2 * M3 + s3 * M2 + s4 * M1 + s5 * M0 + this.i5;
    this.s5 = acc & 0xffff;
    acc = (acc - this.s5) / 65536 + s0 * M6 + s1 * M5 + s2 * M4 + s3 * M3 + s4 * M2 + s5 * M1 + s6 * M0 + this.i6;
    this.s6 = acc & 0xffff;
    acc =
      (acc - this.s6) / 65536 +
      s0 * M7 + s1 * M6 + s2 * M5 + s3 * M4 + s4 * M3 + s5 * M2 + s6 * M1 + s7 * M0 + this.i7;
    this.s7 = acc & 0xffff;
  }

  /** Advances and stores the next 64-bit output in `outHi`/`outLo`. */
  next64(): void {
    this.step();
    // XSL-RR: xor the 64-bit halves, rotate right by the top 6 bits of the state.
    const xHi = (((this.s7 << 16) | this.s6) ^ ((this.s3 << 16) | this.s2)) >>> 0;
    const xLo = (((this.s5 << 16) | this.s4) ^ ((this.s1 << 16) | this.s0)) >>> 0;
    const rot = this.s7 >>> 10;
    if (rot === 0) {
      this.outHi = xHi;
      this.outLo = xLo;
    } else if (rot < 32) {
      this.outHi = ((xHi >>> rot) | (xLo << (32 - rot))) >>> 0;
      this.outLo = ((xLo >>> rot) | (xHi << (32 - rot))) >>> 0;
    } else if (rot === 32) {
      this.outHi = xLo;
      this.outLo = xHi;
    } else {
      const r = rot - 32;
      this.outHi = ((xLo >>> r) | (xHi << (32 - r))) >>> 0;
      this.outLo = ((xHi >>> r) | (xLo << (32 - r))) >>> 0;
    }
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
    return copy;
  }
}
