/**
 * Gymnasium's `gymnasium.spaces.utils`: `flatdim`, `flatten`, `unflatten` and `flatten_space`.
 */
import { ValidationError, isNDArray, ndarray, shapeSize, type DType, type IntDType, type NDArray } from "@plume/core-types";
import { concatenate, unstack } from "./batch.js";
import { Box } from "./box.js";
import { Dict, type SpaceRecord } from "./dict.js";
import { Discrete } from "./discrete.js";
import { toBigInt, promoteTypes, resultType, typedFrom, type Scalar } from "./internal/dtype.js";
import { readNumericInput } from "./internal/numeric.js";
import { MultiBinary } from "./multi-binary.js";
import { MultiDiscrete } from "./multi-discrete.js";
import { OneOf } from "./oneof.js";
import { Sequence } from "./sequence.js";
import type { Space } from "./space.js";
import { Text } from "./text.js";
import { Tuple } from "./tuple.js";

/** What `flatten` returns: a vector, or (for spaces containing a Sequence) the flattened structure. */
export type Flattened = NDArray | readonly Flattened[] | { readonly [key: string]: Flattened };

function notFlattenable(space: Space<unknown>): ValidationError {
  return new ValidationError(`${String(space)} cannot be flattened to a vector (it contains a Sequence)`, {
    parameter: "space",
    expected: "a space whose isNpFlattenable is true",
    received: String(space),
  });
}

function unknownSpace(space: unknown): ValidationError {
  return ValidationError.invalid("space", "a Box, Discrete, MultiDiscrete, MultiBinary, Text, Dict, Tuple, Sequence or OneOf", String(space));
}

/** Gymnasium's `flatdim`: the length of `flatten(space, x)`; an error for spaces that do not flatten to a vector. */
export function flatdim(space: Space<unknown>): number {
  if (!space.isNpFlattenable) throw notFlattenable(space);
  if (space instanceof Box || space instanceof MultiBinary) return shapeSize(space.shape);
  if (space instanceof Discrete) return space.n;
  if (space instanceof MultiDiscrete) return Array.from(space.nvec.data as ArrayLike<Scalar>, Number).reduce((a, b) => a + b, 0);
  if (space instanceof Tuple) return (space.spaces as readonly Space<unknown>[]).reduce((sum, s) => sum + flatdim(s), 0);
  if (space instanceof Dict) {
    const dict = space as Dict<SpaceRecord>;
    return dict.keys.reduce((sum, k) => sum + flatdim(dict.spaces[k] as Space<unknown>), 0);
  }
  if (space instanceof Text) return space.maxLength;
  if (space instanceof OneOf) return 1 + Math.max(...(space.spaces as readonly Space<unknown>[]).map(flatdim));
  throw unknownSpace(space);
}

function concatVectors(parts: readonly NDArray[]): NDArray {
  const dtype = resultType(parts.map((p) => p.dtype));
  const values: Scalar[] = [];
  for (const p of parts) values.push(...Array.from(p.data as ArrayLike<Scalar>));
  return ndarray(dtype, [values.length], typedFrom(dtype, values));
}

function vector<D extends DType>(dtype: D, values: readonly Scalar[]): NDArray<D> {
  return ndarray(dtype, [values.length], typedFrom(dtype, values));
}

function oneHotIndex(x: Scalar, start: Scalar, n: number, parameter: string): number {
  const offset = Number(toBigInt(typeof x === "number" && !Number.isInteger(x) ? NaN : x) - toBigInt(start));
  if (!(offset >= 0 && offset < n)) throw ValidationError.invalid(parameter, "a member of the space", x);
  return offset;
}

/**
 * Gymnasium's `flatten(space, x)`: Box / MultiBinary -> the elements in row-major order (space
 * dtype); Discrete -> one-hot (int64); MultiDiscrete -> concatenated one-hots; Dict / Tuple ->
 * concatenation with NumPy's dtype promotion (or the flattened structure when they contain a
 * Sequence); Text -> character indices padded with `characterList.length` (int32); Sequence ->
 * the flattened elements (stacked: rows of the flattened feature space); OneOf -> `[index,
 * ...flattened sample padded with its first value]`.
 */
