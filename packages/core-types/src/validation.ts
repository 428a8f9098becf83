import type { z } from "zod";
import { ConfigurationError, ValidationError } from "./errors.js";

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
