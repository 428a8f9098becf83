/**
 * Typed errors of `@plume/abio-agent`.
 *
 * The design keeps this package free of other Plume packages ("abio-agent depends on nothing of ours"),
 * so it cannot throw `@plume/core-types`' errors. These classes mirror them: the same stable `code`
 * values (`PLUME_VALIDATION`, `PLUME_STATE`), the offending `parameter`, the `expected` form and the
 * `received` value, so code that switches on `error.code` treats both packages alike.
 *
 * Errors are thrown only for programming mistakes (bad options, a malformed scenario, acting on a
 * finished session). An agent's bad action is never an exception: it is a failed `ActionResult`.
 */
import type { z } from "zod";

export const AbioErrorCode = {
  VALIDATION: "PLUME_VALIDATION",
  STATE: "PLUME_STATE",
} as const;
export type AbioErrorCode = (typeof AbioErrorCode)[keyof typeof AbioErrorCode];

export interface AbioErrorDetails {
  /** The offending option, field or path, e.g. `"budget"` or `"available_actions.move.params.direction"`. */
  readonly parameter?: string;
  /** The allowed values or form. */
  readonly expected?: string;
  /** The value that was given. */
  readonly received?: unknown;
  readonly cause?: unknown;
}

/** Renders a value for an error message without throwing on exotic inputs. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) return String(value);
  if (typeof value === "function") return `function ${value.name || "(anonymous)"}`;
  try {
    const json = JSON.stringify(value);
    if (json === undefined) return String(value);
    return json.length > 120 ? `${json.slice(0, 117)}...` : json;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function compose(summary: string, details: AbioErrorDetails): string {
  const parts = [summary];
  if (details.expected !== undefined) parts.push(`expected ${details.expected}`);
  if ("received" in details) parts.push(`received ${describeValue(details.received)}`);
  return parts.join("; ");
}

/** Base class of every error this package throws on purpose. */
export class AbioError extends Error {
  readonly code: AbioErrorCode;
  readonly parameter: string | undefined;
  readonly expected: string | undefined;
  readonly received: unknown;

  constructor(code: AbioErrorCode, summary: string, details: AbioErrorDetails = {}) {
    super(compose(summary, details), details.cause === undefined ? undefined : { cause: details.cause });
    // Spelled out for this package's classes: a minifier renames classes, and `name` tells errors apart.
    this.name = ABIO_ERROR_NAMES.get(new.target) ?? new.target.name;
    this.code = code;
    this.parameter = details.parameter;
    this.expected = details.expected;
    this.received = details.received;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      ...(this.parameter !== undefined && { parameter: this.parameter }),
      ...(this.expected !== undefined && { expected: this.expected }),
    };
  }
}

/** Bad arguments: bad options, a malformed scenario declaration, malformed protocol data. */
export class AbioValidationError extends AbioError {
  constructor(summary: string, details: AbioErrorDetails = {}) {
    super(AbioErrorCode.VALIDATION, summary, details);
  }

  static invalid(parameter: string, expected: string, received: unknown): AbioValidationError {
    return new AbioValidationError(`invalid ${parameter}`, { parameter, expected, received });
  }
}

/** A call in the wrong lifecycle state, e.g. `act()` on a session that has ended. */
export class AbioStateError extends AbioError {
  constructor(summary: string, details: AbioErrorDetails = {}) {
    super(AbioErrorCode.STATE, summary, details);
  }
}

export function isAbioError(value: unknown): value is AbioError {
  return value instanceof AbioError;
}

/**
 * Parses `input` with `schema`; a failure becomes an `AbioValidationError` whose `parameter` is the
 * dotted path of the first bad field (prefixed with `path`), listing every other problem in the message.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, context: { readonly what: string; readonly path?: string }): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) =>
    issue.code === "unrecognized_keys" && issue.keys.length > 0
      ? {
          ...issue,
          path: [...issue.path, issue.keys[0] as string],
          input: (issue.input as Record<string, unknown> | undefined)?.[issue.keys[0] as string],
        }
      : issue,
  );
  const render = (p: readonly PropertyKey[]) => [context.path, ...p.map(String)].filter((s) => s !== undefined && s !== "").join(".") || context.what;
  const first = issues[0];
  const parameter = first ? render(first.path) : render([]);
  const others = issues.slice(1).map((i) => `${render(i.path)}: ${i.message}`);
  const received = first === undefined ? input : "input" in first ? first.input : undefined;
  throw new AbioValidationError(`invalid ${parameter} in ${context.what}${others.length > 0 ? ` (also ${others.join("; ")})` : ""}`, {
    parameter,
    expected: first?.message ?? "valid input",
    received,
    cause: result.error,
  });
}

const ABIO_ERROR_NAMES: ReadonlyMap<abstract new (...args: never[]) => AbioError, string> = new Map<abstract new (...args: never[]) => AbioError, string>([
  [AbioError, "AbioError"],
  [AbioValidationError, "AbioValidationError"],
  [AbioStateError, "AbioStateError"],
]);