export function flatten(
  space: Box<DType> | Discrete | MultiDiscrete<IntDType> | MultiBinary | Text | OneOf,
  x: unknown,
): NDArray;
export function flatten(space: Space<unknown>, x: unknown): Flattened;
export function flatten(space: Space<unknown>, x: unknown): Flattened {
  if (space instanceof Box || space instanceof MultiBinary) {
    const input = readNumericInput(x, "x");
    if (input.values.length !== shapeSize(space.shape)) {
      throw ValidationError.invalid("x", `${shapeSize(space.shape)} elements (shape [${space.shape.join(", ")}])`, input.values.length);
    }
    return vector(space.dtype as DType, input.values);
  }
  if (space instanceof Discrete) {
    if (typeof x !== "number" && typeof x !== "bigint") throw ValidationError.invalid("x", "an integer member of the space", x);
    const values: Scalar[] = new Array<Scalar>(space.n).fill(0);
    values[oneHotIndex(x, space.start, space.n, "x")] = 1;
    return vector("int64", values);
  }
  if (space instanceof MultiDiscrete) {
    const input = readNumericInput(x, "x");
    const nvec = Array.from(space.nvec.data as ArrayLike<Scalar>, Number);
    const start = Array.from(space.start.data as ArrayLike<Scalar>);
    if (input.values.length !== nvec.length) throw ValidationError.invalid("x", `${nvec.length} elements`, input.values.length);
    const values: Scalar[] = new Array<Scalar>(nvec.reduce((a, b) => a + b, 0)).fill(0);
    let offset = 0;
    nvec.forEach((n, i) => {
      values[offset + oneHotIndex(input.values[i] as Scalar, start[i] as Scalar, n, `x[${i}]`)] = 1;
      offset += n;
    });
    return vector(space.dtype as DType, values);
  }
  if (space instanceof Tuple) {
    const subspaces = space.spaces as readonly Space<unknown>[];
    if (!Array.isArray(x) || x.length !== subspaces.length) throw ValidationError.invalid("x", `an array of ${subspaces.length} elements`, x);
    const parts = subspaces.map((s, i) => flatten(s, (x as unknown[])[i]));
    return space.isNpFlattenable ? concatVectors(parts as NDArray[]) : parts;
  }
  if (space instanceof Dict) {
    const dict = space as Dict<SpaceRecord>;
    if (typeof x !== "object" || x === null || Array.isArray(x)) throw ValidationError.invalid("x", "an object keyed like the space", x);
    const record = x as Record<string, unknown>;
    const parts = dict.keys.map((k) => flatten(dict.spaces[k] as Space<unknown>, record[k]));
    if (dict.isNpFlattenable) return concatVectors(parts as NDArray[]);
    return Object.fromEntries(dict.keys.map((k, i) => [k, parts[i] as Flattened]));
  }
  if (space instanceof Text) {
    if (typeof x !== "string") throw ValidationError.invalid("x", "a string", x);
    const chars = Array.from(x);
    if (chars.length > space.maxLength) throw ValidationError.invalid("x", `at most ${space.maxLength} characters`, x);
    const values = new Array<Scalar>(space.maxLength).fill(space.characterList.length);
    chars.forEach((c, i) => {
      values[i] = space.characterIndex(c);
    });
    return vector("int32", values);
  }
  if (space instanceof Sequence) {
    const feature = space.featureSpace as Space<unknown>;
    if (space.stack) {
      const items = unstack(feature, x);
      if (items === undefined) throw ValidationError.invalid("x", "a stacked sequence sample", x);
      const flatSpace = flattenSpace(feature);
      return concatenate(flatSpace, items.map((item) => flatten(feature, item))) as Flattened;
    }
    if (!Array.isArray(x)) throw ValidationError.invalid("x", "an array of feature samples", x);
    return x.map((item) => flatten(feature, item));
  }
  if (space instanceof OneOf) {
    if (!Array.isArray(x) || x.length !== 2) throw ValidationError.invalid("x", "an [index, sample] pair", x);
    const index = x[0] as unknown;
    const subspaces = space.spaces as readonly Space<unknown>[];
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= subspaces.length) {
      throw ValidationError.invalid("x[0]", `an index in [0, ${subspaces.length - 1}]`, index);
    }
    const flat = flatten(subspaces[index] as Space<unknown>, x[1]) as NDArray;
    const values = Array.from(flat.data as ArrayLike<Scalar>);
    const width = flatdim(space) - 1;
    const pad = values[0] ?? 0;
    while (values.length < width) values.push(pad);
    return vector(promoteTypes("int64", flat.dtype), [index, ...values]);
  }
  throw unknownSpace(space);
}

function asVector(x: unknown, parameter: string): NDArray {
  if (isNDArray(x)) return x;
  const input = readNumericInput(x, parameter);
  return ndarray("float64", [input.values.length], typedFrom("float64", input.values));
}

