/**
 * Structural helpers over spaces: type detection without `instanceof` (a plugin may bring its own copy
 * of `@plume/spaces`), independent copies for sampling, Gymnasium's passive definition checks, precise
 * explanations of non-membership, structure and dtype checks, and member / non-member values.
 */
import { isNDArray, ndarray, type DType, type NDArray, type SpaceLike } from "@plume/core-types";
import { spaceFromJSON } from "@plume/spaces";
import { HiddenNondeterminismError, trapped } from "./probes/trap.js";
import { exactDiff, isNDArrayLike, isPlainObject, isTypedArray, render, typeName, type TypedArray } from "./probes/values.js";

/** A space as the kit sees it: `SpaceLike` plus whatever members the concrete class has. */
export type AnySpace = SpaceLike<unknown>;

export const SPACE_METHODS = ["sample", "contains", "seed", "equals", "toJSON"] as const;

/** True for an object with the methods of a space. */
export function isSpaceLike(value: unknown): value is AnySpace {
  if (typeof value !== "object" || value === null) return false;
  return SPACE_METHODS.every((m) => typeof (value as Record<string, unknown>)[m] === "function");
}

/** The space's type tag (`toJSON().type`, else the constructor name), e.g. `"Box"`. */
export function spaceType(space: unknown): string {
  if (typeof space !== "object" || space === null) return typeName(space);
  try {
    const json = (space as { toJSON?: () => unknown }).toJSON?.();
    const type = typeof json === "object" && json !== null ? (json as { type?: unknown }).type : undefined;
    if (typeof type === "string") return type;
  } catch {
    // fall through
  }
  return typeName(space);
}

export function spaceLabel(space: unknown): string {
  try {
    const s = String(space);
    if (s !== "[object Object]") return s;
  } catch {
    // fall through
  }
  return `${spaceType(space)} space`;
}

interface BoxView {
  readonly dtype: DType;
  readonly shape: readonly number[];
  readonly low: ArrayLike<number | bigint>;
  readonly high: ArrayLike<number | bigint>;
}

function ndData(value: unknown): ArrayLike<number | bigint> | undefined {
  if (isNDArrayLike(value)) return value.data as ArrayLike<number | bigint>;
  if (isTypedArray(value)) return value as ArrayLike<number | bigint>;
  if (Array.isArray(value)) return value as number[];
  return undefined;
}

/** The Box view of a space (dtype, shape, bounds), or undefined when it is not a Box. */
export function boxView(space: unknown): BoxView | undefined {
  if (spaceType(space) !== "Box") return undefined;
  const s = space as { dtype?: unknown; shape?: unknown; low?: unknown; high?: unknown };
  const low = ndData(s.low);
  const high = ndData(s.high);
  if (typeof s.dtype !== "string" || !Array.isArray(s.shape) || low === undefined || high === undefined) return undefined;
  return { dtype: s.dtype as DType, shape: s.shape as number[], low, high };
}

/** The Discrete view of a space (n, start), or undefined. */
export function discreteView(space: unknown): { readonly n: number; readonly start: number } | undefined {
  if (spaceType(space) !== "Discrete") return undefined;
  const s = space as { n?: unknown; start?: unknown };
  if (typeof s.n !== "number") return undefined;
  return { n: s.n, start: typeof s.start === "number" ? s.start : 0 };
}

/** Subspaces of a Dict (key order) or Tuple. */
export function dictEntries(space: unknown): readonly (readonly [string, AnySpace])[] | undefined {
  if (spaceType(space) !== "Dict") return undefined;
  const s = space as { keys?: unknown; spaces?: unknown };
  if (typeof s.spaces !== "object" || s.spaces === null) return undefined;
  const keys = Array.isArray(s.keys) ? (s.keys as string[]) : Object.keys(s.spaces);
  return keys.map((k) => [k, (s.spaces as Record<string, AnySpace>)[k] as AnySpace] as const);
}

export function tupleSpaces(space: unknown): readonly AnySpace[] | undefined {
  if (spaceType(space) !== "Tuple") return undefined;
  const s = space as { spaces?: unknown };
  return Array.isArray(s.spaces) ? (s.spaces as AnySpace[]) : undefined;
}

/** The typed-array class name a dtype is stored in. */
export const DTYPE_ARRAY: Readonly<Record<DType, string>> = Object.freeze({
  float32: "Float32Array",
  float64: "Float64Array",
  int8: "Int8Array",
  int16: "Int16Array",
  int32: "Int32Array",
  int64: "BigInt64Array",
  uint8: "Uint8Array",
  uint16: "Uint16Array",
  uint32: "Uint32Array",
  uint64: "BigUint64Array",
  bool: "Uint8Array",
});

