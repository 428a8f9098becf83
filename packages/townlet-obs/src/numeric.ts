/**
 * Small numeric helpers that reproduce the Python/NumPy arithmetic the reference relies on.
 * Every helper works in float64; callers round to float32 once, when storing into a Float32Array.
 */

/** Python's `a % b` for a positive modulus: the result always lies in `[0, b)`. */
export function pyMod(a: number, b: number): number {
  const r = a % b;
  return r < 0 ? r + b : r;
}

/** `min(hi, max(lo, value))`. */
export function clamp(value: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, value));
}

/**
 * Euclidean length of an integer offset. For integers the sum of squares is exact, so the square
 * root is correctly rounded (NumPy's `hypot` is within one double ulp of it; see the README).
 */
export function offsetLength(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

const PAIRWISE_BLOCK = 128;

/** NumPy's `pairwise_sum` for float64: plain loop below 8 values, 8 accumulators up to 128, halves above. */
function pairwiseSum(values: readonly number[], start: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += values[start + i];
    return res;
  }
  if (n <= PAIRWISE_BLOCK) {
    const r = new Float64Array(8);
    for (let j = 0; j < 8; j++) r[j] = values[start + j];
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let j = 0; j < 8; j++) r[j] += values[start + i + j];
    }
    const head = (r[0] + r[1]) + (r[2] + r[3]);
    const tail = (r[4] + r[5]) + (r[6] + r[7]);
    let res = head + tail;
    for (; i < n; i++) res += values[start + i];
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(values, start, n2) + pairwiseSum(values, start + n2, n - n2);
}

/** `np.sum` of a float64 list: the additive identity plus NumPy's pairwise sum. */
export function numpySum(values: readonly number[]): number {
  return 0 + pairwiseSum(values, 0, values.length);
}

/** `float(np.mean(values))` for a non-empty float64 list. */
export function numpyMean(values: readonly number[]): number {
  return numpySum(values) / values.length;
}

/** Characters Python's `str.strip()` removes (Unicode White_Space plus the ASCII separators 0x1C-0x1F). */
const PY_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
  0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** Python's `str.strip()` with no argument (JavaScript's `trim()` uses a slightly different set). */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PY_WHITESPACE.has(text.charCodeAt(start))) start++;
  while (end > start && PY_WHITESPACE.has(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** Python's `str(name).strip().lower()`, the reference's object-type key for compact channels. */
export function objectTypeKey(type: string): string {
  return pyStrip(type).toLowerCase();
}

/**
 * Python's `sorted(items, key=key, reverse=True)`: descending by key, and stable (equal keys keep
 * their input order). Array.prototype.sort is stable, so comparing b to a preserves that order.
 */
export function sortDescendingStable<T>(items: readonly T[], key: (item: T) => number): T[] {
  return items
    .map((item) => ({ item, k: key(item) }))
    .sort((a, b) => (b.k > a.k ? 1 : b.k < a.k ? -1 : 0))
    .map((entry) => entry.item);
}
