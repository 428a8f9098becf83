/**
 * Float and rounding boundaries (issue 20, class 3): the values just inside and just outside a space's
 * bounds that a hand-written validator gets wrong — the next representable number beyond each Box bound
 * in the space's own dtype (the next float32 above `1` is 1.0000001192…), values within 1e-6 of a bound,
 * the bound itself, and, for Discrete spaces, the integers on either side of the range and near-integers.
 */
import { ndarray, type DType } from "@plume/core-types";
import { boxView, discreteView, type AnySpace } from "./spaces-util.js";

const F64 = new Float64Array(1);
const U64 = new BigUint64Array(F64.buffer);
const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);

/** The next float64 after `x` towards `direction` (+1 up, -1 down), as C's nextafter. */
export function nextFloat64(x: number, direction: 1 | -1): number {
  if (Number.isNaN(x) || x === direction * Number.POSITIVE_INFINITY) return x;
  if (x === 0) return direction * Number.MIN_VALUE;
  F64[0] = x;
  U64[0] = (x > 0) === (direction > 0) ? (U64[0] as bigint) + 1n : (U64[0] as bigint) - 1n;
  return F64[0] as number;
}

/** The next float32 after `x` (a float32 value) towards `direction`, as C's nextafterf. */
export function nextFloat32(x: number, direction: 1 | -1): number {
  const v = Math.fround(x);
  if (Number.isNaN(v) || v === direction * Number.POSITIVE_INFINITY) return v;
  if (v === 0) {
    U32[0] = 1;
    return direction * (F32[0] as number);
  }
  F32[0] = v;
  U32[0] = (v > 0) === (direction > 0) ? (U32[0] as number) + 1 : (U32[0] as number) - 1;
  return F32[0] as number;
}

/** The next number of a float dtype after `x` towards `direction`. */
function nextOf(dtype: DType, x: number, direction: 1 | -1): number {
  return dtype === "float32" ? nextFloat32(x, direction) : nextFloat64(x, direction);
}

/** `x` rounded to `dtype`'s precision (float32 through Math.fround). */
function inDtype(dtype: DType, x: number): number {
  return dtype === "float32" ? Math.fround(x) : x;
}

/** One probe: the value, and where it sits ("the next float32 above high[0]"). */
export interface BoundaryProbe {
  readonly value: unknown;
  readonly where: string;
}

/**
 * Probes around every bound of a Box (each element in turn, the others at a member value) and of a
 * Discrete space; an empty list for other spaces. Members and non-members are both included: the caller
 * compares a validator with the space's own reading, so it needs no labels.
 */
export function boundaryProbes(space: AnySpace): BoundaryProbe[] {
  const out: BoundaryProbe[] = [];
  const d = discreteView(space);
  if (d !== undefined) {
    const last = d.start + d.n - 1;
    for (const [v, where] of [
      [d.start, "start"],
      [last, "start + n - 1"],
      [d.start - 1, "start - 1"],
      [last + 1, "start + n"],
      [last + 2 ** -30, "start + n - 1 + 2^-30"],
      [last + 1e-6, "start + n - 1 + 1e-6"],
      [d.start - 1e-6, "start - 1e-6"],
      [nextFloat64(last, 1), "the next float64 above start + n - 1"],
      [nextFloat64(d.start, -1), "the next float64 below start"],
    ] as const) {
      out.push({ value: v, where });
    }
    return out;
  }
  const box = boxView(space);
  if (box === undefined) return out;
  const { dtype, shape, low, high } = box;
  const size = shape.reduce((a, b) => a * b, 1);
  if (size === 0 || size > 64) return out;
  const float = dtype === "float32" || dtype === "float64";
  const lo = Array.from(low, Number);
  const hi = Array.from(high, Number);
  // a member to hold the other elements at: the midpoint when bounded, else a finite bound or 0
  const base = lo.map((l, i) => {
    const h = hi[i] as number;
    if (Number.isFinite(l) && Number.isFinite(h)) return float ? inDtype(dtype, l + (h - l) / 2) : Math.floor(l + (h - l) / 2);
    if (Number.isFinite(l)) return l;
    if (Number.isFinite(h)) return h;
    return 0;
  });
  const make = (i: number, v: number): unknown => {
    const data = base.slice();
    data[i] = v;
    try {
      return ndarray(dtype, shape, data as never);
    } catch {
      return undefined;
    }
  };
  const elements = Math.min(size, 4);
  for (let i = 0; i < elements; i++) {
    const l = lo[i] as number;
    const h = hi[i] as number;
    const candidates: [number, string][] = [];
    if (Number.isFinite(h)) {
      candidates.push([h, `high[${i}]`]);
      if (float) {
        candidates.push([nextOf(dtype, h, 1), `the next ${dtype} above high[${i}]`]);
        candidates.push([nextOf(dtype, h, -1), `the next ${dtype} below high[${i}]`]);
        candidates.push([inDtype(dtype, h + Math.max(1e-6, Math.abs(h) * 1e-6)), `high[${i}] + 1e-6`]);
        candidates.push([inDtype(dtype, h + Math.max(1e-7, Math.abs(h) * 1e-7)), `high[${i}] + 1e-7`]);
      } else if (!float) candidates.push([h + 1, `high[${i}] + 1`]);
    }
    if (Number.isFinite(l)) {
      candidates.push([l, `low[${i}]`]);
      if (float) {
        candidates.push([nextOf(dtype, l, -1), `the next ${dtype} below low[${i}]`]);
        candidates.push([nextOf(dtype, l, 1), `the next ${dtype} above low[${i}]`]);
        candidates.push([inDtype(dtype, l - Math.max(1e-6, Math.abs(l) * 1e-6)), `low[${i}] - 1e-6`]);
        candidates.push([inDtype(dtype, l - Math.max(1e-7, Math.abs(l) * 1e-7)), `low[${i}] - 1e-7`]);
      } else if (!float) candidates.push([l - 1, `low[${i}] - 1`]);
    }
    for (const [v, where] of candidates) {
      const value = make(i, v);
      if (value !== undefined) out.push({ value, where });
    }
  }
  return out;
}
