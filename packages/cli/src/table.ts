/** The results table the `run` and `compare` commands print. */
import type { RunSummary } from "./summary.js";

/** One row of the results table. */
export interface TableRow {
  readonly policy: string;
  /** The sensor the policy ran with, e.g. `concentration` or `antennae(4)`. */
  readonly sensor: string;
  readonly summary: RunSummary;
}

const fixed = (value: number | null, digits: number) => (value === null ? "-" : value.toFixed(digits));

function rate(steps: number): string {
  if (steps >= 1e6) return `${(steps / 1e6).toFixed(2)}M`;
  if (steps >= 1e4) return `${Math.round(steps / 1e3)}k`;
  return `${Math.round(steps)}`;
}

/**
 * An aligned plain-text table: policy, sensor, episodes, success rate, mean and median steps to the source
 * (over the episodes that reached it), mean return and steps per second, with a footnote.
 */
export function formatTable(rows: readonly TableRow[]): string {
  const header = ["policy", "sensor", "episodes", "success", "mean steps*", "median steps*", "mean return", "steps/s"];
  const body = rows.map(({ policy, sensor, summary: s }) => [
    policy,
    sensor,
    String(s.episodes),
    `${(s.successRate * 100).toFixed(1)}%`,
    fixed(s.meanStepsToSource, 1),
    fixed(s.medianStepsToSource, 1),
    s.meanReturn.toFixed(3),
    rate(s.stepsPerSecond),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] as string).length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ").trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line), "* over the episodes that reached the source; steps/s is wall-clock and varies between runs"].join("\n");
}
