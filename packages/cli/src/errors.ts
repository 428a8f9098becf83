/**
 * User-facing errors of the `plume` command: one line naming the flag, field or file, with the fix, and a
 * stable exit code. Anything else is a bug and is reported with its stack.
 */
import { isPlumeError } from "@plume/core-types";

/** Exit codes of the `plume` command. */
export const ExitCode = Object.freeze({
  /** Everything worked (and `replay` found the record identical). */
  OK: 0,
  /** `replay` found a difference between the record and the re-run, or an unexpected failure. */
  FAILURE: 1,
  /** A bad flag, config, policy option or run directory: the message says what to fix. */
  USAGE: 2,
  /** `record` stopped by Ctrl-C (its finished episodes are kept). */
  INTERRUPTED: 130,
} as const);
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A problem the user can fix: printed as one line (no stack) and the process exits with `exitCode`. */
export class CliError extends Error {
  readonly exitCode: ExitCode;

  constructor(message: string, exitCode: ExitCode = ExitCode.USAGE, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CliError";
    this.exitCode = exitCode;
  }
}

/** A record that does not replay identically. */
export class ReplayMismatchError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.FAILURE);
    this.name = "ReplayMismatchError";
  }
}

/** Collapses whitespace so that a message always fits on one line. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

/**
 * The one-line message and exit code for `error`: `CliError`s and Plume's typed errors (bad config, bad
 * options) are user errors; anything else is unexpected and keeps its stack.
 */
export function describeError(error: unknown): { readonly message: string; readonly exitCode: ExitCode; readonly stack?: string } {
  if (error instanceof CliError) return { message: oneLine(error.message), exitCode: error.exitCode };
  if (isPlumeError(error)) return { message: oneLine(error.message), exitCode: ExitCode.USAGE };
  if (error instanceof Error) {
    return { message: oneLine(`unexpected error: ${error.message}`), exitCode: ExitCode.FAILURE, ...(error.stack !== undefined && { stack: error.stack }) };
  }
  return { message: `unexpected error: ${String(error)}`, exitCode: ExitCode.FAILURE };
}
