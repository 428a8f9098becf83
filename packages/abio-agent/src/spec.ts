/**
 * How a scenario declares its actions and measurements (the info dicts of `available_actions` /
 * `available_measurements`) and how an action's parameters are checked against the declaration.
 *
 * An info dict is, as in the reference: `{ description, params: { name: type }, cost }`, plus any
 * other JSON keys the scenario wants the agent to see. A parameter type is
 * - a type name: `"float"` (alias `"number"`), `"int"` (`"integer"`), `"str"` (`"string"`), `"bool"` (`"boolean"`);
 * - an array of allowed values (an enum): `["up", "down"]`;
 * - an object `{ type, description?, min?, max?, values?, optional? }` (`type: "enum"` needs `values`).
 */
import * as z from "zod";
import { AbioValidationError, describeValue, parseWith } from "./errors.js";
import { JsonValueSchema, freezeJson, type JsonObject, type JsonPrimitive, type JsonValue } from "./json.js";

/** The canonical parameter types. */
export const PARAM_TYPES = Object.freeze(["float", "int", "str", "bool", "enum"] as const);
export type ParamType = (typeof PARAM_TYPES)[number];

const TYPE_ALIASES: Readonly<Record<string, Exclude<ParamType, "enum">>> = Object.freeze({
  float: "float",
  number: "float",
  int: "int",
  integer: "int",
  str: "str",
  string: "str",
  bool: "bool",
  boolean: "bool",
});

const enumValue = z.union([z.string(), z.number(), z.boolean()]);

const typeName = z.enum(Object.keys(TYPE_ALIASES) as [string, ...string[]], {
  error: `a parameter type: ${Object.keys(TYPE_ALIASES).join(", ")}, an array of allowed values, or { type, ... }`,
});

/** A parameter declaration as written by a scenario. */
export const ParamSpecSchema = z.union([
  typeName,
  z.array(enumValue).min(1, { error: "a non-empty array of allowed values" }),
  z
    .looseObject({
      type: z.union([typeName, z.literal("enum")]),
      description: z.string().optional(),
      min: z.number().optional(),
      max: z.number().optional(),
      values: z.array(enumValue).min(1).optional(),
      optional: z.boolean().optional(),
    })
    .refine((p) => p.type !== "enum" || p.values !== undefined, { error: "type enum needs a non-empty values array", path: ["values"] })
    .refine((p) => p.min === undefined || p.max === undefined || p.min <= p.max, { error: "min <= max", path: ["min"] }),
]);
export type ParamSpec = z.input<typeof ParamSpecSchema>;

/** An action or measurement declaration (the info dict the agent sees). */
export const ActionSpecSchema = z.looseObject({
  description: z.string({ error: "a string" }).optional(),
  params: z.record(z.string(), ParamSpecSchema).optional(),
  cost: z.number({ error: "a finite number >= 0" }).min(0, { error: "a finite number >= 0" }).optional(),
});
export type ActionSpec = z.input<typeof ActionSpecSchema> & { readonly [key: string]: unknown };

/** A parameter after normalisation. */
export interface NormalizedParam {
  readonly name: string;
  readonly type: ParamType;
  readonly optional: boolean;
  readonly min: number | undefined;
  readonly max: number | undefined;
  /** The allowed values of an enum (also set when a typed param lists `values`). */
  readonly values: readonly JsonPrimitive[] | undefined;
  readonly description: string | undefined;
}

export type ActionKind = "action" | "measurement";

/** A declaration after normalisation: what the session validates against. */
export interface NormalizedSpec {
  readonly name: string;
  readonly kind: ActionKind;
  readonly description: string;
  /** The nominal cost (declared, or 1.0 for actions and 0 for measurements, as in the reference). */
  readonly cost: number;
  readonly params: readonly NormalizedParam[];
  /** The info dict shown to agents: the declaration with `description` and the effective `cost` filled in. */
  readonly info: JsonObject;
}

/** The reference's default costs: an action costs 1.0 and a measurement 0 unless declared. */
export const DEFAULT_COSTS: Readonly<Record<ActionKind, number>> = Object.freeze({ action: 1, measurement: 0 });

/** A parsed parameter declaration in normalised form. */
export function normalizeParam(name: string, spec: z.output<typeof ParamSpecSchema>): NormalizedParam {
  if (typeof spec === "string") {
    return { name, type: TYPE_ALIASES[spec] as ParamType, optional: false, min: undefined, max: undefined, values: undefined, description: undefined };
  }
  if (Array.isArray(spec)) {
    return { name, type: "enum", optional: false, min: undefined, max: undefined, values: Object.freeze([...spec]), description: undefined };
  }
  const obj = spec as { type: string; description?: string; min?: number; max?: number; values?: JsonPrimitive[]; optional?: boolean };
  return {
    name,
    type: obj.type === "enum" ? "enum" : (TYPE_ALIASES[obj.type] as ParamType),
    optional: obj.optional ?? false,
    min: obj.min,
    max: obj.max,
    values: obj.values === undefined ? undefined : Object.freeze([...obj.values]),
    description: obj.description,
  };
}

