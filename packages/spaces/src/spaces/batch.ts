/**
 * Gymnasium's `gymnasium.vector.utils`: `batch_space` (the space of n stacked samples) and the
 * `concatenate` / `iterate` pair that stacks samples and splits them again.
 */
import {
  ValidationError,
  allocate,
  isNDArray,
  ndarray,
  shapeSize,
  shapesEqual,
  type DType,
  type DTypeArrayMap,
  type IntDType,
  type NDArray,
} from "@plume/core-types";
import { castInto, kindOf, toBigInt, typedFrom, type Scalar } from "./internal/dtype.js";
import { Box, uniformBoundsOf } from "./box.js";
import { Dict, type SpaceRecord } from "./dict.js";
import { Discrete } from "./discrete.js";
import { MultiBinary } from "./multi-binary.js";
import { MultiDiscrete } from "./multi-discrete.js";
import type { SampleOf, Space } from "./space.js";
import { Tuple } from "./tuple.js";

/** The space `batchSpace(space, n)` returns, by the type of `space`. */
export type BatchedSpace<S> =
  S extends Box<infer D>
    ? Box<D>
    : S extends Discrete
      ? MultiDiscrete<"int64">
      : S extends MultiDiscrete<infer D>
        ? Box<D>
        : S extends MultiBinary
          ? Box<"int8">
          : S extends Dict<infer M>
            ? Dict<{ readonly [K in keyof M]: BatchedSpace<M[K]> }>
            : S extends Tuple<infer L>
              ? Tuple<{ readonly [I in keyof L]: BatchedSpace<L[I]> }>
              : S extends Space<unknown>
                ? Tuple<readonly S[]>
                : never;

/** The value `concatenate` builds from samples of `S` (a sample of `BatchedSpace<S>`). */
export type StackedSample<S> =
  S extends Box<infer D>
    ? NDArray<D>
    : S extends Discrete
      ? NDArray<"int64">
      : S extends MultiDiscrete<infer D>
        ? NDArray<D>
        : S extends MultiBinary
          ? NDArray<"int8">
          : S extends Dict<infer M>
            ? { readonly [K in keyof M]: StackedSample<M[K]> }
            : S extends Tuple<infer L>
              ? { readonly [I in keyof L]: StackedSample<L[I]> }
              : readonly SampleOf<S>[];

function assertCount(n: unknown): asserts n is number {
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) {
    throw ValidationError.invalid("n", "a non-negative integer (the number of copies)", n);
  }
}

function tiled<D extends DType>(dtype: D, data: ArrayLike<Scalar>, n: number, shape: readonly number[]): NDArray<D> {
  const values: Scalar[] = [];
  for (let k = 0; k < n; k++) for (let i = 0; i < data.length; i++) values.push(data[i] as Scalar);
  return ndarray(dtype, [n, ...shape], typedFrom(dtype, values));
}

/**
 * Gymnasium's `batch_space(space, n)`: Box -> Box with a leading axis of n; Discrete ->
 * MultiDiscrete (with start); MultiDiscrete -> integer Box; MultiBinary -> int8 Box of 0..1;
 * Dict / Tuple -> batched subspaces; any other space (Text, Sequence, OneOf, custom) -> a Tuple
 * of n copies seeded with `integers(0, 1e8)` drawn from a copy of the space's generator.
 * The batched space starts from a copy of the space's generator state (Python's `deepcopy`).
 */