/**
 * An independent copy of `space` to sample from, so that the plugin's own space generator is not
 * consumed: `copy()` or a rebuild from `toJSON()` when they give the same class, else the space itself.
 */
export function samplingCopy(space: AnySpace): AnySpace {
  const sameClass = (copy: unknown): copy is AnySpace => isSpaceLike(copy) && Object.getPrototypeOf(copy) === Object.getPrototypeOf(space);
  const withCopy = space as { copy?: () => unknown };
  if (typeof withCopy.copy === "function") {
    try {
      const copy = withCopy.copy();
      if (sameClass(copy)) return copy;
    } catch {
      // fall through
    }
  }
  try {
    const rebuilt = spaceFromJSON(space.toJSON()) as unknown as AnySpace;
    if (sameClass(rebuilt) && (rebuilt.equals(space) || space.equals(rebuilt))) return rebuilt;
  } catch {
    // fall through
  }
  // a subclass (its sample() may differ from the base class's): sample the space itself
  return space;
}

/** `n` samples of `space` after seeding an independent copy with `seed`. */
export function seededSamples(space: AnySpace, seed: number, n: number): unknown[] {
  const copy = samplingCopy(space);
  copy.seed(seed);
  return Array.from({ length: n }, () => copy.sample());
}

// ---------------------------------------------------------------------------------------------
// Gymnasium's passive definition checks (`check_space`), recursive.

/** Problems with a space's definition, each naming the path; empty when it passes. */
export function spaceDefinitionProblems(space: unknown, path = "space"): string[] {
  if (!isSpaceLike(space)) {
    return [`${path} is not a Space (got ${render(space)}): expected an object with ${SPACE_METHODS.join(", ")} (a @plume/spaces space)`];
  }
  const problems: string[] = [];
  const type = spaceType(space);
  const s = space as unknown as Record<string, unknown>;
  switch (type) {
    case "Box": {
      const box = boxView(space);
      // a custom Box-like class without readable bounds: nothing more to check here (samples are checked)
      if (box === undefined) break;
      const size = box.shape.reduce((a, b) => a * b, 1);
      if (!box.shape.every((d) => Number.isSafeInteger(d) && d >= 0)) problems.push(`${path}.shape ${render(box.shape)} is not a list of non-negative integers`);
      if (box.low.length !== size) problems.push(`${path}.low has ${box.low.length} elements but shape ${render(box.shape)} needs ${size}`);
      if (box.high.length !== size) problems.push(`${path}.high has ${box.high.length} elements but shape ${render(box.shape)} needs ${size}`);
      for (let i = 0; i < Math.min(box.low.length, box.high.length); i++) {
        const lo = box.low[i] as number;
        const hi = box.high[i] as number;
        if (Number.isNaN(lo) || Number.isNaN(hi)) problems.push(`${path} bound ${i} is NaN`);
        else if (lo > hi) problems.push(`${path}.low[${i}] = ${lo} > high[${i}] = ${hi}`);
      }
      break;
    }
    case "Discrete": {
      const n = s["n"];
      if (typeof n !== "number" || !Number.isSafeInteger(n) || n <= 0) problems.push(`${path}.n = ${render(n)} is not a positive integer`);
      const start = s["start"];
      if (start !== undefined && (typeof start !== "number" || !Number.isSafeInteger(start))) problems.push(`${path}.start = ${render(start)} is not an integer`);
      const shape = s["shape"];
      if (!Array.isArray(shape) || shape.length !== 0) problems.push(`${path}.shape = ${render(shape)} should be []`);
      break;
    }
    case "MultiDiscrete": {
      const nvec = ndData(s["nvec"]);
      const shape = s["shape"];
      if (nvec === undefined) {
        problems.push(`${path}.nvec is not readable`);
        break;
      }
      Array.from(nvec).forEach((v, i) => {
        if (!(Number(v) > 0)) problems.push(`${path}.nvec[${i}] = ${render(v)} is not positive`);
      });
      const nvecShape = isNDArrayLike(s["nvec"]) ? (s["nvec"] as NDArray).shape : [nvec.length];
      if (!Array.isArray(shape) || shape.join() !== nvecShape.join()) problems.push(`${path}.shape ${render(shape)} differs from nvec's shape ${render(nvecShape)}`);
      break;
    }
    case "MultiBinary": {
      const shape = s["shape"];
      if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && (d as number) > 0)) problems.push(`${path}.shape ${render(shape)} has a dimension <= 0`);
      break;
    }
    case "Tuple": {
      const subs = tupleSpaces(space);
      if (subs === undefined) problems.push(`${path} (Tuple) has no spaces array`);
      else if (subs.length === 0) problems.push(`${path} is an empty Tuple`);
      else subs.forEach((sub, i) => problems.push(...spaceDefinitionProblems(sub, `${path}[${i}]`)));
      break;
    }
    case "Dict": {
      const entries = dictEntries(space);
      if (entries === undefined) problems.push(`${path} (Dict) has no spaces`);
      else if (entries.length === 0) problems.push(`${path} is an empty Dict`);
      else for (const [k, sub] of entries) problems.push(...spaceDefinitionProblems(sub, `${path}.${k}`));
      break;
    }
    case "Text": {
      const min = s["minLength"];
      const max = s["maxLength"];
      if (typeof min === "number" && typeof max === "number" && min > max) problems.push(`${path}.minLength ${min} > maxLength ${max}`);
      break;
    }
    default:
      break;
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Membership explanations.