/**
 * Validates and normalises the declarations of one kind. Throws `AbioValidationError` naming the bad
 * field (`available_actions.move.params.direction`).
 */
export function normalizeSpecs(declared: unknown, kind: ActionKind, path: string): readonly NormalizedSpec[] {
  const parsed = parseWith(z.record(z.string(), ActionSpecSchema), declared ?? {}, { what: "scenario interface", path });
  const out: NormalizedSpec[] = [];
  for (const [name, spec] of Object.entries(parsed)) {
    if (name === "") throw AbioValidationError.invalid(path, "non-empty action names", name);
    const problem = JsonValueSchema.safeParse(spec);
    if (!problem.success) throw AbioValidationError.invalid(`${path}.${name}`, "a JSON info dict", spec);
    const params = Object.entries(spec.params ?? {}).map(([p, s]) => normalizeParam(p, s));
    const cost = spec.cost ?? DEFAULT_COSTS[kind];
    const info = freezeJson({ ...(spec as JsonObject), description: spec.description ?? "", cost } as JsonObject);
    out.push(Object.freeze({ name, kind, description: spec.description ?? "", cost, params: Object.freeze(params), info }));
  }
  return Object.freeze(out);
}

function typeLabel(p: NormalizedParam): string {
  switch (p.type) {
    case "float":
      return "a number";
    case "int":
      return "an integer";
    case "str":
      return "a string";
    case "bool":
      return "a boolean";
    case "enum":
      return `one of ${(p.values ?? []).map((v) => describeValue(v)).join(", ")}`;
  }
}

/**
 * Why `params` do not satisfy the declaration, or undefined when they do. The messages are the
 * reference's where it has them (`Missing required parameter: x`, `Parameter x must be a number`) and
 * follow the same pattern otherwise (`Parameter x must be an integer`, `Parameter x must be <= 5`,
 * `Unknown parameter: y`).
 */
export function paramsProblem(spec: NormalizedSpec, params: unknown): string | undefined {
  if (params === null || typeof params !== "object" || Array.isArray(params)) {
    return `Parameters of ${spec.name} must be an object, received ${describeValue(params)}`;
  }
  const given = params as Record<string, unknown>;
  const declared = new Set(spec.params.map((p) => p.name));
  for (const key of Object.keys(given)) {
    if (!declared.has(key)) return `Unknown parameter: ${key}`;
  }
  for (const p of spec.params) {
    if (!Object.prototype.hasOwnProperty.call(given, p.name) || given[p.name] === undefined) {
      if (p.optional) continue;
      return `Missing required parameter: ${p.name}`;
    }
    const value = given[p.name];
    const bad = `Parameter ${p.name} must be ${typeLabel(p)}`;
    switch (p.type) {
      case "float":
        if (typeof value !== "number" || !Number.isFinite(value)) return bad;
        break;
      case "int":
        if (typeof value !== "number" || !Number.isSafeInteger(value)) return bad;
        break;
      case "str":
        if (typeof value !== "string") return bad;
        break;
      case "bool":
        if (typeof value !== "boolean") return bad;
        break;
      case "enum":
        if (!(p.values ?? []).some((v) => v === value)) return bad;
        break;
    }
    if (p.values !== undefined && p.type !== "enum" && !p.values.some((v) => v === value)) {
      return `Parameter ${p.name} must be one of ${p.values.map((v) => describeValue(v)).join(", ")}`;
    }
    if (typeof value === "number") {
      if (p.min !== undefined && value < p.min) return `Parameter ${p.name} must be >= ${p.min}`;
      if (p.max !== undefined && value > p.max) return `Parameter ${p.name} must be <= ${p.max}`;
    }
  }
  return undefined;
}

/** A JSON value as the params object of an action (already validated by `paramsProblem`). */
export function asParams(params: unknown): JsonObject {
  return params as JsonObject;
}

/** Every JSON value that a declaration allows as a parameter's value, when finite (enums and bools). */
export function finiteDomain(p: NormalizedParam): readonly JsonValue[] | undefined {
  if (p.values !== undefined) return p.values;
  if (p.type === "bool") return [false, true];
  return undefined;
}

/**
 * The parameters declared by an info dict as an agent sees it (`observation.available_actions[name]`).
 * Declarations that do not parse are skipped (the session validated them when the run started).
 */
export function paramsOfInfo(info: JsonValue | undefined): NormalizedParam[] {
  if (info === null || info === undefined || typeof info !== "object" || Array.isArray(info)) return [];
  const params = (info as { readonly params?: JsonValue }).params;
  if (params === null || params === undefined || typeof params !== "object" || Array.isArray(params)) return [];
  const out: NormalizedParam[] = [];
  for (const [name, raw] of Object.entries(params as Readonly<Record<string, JsonValue>>)) {
    const parsed = ParamSpecSchema.safeParse(raw);
    if (parsed.success) out.push(normalizeParam(name, parsed.data));
  }
  return out;
}