export function batchSpace<S extends Space<unknown>>(space: S, n: number): BatchedSpace<S>;
export function batchSpace(space: Space<unknown>, n: number): Space<unknown> {
  assertCount(n);
  if (space instanceof Box) {
    const box = space as Box<DType>;
    // Scalar bounds stay scalars (no n-fold copy of every bound); the cast values, as Gymnasium
    // repeats `space.low`, so an int Box unbounded below is batched bounded at the dtype's minimum.
    const uniform = uniformBoundsOf(box);
    if (uniform !== undefined) {
      return new Box({ low: uniform.low, high: uniform.high, shape: [n, ...box.shape], dtype: box.dtype, seed: box.npRandom.clone() });
    }
    return new Box({
      low: tiled(box.dtype, box.low.data as ArrayLike<Scalar>, n, box.shape),
      high: tiled(box.dtype, box.high.data as ArrayLike<Scalar>, n, box.shape),
      dtype: box.dtype,
      seed: box.npRandom.clone(),
    });
  }
  if (space instanceof Discrete) {
    return new MultiDiscrete({
      nvec: Array.from({ length: n }, () => space.n),
      start: Array.from({ length: n }, () => space.start),
      dtype: "int64",
      seed: space.npRandom.clone(),
    });
  }
  if (space instanceof MultiDiscrete) {
    const md = space as MultiDiscrete<IntDType>;
    const low = tiled(md.dtype, md.start.data as ArrayLike<Scalar>, n, md.shape);
    const counts = tiled(md.dtype, md.nvec.data as ArrayLike<Scalar>, n, md.shape);
    const highValues = Array.from(low.data as ArrayLike<Scalar>, (v, i) =>
      typeof v === "bigint" ? v + toBigInt((counts.data as ArrayLike<Scalar>)[i] as Scalar) - 1n : v + Number((counts.data as ArrayLike<Scalar>)[i]) - 1,
    );
    return new Box({
      low,
      high: ndarray(md.dtype, low.shape, typedFrom(md.dtype, highValues)),
      dtype: md.dtype,
      seed: md.npRandom.clone(),
    });
  }
  if (space instanceof MultiBinary) {
    return new Box({ low: 0, high: 1, shape: [n, ...space.shape], dtype: "int8", seed: space.npRandom.clone() });
  }
  if (space instanceof Tuple) {
    const subspaces = (space.spaces as readonly Space<unknown>[]).map((s) => batchSpace(s, n));
    return new Tuple(subspaces, { seed: space.npRandom.clone() });
  }
  if (space instanceof Dict) {
    const dict = space as Dict<SpaceRecord>;
    const entries = dict.keys.map((k) => [k, batchSpace(dict.spaces[k] as Space<unknown>, n)] as const);
    return new Dict(entries, { seed: dict.npRandom.clone() });
  }
  const copies = Array.from({ length: n }, () => space.copy());
  const batched = new Tuple(copies, { seed: space.npRandom.clone() });
  const rng = space.npRandom.clone();
  batched.seed(Array.from({ length: n }, () => rng.integers(0, 100_000_000)));
  return batched;
}

/**
 * The array a stack of `shape` is written into: `into`'s data when given (it must be an NDArray of that
 * dtype and shape, an earlier result of `concatenate`), else a new one.
 */
function stackTarget<D extends DType>(dtype: D, shape: readonly number[], into: unknown, where: string): DTypeArrayMap[D] {
  if (into === undefined) return allocate(dtype, shapeSize(shape));
  if (!(isNDArray(into) && into.dtype === dtype && shapesEqual(into.shape, shape))) {
    throw ValidationError.invalid(where, `an NDArray of dtype ${dtype} and shape [${shape.join(", ")}] (an earlier result of concatenate)`, into);
  }
  return (into as NDArray<D>).data;
}

function stackArrays<D extends DType>(dtype: D, itemShape: readonly number[], items: readonly unknown[], into: unknown, where: string): NDArray<D> {
  const size = shapeSize(itemShape);
  const shape = [items.length, ...itemShape];
  const out = stackTarget(dtype, shape, into, where);
  items.forEach((item, k) => {
    if (!isNDArray(item) || item.data.length !== size) {
      throw ValidationError.invalid(`items[${k}]`, `an NDArray of shape [${itemShape.join(", ")}]`, item);
    }
    if (item.dtype === dtype) {
      // Cast to its own dtype, an item is unchanged: copy it whole.
      (out as unknown as { set(source: ArrayLike<Scalar>, offset: number): void }).set(item.data as ArrayLike<Scalar>, k * size);
      return;
    }
    castInto(dtype, item.data as ArrayLike<Scalar>, out, k * size);
  });
  return into === undefined ? ndarray(dtype, shape, out) : (into as NDArray<D>);
}

/**
 * Gymnasium's `concatenate(space, items, out)`: stacks samples of `space` into one sample of
 * `batchSpace(space, items.length)` (arrays gain a leading axis; Dict / Tuple stack per entry;
 * other spaces give the array of items). With `out`, an earlier result for the same space and count,
 * every array is written into its counterpart in `out` (no array is allocated), as Gymnasium's vector
 * envs do; Dict and Tuple results are new containers of those arrays, as in Gymnasium.
 * @throws ValidationError naming `items[k]` for an item of the wrong shape or type, or `out` (with the
 * path of the entry) for an `out` of the wrong structure, dtype or shape.
 */
export function concatenate<S extends Space<unknown>>(space: S, items: readonly SampleOf<S>[], out?: StackedSample<S>): StackedSample<S>;
export function concatenate(space: Space<unknown>, items: readonly unknown[], out?: unknown): unknown {
  return stackInto(space, items, out, "out");
}

