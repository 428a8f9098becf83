/**
 * `fma(a, b, c)`: `a * b + c` with a single rounding, as the x86-64 FMA instruction computes it.
 * JavaScript has no fused multiply-add, so it is emulated exactly: the product is split into two
 * doubles (Dekker/Veltkamp), the three terms are added with error-free sums, and the rounding error
 * of the small terms' sum is applied only where it decides a tie — equivalent to rounding that sum to
 * odd (Boldo & Melquiond, "Emulation of FMA and correctly rounded sums: proved algorithms using
 * rounding to odd", IEEE TC 2008), which makes the final rounding correct. Valid while the product neither overflows nor reaches the subnormal range, which holds
 * for every call in this directory.
 */
const SPLITTER = 134217729; // 2^27 + 1

export function fma(a: number, b: number, c: number): number {
  const p = a * b;
  // Exact error of the product: a * b = p + e.
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  const e = ah * bh - p + ah * bl + al * bh + al * bl;
  // c + e = th + tl
  const th = c + e;
  let bv = th - c;
  const tl = c - (th - bv) + (e - bv);
  // p + th = vh + vl
  const vh = p + th;
  bv = vh - p;
  const vl = p - (vh - bv) + (th - bv);
  // z = tl + vl, and its rounding error
  const z = tl + vl;
  bv = z - tl;
  const err = tl - (z - bv) + (vl - bv);
  const r = vh + z;
  if (err === 0) return r;
  // Rounding z can only change the result when vh + z is exactly halfway between two doubles (the
  // argument behind rounding z to odd, Boldo & Melquiond): then err decides which neighbour is nearer.
  const d = z - (r - vh); // vh + z = r + d exactly
  if (d === 0) return r;
  const twice = 2 * d;
  if (r + twice - r !== twice) return r; // |d| < half an ulp of r: not a tie
  return err > 0 === d > 0 ? r + twice : r;
}
