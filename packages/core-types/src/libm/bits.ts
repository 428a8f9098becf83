/** Bit access to doubles (little- or big-endian hosts alike) for the libm ports. */
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const LO = LITTLE ? 0 : 1;
const HI = LITTLE ? 1 : 0;

/** The high 32 bits (sign, exponent, top of the mantissa) of `x`, as a signed int32 like C's `int4`. */
export function hiWord(x: number): number {
  f64[0] = x;
  return u32[HI] as number | 0;
}

/** The low 32 bits of `x`'s mantissa, as an unsigned integer. */
export function loWord(x: number): number {
  f64[0] = x;
  return u32[LO] as number;
}

/** C's `copysign(x, y)`: |x| with the sign of y (including -0). */
export function copysign(x: number, y: number): number {
  const negative = y < 0 || (y === 0 && 1 / y < 0);
  const ax = Math.abs(x);
  return negative ? -ax : ax;
}

/**
 * The double `steps` units in the last place away from `x` (positive steps increase the magnitude
 * bit pattern). Used to apply the table corrections; `x` must be finite and nonzero.
 */
export function ulpStep(x: number, steps: number): number {
  f64[0] = x;
  let lo = (u32[LO] as number) + steps;
  let hi = u32[HI] as number;
  while (lo > 0xffffffff) {
    lo -= 0x100000000;
    hi += 1;
  }
  while (lo < 0) {
    lo += 0x100000000;
    hi -= 1;
  }
  u32[LO] = lo;
  u32[HI] = hi;
  return f64[0] as number;
}
