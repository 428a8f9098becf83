/**
 * Vector infos, Gymnasium's `_add_info`: the per-environment info objects of one vector step become
 * one object of arrays, each key `k` with a boolean mask `_k` saying which environments reported it.
 *
 * How a value is stacked (JavaScript has one number type and no tuple/list split, so two rules differ
 * from NumPy's; both are documented in the README):
 * - number -> float64 `[n]`; boolean -> bool `[n]`;
 * - an `NDArray` -> that dtype, `[n, ...shape]` (every environment's array must share dtype and shape);
 * - an array of numbers of one length k (e.g. `agent_xy`) -> float64 `[n, k]` (NumPy would keep tuples as objects);
 * - a plain object -> the same rules, recursively (a nested info with its own masks);
 * - anything else -> a plain array of length n (`undefined` where absent), like NumPy's object arrays.
 */
import { allocate, isNDArray, ndarray, type DType, type NDArray } from "@plume/core-types";

/** A stacked info: arrays per key plus `_key` masks. */
export type VectorInfo = Readonly<Record<string, unknown>>;

type Column =
  | { kind: "number"; data: Float64Array }
  | { kind: "bool"; data: Uint8Array }
  | { kind: "tuple"; width: number; data: Float64Array }
  | { kind: "array"; dtype: DType; shape: readonly number[]; data: NDArray["data"] }
  | { kind: "dict"; items: (Record<string, unknown> | undefined)[] }
  | { kind: "object"; data: unknown[] };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value) || ArrayBuffer.isView(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function isNumberTuple(value: unknown): value is readonly number[] {
  return Array.isArray(value) && value.every((v) => typeof v === "number");
}

function columnFor(value: unknown, n: number): Column {
  if (typeof value === "number") return { kind: "number", data: new Float64Array(n) };
  if (typeof value === "boolean") return { kind: "bool", data: new Uint8Array(n) };
  if (isNDArray(value)) {
    const size = value.data.length;
    return { kind: "array", dtype: value.dtype, shape: value.shape, data: allocate(value.dtype, n * size) };
  }
  if (isNumberTuple(value)) return { kind: "tuple", width: value.length, data: new Float64Array(n * value.length) };
  if (isPlainObject(value)) return { kind: "dict", items: new Array<Record<string, unknown> | undefined>(n) };
  return { kind: "object", data: new Array<unknown>(n) };
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/** Whether `value` can go into `column` without changing its kind. */
function fits(column: Column, value: unknown): boolean {
  switch (column.kind) {
    case "number":
      return typeof value === "number";
    case "bool":
      return typeof value === "boolean";
    case "array":
      return isNDArray(value) && value.dtype === column.dtype && sameShape(value.shape, column.shape);
    case "tuple":
      return isNumberTuple(value) && value.length === column.width;
    case "dict":
      return isPlainObject(value);
    case "object":
      return true;
  }
}

function put(column: Column, i: number, value: unknown): void {
  switch (column.kind) {
    case "number":
      column.data[i] = value as number;
      return;
    case "bool":
      column.data[i] = value === true ? 1 : 0;
      return;
    case "tuple":
      column.data.set(value as readonly number[], i * column.width);
      return;
    case "array": {
      const source = (value as NDArray).data;
      (column.data as unknown as { set(a: ArrayLike<unknown>, o: number): void }).set(source, i * source.length);
      return;
    }
    case "dict":
      column.items[i] = value as Record<string, unknown>;
      return;
    case "object":
      column.data[i] = value;
      return;
  }
}

function finish(column: Column, n: number): unknown {
  switch (column.kind) {
    case "number":
      return ndarray("float64", [n], column.data);
    case "bool":
      return ndarray("bool", [n], column.data);
    case "tuple":
      return ndarray("float64", [n, column.width], column.data);
    case "array":
      return ndarray(column.dtype, [n, ...column.shape], column.data);
    case "dict":
      return stackInfos(column.items, n);
    case "object":
      return column.data;
  }
}

/** An `object` column holding what the column held so far (when a value of another kind turns up). */
function widen(present: Uint8Array, items: readonly (Readonly<Record<string, unknown>> | undefined)[], key: string): Column {
  const data = new Array<unknown>(present.length);
  for (let i = 0; i < present.length; i++) if (present[i] === 1) data[i] = items[i]?.[key];
  return { kind: "object", data };
}

/**
 * Stacks `items` (environment `i`'s info, or undefined when it reported none) into one vector info
 * with `_key` masks, keys in first-seen order.
 */
export function stackInfos(items: readonly (Readonly<Record<string, unknown>> | undefined)[], n = items.length): VectorInfo {
  const columns = new Map<string, { column: Column; present: Uint8Array }>();
  for (let i = 0; i < n; i++) {
    const info = items[i];
    if (info === undefined) continue;
    for (const key of Object.keys(info)) {
      const value = info[key];
      let entry = columns.get(key);
      if (entry === undefined) {
        entry = { column: columnFor(value, n), present: new Uint8Array(n) };
        columns.set(key, entry);
      } else if (!fits(entry.column, value)) {
        entry.column = widen(entry.present, items, key);
      }
      put(entry.column, i, value);
      entry.present[i] = 1;
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, { column, present }] of columns) {
    out[key] = finish(column, n);
    out[`_${key}`] = ndarray("bool", [n], present);
  }
  return out;
}
