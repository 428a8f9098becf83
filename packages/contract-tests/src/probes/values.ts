/**
 * Value probes: `snap` (a deep data snapshot compared afterwards), `freeze` (deep freezing of fresh
 * inputs), `exactEq` / `approxEq` (the kit's equality rules), deep cloning and readable rendering.
 */

export type TypedArray =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array;

export function isTypedArray(value: unknown): value is TypedArray {
  return ArrayBuffer.isView(value) && !(value instanceof DataView);
}

export function isObjectLike(value: unknown): value is object {
  return (typeof value === "object" && value !== null) || typeof value === "function";
}

/** A plain object: prototype `Object.prototype` or `null`. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** `{ dtype, shape, data }` with a typed array `data` (the NDArray shape of core-types, structurally). */
export function isNDArrayLike(value: unknown): value is { dtype: string; shape: readonly number[]; data: TypedArray } {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { dtype?: unknown; shape?: unknown; data?: unknown };
  return typeof v.dtype === "string" && Array.isArray(v.shape) && isTypedArray(v.data);
}

/** Decides which values are compared by identity only (e.g. a generator whose state may legitimately advance). */
export type OpaquePredicate = (value: object, path: string) => boolean;

const noOpaque: OpaquePredicate = () => false;

type Snap =
  | { readonly kind: "prim"; readonly value: unknown }
  | { readonly kind: "ref"; readonly value: object }
  | { readonly kind: "typed"; readonly ctor: string; readonly values: TypedArray }
  | { readonly kind: "obj"; readonly proto: unknown; readonly entries: ReadonlyMap<PropertyKey, Snap>; readonly self: object }
  | { readonly kind: "map"; readonly entries: readonly (readonly [unknown, Snap])[]; readonly self: object }
  | { readonly kind: "cycle"; readonly self: object };

/** A deep snapshot of the data reachable from a value (own enumerable properties, typed array contents). */
export interface Snapshot {
  readonly root: Snap;
}

function ownDataKeys(value: object): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (const key of Reflect.ownKeys(value)) {
    const desc = Object.getOwnPropertyDescriptor(value, key);
    if (desc === undefined || !desc.enumerable) continue;
    if (desc.get !== undefined || desc.set !== undefined) continue; // never run accessors
    keys.push(key);
  }
  return keys;
}