function slice(x: NDArray, start: number, end: number): NDArray {
  const data = Array.from(x.data as ArrayLike<Scalar>).slice(start, end);
  return ndarray(x.dtype, [data.length], typedFrom(x.dtype, data));
}

function firstNonZero(values: readonly Scalar[], start: number, end: number): number {
  for (let i = start; i < end; i++) if (values[i] !== 0 && values[i] !== 0n) return i - start;
  return -1;
}

/** Gymnasium's `unflatten(space, x)`: the inverse of `flatten` for valid flattened samples. */
export function unflatten<S extends Space<unknown>>(space: S, x: unknown): SampleOfSpace<S>;
export function unflatten(space: Space<unknown>, x: unknown): unknown {
  if (space instanceof Box || space instanceof MultiBinary) {
    const input = readNumericInput(x, "x");
    if (input.values.length !== shapeSize(space.shape)) {
      throw ValidationError.invalid("x", `${shapeSize(space.shape)} elements`, input.values.length);
    }
    return ndarray(space.dtype as DType, space.shape, typedFrom(space.dtype as DType, input.values));
  }
  if (space instanceof Discrete) {
    const values = readNumericInput(x, "x").values;
    const index = firstNonZero(values, 0, values.length);
    if (index < 0) {
      throw ValidationError.invalid("x", `a one-hot vector for ${String(space)} (not every flat vector unflattens)`, x);
    }
    return space.start + index;
  }
  if (space instanceof MultiDiscrete) {
    const values = readNumericInput(x, "x").values;
    const nvec = Array.from(space.nvec.data as ArrayLike<Scalar>, Number);
    const start = Array.from(space.start.data as ArrayLike<Scalar>);
    let offset = 0;
    const out = nvec.map((n, i) => {
      const index = firstNonZero(values, offset, offset + n);
      if (index < 0) {
        throw ValidationError.invalid("x", `concatenated one-hot vectors for ${String(space)} (segment ${i} is all zero)`, x);
      }
      offset += n;
      const s = start[i] as Scalar;
      return typeof s === "bigint" ? s + BigInt(index) : s + index;
    });
    return ndarray(space.dtype as DType, space.shape, typedFrom(space.dtype as DType, out));
  }
  if (space instanceof Tuple) {
    const subspaces = space.spaces as readonly Space<unknown>[];
    if (space.isNpFlattenable) {
      const vec = asVector(x, "x");
      let offset = 0;
      return subspaces.map((s) => {
        const d = flatdim(s);
        const part = slice(vec, offset, offset + d);
        offset += d;
        return unflatten(s, part);
      });
    }
    if (!Array.isArray(x) || x.length !== subspaces.length) throw ValidationError.invalid("x", `an array of ${subspaces.length} flattened parts`, x);
    return subspaces.map((s, i) => unflatten(s, (x as unknown[])[i]));
  }
  if (space instanceof Dict) {
    const dict = space as Dict<SpaceRecord>;
    const out: Record<string, unknown> = {};
    if (dict.isNpFlattenable) {
      const vec = asVector(x, "x");
      let offset = 0;
      for (const k of dict.keys) {
        const s = dict.spaces[k] as Space<unknown>;
        const d = flatdim(s);
        out[k] = unflatten(s, slice(vec, offset, offset + d));
        offset += d;
      }
      return out;
    }
    if (typeof x !== "object" || x === null || Array.isArray(x)) throw ValidationError.invalid("x", "an object keyed like the space", x);
    for (const k of dict.keys) out[k] = unflatten(dict.spaces[k] as Space<unknown>, (x as Record<string, unknown>)[k]);
    return out;
  }
  if (space instanceof Text) {
    const values = readNumericInput(x, "x").values.map(Number);
    const n = space.characterList.length;
    return values
      .filter((v) => v < n)
      .map((v) => {
        const c = space.characterList[v];
        if (c === undefined) throw ValidationError.invalid("x", `character indices in [0, ${n}]`, v);
        return c;
      })
      .join("");
  }
  if (space instanceof Sequence) {
    const feature = space.featureSpace as Space<unknown>;
    if (space.stack) {
      const rows = unstack(flattenSpace(feature), x);
      if (rows === undefined) throw ValidationError.invalid("x", "a stacked array of flattened elements", x);
      return concatenate(feature, rows.map((row) => unflatten(feature, row)));
    }
    if (!Array.isArray(x)) throw ValidationError.invalid("x", "an array of flattened elements", x);
    return x.map((item) => unflatten(feature, item));
  }
  if (space instanceof OneOf) {
    const values = readNumericInput(x, "x");
    const vec = asVector(x, "x");
    const index = Number(values.values[0]);
    const subspaces = space.spaces as readonly Space<unknown>[];
    const sub = subspaces[index];
    if (!Number.isInteger(index) || sub === undefined) throw ValidationError.invalid("x[0]", `an index in [0, ${subspaces.length - 1}]`, values.values[0]);
    return [index, unflatten(sub, slice(vec, 1, 1 + flatdim(sub)))];
  }
  throw unknownSpace(space);
}

