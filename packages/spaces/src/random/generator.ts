/**
 * NumPy's `Generator` over PCG64: the same seed gives the same numbers as
 * `np.random.Generator(np.random.PCG64(seed))` (= `np.random.default_rng(seed)`), bit for bit.
 */
import { ValidationError, dtypeInfo, type IntDType } from "@plume/core-types";
import { WordBuffer, boundedLemire32, boundedLemire64 } from "./bounded.js";
import { PCG64, type PCG64State } from "./pcg64.js";
import { SeedSequence } from "./seed-sequence.js";
import { FE, FI, KE, KI, WE, WI, ZIGGURAT_EXP_R, ZIGGURAT_NOR_INV_R, ZIGGURAT_NOR_R } from "./ziggurat-tables.js";

/** Integer dtypes `fillIntegers` can draw for, with NumPy's per-dtype buffering. */
export type IntegerDType = IntDType | "bool";

export type IntegerArray =
  | Int8Array
  | Int16Array
  | Int32Array
  | Uint8Array
  | Uint16Array
  | Uint32Array
  | BigInt64Array
  | BigUint64Array
  | Float64Array;

export interface IntegersOptions {
  /** Include `high` (NumPy's `endpoint=True`). Default false. */
  readonly endpoint?: boolean;
}

const TWO32_MINUS_1 = 0xffffffff;
/** At most this many 64-bit draws are made ahead by `standardNormalFill` (bounds its scratch memory). */
const RAW_BATCH = 4096;
const SQRT_EPS = Math.sqrt(2.220446049250313e-16);

function assertSafeInteger(value: unknown, parameter: string): asserts value is number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw ValidationError.invalid(parameter, "a safe integer", value);
  }
}

function assertFinite(value: unknown, parameter: string): asserts value is number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw ValidationError.invalid(parameter, "a finite number", value);
  }
}

/** Resolves NumPy's (low, high, endpoint) into an inclusive range; throws when it is empty. */
function inclusiveRange(low: number, high: number | undefined, endpoint: boolean): [number, number] {
  let lo = low;
  let hi = high;
  if (hi === undefined) {
    hi = lo;
    lo = 0;
  }
  assertSafeInteger(lo, "low");
  assertSafeInteger(hi, "high");
  const last = endpoint ? hi : hi - 1;
  if (last < lo) {
    throw ValidationError.invalid("high", endpoint ? `an integer >= low (${lo})` : `an integer > low (${lo})`, hi);
  }
  return [lo, last];
}

export class Generator {
  readonly bitGenerator: PCG64;
  /** Bulk 64-bit draws for `standardNormalFill` (empty between calls). */
  readonly #raw: RawBuffer;

  constructor(bitGenerator: PCG64) {
    if (!(bitGenerator instanceof PCG64)) {
      throw ValidationError.invalid("bitGenerator", "a PCG64 instance", bitGenerator);
    }
    this.bitGenerator = bitGenerator;
    this.#raw = new RawBuffer(bitGenerator);
  }

  /**
   * `np.random.default_rng(seed)`: seed is an integer in [0, 2**32 - 1] or a SeedSequence;
   * without one, the seed comes from the operating system's entropy, as in NumPy.
   */
  static fromSeed(seed?: number | SeedSequence): Generator {
    return new Generator(new PCG64(seed));
  }

  get seedSequence(): SeedSequence {
    return this.bitGenerator.seedSequence;
  }

  /** The bit generator state in NumPy's shape; assign it to restore a stream exactly. */
  get state(): PCG64State {
    return this.bitGenerator.state;
  }

  set state(value: PCG64State) {
    this.bitGenerator.state = value;
  }

  /** An independent generator in the same state: both continue with the same numbers. */
  clone(): Generator {
    return new Generator(this.bitGenerator.clone());
  }

  /** NumPy's `Generator.spawn(n)`: independent child generators from the seed sequence. */
  spawn(nChildren: number): Generator[] {
    return this.seedSequence.spawn(nChildren).map((seq) => Generator.fromSeed(seq));
  }

  /** A float in [0, 1) (`Generator.random()`). */
  random(): number {
    return this.bitGenerator.nextDouble();
  }

