/**
 * The catalogue's documents, generated from (or checked against) `CHECKS`: the README's table of checks,
 * the counts table of CHECKS.md, and the check that every row of CHECKS.md has the id, severity and gate
 * of the code. `scripts/catalogue-docs.mjs` writes them; a self-test fails when either document is stale.
 */
import { CHECK_AREAS, CHECKS, type CheckArea, type CheckInfo } from "./catalogue.js";

const AREA_TITLES: Readonly<Record<CheckArea, string>> = {
  obs: "ObservationModel",
  act: "ActionProcessor",
  rew: "RewardFunction",
  field: "ConcentrationField",
  wind: "VectorField (wind)",
  space: "Spaces",
  env: "Environment (checkEnv, lifecycle)",
  pol: "Policy",
  core: "Core oracles (self-test only)",
};

const sev = (c: CheckInfo) => `${c.severity}${c.gated ? "?" : ""}`;

/** The markers around generated text in a document. */
export function markers(name: string): readonly [string, string] {
  return [`<!-- generated:${name}:start (scripts/catalogue-docs.mjs) -->`, `<!-- generated:${name}:end -->`];
}

/** The README's table of checks: one table per area with id, severity and title. */
export function readmeChecksTables(): string {
  return CHECK_AREAS.map((area) => {
    const rows = CHECKS.filter((c) => c.area === area).map((c) => `| \`${c.id}\` | ${sev(c)} | ${c.title} |`);
    return [`#### ${AREA_TITLES[area]}`, "", "| id | sev | checks |", "| --- | --- | --- |", ...rows].join("\n");
  }).join("\n\n");
}

/** The counts table of CHECKS.md §13. */
export function countsTable(): string {
  const line = (label: string, list: readonly CheckInfo[]) =>
    `| ${label} | ${list.length} | ${list.filter((c) => c.gated).length} | ${list.filter((c) => c.severity === "W").length} |`;
  return [
    "| area | checks | of which gated (`?`) | W-only |",
    "|---|---|---|---|",
    ...CHECK_AREAS.map((a) => line(`\`${a}\` ${AREA_TITLES[a]}`, CHECKS.filter((c) => c.area === a))),
    line("**total**", CHECKS),
  ].join("\n");
}

/** Replaces the text between the markers of `name` in `doc`. @throws Error when the markers are missing. */
export function replaceGenerated(doc: string, name: string, body: string): string {
  const [start, end] = markers(name);
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) throw new Error(`the document has no ${start} ... ${end} section`);
  return `${doc.slice(0, i + start.length)}\n${body}\n${doc.slice(j)}`;
}

/**
 * What is stale in CHECKS.md: rows whose id, order, severity or gate differ from the code, and a counts
 * table that is not the generated one. Empty when the document matches the code.
 */
export function checksMdProblems(md: string): string[] {
  const problems: string[] = [];
  const rows = [...md.matchAll(/^\| `([a-z]+(?:\.[a-z0-9-]+)+)` \| (E\??|W\??) \|/gm)].map((m) => [m[1] as string, m[2] as string] as const);
  const docIds = rows.map(([id]) => id);
  const codeIds = CHECKS.map((c) => c.id);
  for (const id of codeIds) if (!docIds.includes(id)) problems.push(`${id} has no row`);
  for (const id of docIds) if (!codeIds.includes(id)) problems.push(`${id} has a row but is not in the code`);
  const common = docIds.filter((id) => codeIds.includes(id));
  const order = codeIds.filter((id) => docIds.includes(id));
  if (common.join() !== order.join()) problems.push("the rows are not in the code's order");
  for (const [id, s] of rows) {
    const c = CHECKS.find((x) => x.id === id);
    if (c !== undefined && sev(c) !== s) problems.push(`${id} is ${s} in the document but ${sev(c)} in the code`);
  }
  try {
    if (replaceGenerated(md, "counts", countsTable()) !== md) problems.push("the counts table is stale");
  } catch (error) {
    problems.push((error as Error).message);
  }
  return problems;
}
