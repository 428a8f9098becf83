/**
 * What the wrappers need of spaces: Box checks, reading an action's numbers, and Gymnasium's
 * `create_zero_array` (a valid sample as close to zero as possible).
 */
import { ValidationError, isBigIntDType, isNDArray, ndarray, type DType, type NDArray } from "@plume/core-types";
import { Box, Dict, Discrete, MultiBinary, MultiDiscrete, Space, Tuple } from "@plume/spaces";

/** `space` as a Box of a float dtype, or a ValidationError naming `parameter`. */
export function floatBox(space: unknown, wrapper: string, parameter: string): Box<"float32" | "float64"> {
  if (!(space instanceof Box) || (space.dtype !== "float32" && space.dtype !== "float64")) {
    throw ValidationError.invalid(parameter, `a float32 or float64 Box (${wrapper} needs one)`, String(space));
  }
  return space as Box<"float32" | "float64">;
}

/** The numbers of an action for a Box of `size` elements: an `NDArray`, a typed array or an array of numbers. */
export function actionNumbers(action: unknown, size: number, parameter = "action"): ArrayLike<number> {
  const values = isNDArray(action) ? (action.data as ArrayLike<number>) : action;
  const ok =
    values !== null &&
    typeof values === "object" &&
    typeof (values as ArrayLike<unknown>).length === "number" &&
    (values as ArrayLike<unknown>).length === size &&
    Array.from(values as ArrayLike<unknown>).every((v) => typeof v === "number");
  if (!ok) throw ValidationError.invalid(parameter, `${size} numbers (an NDArray, a typed array or an array)`, action);
  return values as ArrayLike<number>;
}

/** Bounds given as one number or one per element, as `size` float64 numbers. */
export function boundNumbers(value: unknown, size: number, parameter: string): Float64Array {
  if (typeof value === "number") {
    if (Number.isNaN(value)) throw ValidationError.invalid(parameter, "a number or one number per element", value);
    return new Float64Array(size).fill(value);
  }
  const values = actionNumbers(value, size, parameter);
  const out = Float64Array.from(values);
  if (out.some(Number.isNaN)) throw ValidationError.invalid(parameter, "numbers (no NaN)", value);
  return out;
}

/** The numbers of a Box's bounds as float64. */
export function boxBounds(box: Box<DType>): { low: Float64Array; high: Float64Array } {
  return {
    low: Float64Array.from(box.low.data as ArrayLike<number | bigint>, Number),
    high: Float64Array.from(box.high.data as ArrayLike<number | bigint>, Number),
  };
}

/**
 * A sample of `space` as close to zero as possible (Gymnasium's `create_zero_array`): zeros moved into a
 * Box's bounds, a Discrete's `start`, a MultiDiscrete's starts, zeros for MultiBinary, element-wise for
 * Tuple and Dict.
 * @throws ValidationError (`parameter` `"observationSpace"`) for other spaces.
 */
export function zeroOf(space: unknown): unknown {
  if (space instanceof Box) {
    const box = space as Box<DType>;
    const low = box.low.data as ArrayLike<number | bigint>;
    const high = box.high.data as ArrayLike<number | bigint>;
    const big = isBigIntDType(box.dtype);
    const zero = big ? 0n : 0;
    const values = Array.from({ length: low.length }, (_, i) => {
      const lo = low[i] as number | bigint;
      const hi = high[i] as number | bigint;
      return lo > zero ? lo : hi < zero ? hi : zero;
    });
    return ndarray(box.dtype, box.shape, values as ArrayLike<number> & ArrayLike<bigint>);
  }
  if (space instanceof Discrete) return space.start;
  if (space instanceof MultiDiscrete) {
    const start = (space as unknown as { start: NDArray }).start;
    return ndarray(start.dtype, start.shape, (start.data as unknown as { slice(): NDArray["data"] }).slice());
  }
  if (space instanceof MultiBinary) return ndarray("int8", space.shape);
  if (space instanceof Tuple) return (space.spaces as readonly unknown[]).map((s) => zeroOf(s));
  if (space instanceof Dict) return Object.fromEntries(space.keys.map((k) => [k, zeroOf(space.spaces[k])]));
  throw ValidationError.invalid("observationSpace", "a Box, Discrete, MultiDiscrete, MultiBinary, Tuple or Dict space (to make a zero observation)", space instanceof Space ? String(space) : space);
}
