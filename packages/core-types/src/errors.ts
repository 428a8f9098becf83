/**
 * Typed errors with stable codes. Every error names what was wrong (`parameter`), what was
 * expected and what was received, so a user can fix the call without reading Plume's source.
 */

export const ErrorCode = {
  VALIDATION: "PLUME_VALIDATION",
  STATE: "PLUME_STATE",
  CONFIGURATION: "PLUME_CONFIGURATION",
  COMPONENT: "PLUME_COMPONENT",
  RENDERING: "PLUME_RENDERING",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface PlumeErrorDetails {
  /** The offending parameter, option or config path, e.g. `"seed"` or `"sensor.options.n"`. */
  readonly parameter?: string;
  /** The allowed values or form, e.g. `"an integer in [0, 4294967295]"`. */
  readonly expected?: string;
  /** The value that was given. */
  readonly received?: unknown;
  /** The underlying error, when this one wraps another. */
  readonly cause?: unknown;
}

/** Renders a received value for an error message without throwing on exotic inputs. */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) {
    return String(value);
  }
  if (typeof value === "function") return `function ${value.name || "(anonymous)"}`;
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}(${(value as unknown as ArrayLike<unknown>).length})`;
  try {
    const json = JSON.stringify(value);
    if (json === undefined) return String(value);
    return json.length > 120 ? `${json.slice(0, 117)}...` : json;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function composeMessage(summary: string, details: PlumeErrorDetails): string {
  const parts = [summary];
  if (details.expected !== undefined) parts.push(`expected ${details.expected}`);
  if ("received" in details) parts.push(`received ${describeValue(details.received)}`);
  return parts.join("; ");
}

/** Base class of every error Plume throws on purpose. */
export class PlumeError extends Error {
  readonly code: ErrorCode;
  readonly parameter: string | undefined;
  readonly expected: string | undefined;
  readonly received: unknown;

  constructor(code: ErrorCode, summary: string, details: PlumeErrorDetails = {}) {
    super(composeMessage(summary, details), details.cause === undefined ? undefined : { cause: details.cause });
    // Spelled out for Plume's own classes: a minifier renames classes, and `name` is how users tell errors apart.
    this.name = ERROR_NAMES.get(new.target) ?? new.target.name;
    this.code = code;
    this.parameter = details.parameter;
    this.expected = details.expected;
    this.received = details.received;
  }

  /** A plain-data view for logs and JSON reports. */
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

/** Bad arguments: a bad action, seed, option or constructor input. */
export class ValidationError extends PlumeError {
  constructor(summary: string, details: PlumeErrorDetails = {}) {
    super(ErrorCode.VALIDATION, summary, details);
  }

  /** `invalid(param, expected, received)`: the common "parameter X must be Y" error. */
  static invalid(parameter: string, expected: string, received: unknown): ValidationError {
    return new ValidationError(`invalid ${parameter}`, { parameter, expected, received });
  }
}

/** A call made in the wrong lifecycle state, e.g. `step()` before `reset()` or after `close()`. */
export class StateError extends PlumeError {
  readonly currentState: string | undefined;
  readonly allowedStates: readonly string[] | undefined;

  constructor(
    summary: string,
    details: PlumeErrorDetails & { currentState?: string; allowedStates?: readonly string[] } = {},
  ) {
    const { currentState, allowedStates, ...rest } = details;
    const expected = rest.expected ?? (allowedStates ? `state ${allowedStates.join(" or ")}` : undefined);
    super(ErrorCode.STATE, currentState === undefined ? summary : `${summary} (state is ${currentState})`, {
      ...rest,
      ...(expected !== undefined && { expected }),
    });
    this.currentState = currentState;
    this.allowedStates = allowedStates;
  }
}

/** A bad configuration object or file; `parameter` is the dotted path of the bad field. */
export class ConfigurationError extends PlumeError {
  constructor(summary: string, details: PlumeErrorDetails = {}) {
    super(ErrorCode.CONFIGURATION, summary, details);
  }
}

/** A plugin component failed or broke its protocol; `component` names it. */
export class ComponentError extends PlumeError {
  readonly component: string | undefined;

  constructor(summary: string, details: PlumeErrorDetails & { component?: string } = {}) {
    const { component, ...rest } = details;
    super(ErrorCode.COMPONENT, component === undefined ? summary : `${component}: ${summary}`, rest);
    this.component = component;
  }
}

/** Rendering failed or was asked for in a mode the environment does not support. */
export class RenderingError extends PlumeError {
  constructor(summary: string, details: PlumeErrorDetails = {}) {
    super(ErrorCode.RENDERING, summary, details);
  }
}

const ERROR_NAMES: ReadonlyMap<abstract new (...args: never[]) => PlumeError, string> = new Map<abstract new (...args: never[]) => PlumeError, string>([
  [PlumeError, "PlumeError"],
  [ValidationError, "ValidationError"],
  [StateError, "StateError"],
  [ConfigurationError, "ConfigurationError"],
  [ComponentError, "ComponentError"],
  [RenderingError, "RenderingError"],
]);

export function isPlumeError(value: unknown): value is PlumeError {
  return value instanceof PlumeError;
}
