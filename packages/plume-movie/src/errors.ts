/** The one error every unreadable or mismatched movie gives: a `ConfigurationError` naming the option and the file. */
import { ConfigurationError } from "@plume/core-types";

/** Where a movie's options sit in a config (`"plume.options"`), so that errors name the full path. */
export interface MovieErrorContext {
  /** Dotted path of the options object. Default `"options"`. */
  readonly path?: string | undefined;
}

/**
 * A `ConfigurationError` for option `option` (`"path"`, `"fps"`, ...) under `context.path`, saying which
 * file (`where`) has what problem.
 */
export function movieError(context: MovieErrorContext, option: string, where: string, problem: string, expected: string, received?: unknown): ConfigurationError {
  const parameter = `${context.path ?? "options"}.${option}`;
  return new ConfigurationError(`${parameter}: ${where}: ${problem}`, { parameter, expected, received });
}