const SAFE_CASTS: Readonly<Record<DType, readonly DType[]>> = {
  bool: ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"],
  int8: ["int8", "int16", "int32", "int64", "float32", "float64"],
  int16: ["int16", "int32", "int64", "float32", "float64"],
  int32: ["int32", "int64", "float64"],
  int64: ["int64", "float64"],
  uint8: ["uint8", "uint16", "uint32", "uint64", "int16", "int32", "int64", "float32", "float64"],
  uint16: ["uint16", "uint32", "uint64", "int32", "int64", "float32", "float64"],
  uint32: ["uint32", "uint64", "int64", "float64"],
  uint64: ["uint64", "float64"],
  float32: ["float32", "float64"],
  float64: ["float64"],
};

/** NumPy's `can_cast(from, to, "safe")`. */
export function canCastSafely(from: DType, to: DType): boolean {
  return (SAFE_CASTS[from] ?? []).includes(to);
}

/**
 * Why `value` is not in `space` (a path, the offending value and the rule), or undefined when the space
 * contains it. Membership is judged by the kit's own reading of the space (issue 20, class 13): its
 * class-independent data — Box dtype, shape, low and high; Discrete n and start; MultiBinary shape;
 * MultiDiscrete nvec and start; Dict keys and Tuple length, recursively — never only by the space's own
 * `contains`, which a lenient subclass can make accept anything. The space's `contains` must agree too
 * (a stricter one that rejects a member is reported); space types the kit cannot read (Text, Sequence,
 * Graph, OneOf, custom classes) are judged by their `contains` alone.
 */
export function explainNotContained(space: AnySpace, value: unknown, path = "obs"): string | undefined {
  const own = memberProblem(space, value, path);
  if (own !== undefined) return own;
  let contained: boolean;
  try {
    contained = space.contains(value) === true;
  } catch (error) {
    return `${spaceLabel(space)}.contains(${path}) threw ${error instanceof Error ? error.message : render(error)}`;
  }
  if (contained) return undefined;
  return readable(space)
    ? `${spaceLabel(space)}.contains(${path}) is false for ${render(value)}, although its dtype, shape and bounds admit it: the space's contains() disagrees with its own definition`
    : `${spaceLabel(space)}.contains(${path}) is false for ${render(value)}`;
}

/** True when the kit can judge membership of `space` from its data alone (recursively for Dict and Tuple). */
export function readable(space: unknown): boolean {
  switch (spaceType(space)) {
    case "Box":
      return consistentBox(space) !== undefined;
    case "Discrete":
      return discreteView(space) !== undefined;
    case "MultiBinary":
      return multiBinaryShape(space) !== undefined;
    case "MultiDiscrete":
      return multiDiscreteView(space) !== undefined;
    case "Dict": {
      const entries = dictEntries(space);
      return entries !== undefined && entries.every(([, sub]) => readable(sub));
    }
    case "Tuple": {
      const subs = tupleSpaces(space);
      return subs !== undefined && subs.every((sub) => readable(sub));
    }
    default:
      return false;
  }
}

function multiBinaryShape(space: unknown): readonly number[] | undefined {
  const shape = (space as { shape?: unknown }).shape;
  return Array.isArray(shape) && shape.every((d) => Number.isSafeInteger(d)) ? (shape as number[]) : undefined;
}

function multiDiscreteView(space: unknown): { readonly shape: readonly number[]; readonly nvec: ArrayLike<number | bigint>; readonly start: ArrayLike<number | bigint> } | undefined {
  const s = space as { shape?: unknown; nvec?: unknown; start?: unknown };
  const nvec = ndData(s.nvec);
  const start = s.start === undefined && nvec !== undefined ? new Array<number>(nvec.length).fill(0) : ndData(s.start);
  if (!Array.isArray(s.shape) || nvec === undefined || start === undefined || nvec.length !== start.length) return undefined;
  return { shape: s.shape as number[], nvec, start };
}

