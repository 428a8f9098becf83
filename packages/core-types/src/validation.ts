import type { z } from "zod";
import { ConfigurationError, ValidationError } from "./errors.js";
import { didYouMean } from "./suggest.js";

export interface ParseOptionsContext {
  /** What is being parsed, e.g. `"Box options"`; used in the message. */
  readonly what?: string;
  /** Prefix for the reported path, e.g. `"sensor.options"`. */
  readonly path?: string;
  /** `"validation"` (default) throws ValidationError; `"configuration"` throws ConfigurationError. */
  readonly kind?: "validation" | "configuration";
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** A zod schema's internal definition, as far as the key lookup below reads it. */
interface SchemaDef {
  readonly type?: string;
  readonly shape?: Readonly<Record<string, unknown>>;
  readonly innerType?: unknown;
  readonly in?: unknown;
  readonly out?: unknown;
  readonly getter?: () => unknown;
  readonly element?: unknown;
  readonly items?: readonly unknown[];
  readonly valueType?: unknown;
  readonly options?: readonly unknown[];
  readonly left?: unknown;
  readonly right?: unknown;
}

function defOf(schema: unknown): SchemaDef | undefined {
  return (schema as { _zod?: { def?: SchemaDef } } | null | undefined)?._zod?.def;
}

/**
 * The keys the object schemas at `path` inside `schema` accept (through optional, default, pipe,
 * preprocess, union and similar wrappers), for "did you mean" hints on unknown keys. Empty when the
 * schema is not a zod object there.
 */
export function schemaKeysAt(schema: unknown, path: readonly PropertyKey[], depth = 0): Set<string> {
  const keys = new Set<string>();
  const def = defOf(schema);
  if (def === undefined || depth > 64) return keys;
  const add = (inner: unknown, rest: readonly PropertyKey[]) => {
    for (const key of schemaKeysAt(inner, rest, depth + 1)) keys.add(key);
  };
  switch (def.type) {
    case "object":
      if (path.length === 0) Object.keys(def.shape ?? {}).forEach((k) => keys.add(k));
      else if (def.shape !== undefined && typeof path[0] === "string" && path[0] in def.shape) add(def.shape[path[0]], path.slice(1));
      break;
    case "pipe":
      add(def.in, path);
      add(def.out, path);
      break;
    case "lazy":
      if (def.getter !== undefined) add(def.getter(), path);
      break;
    case "array":
      if (path.length > 0) add(def.element, path.slice(1));
      break;
    case "tuple":
      if (path.length > 0 && typeof path[0] === "number") add(def.items?.[path[0]], path.slice(1));
      break;
    case "record":
      if (path.length > 0) add(def.valueType, path.slice(1));
      break;
    case "union":
      for (const option of def.options ?? []) add(option, path);
      break;
    case "intersection":
      add(def.left, path);
      add(def.right, path);
      break;
    default:
      if (def.innerType !== undefined) add(def.innerType, path);
  }
  return keys;
}

/**
 * The message for an unknown key: what it may have meant and which keys are known. A schema's own
 * message (one that is not zod's default) is kept, with the hint added.
 */
function unknownKeyMessage(keys: readonly string[], known: ReadonlySet<string>, given: string): string {
  const [key = "", ...others] = keys;
  if (!given.startsWith("Unrecognized key")) return `${given}${didYouMean(key, known)}`;
  const also = others.length > 0 ? ` (also unknown: ${others.map((k) => `"${k}"`).join(", ")})` : "";
  if (known.size === 0) return `unknown key "${key}"${also}`;
  return `unknown key "${key}"${didYouMean(key, known)}${also}; known keys: ${[...known].join(", ")}`;
}

/**
 * Parses user data with a zod schema and turns a failure into a typed Plume error whose
 * `parameter` is the dotted path of the first bad field and whose message lists every problem.
 */
export function parseWithSchema<S extends z.ZodType>(
  schema: S,
  input: unknown,
  context: ParseOptionsContext = {},
): z.output<S> {
  // reportInput: issues carry the value that failed, which is right even when a preprocess step
  // reshaped the input (e.g. the tuple [x, y] read as { x, y }).
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  // An unknown key is reported on its parent object; point at the key itself so the error names it.
  const issues = result.error.issues.map((issue) =>
    issue.code === "unrecognized_keys" && issue.keys.length > 0
      ? {
          ...issue,
          path: [...issue.path, issue.keys[0] as string],
          input: valueAt(issue.input, [issue.keys[0] as string]),
          message: unknownKeyMessage(issue.keys as readonly string[], schemaKeysAt(schema, issue.path), issue.message),
        }
      : issue,
  );
  const render = (issuePath: readonly PropertyKey[]) =>
    [context.path, ...issuePath.map(String)].filter((part) => part !== undefined && part !== "").join(".") ||
    context.what ||
    "input";
  const first = issues[0];
  const parameter = first ? render(first.path) : render([]);
  // The first problem is spelled out by `expected`/`received`; any others are listed after it.
  const others = issues.slice(1).map((issue) => `${render(issue.path)}: ${issue.message}`);
  const where = context.what !== undefined && context.what !== parameter ? ` in ${context.what}` : "";
  const summary = `invalid ${parameter}${where}${others.length > 0 ? ` (also ${others.join("; ")})` : ""}`;
  const details = {
    parameter,
    expected: first?.message ?? "valid input",
    received: first === undefined ? input : "input" in first ? first.input : valueAt(input, first.path),
    cause: result.error,
  };
  throw context.kind === "configuration"
    ? new ConfigurationError(summary, details)
    : new ValidationError(summary, details);
}
