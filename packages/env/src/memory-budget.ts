/**
 * The memory budget: what an environment, a vector env or a frame would allocate is estimated before it
 * is allocated, and a request over the budget is a `ValidationError` that states the memory needed —
 * instead of a process that grows for minutes and dies. Default 1 GiB; `setMemoryBudget` changes it.
 */
import { ValidationError } from "@plume/core-types";

/** The default budget: 1 GiB. */
export const DEFAULT_MEMORY_BUDGET_BYTES = 1024 ** 3;

let budget = DEFAULT_MEMORY_BUDGET_BYTES;

/** The current memory budget in bytes. */
export function getMemoryBudget(): number {
  return budget;
}

/**
 * Sets the memory budget in bytes (`Infinity` turns the checks off). Returns the previous budget.
 * @throws ValidationError (`parameter` `"bytes"`) unless it is a number > 0.
 */
export function setMemoryBudget(bytes: number): number {
  if (typeof bytes !== "number" || !(bytes > 0)) throw ValidationError.invalid("bytes", "a number of bytes > 0 (Infinity: no budget)", bytes);
  const previous = budget;
  budget = bytes;
  return previous;
}

/** `bytes` as MiB or GiB, for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return bytes >= 1024 ** 2 ? `${Math.ceil(bytes / 1024 ** 2)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

/**
 * Throws when `bytes` (an estimate of what `what` would allocate) is over the budget.
 * @throws ValidationError naming `parameter`, with the memory needed and the budget.
 */
export function assertWithinMemoryBudget(bytes: number, what: string, parameter: string, received: unknown): void {
  if (!(bytes > budget)) return;
  throw new ValidationError(`${what} would need about ${formatBytes(bytes)}, over the memory budget of ${formatBytes(budget)}`, {
    parameter,
    expected: `a size that fits the memory budget of ${formatBytes(budget)} (${what} needs about ${formatBytes(bytes)}); raise the budget with setMemoryBudget(bytes) from @plume/env if the machine has the memory`,
    received,
  });
}
