/**
 * Argument reduction for |x| >= 105414350 (where glibc calls `__branred`): x = n·π/2 + (a + da) with
 * |a + da| <= π/4, computed exactly with BigInt (π to 1400 bits, by Machin's formula) and rounded to
 * a double-double. glibc's `__branred` is accurate to far more bits than sin/cos use, so its `a` and
 * `da` agree with these except in the last bits of `da`, which only matter in rare near-ties.
 */
const F = 1400n;

function arctanInv(k: bigint): bigint {
  const one = 1n << F;
  let power = one / k;
  const k2 = k * k;
  let sum = 0n;
  for (let n = 1n; power !== 0n; n += 2n) {
    const term = power / n;
    sum += ((n - 1n) / 2n) % 2n === 0n ? term : -term;
    power /= k2;
  }
  return sum;
}

let constants: { piOver2: bigint; twoOverPi: bigint } | undefined;

function piConstants(): { piOver2: bigint; twoOverPi: bigint } {
  if (constants === undefined) {
    const pi = 4n * (4n * arctanInv(5n) - arctanInv(239n)); // π · 2^F
    constants = { piOver2: pi / 2n, twoOverPi: (1n << (2n * F + 1n)) / pi };
  }
  return constants;
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** x = m · 2^e with an integer m (|m| < 2^53); x finite and nonzero. */
function decompose(x: number): [m: bigint, e: number] {
  f64[0] = x;
  const hi = u32[LITTLE ? 1 : 0] as number;
  const lo = u32[LITTLE ? 0 : 1] as number;
  const biased = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (biased === 0) e = -1074;
  else {
    m |= 1n << 52n;
    e = biased - 1075;
  }
  return [x < 0 ? -m : m, e];
}

/** `v / 2^scale` rounded to the nearest double (ties to even). */
function toDouble(v: bigint, scale: bigint): number {
  if (v === 0n) return 0;
  const negative = v < 0n;
  let m = negative ? -v : v;
  let shift = BigInt(m.toString(2).length) - 53n;
  if (shift > 0n) {
    let q = m >> shift;
    const rem = m - (q << shift);
    const half = 1n << (shift - 1n);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
    m = q;
  } else shift = 0n;
  const value = Number(m) * 2 ** Number(shift - scale);
  return negative ? -value : value;
}

/** The exact value of a double as `v / 2^scale` (for doubles whose exponent is >= -scale). */
function toFixed(x: number, scale: bigint): bigint {
  const [m, e] = decompose(x);
  const shift = BigInt(e) + scale;
  return shift >= 0n ? m << shift : m >> -shift;
}

/** Reduces a large finite x: returns the quadrant n (mod 4), and a, da. */
export function reduceHuge(x: number): { n: number; a: number; da: number } {
  const { piOver2, twoOverPi } = piConstants();
  const [m, e] = decompose(x);
  // x · 2/π = m · twoOverPi / 2^(F - e)
  const y = m * twoOverPi;
  const s = F - BigInt(e);
  const half = 1n << (s - 1n);
  const n = (y + half) >> s; // nearest integer (ties up; ties cannot occur for irrational 2/π)
  const frac = y - (n << s); // |frac| <= 2^(s-1)
  const r = frac * piOver2; // r = remainder · 2^(s + F)
  const scale = s + F;
  const a = toDouble(r, scale);
  const da = a === 0 ? 0 : toDouble(r - toFixed(a, scale), scale);
  return { n: Number(BigInt.asUintN(2, n)), a, da };
}