function keyLabel(path: string, key: PropertyKey): string {
  if (typeof key === "symbol") return `${path}[${String(key)}]`;
  if (typeof key === "number") return `${path}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Takes a deep snapshot of `value`; `opaque` values are recorded by identity only. */
export function snapshot(value: unknown, opaque: OpaquePredicate = noOpaque, path = "input"): Snapshot {
  const seen = new Set<object>();
  const walk = (v: unknown, p: string, depth: number): Snap => {
    if (!isObjectLike(v)) return { kind: "prim", value: v };
    if (typeof v === "function") return { kind: "ref", value: v };
    if (opaque(v, p) || depth > 12) return { kind: "ref", value: v };
    if (isTypedArray(v)) return { kind: "typed", ctor: v.constructor.name, values: v.slice() };
    if (v instanceof ArrayBuffer || v instanceof DataView || v instanceof WeakMap || v instanceof WeakSet || v instanceof Promise) {
      return { kind: "ref", value: v };
    }
    if (seen.has(v)) return { kind: "cycle", self: v };
    seen.add(v);
    try {
      if (v instanceof Map) {
        return { kind: "map", self: v, entries: [...v.entries()].map(([k, x]) => [k, walk(x, `${p}.get(${String(k)})`, depth + 1)] as const) };
      }
      if (v instanceof Set) {
        return { kind: "map", self: v, entries: [...v.values()].map((x, i) => [i, walk(x, `${p}[set ${i}]`, depth + 1)] as const) };
      }
      const entries = new Map<PropertyKey, Snap>();
      for (const key of ownDataKeys(v)) entries.set(key, walk((v as Record<PropertyKey, unknown>)[key], keyLabel(p, key), depth + 1));
      return { kind: "obj", proto: Object.getPrototypeOf(v) as unknown, entries, self: v };
    } finally {
      seen.delete(v);
    }
  };
  return { root: walk(value, path, 0) };
}

/**
 * Compares `value` against an earlier snapshot of it. Returns a description of the first difference
 * (the path, the value before and after), or undefined when nothing changed.
 */
export function diffSnapshot(snap: Snapshot, value: unknown, opaque: OpaquePredicate = noOpaque, path = "input"): string | undefined {
  const walk = (s: Snap, v: unknown, p: string, depth: number): string | undefined => {
    switch (s.kind) {
      case "prim":
        return Object.is(s.value, v) ? undefined : `${p} changed from ${render(s.value)} to ${render(v)}`;
      case "ref":
        return s.value === v ? undefined : `${p} was replaced (a different object)`;
      case "cycle":
        return s.self === v ? undefined : `${p} was replaced (a different object)`;
      case "typed": {
        if (!isTypedArray(v) || v.constructor.name !== s.ctor) return `${p} was replaced by ${render(v)}`;
        if (v.length !== s.values.length) return `${p} changed length from ${s.values.length} to ${v.length}`;
        for (let i = 0; i < v.length; i++) {
          if (!Object.is(s.values[i], v[i])) return `${p}[${i}] changed from ${render(s.values[i])} to ${render(v[i])} (typed array contents were written)`;
        }
        return undefined;
      }
      case "map": {
        if (!isObjectLike(v) || v !== s.self) return `${p} was replaced`;
        const now = v instanceof Map ? [...v.entries()] : v instanceof Set ? [...v.values()].map((x, i) => [i, x] as const) : [];
        if (now.length !== s.entries.length) return `${p} changed size from ${s.entries.length} to ${now.length}`;
        for (let i = 0; i < now.length; i++) {
          const [k, x] = now[i] as readonly [unknown, unknown];
          const [k0, x0] = s.entries[i] as readonly [unknown, Snap];
          if (!Object.is(k, k0)) return `${p} keys changed`;
          const d = walk(x0, x, `${p}.get(${String(k)})`, depth + 1);
          if (d !== undefined) return d;
        }
        return undefined;
      }
      case "obj": {
        if (!isObjectLike(v)) return `${p} was replaced by ${render(v)}`;
        if (v !== s.self) return `${p} was replaced (a different object)`;
        if (opaque(v, p)) return undefined;
        const keys = ownDataKeys(v);
        for (const key of keys) if (!s.entries.has(key)) return `${keyLabel(p, key)} was added (= ${render((v as Record<PropertyKey, unknown>)[key])})`;
        for (const [key, child] of s.entries) {
          if (!keys.includes(key)) return `${keyLabel(p, key)} was removed or made non-enumerable`;
          const d = walk(child, (v as Record<PropertyKey, unknown>)[key], keyLabel(p, key), depth + 1);
          if (d !== undefined) return d;
        }
        return undefined;
      }
    }
  };
  return walk(snap.root, value, path, 0);
}

/** Deep-freezes `value` (typed arrays and `opaque` values excepted; they cannot or must not be frozen). */
export function deepFreeze<T>(value: T, opaque: OpaquePredicate = noOpaque, path = "input"): T {
  const seen = new Set<object>();
  const walk = (v: unknown, p: string): void => {
    if (!isObjectLike(v) || typeof v === "function" || isTypedArray(v) || seen.has(v) || opaque(v, p)) return;
    if (v instanceof ArrayBuffer || v instanceof DataView || v instanceof Map || v instanceof Set) return;
    seen.add(v);
    for (const key of ownDataKeys(v)) walk((v as Record<PropertyKey, unknown>)[key], keyLabel(p, key));
    Object.freeze(v);
  };
  walk(value, path);
  return value;
}

/** True for a TypeError raised by writing to a frozen object (the `freeze` probe's signal). */
export function isFrozenWriteError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /read[- ]only|not extensible|Cannot assign|Cannot add property|Cannot delete|object is not extensible|frozen/i.test(error.message)
  );
}

/**
 * A deep copy of plain data: NDArray-like objects get a copy of their typed array (and stay frozen when
 * the original was), arrays and plain objects are copied, class instances and primitives are shared.
 */
export function cloneValue<T>(value: T): T {
  if (isTypedArray(value)) return value.slice() as T;
  if (isNDArrayLike(value)) {
    const copy = { ...value, shape: [...value.shape], data: value.data.slice() };
    if (Object.isFrozen(value)) {
      Object.freeze(copy.shape);
      Object.freeze(copy);
    }
    return copy as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => cloneValue(v)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = Object.getPrototypeOf(value) === null ? (Object.create(null) as Record<string, unknown>) : {};
    for (const key of Object.keys(value)) out[key] = cloneValue(value[key]);
    return out as T;
  }
  return value;
}

function numbersClose(a: number, b: number, rtol: number, atol: number): boolean {
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  return Math.abs(a - b) <= atol + rtol * Math.abs(b);
}

interface EqOptions {
  readonly approx: boolean;
  readonly rtol: number;
  readonly atol: number;
}

function compare(a: unknown, b: unknown, path: string, opts: EqOptions, seen: Set<object>): string | undefined {
  if (typeof a === "number" && typeof b === "number") {
    if (opts.approx ? numbersClose(a, b, opts.rtol, opts.atol) : Object.is(a, b)) return undefined;
    return `${path}: ${render(a)} vs ${render(b)}`;
  }
  if (!isObjectLike(a) || !isObjectLike(b)) {
    return Object.is(a, b) ? undefined : `${path}: ${render(a)} vs ${render(b)}`;
  }
  if (a === b) return undefined;
  if (typeof a === "function" || typeof b === "function") return `${path}: different functions`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) {
    return `${path}: different types (${typeName(a)} vs ${typeName(b)})`;
  }
  if (isTypedArray(a) && isTypedArray(b)) {
    if (a.length !== b.length) return `${path}: length ${a.length} vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const x = a[i] as number | bigint;
      const y = b[i] as number | bigint;
      const same = typeof x === "number" && typeof y === "number" && opts.approx ? numbersClose(x, y, opts.rtol, opts.atol) : Object.is(x, y);
      if (!same) return `${path}[${i}]: ${render(x)} vs ${render(y)}`;
    }
    return undefined;
  }
  if (seen.has(a)) return undefined;
  seen.add(a);
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return `${path}: size ${a.size} vs ${b.size}`;
    for (const [k, v] of a) {
      if (!b.has(k)) return `${path}: key ${render(k)} missing`;
      const d = compare(v, b.get(k), `${path}.get(${render(k)})`, opts, seen);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) return `${path}: length ${a.length} vs ${b.length}`;
  const ka = ownDataKeys(a);
  const kb = ownDataKeys(b);
  for (const k of ka) if (!kb.includes(k)) return `${keyLabel(path, k)}: present only on the first`;
  for (const k of kb) if (!ka.includes(k)) return `${keyLabel(path, k)}: present only on the second`;
  for (const k of ka) {
    const d = compare((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k], keyLabel(path, k), opts, seen);
    if (d !== undefined) return d;
  }
  return undefined;
}

