/**
 * `sin` and `cos` bit for bit as glibc's libm computes them on x86-64 with FMA (its `__sin_fma` /
 * `__cos_fma`, which NumPy's `np.sin`/`np.cos` and Python's `math.sin`/`math.cos` call there).
 *
 * The algorithm, its constants and its order of operations are glibc's `sysdeps/ieee754/dbl-64/s_sin.c`
 * (IBM Accurate Mathematical Library): reduction to |a + da| <= π/4 (three-part π/2 for
 * |x| < 105414350, an exact reduction above), then a Taylor polynomial near 0 or a table of
 * sin/cos(i/128) plus short polynomials. Where GCC contracts `a*b + c` into one FMA in that build, this
 * uses {@link fma}; every other operation is an ordinary double operation in the same order.
 */
import { copysign, hiWord, loWord } from "./bits.js";
import { fma } from "./fma.js";
import { reduceHuge } from "./reduce-huge.js";
import { sincosTable } from "./sincos-table.js";

// Polynomial and reduction constants of glibc's usncs.h and s_sin.c.
const s1 = -0.16666666666666666;
const s2 = 0.008333333333332329;
const s3 = -0.00019841269834414642;
const s4 = 2.755729806860771e-06;
const s5 = -2.5022014848318398e-08;
const big = 52776558133248.0;
const hp0 = 1.5707963267948966;
const hp1 = 6.123233995736766e-17;
const mp1 = 1.5707963407039642;
const mp2 = -1.3909067564377153e-08;
const pp3 = -4.97899623147991e-17;
const pp4 = -1.9034889620193266e-25;
const hpinv = 0.6366197723675814;
const toint = 6755399441055744.0;
const sn3 = -0.16666666666666488; // glibc: -1.66666666666664880952546298448555e-1
const sn5 = 0.008333332142857223; // glibc: 8.33333214285722277379541354343671e-3
const cs2 = 0.5; // glibc: 4.99999999999999999999950396842453e-1
const cs4 = -0.04166666666666644; // glibc: -4.16666666666664434524222570944589e-2
const cs6 = 0.001388888740079376; // glibc: 1.38888874007937613028114285595617e-3

/** `TAYLOR_SIN(x*x, x, dx)` for |x| < 0.126. */
function taylorSin(xx: number, x: number, dx: number): number {
  const poly = fma(fma(fma(fma(s5, xx, s4), xx, s3), xx, s2), xx, s1);
  const t = fma(fma(poly, x, -(0.5 * dx)), xx, dx);
  return x + t;
}

/** `do_cos(x, dx)`: cos(x + dx) from the table entry nearest |x| and short polynomials. */
function doCos(x: number, dx: number): number {
  const tab = sincosTable();
  if (x < 0) dx = -dx;
  const u = big + Math.abs(x);
  x = Math.abs(x) - (u - big) + dx;
  const xx = x * x;
  const s = fma(x * xx, fma(xx, sn5, sn3), x);
  const c = xx * fma(xx, fma(xx, cs6, cs4), cs2);
  const k = loWord(u) << 2;
  const sn = tab[k] as number;
  const ssn = tab[k + 1] as number;
  const cs = tab[k + 2] as number;
  const ccs = tab[k + 3] as number;
  let cor = fma(-s, ssn, ccs);
  cor = fma(-cs, c, cor);
  cor = fma(-sn, s, cor);
  return cs + cor;
}

/** `do_sin(x, dx)`: sin(x + dx). */
function doSin(x: number, dx: number): number {
  const xold = x;
  if (Math.abs(x) < 0.126) return taylorSin(x * x, x, dx);
  const tab = sincosTable();
  if (x <= 0) dx = -dx;
  const u = big + Math.abs(x);
  x = Math.abs(x) - (u - big);
  const xx = x * x;
  const s = x + fma(x * xx, fma(xx, sn5, sn3), dx);
  const c = fma(x, dx, xx * fma(xx, fma(xx, cs6, cs4), cs2));
  const k = loWord(u) << 2;
  const sn = tab[k] as number;
  const ssn = tab[k + 1] as number;
  const cs = tab[k + 2] as number;
  const ccs = tab[k + 3] as number;
  let cor = fma(s, ccs, ssn);
  cor = fma(-sn, c, cor);
  cor = fma(cs, s, cor);
  return copysign(sn + cor, xold);
}

/** `reduce_sincos` for |x| < 105414350: the quadrant n and a + da = x - n·π/2. */
let reducedA = 0;
let reducedDa = 0;
function reduceSincos(x: number): number {
  const t = fma(x, hpinv, toint);
  const xn = t - toint;
  const y = fma(-xn, mp2, fma(-xn, mp1, x));
  const n = loWord(t) & 3;
  const t2 = fma(-xn, pp3, y);
  let db = fma(-xn, pp3, y - t2);
  const b = fma(-xn, pp4, t2);
  db += fma(-xn, pp4, t2 - b);
  reducedA = b;
  reducedDa = db;
  return n;
}

function doSincos(a: number, da: number, n: number): number {
  const r = (n & 1) !== 0 ? doCos(a, da) : doSin(a, da);
  return (n & 2) !== 0 ? -r : r;
}

/** sin(x), bit for bit as glibc 2.36's libm on x86-64 with FMA (and so NumPy's `np.sin` there). */
export function sin(x: number): number {
  const k = hiWord(x) & 0x7fffffff;
  if (k < 0x3e500000) return x; // |x| < 2^-26
  if (k < 0x3feb6000) return doSin(x, 0); // |x| < 0.855469
  if (k < 0x400368fd) return copysign(doCos(hp0 - Math.abs(x), hp1), x); // |x| < 2.426265
  if (k < 0x419921fb) {
    const n = reduceSincos(x);
    return doSincos(reducedA, reducedDa, n);
  }
  if (k < 0x7ff00000) {
    const r = reduceHuge(x);
    return doSincos(r.a, r.da, r.n);
  }
  return x - x; // NaN for NaN and ±Infinity
}

/** cos(x), bit for bit as glibc 2.36's libm on x86-64 with FMA (and so NumPy's `np.cos` there). */
export function cos(x: number): number {
  const k = hiWord(x) & 0x7fffffff;
  if (k < 0x3e400000) return 1; // |x| < 2^-27
  if (k < 0x3feb6000) return doCos(x, 0);
  if (k < 0x400368fd) {
    const y = hp0 - Math.abs(x);
    const a = y + hp1;
    const da = y - a + hp1;
    return doSin(a, da);
  }
  if (k < 0x419921fb) {
    const n = reduceSincos(x);
    return doSincos(reducedA, reducedDa, n + 1);
  }
  if (k < 0x7ff00000) {
    const r = reduceHuge(x);
    return doSincos(r.a, r.da, r.n + 1);
  }
  return x - x;
}
