/**
 * Reading a batch of actions for the batch kernel: one validation routine for `SyncVectorEnv`'s fast
 * path and `AsyncVectorEnv` (which writes them into shared memory).
 */
import { ValidationError } from "@plume/core-types";

/** What the actions of a batch must look like. */
export interface ActionLayout {
  /** Number of environments. */
  readonly n: number;
  /** Numbers per action: 1 for Discrete, the Box's size otherwise. */
  readonly size: number;
  /** Discrete actions are integers in [start, end). */
  readonly discrete: { readonly start: number; readonly end: number } | undefined;
  /** A Box action's bounds, flattened. */
  readonly low: Float64Array | undefined;
  readonly high: Float64Array | undefined;
  /** The single action space, for error messages. */
  readonly space: string;
}

/**
 * Validates `actions` (a sample of the batched action space, a typed array, or an array with one action
 * per environment) and returns them as `size` numbers per environment: the caller's `Int32Array` or
 * `Float64Array` itself for Discrete actions when `passThrough` (no copy), `out` filled otherwise.
 * An invalid action of an environment for which `ignored(i)` is true (it is about to be reset, so its
 * action is not used) is not an error.
 * @throws ValidationError naming `actions[i]` (or `actions` for the wrong shape); `out` may then be partly written.
 */
export function readBatchActions(
  layout: ActionLayout,
  actions: unknown,
  out: Float64Array | Int32Array,
  passThrough: boolean,
  ignored?: (i: number) => boolean,
): ArrayLike<number> {
  const { n, size, discrete } = layout;
  const source = (actions as { data?: unknown } | null)?.data ?? actions;
  if (discrete !== undefined) {
    const { start, end } = discrete;
    const invalid = (i: number, value: unknown): never => {
      throw ValidationError.invalid(`actions[${i}]`, `an element of ${layout.space}: an integer in [${start}, ${end - 1}]`, value);
    };
    if ((source instanceof Int32Array || source instanceof Float64Array) && source.length === n) {
      const integral = source instanceof Int32Array; // nothing to round-check then
      // The common case (every Int32 action valid) is settled by one unrolled pass; only a batch that
      // fails it takes the element-by-element loop below, which names the action or lets it be ignored.
      const allValid = integral && int32AllInRange(source, start, end);
      for (let i = allValid ? n : 0; i < n; i++) {
        const v = source[i] as number;
        if ((v < start || v >= end || (!integral && v !== Math.floor(v))) && !(ignored?.(i) ?? false)) invalid(i, v);
      }
      if (passThrough) return source;
      out.set(source);
      return out;
    }
    const list = Array.isArray(source) || (ArrayBuffer.isView(source) && !(source instanceof DataView)) ? (source as ArrayLike<unknown>) : undefined;
    if (list === undefined || list.length !== n) {
      throw ValidationError.invalid("actions", `${n} actions (an array, a typed array or an NDArray of shape [${n}])`, actions);
    }
    for (let i = 0; i < n; i++) {
      const raw = list[i];
      const v = typeof raw === "bigint" ? Number(raw) : raw;
      if (typeof v === "number" && Number.isInteger(v) && v >= start && v < end) out[i] = v;
      else if (ignored?.(i) ?? false) out[i] = start;
      else invalid(i, raw);
    }
    return out;
  }
  const low = layout.low as Float64Array;
  const high = layout.high as Float64Array;
  const numeric = ArrayBuffer.isView(source) && !(source instanceof DataView) && !(source instanceof BigInt64Array) && !(source instanceof BigUint64Array);
  const flat = numeric && (source as unknown as ArrayLike<number>).length === n * size ? (source as unknown as ArrayLike<number>) : undefined;
  const rows = flat === undefined && Array.isArray(source) && source.length === n ? (source as unknown[]) : undefined;
  if (flat === undefined && rows === undefined) {
    throw ValidationError.invalid("actions", `${n} actions of ${size} numbers each (an NDArray of shape [${n}, ...], a flat typed array or an array of ${n} actions)`, actions);
  }
  for (let i = 0; i < n; i++) {
    const row = rows === undefined ? undefined : (((rows[i] as { data?: unknown } | null)?.data ?? rows[i]) as ArrayLike<unknown> | undefined);
    const skip = ignored?.(i) ?? false;
    if (rows !== undefined && (row === undefined || row === null || typeof row !== "object" || row.length !== size)) {
      if (skip) {
        out.fill(0, i * size, i * size + size);
        continue;
      }
      throw ValidationError.invalid(`actions[${i}]`, `an element of ${layout.space}`, rows[i]);
    }
    for (let k = 0; k < size; k++) {
      const v = row === undefined ? (flat as ArrayLike<number>)[i * size + k] : row[k];
      if (typeof v === "number" && v >= (low[k] as number) && v <= (high[k] as number)) out[i * size + k] = v;
      else if (skip) out[i * size + k] = 0;
      else throw ValidationError.invalid(`actions[${i}]`, `an element of ${layout.space}`, row ?? v);
    }
  }
  return out;
}

/**
 * Whether every element of `values` lies in [start, end), four elements per iteration (about twice as
 * fast as one compare per iteration; this check runs for every action of every vector step).
 * `((v - start) >>> 0) >= span` is `v < start || v >= end` in one compare: a `v` below `start` wraps to
 * `v - start + 2^32`, which is at least `2^31 - start >= span` when `end <= 2^31` (int32 `v` is at
 * least -2^31). Ranges outside that guard take plain compares.
 */
function int32AllInRange(values: Int32Array, start: number, end: number): boolean {
  const n = values.length;
  const span = end - start;
  if (span <= 0 || start < -(2 ** 31) || end > 2 ** 31) {
    for (let i = 0; i < n; i++) {
      const v = values[i] as number;
      if (v < start || v >= end) return false;
    }
    return true;
  }
  let i = 0;
  for (; i + 3 < n; i += 4) {
    if (
      (((values[i] as number) - start) >>> 0) >= span ||
      (((values[i + 1] as number) - start) >>> 0) >= span ||
      (((values[i + 2] as number) - start) >>> 0) >= span ||
      (((values[i + 3] as number) - start) >>> 0) >= span
    ) {
      return false;
    }
  }
  for (; i < n; i++) if ((((values[i] as number) - start) >>> 0) >= span) return false;
  return true;
}
