/**
 * The sensors' `nan` option: what a NaN concentration (a movie plume read as the reference reads it,
 * where fill values become NaN) gives. `"zero"` (default) reads it as 0, so observations stay inside
 * their [0, 1] Box; `"propagate"` passes it through as the reference's `np.clip` does, and the sensor's
 * observation space then accepts NaN elements (`NanTolerantBox`).
 */
import { isNDArray, type NDArray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

export const NAN_POLICIES = Object.freeze(["zero", "propagate"] as const);
export type NanPolicy = (typeof NAN_POLICIES)[number];

/** Schema of the `nan` option. Default `"zero"`. */
export const NanPolicySchema = z.enum(NAN_POLICIES, { error: "one of zero, propagate" }).default("zero");

/**
 * A [0, 1] float32 `Box` that also contains arrays with NaN elements (its other elements still in
 * bounds): the observation space of a sensor with `nan: "propagate"`. Prints as the plain Box.
 */
export class NanTolerantBox extends Box<"float32"> {
  constructor(n: number) {
    super({ low: 0, high: 1, shape: [n], dtype: "float32" });
    Object.freeze(this);
  }

  /** Marks a space whose elements may hold NaN (environments' observation checks read it). */
  get allowsNaN(): true {
    return true;
  }

  override contains(value: unknown): value is NDArray<"float32"> {
    if (!isNDArray(value)) return false;
    const data = value.data as ArrayLike<number>;
    let hasNaN = false;
    for (let i = 0; i < data.length; i++) if (Number.isNaN(data[i])) hasNaN = true;
    if (!hasNaN) return super.contains(value);
    const filled = Float32Array.from(data as ArrayLike<number>, (v) => (Number.isNaN(v) ? 0 : v));
    return super.contains({ dtype: value.dtype, shape: value.shape, data: filled } as unknown as NDArray<"float32">);
  }
}

/** The sensor's observation space for `policy`. */
export function concentrationBox(n: number, policy: NanPolicy): Box<"float32"> {
  return policy === "propagate" ? new NanTolerantBox(n) : new Box({ low: 0, high: 1, shape: [n], dtype: "float32" });
}