function stackInto(space: Space<unknown>, items: readonly unknown[], out: unknown, where: string): unknown {
  if (space instanceof Box) return stackArrays(space.dtype as DType, space.shape, items, out, where);
  if (space instanceof MultiDiscrete) return stackArrays(space.dtype as DType, space.shape, items, out, where);
  if (space instanceof MultiBinary) return stackArrays("int8", space.shape, items, out, where);
  if (space instanceof Discrete) {
    items.forEach((item, k) => {
      if (typeof item !== "number" || !Number.isInteger(item)) throw ValidationError.invalid(`items[${k}]`, "an integer", item);
    });
    const stacked = stackTarget("int64", [items.length], out, where);
    castInto("int64", items as readonly number[], stacked, 0);
    return out ?? ndarray("int64", [items.length], stacked);
  }
  if (space instanceof Tuple) {
    const spaces = space.spaces as readonly Space<unknown>[];
    if (out !== undefined && !(Array.isArray(out) && out.length === spaces.length)) {
      throw ValidationError.invalid(where, `an array of ${spaces.length} stacked entries (an earlier result of concatenate)`, out);
    }
    return spaces.map((s, i) => stackInto(s, items.map((item) => (item as readonly unknown[])[i]), (out as unknown[] | undefined)?.[i], `${where}[${i}]`));
  }
  if (space instanceof Dict) {
    const dict = space as Dict<SpaceRecord>;
    if (out !== undefined && (out === null || typeof out !== "object" || Array.isArray(out))) {
      throw ValidationError.invalid(where, `a record of stacked entries (an earlier result of concatenate)`, out);
    }
    const target: Record<string, unknown> = {};
    for (const k of dict.keys) {
      target[k] = stackInto(dict.spaces[k] as Space<unknown>, items.map((item) => (item as Record<string, unknown>)[k]), (out as Record<string, unknown> | undefined)?.[k], `${where}.${k}`);
    }
    return target;
  }
  return [...items];
}

function splitArray(value: unknown, integersOnly: boolean): unknown[] | undefined {
  if (!isNDArray(value) || value.shape.length === 0) return undefined;
  const [count = 0, ...rest] = value.shape;
  const size = shapeSize(rest);
  const data = value.data as ArrayLike<Scalar>;
  if (integersOnly) {
    if (rest.length !== 0 || kindOf(value.dtype) === "f") return undefined;
    return Array.from(data, (v) => Number(v));
  }
  return Array.from({ length: count }, (_, k) => {
    const chunk = Array.from({ length: size }, (__, i) => data[k * size + i] as Scalar);
    return ndarray(value.dtype, rest, typedFrom(value.dtype, chunk));
  });
}

/**
 * Gymnasium's `iterate(space, items)` read from the unbatched `space`: splits a stacked value
 * (what `concatenate` builds) back into samples; undefined when `stacked` does not have the
 * stacked structure.
 */
export function unstack(space: Space<unknown>, stacked: unknown): unknown[] | undefined {
  if (space instanceof Box || space instanceof MultiDiscrete || space instanceof MultiBinary) return splitArray(stacked, false);
  if (space instanceof Discrete) return splitArray(stacked, true);
  if (space instanceof Tuple) {
    const subspaces = space.spaces as readonly Space<unknown>[];
    if (!Array.isArray(stacked) || stacked.length !== subspaces.length) return undefined;
    const columns = subspaces.map((s, i) => unstack(s, (stacked as unknown[])[i]));
    return zipColumns(columns, (row) => row);
  }
  if (space instanceof Dict) {
    const dict = space as Dict<SpaceRecord>;
    if (typeof stacked !== "object" || stacked === null || Array.isArray(stacked)) return undefined;
    const record = stacked as Record<string, unknown>;
    if (Object.keys(record).length !== dict.keys.length || !dict.keys.every((k) => k in record)) return undefined;
    const columns = dict.keys.map((k) => unstack(dict.spaces[k] as Space<unknown>, record[k]));
    return zipColumns(columns, (row) => Object.fromEntries(dict.keys.map((k, i) => [k, row[i]])));
  }
  return Array.isArray(stacked) ? [...(stacked as unknown[])] : undefined;
}

function zipColumns(columns: (unknown[] | undefined)[], build: (row: unknown[]) => unknown): unknown[] | undefined {
  if (columns.some((c) => c === undefined)) return undefined;
  const cols = columns as unknown[][];
  const length = cols[0]?.length ?? 0;
  if (cols.some((c) => c.length !== length)) return undefined;
  return Array.from({ length }, (_, k) => build(cols.map((c) => c[k])));
}
