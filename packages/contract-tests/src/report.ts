/**
 * The structured report every suite returns, and its renderings: readable text, JSON and JUnit XML.
 */
import type { Severity } from "./catalogue.js";
import type { SuiteName } from "./options.js";

/**
 * `passed`: no violation. `failed`: an `E` violation (or a `W` one under `strict`). `warned`: a `W`
 * violation outside strict mode. `skipped`: not run (gate closed, not applicable, or opted out) — never a pass.
 */
export type CheckStatus = "passed" | "failed" | "warned" | "skipped";

export interface CheckResult {
  /** The stable check id, e.g. `"obs.space-containment"`. */
  readonly id: string;
  /** The catalogue's one-line description. */
  readonly title: string;
  readonly severity: Severity;
  readonly status: CheckStatus;
  /** True only when the check ran and found no violation. */
  readonly passed: boolean;
  /** What was checked and, on failure, which rule broke on which input and how to replay it. */
  readonly message: string;
  /** The (shrunk) counterexample or failing input, rendered, when there is one. */
  readonly counterexample?: string;
  /** The fast-check seed the check ran with: pass it as `seed` (or `FC_SEED`) to replay. */
  readonly seed: number;
  /** fast-check's counterexample path, for property checks that failed. */
  readonly path?: string;
  /** Why the check was skipped (gate, applicability, or the opt-out's reason). */
  readonly reason?: string;
  readonly durationMs: number;
}

export interface SuiteCounts {
  readonly passed: number;
  readonly failed: number;
  readonly warned: number;
  readonly skipped: number;
}

export interface SuiteReport {
  readonly suite: SuiteName;
  /** The name of what was checked (the plugin or the label given to the suite). */
  readonly subject: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly strict: boolean;
  readonly results: readonly CheckResult[];
  readonly counts: SuiteCounts;
  /** True when no check failed (warnings and skips do not fail a suite, except warnings under `strict`). */
  readonly ok: boolean;
  readonly durationMs: number;
}

export function countResults(results: readonly CheckResult[]): SuiteCounts {
  const counts = { passed: 0, failed: 0, warned: 0, skipped: 0 };
  for (const r of results) counts[r.status] += 1;
  return counts;
}

export function buildReport(
  suite: SuiteName,
  subject: string,
  settings: { readonly seed: number; readonly numRuns: number; readonly strict: boolean },
  results: readonly CheckResult[],
): SuiteReport {
  const counts = countResults(results);
  return Object.freeze({
    suite,
    subject,
    seed: settings.seed,
    numRuns: settings.numRuns,
    strict: settings.strict,
    results: Object.freeze([...results]),
    counts,
    ok: counts.failed === 0,
    durationMs: results.reduce((sum, r) => sum + r.durationMs, 0),
  });
}

/** The result of one check id in a report (throws when the report has no such check). */
export function resultOf(report: SuiteReport, id: string): CheckResult {
  const result = report.results.find((r) => r.id === id);
  if (result === undefined) throw new Error(`report of ${report.subject} has no check ${id}`);
  return result;
}

/** The failed results of one or more reports. */
export function failuresOf(reports: SuiteReport | readonly SuiteReport[]): CheckResult[] {
  const list = Array.isArray(reports) ? (reports as readonly SuiteReport[]) : [reports as SuiteReport];
  return list.flatMap((r) => r.results.filter((x) => x.status === "failed"));
}

const MARK: Readonly<Record<CheckStatus, string>> = { passed: "ok  ", failed: "FAIL", warned: "WARN", skipped: "skip" };

function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => prefix + line)
    .join("\n");
}

/** A readable text report. `verbose` also lists passed checks (failures, warnings and skips are always listed). */
export function formatReport(report: SuiteReport, options: { readonly verbose?: boolean } = {}): string {
  const lines = [`${report.suite} suite: ${report.subject} (seed ${report.seed}, numRuns ${report.numRuns}${report.strict ? ", strict" : ""})`];
  for (const r of report.results) {
    if (r.status === "passed" && options.verbose !== true) continue;
    if (r.status === "skipped") {
      lines.push(`  ${MARK[r.status]} ${r.id}: ${r.reason ?? "skipped"}`);
      continue;
    }
    lines.push(`  ${MARK[r.status]} ${r.id}${r.status === "passed" ? "" : ` [${r.severity}]`}`);
    if (r.status !== "passed") lines.push(indent(r.message, "       "));
  }
  const c = report.counts;
  lines.push(`  ${report.ok ? "PASS" : "FAIL"} ${c.passed} passed, ${c.failed} failed, ${c.warned} warned, ${c.skipped} skipped (${Math.round(report.durationMs)} ms)`);
  return lines.join("\n");
}

/** The reports as plain JSON data. */
export function reportsToJSON(reports: readonly SuiteReport[]): string {
  const total = reports.reduce(
    (acc, r) => ({
      passed: acc.passed + r.counts.passed,
      failed: acc.failed + r.counts.failed,
      warned: acc.warned + r.counts.warned,
      skipped: acc.skipped + r.counts.skipped,
    }),
    { passed: 0, failed: 0, warned: 0, skipped: 0 },
  );
  return `${JSON.stringify({ ok: reports.every((r) => r.ok), counts: total, suites: reports }, null, 2)}\n`;
}

function xml(text: string): string {
  return text
    // characters XML 1.0 does not allow
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "?")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * JUnit XML (one `<testsuite>` per report, one `<testcase>` per check id). Failures carry the message;
 * skips carry their reason; warnings are passing test cases with the warning in `<system-out>`.
 */
export function reportsToJUnit(reports: readonly SuiteReport[], name = "plume-contract"): string {
  const all = reports.flatMap((r) => r.results);
  const count = (s: CheckStatus) => all.filter((r) => r.status === s).length;
  const time = reports.reduce((sum, r) => sum + r.durationMs, 0);
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${xml(name)}" tests="${all.length}" failures="${count("failed")}" errors="0" skipped="${count("skipped")}" time="${seconds(time)}">`,
  ];
  for (const report of reports) {
    const c = report.counts;
    out.push(
      `  <testsuite name="${xml(`${report.suite}: ${report.subject}`)}" tests="${report.results.length}" failures="${c.failed}" errors="0" skipped="${c.skipped}" time="${seconds(report.durationMs)}">`,
      `    <properties>`,
      `      <property name="seed" value="${report.seed}"/>`,
      `      <property name="numRuns" value="${report.numRuns}"/>`,
      `      <property name="strict" value="${report.strict}"/>`,
      `    </properties>`,
    );
    for (const r of report.results) {
      const open = `    <testcase classname="${xml(`${report.suite}.${r.id.split(".")[0] ?? ""}`)}" name="${xml(r.id)}" time="${seconds(r.durationMs)}"`;
      if (r.status === "passed") {
        out.push(`${open}/>`);
      } else if (r.status === "failed") {
        const first = r.message.split("\n")[0] ?? r.id;
        out.push(`${open}>`, `      <failure message="${xml(first)}" type="${r.severity === "E" ? "ContractViolation" : "ContractWarning"}">${xml(r.message)}</failure>`, `    </testcase>`);
      } else if (r.status === "skipped") {
        out.push(`${open}>`, `      <skipped message="${xml(r.reason ?? "skipped")}"/>`, `    </testcase>`);
      } else {
        out.push(`${open}>`, `      <system-out>${xml(`WARNING ${r.message}`)}</system-out>`, `    </testcase>`);
      }
    }
    out.push(`  </testsuite>`);
  }
  out.push(`</testsuites>`, "");
  return out.join("\n");
}