/**
 * `exactEq`: same prototype and keys; typed arrays of the same class and length with elements equal
 * under `Object.is`. Returns the first difference, or undefined when equal.
 */
export function exactDiff(a: unknown, b: unknown, path = "value"): string | undefined {
  return compare(a, b, path, { approx: false, rtol: 0, atol: 0 }, new Set());
}

/** `approxEq`: like `exactEq`, but numbers agree within `rtol`/`atol` (Gymnasium's data equivalence, 1e-5). */
export function approxDiff(a: unknown, b: unknown, path = "value", rtol = 1e-5, atol = 1e-5): string | undefined {
  return compare(a, b, path, { approx: true, rtol, atol }, new Set());
}

export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "Array";
  if (typeof value === "object" || typeof value === "function") {
    const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
    return proto === null ? "Object(null prototype)" : (proto.constructor?.name ?? "Object");
  }
  return typeof value;
}

function renderNumber(n: number): string {
  if (Object.is(n, -0)) return "-0";
  return String(n);
}

/** A short, readable rendering of any value for messages (never throws). */
export function render(value: unknown, max = 240): string {
  const out = renderInner(value, 0, new Set());
  return out.length > max ? `${out.slice(0, max - 3)}...` : out;
}

function renderInner(value: unknown, depth: number, seen: Set<object>): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return renderNumber(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "boolean" || value === null || value === undefined) return String(value);
  if (typeof value === "symbol") return value.toString();
  if (typeof value === "function") return `[function ${value.name || "anonymous"}]`;
  if (seen.has(value)) return "[cycle]";
  if (depth > 4) return `[${typeName(value)}]`;
  seen.add(value);
  try {
    if (isTypedArray(value)) {
      const items = Array.from(value as ArrayLike<number | bigint>).slice(0, 12).map((x) => (typeof x === "bigint" ? `${x}n` : renderNumber(x)));
      return `${value.constructor.name}(${value.length})[${items.join(", ")}${value.length > 12 ? ", ..." : ""}]`;
    }
    if (isNDArrayLike(value)) {
      const items = Array.from(value.data as ArrayLike<number | bigint>).slice(0, 12).map((x) => (typeof x === "bigint" ? `${x}n` : renderNumber(x)));
      return `${value.dtype}[${value.shape.join("x")}](${items.join(", ")}${value.data.length > 12 ? ", ..." : ""})`;
    }
    if (Array.isArray(value)) return `[${value.slice(0, 16).map((v) => renderInner(v, depth + 1, seen)).join(", ")}${value.length > 16 ? ", ..." : ""}]`;
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) {
      const text = (value as { toString?: () => unknown }).toString;
      if (typeof text === "function" && text !== Object.prototype.toString) {
        try {
          const s = text.call(value);
          if (typeof s === "string" && s !== "[object Object]") return s;
        } catch {
          // fall through
        }
      }
      if (value instanceof Error) return `${value.name}: ${value.message}`;
    }
    const keys = Object.keys(value);
    const body = keys
      .slice(0, 16)
      .map((k) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${renderInner((value as Record<string, unknown>)[k], depth + 1, seen)}`)
      .join(", ");
    const name = proto === Object.prototype || proto === null ? "" : `${typeName(value)} `;
    return `${name}{${body}${keys.length > 16 ? ", ..." : ""}}`;
  } finally {
    seen.delete(value);
  }
}

/** Every number in a value (NDArray data, typed arrays, nested arrays and objects), with its path. */
export function* numericLeaves(value: unknown, path = "obs"): Generator<readonly [string, number | bigint]> {
  if (typeof value === "number" || typeof value === "bigint") {
    yield [path, value];
    return;
  }
  if (isNDArrayLike(value)) {
    const data = value.data as ArrayLike<number | bigint>;
    for (let i = 0; i < data.length; i++) yield [`${path}.data[${i}]`, data[i] as number | bigint];
    return;
  }
  if (isTypedArray(value)) {
    const data = value as ArrayLike<number | bigint>;
    for (let i = 0; i < data.length; i++) yield [`${path}[${i}]`, data[i] as number | bigint];
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* numericLeaves(value[i], `${path}[${i}]`);
    return;
  }
  if (isPlainObject(value)) {
    for (const key of Object.keys(value)) yield* numericLeaves(value[key], `${path}.${key}`);
  }
}

/** The JSON round trip of `value`, or the reason it cannot survive one unchanged. */
export function jsonRoundTripProblem(value: unknown, path = "metadata"): string | undefined {
  const seen = new Set<object>();
  const walk = (v: unknown, p: string): string | undefined => {
    if (v === null || typeof v === "string" || typeof v === "boolean") return undefined;
    if (typeof v === "number") return Number.isFinite(v) ? (Object.is(v, -0) ? `${p} is -0 (JSON turns it into 0)` : undefined) : `${p} is ${v} (JSON turns it into null)`;
    if (typeof v === "undefined") return undefined; // dropped keys are allowed: JSON omits them
    if (typeof v === "bigint") return `${p} is a bigint (${v}n), which JSON cannot hold`;
    if (typeof v === "function" || typeof v === "symbol") return `${p} is a ${typeof v}, which JSON drops`;
    if (seen.has(v)) return `${p} is a cycle`;
    if (isTypedArray(v)) return `${p} is a ${v.constructor.name} (JSON turns it into an object of indices)`;
    if (Array.isArray(v)) {
      seen.add(v);
      for (let i = 0; i < v.length; i++) {
        if (v[i] === undefined) return `${p}[${i}] is undefined (JSON turns it into null)`;
        const d = walk(v[i], `${p}[${i}]`);
        if (d !== undefined) return d;
      }
      seen.delete(v);
      return undefined;
    }
    if (!isPlainObject(v)) return `${p} is a ${typeName(v)} instance, not plain data`;
    seen.add(v);
    for (const key of Object.keys(v)) {
      const d = walk(v[key], keyLabel(p, key));
      if (d !== undefined) return d;
    }
    seen.delete(v);
    return undefined;
  };
  return walk(value, path);
}
