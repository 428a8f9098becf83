import { ConfigurationError } from "@plume/core-types";

/** A `ConfigurationError` whose message starts with the config path it names. */
export function configError(parameter: string, summary: string, expected: string, received?: unknown, cause?: unknown): ConfigurationError {
  return new ConfigurationError(`${parameter}: ${summary}`, {
    parameter,
    expected,
    ...(received !== undefined && { received }),
    ...(cause !== undefined && { cause }),
  });
}
