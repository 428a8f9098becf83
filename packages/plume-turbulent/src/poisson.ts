/**
 * NumPy's `Generator.poisson(lam)` on a `@plume/spaces` `Generator`: the multiplication method for `lam < 10`
 * and Hörmann's PTRS transformed rejection for `lam >= 10`, written as NumPy's `random_poisson` (distributions.c)
 * so that a seeded generator gives NumPy's draws.
 */
import type { Generator } from "@plume/spaces";

const LOGGAM_A = [
  8.333333333333333e-2, -2.777777777777778e-3, 7.936507936507937e-4, -5.952380952380952e-4, 8.417508417508418e-4, -1.917526917526918e-3,
  6.41025641025641e-3, -2.955065359477124e-2, 1.796443723688307e-1, -1.3924322169059,
];

/** NumPy's `random_loggam`: log Γ(x) for x > 0 (Stirling series after shifting x up to 7). */
export function loggam(x: number): number {
  if (x === 1 || x === 2) return 0;
  const n = x < 7 ? Math.trunc(7 - x) : 0;
  let x0 = x + n;
  const x2 = (1 / x0) * (1 / x0);
  let gl0 = LOGGAM_A[9] as number;
  for (let k = 8; k >= 0; k--) {
    gl0 *= x2;
    gl0 += LOGGAM_A[k] as number;
  }
  let gl = gl0 / x0 + 0.5 * 1.8378770664093453 + (x0 - 0.5) * Math.log(x0) - x0;
  if (x < 7) {
    for (let k = 1; k <= n; k++) {
      gl -= Math.log(x0 - 1);
      x0 -= 1;
    }
  }
  return gl;
}

/** A Poisson(`lam`) draw, `lam >= 0` finite. */
export function poisson(rng: Generator, lam: number): number {
  if (lam >= 10) return poissonPtrs(rng, lam);
  if (lam === 0) return 0;
  const enlam = Math.exp(-lam);
  let x = 0;
  let prod = 1;
  for (;;) {
    prod *= rng.random();
    if (prod > enlam) x += 1;
    else return x;
  }
}

function poissonPtrs(rng: Generator, lam: number): number {
  const slam = Math.sqrt(lam);
  const loglam = Math.log(lam);
  const b = 0.931 + 2.53 * slam;
  const a = -0.059 + 0.02483 * b;
  const invalpha = 1.1239 + 1.1328 / (b - 3.4);
  const vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const U = rng.random() - 0.5;
    const V = rng.random();
    const us = 0.5 - Math.abs(U);
    const k = Math.floor(((2 * a) / us + b) * U + lam + 0.43);
    if (us >= 0.07 && V <= vr) return k;
    if (k < 0 || (us < 0.013 && V > us)) continue;
    if (Math.log(V) + Math.log(invalpha) - Math.log(a / (us * us) + b) <= -lam + k * loglam - loggam(k + 1)) return k;
  }
}
