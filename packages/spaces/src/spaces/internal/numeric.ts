/** Small NumPy numerics the spaces rely on, reproduced exactly where results feed the generator. */
import { ValidationError, dtypeOfTypedArray, isNDArray, type DType } from "@plume/core-types";
import type { Scalar } from "./dtype.js";

const PW_BLOCKSIZE = 128;

function pairwise(a: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += a[start + i] as number;
    return res;
  }
  if (n <= PW_BLOCKSIZE) {
    const r = new Float64Array(8);
    for (let j = 0; j < 8; j++) r[j] = a[start + j] as number;
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let j = 0; j < 8; j++) r[j] = (r[j] as number) + (a[start + i + j] as number);
    }
    let res =
      ((r[0] as number) + (r[1] as number) + ((r[2] as number) + (r[3] as number))) +
      ((r[4] as number) + (r[5] as number) + ((r[6] as number) + (r[7] as number)));
    for (; i < n; i++) res += a[start + i] as number;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwise(a, start, n2) + pairwise(a, start + n2, n - n2);
}

/**
 * `np.sum` of a contiguous float64 vector: the add identity (0) plus NumPy's pairwise summation,
 * so normalised probabilities match NumPy to the last bit.
 */
export function numpySum(values: ArrayLike<number>): number {
  return 0 + pairwise(values, 0, values.length);
}

/** `np.isclose(a, b)` with the default tolerances (rtol 1e-5, atol 1e-8). */
export function isClose(a: number, b: number, rtol = 1e-5, atol = 1e-8): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return false;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
  return Math.abs(a - b) <= atol + rtol * Math.abs(b);
}

/** `np.allclose(a, b)` for equally long vectors. */
export function allClose(a: ArrayLike<Scalar>, b: ArrayLike<Scalar>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Scalar;
    const y = b[i] as Scalar;
    if (typeof x === "bigint" && typeof y === "bigint") {
      if (x !== y && !isClose(Number(x), Number(y))) return false;
    } else if (!isClose(Number(x), Number(y))) {
      return false;
    }
  }
  return true;
}

/** A number, bigint, (nested) array, typed array or NDArray read as a shape and row-major values. */
export interface FlatInput {
  /** undefined for a scalar. */
  readonly shape: readonly number[] | undefined;
  readonly values: readonly Scalar[];
  /** The NDArray's (or typed array's) dtype, when the input carried one. */
  readonly dtype: DType | undefined;
}

const ARRAY_EXPECTED = "a number, a (nested) array of numbers, a typed array or an NDArray";

export function readNumericInput(input: unknown, parameter: string): FlatInput {
  if (typeof input === "number" || typeof input === "bigint") {
    return { shape: undefined, values: [input], dtype: undefined };
  }
  if (isNDArray(input)) {
    return {
      shape: [...input.shape],
      values: Array.from(input.data as ArrayLike<Scalar>),
      dtype: input.dtype,
    };
  }
  if (ArrayBuffer.isView(input) && !(input instanceof DataView)) {
    const dtype = dtypeOfTypedArray(input);
    if (dtype === undefined) throw ValidationError.invalid(parameter, ARRAY_EXPECTED, input);
    const values = Array.from(input as unknown as ArrayLike<Scalar>);
    return { shape: [values.length], values, dtype };
  }
  if (Array.isArray(input)) {
    const values: Scalar[] = [];
    const shape = nestedShape(input, parameter, values);
    return { shape, values, dtype: undefined };
  }
  throw ValidationError.invalid(parameter, ARRAY_EXPECTED, input);
}

function nestedShape(input: readonly unknown[], parameter: string, out: Scalar[]): number[] {
  if (input.length === 0) return [0];
  if (input.every((item) => Array.isArray(item))) {
    let inner: number[] | undefined;
    for (const item of input as readonly unknown[][]) {
      const shape = nestedShape(item, parameter, out);
      if (inner !== undefined && !(inner.length === shape.length && inner.every((d, i) => d === shape[i]))) {
        throw ValidationError.invalid(parameter, "a rectangular (non-ragged) nested array", input);
      }
      inner = shape;
    }
    return [input.length, ...(inner ?? [])];
  }
  for (const item of input) {
    if (typeof item !== "number" && typeof item !== "bigint") {
      throw ValidationError.invalid(parameter, ARRAY_EXPECTED, input);
    }
    out.push(item);
  }
  return [input.length];
}

/** Row-major values as nested arrays following `shape` (a scalar for shape `[]`). */
export function nestValues(values: readonly Scalar[], shape: readonly number[]): NumericNested {
  const build = (depth: number, offset: number): NumericNested => {
    if (depth === shape.length) return values[offset] as Scalar;
    const stride = shape.slice(depth + 1).reduce((a, b) => a * b, 1);
    return Array.from({ length: shape[depth] ?? 0 }, (_, i) => build(depth + 1, offset + i * stride));
  };
  return build(0, 0);
}

/** The single value when every element is equal (or there are none), otherwise nested arrays. */
export function compactValues(values: readonly Scalar[], shape: readonly number[]): NumericNested {
  if (values.length === 0) return 0;
  const first = values[0] as Scalar;
  if (values.every((v) => Object.is(v, first))) return first;
  return nestValues(values, shape);
}

export type NumericNested = Scalar | readonly NumericNested[];
