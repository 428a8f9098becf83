/**
 * `np.exp` on float32 arrays, bit for bit as NumPy's AVX2/AVX512F kernel computes it (the path the
 * reference ran on): Cody-Waite range reduction, a 5th/2nd-order rational approximation evaluated with
 * fused multiply-adds, and scaling by 2^k through the exponent bits. NumPy's result can differ from the
 * correctly rounded `Math.fround(Math.exp(x))` by up to 2.5 ulp; reproducing it keeps the precomputed
 * plume — and every grayscale level of `rgb_array` — identical to the reference's.
 */

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
// Index of the low 32-bit word of a float64 (little-endian on every platform Node runs on; checked anyway).
const LO = (() => {
  f64[0] = 1; // 0x3FF00000_00000000
  return u32[0] === 0 ? 0 : 1;
})();
const HI = 1 - LO;

/** `fmaf(a, b, c)`: `a * b + c` on float32 values, rounded once to float32 (round-to-odd in float64, then to float32). */
export function fmaf(a: number, b: number, c: number): number {
  const p = a * b; // exact: 24 + 24 bits
  const s = p + c;
  const bb = s - p;
  const e = p - (s - bb) + (c - bb); // s + e === p + c exactly (TwoSum)
  if (e !== 0) {
    f64[0] = s;
    const lo = u32[LO] as number;
    if ((lo & 1) === 0) {
      // Round to odd: move s one float64 ulp towards the exact value, so the float32 rounding is single.
      if (s > 0 === e > 0) {
        u32[LO] = lo + 1;
      } else if (lo === 0) {
        u32[LO] = 0xffffffff;
        u32[HI] = (u32[HI] as number) - 1;
      } else {
        u32[LO] = lo - 1;
      }
      return Math.fround(f64[0] as number);
    }
  }
  return Math.fround(s);
}

const f = Math.fround;
// NumPy's constants (npy_simd_data.h / the kernel's literals), written as the exact float32 values that
// their `f`-suffixed decimal literals denote.
const XMAX = 88.72283935546875; // xmax
const XMIN = -103.97208404541016; // xmin
const LOG2E = 1.4426950216293335; // NPY_LOG2Ef
const MAGIC = 12582912; // NPY_RINT_CVT_MAGICf = 0x1.8p23: adding and subtracting it rounds to the nearest integer
const C1 = -0.693145751953125; // NPY_CODY_WAITE_LOGE_2_HIGHf
const C2 = -1.428606765330187e-6; // NPY_CODY_WAITE_LOGE_2_LOWf
const P0 = 1; // NPY_COEFF_P0_EXPf
const P1 = 0.7257664799690247; // NPY_COEFF_P1_EXPf
const P2 = 0.24736154079437256; // NPY_COEFF_P2_EXPf
const P3 = 0.051145121455192566; // NPY_COEFF_P3_EXPf
const P4 = 0.006757896859198809; // NPY_COEFF_P4_EXPf
const P5 = 0.000508276280015707; // NPY_COEFF_P5_EXPf
const Q0 = 1; // NPY_COEFF_Q0_EXPf
const Q1 = -0.27423354983329773; // NPY_COEFF_Q1_EXPf
const Q2 = 0.021595094352960587; // NPY_COEFF_Q2_EXPf
const MIN_QUADRANT = -125;

const scale32 = new Float32Array(1);
const scaleBits = new Int32Array(scale32.buffer);

/** `x * 2^k` by adding `k` to the exponent bits of the (normal) float32 `x`. */
function addExponent(x: number, k: number): number {
  scale32[0] = x;
  scaleBits[0] = ((scaleBits[0] as number) + (k << 23)) | 0;
  return scale32[0] as number;
}

/** NumPy's float32 `exp(x)` (x a float32 value). */
export function npyExpF32(xIn: number): number {
  if (Number.isNaN(xIn)) return NaN;
  if (xIn >= XMAX) return Infinity;
  if (xIn <= XMIN) return 0;
  const x = f(xIn);
  const quadrant = f(f(f(x * LOG2E) + MAGIC) - MAGIC);
  let y = fmaf(quadrant, C1, x);
  y = fmaf(quadrant, C2, y);
  let num = fmaf(P5, y, P4);
  num = fmaf(num, y, P3);
  num = fmaf(num, y, P2);
  num = fmaf(num, y, P1);
  num = fmaf(num, y, P0);
  let den = fmaf(Q2, y, Q1);
  den = fmaf(den, y, Q0);
  const poly = f(num / den);
  if (quadrant <= MIN_QUADRANT) {
    // Denormal results: scale by 2^-125 through the exponent, then divide by 2^(-125 - quadrant).
    const scaled = addExponent(poly, MIN_QUADRANT);
    return f(scaled / 2 ** (MIN_QUADRANT - quadrant));
  }
  return addExponent(poly, quadrant);
}

/** The constants above are float32 values (checked by the tests). */
export const NPY_EXP_CONSTANTS: readonly number[] = Object.freeze([XMAX, XMIN, LOG2E, C1, C2, P0, P1, P2, P3, P4, P5, Q0, Q1, Q2]);