  /** Fills `out` with `random()` draws and returns it. */
  randomFill<T extends Float64Array | Float32Array>(out: T): T {
    for (let i = 0; i < out.length; i++) out[i] = this.bitGenerator.nextDouble();
    return out;
  }

  /** A raw 64-bit draw (`bit_generator.random_raw()`). */
  nextUint64(): bigint {
    return this.bitGenerator.nextUint64();
  }

  /** A raw 32-bit draw, using NumPy's buffered half of the previous 64-bit draw when there is one. */
  nextUint32(): number {
    return this.bitGenerator.nextUint32();
  }

  /**
   * `Generator.integers(low, high)` with the default int64 dtype: an integer in [low, high)
   * (or [low, high] with `endpoint`); `integers(n)` draws from [0, n). Ranges below 2**32 are
   * served from 32-bit halves of 64-bit draws, the unused half buffered across calls as NumPy does.
   */
  integers(low: number, high?: number, options: IntegersOptions = {}): number {
    const [lo, last] = inclusiveRange(low, high, options.endpoint ?? false);
    return lo + this.boundedInt64(last - lo);
  }

  private boundedInt64(rng: number): number {
    if (rng === 0) return 0;
    if (rng < TWO32_MINUS_1) return boundedLemire32(this.bitGenerator, rng);
    if (rng === TWO32_MINUS_1) return this.bitGenerator.nextUint32();
    return Number(boundedLemire64(this.bitGenerator, BigInt(rng)));
  }

  /**
   * `Generator.integers(low, high, size=out.length, dtype=dtype)` written into `out`: NumPy
   * slices 8- and 16-bit dtypes (and bool) out of 32-bit draws, so the dtype changes the stream.
   */
  fillIntegers<T extends IntegerArray>(
    out: T,
    low: number,
    high: number,
    dtype: IntegerDType,
    options: IntegersOptions = {},
  ): T {
    const [lo, last] = inclusiveRange(low, high, options.endpoint ?? false);
    if (dtype !== "bool" && !["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"].includes(dtype)) {
      throw ValidationError.invalid("dtype", "an integer dtype (int8 ... uint64) or bool", dtype);
    }
    const info = dtype === "bool" ? { min: 0, max: 1, bits: 1 } : dtypeInfo(dtype);
    if (lo < info.min) throw ValidationError.invalid("low", `an integer >= ${info.min} for ${dtype}`, lo);
    if (last > info.max) throw ValidationError.invalid("high", `within the ${dtype} range (max ${info.max})`, high);
    const rng = last - lo;
    const big = out instanceof BigInt64Array || out instanceof BigUint64Array;
    const write = (i: number, value: number) => {
      if (big) (out as BigInt64Array)[i] = BigInt(value);
      else (out as Float64Array)[i] = value;
    };
    const n = out.length;
    if (rng === 0) {
      for (let i = 0; i < n; i++) write(i, lo);
      return out;
    }
    if (info.bits === 1 || info.bits === 8 || info.bits === 16) {
      const buffer = new WordBuffer(this.bitGenerator);
      for (let i = 0; i < n; i++) {
        let value: number;
        if (info.bits === 1) value = buffer.bit();
        else if (rng === 2 ** info.bits - 1) value = info.bits === 8 ? buffer.uint8() : buffer.uint16();
        else value = buffer.boundedLemire(info.bits as 8 | 16, rng);
        write(i, lo + value);
      }
      return out;
    }
    for (let i = 0; i < n; i++) write(i, lo + this.boundedInt64(rng));
    return out;
  }

  /** `Generator.uniform(low, high)`: `low + (high - low) * random()`. */
  uniform(low = 0, high = 1): number {
    assertFinite(low, "low");
    assertFinite(high, "high");
    const range = high - low;
    if (!Number.isFinite(range)) throw ValidationError.invalid("high", "high - low to be finite", high);
    return low + range * this.bitGenerator.nextDouble();
  }

  /** `Generator.standard_normal()`: NumPy's 256-layer ziggurat. */
  standardNormal(): number {
    const bitgen = this.bitGenerator;
    bitgen.next64();
    return zigguratNormal(bitgen, bitgen.outHi, bitgen.outLo);
  }