/** The sample type of a space (`unflatten`'s result). */
export type SampleOfSpace<S> = S extends Space<infer T> ? T : never;

function minOf(values: readonly Scalar[]): Scalar {
  return values.reduce((a, b) => (b < a ? b : a));
}

function maxOf(values: readonly Scalar[]): Scalar {
  return values.reduce((a, b) => (b > a ? b : a));
}

/** The bounds of a flattened Box with infinities kept where Gymnasium keeps them (float dtypes). */
function boundsOf(box: Box<DType>): { low: Scalar[]; high: Scalar[] } {
  return { low: Array.from(box.low.data as ArrayLike<Scalar>), high: Array.from(box.high.data as ArrayLike<Scalar>) };
}

/**
 * Gymnasium's `flatten_space`: the space of `flatten`'s results — a 1-D Box (dtypes promoted like
 * the flattened samples), or for spaces containing a Sequence the Dict / Tuple / Sequence of
 * flattened spaces.
 */
export function flattenSpace(space: Space<unknown>): Box<DType> | Dict | Tuple | Sequence<Space<unknown>, boolean> {
  if (space instanceof Box) {
    const box = space as Box<DType>;
    const size = shapeSize(box.shape);
    return new Box({
      low: ndarray(box.dtype, [size], box.low.data),
      high: ndarray(box.dtype, [size], box.high.data),
      dtype: box.dtype,
    });
  }
  if (space instanceof Discrete || space instanceof MultiBinary || space instanceof MultiDiscrete) {
    return new Box({ low: 0, high: 1, shape: [flatdim(space)], dtype: space.dtype as DType });
  }
  if (space instanceof Tuple || space instanceof Dict) {
    const subspaces: Space<unknown>[] =
      space instanceof Tuple
        ? [...(space.spaces as readonly Space<unknown>[])]
        : (space as Dict<SpaceRecord>).keys.map((k) => (space as Dict<SpaceRecord>).spaces[k] as Space<unknown>);
    const flat = subspaces.map(flattenSpace);
    if (!space.isNpFlattenable) {
      if (space instanceof Tuple) return new Tuple(flat);
      const dict = space as Dict<SpaceRecord>;
      return new Dict(dict.keys.map((k, i) => [k, flat[i] as Space<unknown>] as const));
    }
    const boxes = flat as Box<DType>[];
    const low: Scalar[] = [];
    const high: Scalar[] = [];
    for (const b of boxes) {
      const bounds = boundsOf(b);
      low.push(...bounds.low);
      high.push(...bounds.high);
    }
    const dtype = resultType(boxes.map((b) => b.dtype));
    return new Box({ low, high, shape: [low.length], dtype });
  }
  if (space instanceof Text) {
    return new Box({ low: 0, high: space.characterList.length, shape: [space.maxLength], dtype: "int32" });
  }
  if (space instanceof Sequence) {
    return new Sequence<Space<unknown>, boolean>(flattenSpace(space.featureSpace as Space<unknown>), { stack: space.stack });
  }
  if (space instanceof OneOf) {
    const subspaces = space.spaces as readonly Space<unknown>[];
    const width = Math.max(...subspaces.map(flatdim)) + 1;
    const flat = subspaces.map((s) => boundsOf(flattenSpace(s) as Box<DType>));
    const low = minOf(flat.map((b) => minOf(b.low)));
    const high = maxOf(flat.map((b) => maxOf(b.high)));
    const dtype = resultType(subspaces.map((s) => s.dtype ?? "float64"));
    const lows: Scalar[] = [0, ...new Array<Scalar>(width - 1).fill(low)];
    const highs: Scalar[] = [subspaces.length - 1, ...new Array<Scalar>(width - 1).fill(high)];
    return new Box({ low: lows, high: highs, shape: [width], dtype });
  }
  throw unknownSpace(space);
}
