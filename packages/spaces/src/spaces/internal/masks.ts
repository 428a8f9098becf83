/** Validation of the `mask` / `probability` arguments of `sample`, with Gymnasium's rules. */
import { ValidationError, isNDArray, ndarray, shapesEqual, type DType, type NDArray } from "@plume/core-types";
import { isClose, numpySum } from "./numeric.js";

export type MaskKind = "mask" | "probability";

/** An NDArray of exactly `dtype` and `shape`, or a ValidationError naming `parameter`. */
export function checkMaskArray<D extends DType>(
  value: unknown,
  parameter: string,
  dtype: D,
  shape: readonly number[],
): NDArray<D> {
  const expected = `an NDArray of dtype ${dtype} and shape [${shape.join(", ")}]`;
  if (!isNDArray(value)) {
    // Also take `{ dtype, shape, data }` with a plain array of numbers (e.g. parsed JSON).
    const like = value as Partial<{ dtype: unknown; shape: unknown; data: unknown }> | null;
    if (
      typeof like === "object" &&
      like !== null &&
      like.dtype === dtype &&
      Array.isArray(like.shape) &&
      Array.isArray(like.data) &&
      like.data.every((v) => typeof v === "number")
    ) {
      try {
        return checkMaskArray(ndarray(dtype, like.shape as number[], like.data as number[]), parameter, dtype, shape);
      } catch (error) {
        if (error instanceof ValidationError && error.parameter === parameter) throw error;
        throw ValidationError.invalid(parameter, expected, value);
      }
    }
    throw ValidationError.invalid(parameter, expected, value);
  }
  if (value.dtype !== dtype) throw ValidationError.invalid(parameter, expected, `dtype ${value.dtype}`);
  if (!shapesEqual(value.shape, shape)) throw ValidationError.invalid(parameter, expected, `shape [${value.shape.join(", ")}]`);
  return value as NDArray<D>;
}

/** int8 action mask: every value 0 or 1; returns the indices of the 1s. */
export function validIndicesOfMask(mask: NDArray<"int8">, parameter: string): number[] {
  const valid: number[] = [];
  mask.data.forEach((v, i) => {
    if (v !== 0 && v !== 1) throw ValidationError.invalid(parameter, "mask values 0 or 1", v);
    if (v === 1) valid.push(i);
  });
  return valid;
}

/**
 * float64 probability mask: every value 0 or in (0, 1], summing to 1 (`np.isclose`); returns the
 * indices with non-zero probability.
 */
export function validIndicesOfProbability(probability: NDArray<"float64">, parameter: string): number[] {
  const valid: number[] = [];
  probability.data.forEach((v, i) => {
    if (v > 0 && v <= 1) valid.push(i);
    else if (v !== 0) throw ValidationError.invalid(parameter, "probabilities in [0, 1]", v);
  });
  const sum = numpySum(probability.data);
  if (!isClose(sum, 1)) throw ValidationError.invalid(parameter, "probabilities that sum to 1", sum);
  return valid;
}

/** `probability / np.sum(probability)`, restricted to `indices`. */
export function normalisedAt(probability: NDArray<"float64">, indices: readonly number[]): Float64Array {
  const sum = numpySum(probability.data);
  return Float64Array.from(indices, (i) => (probability.data[i] as number) / sum);
}