  /**
   * Fills `out[start .. end)` with `standardNormal()` draws, in order, and returns `out`: the same numbers
   * (`Generator.standard_normal(size)` in NumPy), the generator left in the same state, several times faster
   * than a loop of calls (the 64-bit draws are made in bulk and the ziggurat's common case is inline).
   */
  standardNormalFill<T extends Float64Array | Float32Array>(out: T, start = 0, end = out.length): T {
    if (!Number.isInteger(start) || start < 0 || start > out.length) {
      throw ValidationError.invalid("start", `an integer in [0, ${out.length}]`, start);
    }
    if (!Number.isInteger(end) || end < start || end > out.length) {
      throw ValidationError.invalid("end", `an integer in [${start}, ${out.length}]`, end);
    }
    const raw = this.#raw;
    let pos = 0;
    let filled = 0;
    for (let i = start; i < end; i++) {
      // Every remaining normal takes at least one draw, so drawing up to `end - i` never draws ahead of the
      // stream; draws left over by a rejection below are consumed by the next normals.
      if (pos === filled) {
        filled = raw.fill(Math.min(end - i, RAW_BATCH));
        pos = 0;
      }
      const hi = raw.hi[pos] as number;
      const lo = raw.lo[pos] as number;
      pos++;
      const idx = lo & 0xff;
      const rabs = (hi & 0x1fffffff) * 8388608 + (lo >>> 9);
      if (rabs < (KI[idx] as number)) {
        const x = rabs * (WI[idx] as number);
        out[i] = (lo & 0x100) === 0 ? x : -x;
      } else {
        raw.start(pos, filled);
        out[i] = zigguratNormal(raw, hi, lo);
        pos = raw.pos;
        filled = raw.end;
      }
    }
    return out;
  }

  /** `Generator.normal(loc, scale)` = `loc + scale * standard_normal()`. */
  normal(loc = 0, scale = 1): number {
    assertFinite(loc, "loc");
    if (!(scale >= 0) || !Number.isFinite(scale)) throw ValidationError.invalid("scale", "a finite number >= 0", scale);
    return loc + scale * this.standardNormal();
  }

  /** `Generator.standard_exponential()`: NumPy's ziggurat. */
  standardExponential(): number {
    const bitgen = this.bitGenerator;
    for (;;) {
      bitgen.next64();
      const lo = bitgen.outLo;
      const idx = (lo >>> 3) & 0xff;
      const ri = bitgen.outHi * 2097152 + (lo >>> 11);
      const x = ri * (WE[idx] as number);
      if (ri < (KE[idx] as number)) return x;
      if (idx === 0) return ZIGGURAT_EXP_R - Math.log1p(-bitgen.nextDouble());
      const fPrev = FE[idx - 1] as number;
      const f = FE[idx] as number;
      if ((fPrev - f) * bitgen.nextDouble() + f < Math.exp(-x)) return x;
    }
  }

  /** `Generator.exponential(scale)` = `scale * standard_exponential()`. */
  exponential(scale = 1): number {
    if (!(scale >= 0) || !Number.isFinite(scale)) throw ValidationError.invalid("scale", "a finite number >= 0", scale);
    return scale * this.standardExponential();
  }

  /** `Generator.geometric(p)`: trials until the first success, >= 1. */
  geometric(p: number): number {
    if (typeof p !== "number" || !(p > 0 && p <= 1)) throw ValidationError.invalid("p", "a number in (0, 1]", p);
    if (p >= 1 / 3) {
      let x = 1;
      let sum = p;
      let prod = p;
      const q = 1 - p;
      const u = this.bitGenerator.nextDouble();
      while (u > sum) {
        prod *= q;
        sum += prod;
        x += 1;
      }
      return x;
    }
    const z = Math.ceil(-this.standardExponential() / Math.log1p(-p));
    return z >= 9.223372036854776e18 ? Number.MAX_SAFE_INTEGER : z;
  }