/** The Box view when its shape and bounds agree (one low and one high per element), else undefined. */
function consistentBox(space: unknown): BoxView | undefined {
  const box = boxView(space);
  if (box === undefined || !box.shape.every((d) => Number.isSafeInteger(d) && d >= 0)) return undefined;
  const size = box.shape.reduce((a, b) => a * b, 1);
  return box.low.length === size && box.high.length === size ? box : undefined;
}

const isFloatDType = (dtype: unknown) => dtype === "float32" || dtype === "float64";

/**
 * The kit's own membership judgement: why `value` is not a member by the space's data, or undefined
 * when it is. Types the kit cannot read fall back to the space's own `contains`.
 */
export function memberProblem(space: AnySpace, value: unknown, path = "obs"): string | undefined {
  const type = spaceType(space);
  const label = spaceLabel(space);
  const byContains = () => {
    try {
      return space.contains(value) === true ? undefined : `${label}.contains(${path}) is false for ${render(value)}`;
    } catch (error) {
      return `${label}.contains(${path}) threw ${error instanceof Error ? error.message : render(error)}`;
    }
  };
  if (type === "Box") {
    // a Box whose definition does not hold together (bounds of another size than its shape): only its contains() can judge
    const box = consistentBox(space);
    if (box === undefined) return byContains();
    if (!isNDArrayLike(value)) return `${path} = ${render(value)} is not an NDArray ({ dtype, shape, data } with a typed array), so it is not in ${label}`;
    if (!isNDArray(value)) return `${path} is not a well-formed NDArray (its data is not a ${DTYPE_ARRAY[value.dtype as DType] ?? "typed array"} of ${render(value.shape)}'s size), so it is not in ${label}`;
    if (!canCastSafely(value.dtype, box.dtype)) return `${path} has dtype ${value.dtype}, which does not cast safely to ${box.dtype} (${label})`;
    if (value.shape.join() !== box.shape.join()) return `${path} has shape [${value.shape.join(", ")}] but ${label} has shape [${box.shape.join(", ")}]`;
    const data = value.data as ArrayLike<number | bigint>;
    for (let i = 0; i < data.length; i++) {
      const x = data[i] as number;
      const lo = box.low[i] as number;
      const hi = box.high[i] as number;
      if (!(x >= lo && x <= hi)) return `${path}.data[${i}] = ${render(x)} is outside [${render(lo)}, ${render(hi)}] of ${label}`;
    }
    return undefined;
  }
  if (type === "Discrete") {
    const d = discreteView(space);
    if (d === undefined) return byContains();
    if (typeof value !== "number") return `${path} = ${render(value)} is a ${typeName(value)}, not a number, so it is not in ${label}`;
    if (!Number.isInteger(value)) return `${path} = ${render(value)} is not an integer (${label})`;
    if (!(value >= d.start && value < d.start + d.n)) return `${path} = ${value} is outside {${d.start}, ..., ${d.start + d.n - 1}} of ${label}`;
    return undefined;
  }
  if (type === "MultiBinary") {
    const shape = multiBinaryShape(space);
    if (shape === undefined) return byContains();
    if (!isNDArray(value)) return `${path} = ${render(value)} is not an NDArray, so it is not in ${label}`;
    if (isFloatDType(value.dtype)) return `${path} has the float dtype ${value.dtype}; ${label} holds integers 0 and 1`;
    if (value.shape.join() !== shape.join()) return `${path} has shape [${value.shape.join(", ")}] but ${label} has shape [${shape.join(", ")}]`;
    const data = value.data as ArrayLike<number | bigint>;
    for (let i = 0; i < data.length; i++) {
      const x = data[i];
      if (x !== 0 && x !== 1 && x !== 0n && x !== 1n) return `${path}.data[${i}] = ${render(x)} is neither 0 nor 1 (${label})`;
    }
    return undefined;
  }
  if (type === "MultiDiscrete") {
    const md = multiDiscreteView(space);
    if (md === undefined) return byContains();
    if (!isNDArray(value)) return `${path} = ${render(value)} is not an NDArray, so it is not in ${label}`;
    if (isFloatDType(value.dtype)) return `${path} has the float dtype ${value.dtype}; ${label} holds integers`;
    if (value.shape.join() !== md.shape.join()) return `${path} has shape [${value.shape.join(", ")}] but ${label} has shape [${md.shape.join(", ")}]`;
    const data = value.data as ArrayLike<number | bigint>;
    if (data.length !== md.nvec.length) return `${path}.data has ${data.length} elements for ${md.nvec.length} entries of nvec (${label})`;
    for (let i = 0; i < data.length; i++) {
      const x = data[i] as number | bigint;
      const st = md.start[i] as number | bigint;
      const nv = md.nvec[i] as number | bigint;
      const end = typeof st === "bigint" || typeof nv === "bigint" ? BigInt(st) + BigInt(nv) : st + nv;
      if (!(x >= st && x < end)) return `${path}.data[${i}] = ${render(x)} is outside [${render(st)}, ${render(end)}) of ${label}`;
    }
    return undefined;
  }
  if (type === "Dict") {
    const entries = dictEntries(space);
    if (entries === undefined) return byContains();
    if (!isPlainObject(value) || ArrayBuffer.isView(value)) return `${path} = ${render(value)} is not a plain object (${label} needs one entry per key)`;
    const keys = Object.keys(value);
    const want = entries.map(([k]) => k);
    const extra = keys.filter((k) => !want.includes(k));
    const missing = want.filter((k) => !keys.includes(k));
    if (extra.length > 0 || missing.length > 0) {
      return `${path} has keys ${render(keys)} but ${label} has ${render(want)}${missing.length ? `; missing ${render(missing)}` : ""}${extra.length ? `; extra ${render(extra)}` : ""}`;
    }
    for (const [k, sub] of entries) {
      const d = memberProblem(sub, value[k], `${path}.${k}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (type === "Tuple") {
    const subs = tupleSpaces(space);
    if (subs === undefined) return byContains();
    if (!Array.isArray(value)) return `${path} = ${render(value)} is not an array (${label})`;
    if (value.length !== subs.length) return `${path} has ${value.length} elements but ${label} has ${subs.length}`;
    for (let i = 0; i < subs.length; i++) {
      const d = memberProblem(subs[i] as AnySpace, value[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  return byContains();
}

/** Structure problems (Box shape, Dict keys, Tuple length), recursively; undefined when the structure matches. */
export function structureProblem(space: AnySpace, value: unknown, path = "obs"): string | undefined {
  const type = spaceType(space);
  if (type === "Box") {
    const box = boxView(space);
    if (!isNDArrayLike(value)) return `${path} is ${render(value)}, not an NDArray { dtype, shape, data } (${spaceLabel(space)})`;
    if (box !== undefined && value.shape.join() !== box.shape.join()) return `${path}.shape is [${value.shape.join(", ")}] but the space's shape is [${box.shape.join(", ")}]`;
    const size = value.shape.reduce((a, b) => a * b, 1);
    if (value.data.length !== size) return `${path}.data has ${value.data.length} elements but shape [${value.shape.join(", ")}] needs ${size}`;
    return undefined;
  }
  if (type === "Dict") {
    const entries = dictEntries(space) ?? [];
    if (!isPlainObject(value)) return `${path} is ${render(value)}, not a plain object with keys ${render(entries.map(([k]) => k))}`;
    const keys = Object.keys(value);
    for (const [k] of entries) if (!keys.includes(k)) return `${path} lacks the key "${k}"`;
    for (const k of keys) if (!entries.some(([e]) => e === k)) return `${path} has the extra key "${k}"`;
    for (const [k, sub] of entries) {
      const d = structureProblem(sub, value[k], `${path}.${k}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (type === "Tuple") {
    const subs = tupleSpaces(space) ?? [];
    if (!Array.isArray(value)) return `${path} is ${render(value)}, not an array of ${subs.length} elements`;
    if (value.length !== subs.length) return `${path} has ${value.length} elements but the Tuple has ${subs.length}`;
    for (let i = 0; i < subs.length; i++) {
      const d = structureProblem(subs[i] as AnySpace, value[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (type === "MultiDiscrete" || type === "MultiBinary") {
    if (!isNDArrayLike(value)) return `${path} is ${render(value)}, not an NDArray (${spaceLabel(space)})`;
    const shape = (space as { shape?: readonly number[] }).shape ?? [];
    if (value.shape.join() !== shape.join()) return `${path}.shape is [${value.shape.join(", ")}] but the space's shape is [${shape.join(", ")}]`;
  }
  return undefined;
}

/**
 * Dtype problems: every Box (and MultiBinary / MultiDiscrete) leaf is a typed array of exactly the
 * space's dtype; Discrete leaves are integer numbers. Undefined when all leaves match.
 */
export function dtypeProblem(space: AnySpace, value: unknown, path = "obs"): string | undefined {
  const type = spaceType(space);
  if (type === "Box" || type === "MultiBinary" || type === "MultiDiscrete") {
    const dtype = (space as { dtype?: DType }).dtype;
    if (dtype === undefined) return undefined;
    if (!isNDArrayLike(value)) return `${path} is ${render(value)}, not an NDArray with a ${DTYPE_ARRAY[dtype]} (space dtype ${dtype})`;
    if (value.dtype !== dtype) return `${path}.dtype is "${value.dtype}" but the space's dtype is "${dtype}"`;
    const cls = (value.data as TypedArray).constructor.name;
    if (cls !== DTYPE_ARRAY[dtype]) return `${path}.data is a ${cls} but dtype ${dtype} needs a ${DTYPE_ARRAY[dtype]}`;
    return undefined;
  }
  if (type === "Discrete") {
    if (typeof value !== "number" || !Number.isInteger(value)) return `${path} = ${render(value)} is not an integer number (Discrete)`;
    return undefined;
  }
  if (type === "Dict" && isPlainObject(value)) {
    for (const [k, sub] of dictEntries(space) ?? []) {
      const d = dtypeProblem(sub, value[k], `${path}.${k}`);
      if (d !== undefined) return d;
    }
  }
  if (type === "Tuple") {
    if (!Array.isArray(value)) return `${path} is ${render(value)}, not an array (Tuple)`;
    const subs = tupleSpaces(space) ?? [];
    for (let i = 0; i < subs.length; i++) {
      const d = dtypeProblem(subs[i] as AnySpace, value[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Members and non-members.

function finiteBound(v: number | bigint, fallback: number): number {
  const n = Number(v);
  return Number.isFinite(n) && Math.abs(n) < 3e38 ? n : fallback;
}

/** Extreme members: Discrete start and start + n - 1; Box corners and 0; MultiDiscrete/MultiBinary ends. */
export function extremeMembers(space: AnySpace): unknown[] {
  const type = spaceType(space);
  const out: unknown[] = [];
  const d = discreteView(space);
  if (d !== undefined) out.push(d.start, d.start + d.n - 1);
  const box = boxView(space);
  if (box !== undefined) {
    const size = box.low.length;
    const make = (pick: (i: number) => number) => {
      try {
        return ndarray(box.dtype, box.shape, Array.from({ length: size }, (_, i) => pick(i)));
      } catch {
        return undefined;
      }
    };
    const lo = (i: number) => finiteBound(box.low[i] as number, -1e3);
    const hi = (i: number) => finiteBound(box.high[i] as number, 1e3);
    out.push(make(lo), make(hi), make(() => 0), make((i) => (i % 2 === 0 ? lo(i) : hi(i))), make((i) => (i % 2 === 0 ? hi(i) : lo(i))));
  }
  if (type === "MultiBinary") {
    const shape = (space as { shape?: readonly number[] }).shape ?? [];
    const size = shape.reduce((a, b) => a * b, 1);
    out.push(ndarray("int8", shape, new Int8Array(size)), ndarray("int8", shape, new Int8Array(size).fill(1)));
  }
  if (type === "MultiDiscrete") {
    const s = space as { nvec?: NDArray; start?: NDArray; dtype?: DType; shape?: readonly number[] };
    if (s.nvec !== undefined && s.start !== undefined && s.dtype !== undefined && s.shape !== undefined) {
      const nv = Array.from(s.nvec.data as ArrayLike<number | bigint>, Number);
      const st = Array.from(s.start.data as ArrayLike<number | bigint>, Number);
      try {
        out.push(ndarray(s.dtype, s.shape, st), ndarray(s.dtype, s.shape, st.map((v, i) => v + (nv[i] as number) - 1)));
      } catch {
        // skip
      }
    }
  }
  return out.filter((v) => v !== undefined && safeContains(space, v));
}

export function safeContains(space: AnySpace, value: unknown): boolean {
  try {
    return space.contains(value) === true;
  } catch {
    return false;
  }
}

/** All members of a small Discrete space (or undefined when it is not a Discrete of at most `max` values). */
export function enumerateDiscrete(space: AnySpace, max = 64): number[] | undefined {
  const d = discreteView(space);
  if (d === undefined || d.n > max) return undefined;
  return Array.from({ length: d.n }, (_, i) => d.start + i);
}

/** Generic foreign values: wrong types, special numbers, empty structures. */
export const GENERIC_FOREIGN: readonly unknown[] = Object.freeze([
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  1.5,
  -1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  true,
  false,
  "0",
  "",
  null,
  undefined,
  {},
  1n,
  [],
  [0],
  [[0]],
  [0.5, 0.5],
  new Float32Array(2),
  new Float64Array(3),
  new Int32Array(1),
]);

/**
 * Candidate non-members of `space` (and a few near-members): the generic list plus values derived
 * from the space (bounds ± 1, wrong dtype, wrong shape, raw typed arrays, plain arrays, NaN inside).
 * Callers filter with `contains` when they need strict non-members.
 */
export function foreignCandidates(space: AnySpace): unknown[] {
  const out: unknown[] = [...GENERIC_FOREIGN];
  const d = discreteView(space);
  if (d !== undefined) {
    out.push(d.start - 1, d.start + d.n, d.start + 0.5, d.start + d.n - 0.5, BigInt(d.start), String(d.start), 100 + d.start + d.n, [d.start]);
  }
  const box = boxView(space);
  if (box !== undefined) {
    const size = box.low.length;
    const mid = Array.from({ length: size }, (_, i) => {
      const lo = finiteBound(box.low[i] as number, -1);
      const hi = finiteBound(box.high[i] as number, 1);
      return box.dtype.startsWith("float") ? (lo + hi) / 2 : Math.floor((lo + hi) / 2);
    });
    const tryMake = (dtype: DType, shape: readonly number[], data: number[]) => {
      try {
        return ndarray(dtype, shape, data);
      } catch {
        return undefined;
      }
    };
    const otherDType: DType = box.dtype === "float64" ? "float32" : box.dtype === "float32" ? "float64" : "float64";
    out.push(
      tryMake(otherDType, box.shape, mid),
      tryMake(box.dtype, [size + 1], [...mid, mid[0] ?? 0]),
      size > 1 ? tryMake(box.dtype, [size - 1], mid.slice(1)) : tryMake(box.dtype, [], mid.slice(0, 1)),
      tryMake(box.dtype, [1, ...box.shape], mid),
      Float32Array.from(mid),
      [...mid],
      { dtype: box.dtype, shape: [...box.shape], data: [...mid] },
    );
    const above = mid.map((v, i) => (i === 0 ? finiteBound(box.high[0] as number, NaN) + 1 : v));
    const below = mid.map((v, i) => (i === 0 ? finiteBound(box.low[0] as number, NaN) - 1 : v));
    if (box.dtype.startsWith("float")) {
      out.push(tryMake(box.dtype, box.shape, mid.map((v, i) => (i === 0 ? Number.NaN : v))));
      if (Number.isFinite(above[0])) out.push(tryMake(box.dtype, box.shape, above));
      if (Number.isFinite(below[0])) out.push(tryMake(box.dtype, box.shape, below));
    }
  }
  if (spaceType(space) === "MultiBinary") {
    const shape = (space as { shape?: readonly number[] }).shape ?? [];
    const size = shape.reduce((a, b) => a * b, 1);
    out.push(ndarray("int8", shape, new Int8Array(size).fill(2)), ndarray("float32", shape, new Float32Array(size)));
  }
  return out.filter((v) => v !== undefined);
}

/**
 * Strict non-members of `space` from the candidates: rejected by the space's `contains()` or by the kit's own
 * reading of its definition (so a lenient subclass cannot hide a non-member from the checks that feed them).
 */
export function foreignValues(space: AnySpace): unknown[] {
  return foreignCandidates(space).filter((v) => !safeContains(space, v) || memberProblem(space, v) !== undefined);
}

/** True when `value` is an NDArray as core-types checks it (dtype storage and length). */
export function isStrictNDArray(value: unknown): value is NDArray {
  return isNDArray(value);
}

// ---------------------------------------------------------------------------------------------
// Judging a space itself (issue 20, class 13): does its contains() agree with its definition, and is
// its seeded sampling reproducible without hidden randomness?

/** The float one step beyond `v` in `dir` (float32 or float64 spacing), or `v` when it is not finite. */
export function nextFloat(v: number, dir: 1 | -1, dtype: "float32" | "float64"): number {
  if (!Number.isFinite(v)) return v;
  if (dtype === "float32") {
    const f = new Float32Array(1);
    const bits = new Int32Array(f.buffer);
    f[0] = v;
    if (f[0] !== v) return f[0] as number; // v itself is not a float32: its rounding is already beyond or at it
    if (v === 0) return dir * 2 ** -149;
    bits[0] = (bits[0] as number) + ((v > 0) === (dir > 0) ? 1 : -1);
    return f[0] as number;
  }
  const f = new Float64Array(1);
  const bits = new BigInt64Array(f.buffer);
  f[0] = v;
  if (v === 0) return dir * 2 ** -1074;
  bits[0] = (bits[0] as bigint) + ((v > 0) === (dir > 0) ? 1n : -1n);
  return f[0] as number;
}

/** Every leaf (non-Dict, non-Tuple) space with its path. */
function leaves(space: AnySpace, path: string): [string, AnySpace][] {
  const entries = dictEntries(space);
  if (entries !== undefined) return entries.flatMap(([k, sub]) => leaves(sub, `${path}.${k}`));
  const subs = tupleSpaces(space);
  if (subs !== undefined) return subs.flatMap((sub, i) => leaves(sub, `${path}[${i}]`));
  return [[path, space]];
}

const INT_RANGE: Partial<Record<DType, readonly [number, number]>> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint8: [0, 255],
  uint16: [0, 65535],
  uint32: [0, 2 ** 32 - 1],
};

/** Values just beyond a Box's bounds, one element at a time: the next float past each bound, bound ± 1. */
function beyondBounds(box: BoxView): unknown[] {
  const size = box.low.length;
  if (size === 0 || typeof box.low[0] === "bigint") return [];
  const lo = (i: number) => box.low[i] as number;
  const hi = (i: number) => box.high[i] as number;
  const member = Array.from({ length: size }, (_, i) => (Number.isFinite(lo(i)) ? lo(i) : Number.isFinite(hi(i)) ? hi(i) : 0));
  const indices = [...new Set([0, size - 1, Math.floor(size / 2)])];
  const out: unknown[] = [];
  const make = (i: number, v: number) => {
    if (Number.isNaN(v) && !isFloatDType(box.dtype)) return;
    const data = member.slice();
    data[i] = v;
    try {
      const arr = ndarray(box.dtype, box.shape, data);
      // keep only probes whose stored value really is beyond the bound (no rounding back inside)
      const stored = Number((arr.data as ArrayLike<number | bigint>)[i]);
      if (!(stored >= lo(i) && stored <= hi(i))) out.push(arr);
    } catch {
      // a value the dtype cannot hold
    }
  };
  for (const i of indices) {
    if (isFloatDType(box.dtype)) {
      const dt = box.dtype as "float32" | "float64";
      make(i, nextFloat(hi(i), 1, dt));
      make(i, nextFloat(lo(i), -1, dt));
      if (Number.isFinite(hi(i))) make(i, hi(i) + 1);
      if (Number.isFinite(lo(i))) make(i, lo(i) - 1);
      make(i, Number.NaN);
    } else {
      const range = INT_RANGE[box.dtype];
      if (range !== undefined) {
        if (hi(i) + 1 <= range[1]) make(i, hi(i) + 1);
        if (lo(i) - 1 >= range[0]) make(i, lo(i) - 1);
      }
    }
  }
  return out;
}

/**
 * Where a space's own `contains()` accepts a value its definition excludes (a lenient subclass: bounds
 * "guaranteed by construction", shape-only checks), probing every leaf with non-members and values just
 * beyond its bounds; undefined when none is accepted. Only leniency is reported.
 */
export function lenientContainsProblem(space: AnySpace, path = "space"): string | undefined {
  for (const [where, leaf] of leaves(space, path)) {
    if (!readable(leaf)) continue;
    const box = consistentBox(leaf);
    const probes = [...foreignCandidates(leaf), ...(box === undefined ? [] : beyondBounds(box))];
    for (const v of probes) {
      if (!safeContains(leaf, v)) continue;
      const why = memberProblem(leaf, v, "value");
      if (why !== undefined) {
        return `${where} (${spaceLabel(leaf)}).contains() accepts ${render(v)}, which its own definition excludes (${why}): contains() must check dtype, shape and bounds, since wrappers, vector envs and the kit rely on it`;
      }
    }
  }
  return undefined;
}

/**
 * Whether a space's seeded sampling is reproducible and free of hidden randomness: `seed(s)` then
 * samples, twice on the same space and once on `again` (a fresh instance, when given), with
 * `Math.random`, the clock and `crypto.getRandomValues` trapped while sampling. Undefined when it is.
 */
export function seedingProblem(space: AnySpace, seed: number, path = "space", again?: AnySpace, n = 32): string | undefined {
  const draw = (s: AnySpace): { samples: unknown[] } | { why: string } => {
    try {
      return {
        samples: trapped(() => {
          s.seed(seed);
          return Array.from({ length: n }, () => s.sample());
        }),
      };
    } catch (error) {
      if (error instanceof HiddenNondeterminismError) {
        return { why: `${path}.sample() after ${path}.seed(${seed}) called ${error.source}: a space must draw only from its seeded generator, or seeded sampling (a random-policy baseline, a replay) is not reproducible` };
      }
      return { why: `${path}.seed(${seed}) then sample() threw ${error instanceof Error ? error.message : render(error)}` };
    }
  };
  const a = draw(space);
  if ("why" in a) return a.why;
  const b = draw(space);
  if ("why" in b) return b.why;
  const d = exactDiff(a.samples, b.samples, "samples");
  if (d !== undefined) return `${path}.seed(${seed}) twice gave two different sample streams (${d}): seeding must restart the space's generator`;
  if (again !== undefined && again !== space) {
    const c = draw(again);
    if ("why" in c) return c.why;
    const d2 = exactDiff(a.samples, c.samples, "samples");
    if (d2 !== undefined) return `two fresh instances' ${path} seeded alike (${seed}) gave different samples (${d2}): sampling depends on something besides the seed`;
  }
  return undefined;
}
