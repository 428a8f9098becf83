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
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const render = (issuePath: readonly PropertyKey[]) =>
    [context.path, ...issuePath.map(String)].filter((part) => part !== undefined && part !== "").join(".") ||
    context.what ||
    "input";
  const first = issues[0];
  const parameter = first ? render(first.path) : render([]);
  const problems = issues.map((issue) => `${render(issue.path)}: ${issue.message}`).join("; ");
  const summary = `invalid ${context.what ?? parameter} (${problems})`;
  const details = {
    parameter,
    expected: first?.message ?? "valid input",
    received: first ? valueAt(input, first.path) : input,
    cause: result.error,
  };
  throw context.kind === "configuration"
    ? new ConfigurationError(summary, details)
    : new ValidationError(summary, details);
}
