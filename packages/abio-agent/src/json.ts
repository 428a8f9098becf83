/**
 * JSON values: everything the protocol carries (state, parameters, measurement data, scores) is plain
 * JSON, so a run can be stored, exported and read back by the Python reference.
 */
import * as z from "zod";

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

/** zod schema of a JSON value (finite numbers, strings, booleans, null, arrays, plain objects). */
export const JsonValueSchema: z.ZodType<JsonValue> = z.json() as unknown as z.ZodType<JsonValue>;
/** zod schema of a JSON object. */
export const JsonObjectSchema: z.ZodType<JsonObject> = z.record(z.string(), JsonValueSchema) as unknown as z.ZodType<JsonObject>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Why `value` is not a JSON value (the path of the first offending leaf), or undefined when it is one.
 * Rejects NaN/±Infinity, undefined, functions, symbols, bigints, class instances, typed arrays and cycles.
 */
export function jsonProblem(value: unknown, path = "$", seen: Set<unknown> = new Set()): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? undefined : `${path} is ${value} (JSON numbers are finite)`;
  if (typeof value !== "object") return `${path} is a ${typeof value}`;
  if (seen.has(value)) return `${path} is a cycle`;
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const problem = jsonProblem(value[i], `${path}[${i}]`, seen);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    if (!isPlainObject(value)) return `${path} is a ${Object.prototype.toString.call(value).slice(8, -1)}, not a plain object`;
    for (const key of Object.keys(value)) {
      const problem = jsonProblem(value[key], `${path}.${key}`, seen);
      if (problem !== undefined) return problem;
    }
    return undefined;
  } finally {
    seen.delete(value);
  }
}

export function isJsonValue(value: unknown): value is JsonValue {
  return jsonProblem(value) === undefined;
}

/** A deep, frozen copy of a JSON value (the caller has checked it with `jsonProblem`). */
export function freezeJson<T extends JsonValue>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return Object.freeze(value.map((v: JsonValue) => freezeJson(v))) as unknown as T;
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(value)) out[key] = freezeJson((value as JsonObject)[key] as JsonValue);
  return Object.freeze(out) as T;
}

/** Structural equality of two JSON values (key order ignored). */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || a === undefined || b === undefined) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as readonly JsonValue[];
    return a.length === bb.length && a.every((v: JsonValue, i: number) => jsonEqual(v, bb[i]));
  }
  const ao = a as JsonObject;
  const bo = b as JsonObject;
  const ak = Object.keys(ao);
  const bk = Object.keys(bo);
  return ak.length === bk.length && ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && jsonEqual(ao[k], bo[k]));
}

/** JSON text with object keys sorted, so equal values always give equal text. */
export function stableStringify(value: unknown, indent?: number): string {
  const sort = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map(sort);
    const json = (v as { toJSON?: () => unknown }).toJSON;
    if (typeof json === "function") return sort(json.call(v));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) out[key] = sort((v as Record<string, unknown>)[key]);
    return out;
  };
  return JSON.stringify(sort(value), null, indent);
}
