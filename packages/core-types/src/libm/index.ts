/**
 * Trigonometry that matches the C library NumPy calls on x86-64 Linux (glibc 2.36 with FMA) bit for
 * bit: use these where the Python reference calls `np.sin`, `np.cos`, `np.hypot`, `np.deg2rad`
 * (or `math.sin`/`math.cos`). V8's `Math.sin`/`Math.cos` differ from glibc in the last bit for a few
 * percent of inputs, which moves rounding ties (`round(y - d·sin a)`) to other cells.
 */
export { sin, cos } from "./sin-cos.js";
export { hypot } from "./hypot.js";
export { deg2rad, DEG2RAD } from "./deg2rad.js";
export { fma } from "./fma.js";
export { SinCosCache } from "./sincos-cache.js";
export { GLIBC_LOW_PART_CORRECTIONS } from "./sincos-table.js";
export { roundedOffsetCell, TIE_MARGIN } from "./tie-safe.js";
