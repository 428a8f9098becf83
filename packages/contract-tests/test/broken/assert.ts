/** The self-test assertion: a broken fixture must be rejected with exactly its check id. */
import { checkInfo, resultOf, type SuiteReport } from "../../src/index.js";
import type { BrokenFixture } from "./harness.js";

export interface Verdict {
  readonly ok: boolean;
  readonly problems: string[];
}

/** Checks a fixture's report (pure, so that the sanity self-tests can feed it fake reports). */
export function judge(id: string, fixture: BrokenFixture, report: SuiteReport, strictReport?: SuiteReport): Verdict {
  const info = checkInfo(id);
  const problems: string[] = [];
  if (info === undefined) return { ok: false, problems: [`unknown id ${id}`] };
  const result = report.results.find((r) => r.id === id);
  if (result === undefined) return { ok: false, problems: [`${id} is not in the report`] };
  if (info.severity === "E") {
    if (result.status !== "failed") problems.push(`${id} was ${result.status}, expected failed (${fixture.what})`);
  } else {
    if (result.status !== "warned") problems.push(`${id} was ${result.status}, expected warned in the default mode (${fixture.what})`);
    if (strictReport !== undefined && resultOf(strictReport, id).status !== "failed") problems.push(`${id} did not fail under strict`);
  }
  if (result.status !== "passed" && result.status !== "skipped" && !result.message.includes(id)) problems.push(`the message does not name ${id}`);
  const allowed = fixture.alsoFails ?? [];
  const unexpected = report.results.filter((r) => r.status === "failed" && r.id !== id && allowed !== "*" && !allowed.includes(r.id));
  for (const r of unexpected) problems.push(`unexpected failure ${r.id}: ${r.message.split("\n").slice(1, 2).join(" ")}`);
  return { ok: problems.length === 0, problems };
}