  /**
   * The index NumPy's `Generator.choice(n, p=p)` picks (size None, with replacement):
   * `integers(0, n)` without p; with p, the right-sided search of `random()` in the normalised CDF.
   */
  choice(n: number, p?: ArrayLike<number>): number {
    if (!Number.isSafeInteger(n) || n <= 0) throw ValidationError.invalid("n", "a positive integer", n);
    if (p === undefined) return this.integers(0, n);
    if (p.length !== n) throw ValidationError.invalid("p", `${n} probabilities`, p.length);
    let sum = 0;
    let compensation = 0;
    for (let i = 0; i < n; i++) {
      const value = p[i] as number;
      if (typeof value !== "number" || Number.isNaN(value) || value < 0) {
        throw ValidationError.invalid(`p[${i}]`, "a probability >= 0", value);
      }
      const y = value - compensation;
      const t = sum + y;
      compensation = t - sum - y;
      sum = t;
    }
    if (!(Math.abs(sum - 1) <= SQRT_EPS)) throw ValidationError.invalid("p", "probabilities that sum to 1", sum);
    const cdf = new Float64Array(n);
    let running = 0;
    for (let i = 0; i < n; i++) {
      running += p[i] as number;
      cdf[i] = running;
    }
    const total = cdf[n - 1] as number;
    for (let i = 0; i < n; i++) cdf[i] = (cdf[i] as number) / total;
    const u = this.bitGenerator.nextDouble();
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] as number) <= u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** `np.random.default_rng(seed)`. */
export function defaultRng(seed?: number | SeedSequence): Generator {
  return Generator.fromSeed(seed);
}

/** What the ziggurat draws from: 64-bit outputs (`next64` into `outHi`/`outLo`) and doubles. */
interface RawSource {
  next64(): void;
  nextDouble(): number;
  readonly outHi: number;
  readonly outLo: number;
}

/**
 * NumPy's normal ziggurat given the first 64-bit draw `(hi, lo)` of this normal; further draws (rejections,
 * the tail) come from `source`.
 */
function zigguratNormal(source: RawSource, firstHi: number, firstLo: number): number {
  let hi = firstHi;
  let lo = firstLo;
  for (;;) {
    const idx = lo & 0xff;
    const sign = (lo >>> 8) & 1;
    const rabs = (hi & 0x1fffffff) * 8388608 + (lo >>> 9);
    let x = rabs * (WI[idx] as number);
    if (sign === 1) x = -x;
    if (rabs < (KI[idx] as number)) return x;
    if (idx === 0) {
      for (;;) {
        const xx = -ZIGGURAT_NOR_INV_R * Math.log1p(-source.nextDouble());
        const yy = -Math.log1p(-source.nextDouble());
        if (yy + yy > xx * xx) {
          return ((rabs >>> 8) & 1) === 1 ? -(ZIGGURAT_NOR_R + xx) : ZIGGURAT_NOR_R + xx;
        }
      }
    }
    const fPrev = FI[idx - 1] as number;
    const f = FI[idx] as number;
    if ((fPrev - f) * source.nextDouble() + f < Math.exp(-0.5 * x * x)) return x;
    source.next64();
    hi = source.outHi;
    lo = source.outLo;
  }
}

/**
 * 64-bit draws made ahead in bulk (`PCG64.fill64`) and handed out in order; once they are used up, further
 * draws come straight from the bit generator, so the stream is exactly the bit generator's.
 */
class RawBuffer implements RawSource {
  hi = new Uint32Array(0);
  lo = new Uint32Array(0);
  pos = 0;
  end = 0;
  outHi = 0;
  outLo = 0;

  constructor(private readonly bitgen: PCG64) {}

  /** Draws `count` outputs into `hi`/`lo[0 .. count)` and returns `count`. */
  fill(count: number): number {
    if (this.hi.length < count) {
      const size = Math.min(Math.max(count, 2 * this.hi.length, 64), RAW_BATCH);
      this.hi = new Uint32Array(size);
      this.lo = new Uint32Array(size);
    }
    this.bitgen.fill64(this.hi, this.lo, 0, count);
    return count;
  }

  /** Hands out the buffered outputs `[pos, end)` first. */
  start(pos: number, end: number): void {
    this.pos = pos;
    this.end = end;
  }

  next64(): void {
    if (this.pos < this.end) {
      this.outHi = this.hi[this.pos] as number;
      this.outLo = this.lo[this.pos] as number;
      this.pos++;
    } else {
      this.bitgen.next64();
      this.outHi = this.bitgen.outHi;
      this.outLo = this.bitgen.outLo;
    }
  }

  nextDouble(): number {
    this.next64();
    return (this.outHi * 2097152 + (this.outLo >>> 11)) * 1.1102230246251565e-16;
  }
}
