/**
 * What is wrong with a sensor's observation, if anything: the wrong shape or dtype, a NaN, or a value
 * outside its `Box` (with the index), or otherwise not an element of its space. `PlumeEnv` uses it on
 * the first observations of every episode (and on every one with `checkObservations: "every-step"`),
 * `PassiveEnvChecker` to warn as Gymnasium's does.
 */
import type { SpaceLike } from "@plume/core-types";

interface BoxLike {
  readonly shape: readonly number[];
  readonly dtype: string;
  readonly low: { readonly data: ArrayLike<number> };
  readonly high: { readonly data: ArrayLike<number> };
}

function isBox(space: unknown): space is BoxLike {
  const s = space as Partial<BoxLike> | null;
  return s !== null && typeof s === "object" && Array.isArray(s.shape) && typeof s.dtype === "string" && s.low?.data !== undefined && s.high?.data !== undefined;
}

/** The bound of element `i` (a Box may hold one number for every element). */
const bound = (data: ArrayLike<number>, i: number) => (data.length === 1 ? data[0] : data[i]) as number;

/** A description of the problem with `observation` for `space`, or undefined when it is an element of it. */
export function observationProblem(space: SpaceLike<unknown>, observation: unknown): string | undefined {
  if (isBox(space)) {
    const nd = observation as { dtype?: unknown; shape?: unknown; data?: ArrayLike<number> } | null;
    if (nd === null || typeof nd !== "object" || !Array.isArray(nd.shape) || nd.data === undefined) {
      return `not an NDArray (expected ${space.dtype} of shape [${space.shape.join(", ")}])`;
    }
    if (nd.shape.length !== space.shape.length || nd.shape.some((d, k) => d !== space.shape[k])) {
      return `shape [${(nd.shape as number[]).join(", ")}] instead of [${space.shape.join(", ")}]`;
    }
    if (nd.dtype !== space.dtype) return `dtype ${String(nd.dtype)} instead of ${space.dtype}`;
    const data = nd.data;
    // A space that declares `allowsNaN` (a sensor with `nan: "propagate"`) decides about NaN itself.
    if ((space as { allowsNaN?: unknown }).allowsNaN !== true) {
      for (let i = 0; i < data.length; i++) if (Number.isNaN(Number(data[i]))) return `NaN at element ${i}`;
    }
    if (safeContains(space as unknown as SpaceLike<unknown>, observation)) return undefined;
    // Only now read the bounds (a Box hands out copies of them) to name the element.
    const low = space.low.data;
    const high = space.high.data;
    for (let i = 0; i < data.length; i++) {
      const v = Number(data[i]);
      if (v < bound(low, i) || v > bound(high, i)) return `${v} at element ${i}, outside [${bound(low, i)}, ${bound(high, i)}]`;
    }
  }
  return safeContains(space, observation) ? undefined : "not an element of the observation space";
}

function safeContains(space: SpaceLike<unknown>, observation: unknown): boolean {
  try {
    return space.contains(observation);
  } catch {
    return false;
  }
}
