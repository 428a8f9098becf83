/**
 * The 440-entry table glibc's sin/cos look up: for i = 0..109, sin(i/128) and cos(i/128) each as a
 * double-double (high part, then the low part). It is computed here from first principles (Taylor
 * series in 220-bit fixed point with BigInt, each part rounded to nearest even), which reproduces
 * glibc's `sincos.tbl` except for the 18 low parts listed in {@link GLIBC_LOW_PART_CORRECTIONS}; those
 * differ from the correctly rounded value by a few units in the last place, and glibc's results
 * depend on them. The table is built once, on first use (about a millisecond).
 */
import { ulpStep } from "./bits.js";

const PRECISION = 220n;
const ONE = 1n << PRECISION;

/**
 * glibc's low parts that are not the correctly rounded remainder: [index into the table, units in
 * the last place to add]. Found by comparing the computed table with glibc 2.36's (an
 * entry's high parts all agree).
 */
export const GLIBC_LOW_PART_CORRECTIONS: readonly (readonly [index: number, ulps: number])[] = Object.freeze([
  [9, -1], [41, -1], [93, -39], [107, 1], [109, -1], [133, -1], [137, -1], [145, 1], [161, -2],
  [179, -1], [283, 1], [301, -1], [303, 2], [319, 1], [341, -1], [361, -2], [377, 1], [429, 1],
].map((entry) => Object.freeze(entry as [number, number])));

/**
 * A fixed-point value `v / 2^PRECISION` rounded to the nearest double: `Number(bigint)` rounds to nearest,
 * ties to even, and the power-of-two scaling is exact in this range.
 */
function toDouble(v: bigint): number {
  return Number(v) * 2 ** -Number(PRECISION);
}

/** The exact fixed-point value of a double (|x| < 2, so the scaled value is an integer). */
function toFixed(x: number): bigint {
  return BigInt(x * 2 ** Number(PRECISION));
}

function sinCosFixed(i: number): [sin: bigint, cos: bigint] {
  const x = (BigInt(i) * ONE) / 128n;
  const x2 = (x * x) >> PRECISION;
  let s = 0n;
  let term = x;
  for (let n = 1n; term !== 0n; n += 2n) {
    s += term;
    term = -((term * x2) >> PRECISION) / ((n + 1n) * (n + 2n));
  }
  let c = 0n;
  term = ONE;
  for (let n = 0n; term !== 0n; n += 2n) {
    c += term;
    term = -((term * x2) >> PRECISION) / ((n + 1n) * (n + 2n));
  }
  return [s, c];
}

let table: Float64Array | undefined;

/** The table (built on first call). */
export function sincosTable(): Float64Array {
  if (table !== undefined) return table;
  const out = new Float64Array(440);
  for (let i = 0; i < 110; i++) {
    const [s, c] = sinCosFixed(i);
    for (const [offset, v] of [[0, s], [2, c]] as const) {
      const hi = toDouble(v);
      out[4 * i + offset] = hi;
      out[4 * i + offset + 1] = toDouble(v - toFixed(hi));
    }
  }
  for (const [index, ulps] of GLIBC_LOW_PART_CORRECTIONS) {
    const lo = out[index] as number;
    out[index] = ulpStep(lo, lo > 0 ? ulps : -ulps);
  }
  table = out;
  return out;
}
