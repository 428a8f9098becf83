#!/usr/bin/env node
// Regenerates the catalogue's tables in README.md and CHECKS.md from the built catalogue (dist/), or with
// --check only reports what is stale (exit 1). Run after `pnpm build`: node scripts/catalogue-docs.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { checksMdProblems, countsTable, readmeChecksTables, replaceGenerated } from "../dist/catalogue-docs.js";

const check = process.argv.includes("--check");
const file = (name) => new URL(`../${name}`, import.meta.url);
const readme = readFileSync(file("README.md"), "utf8");
const checksMd = readFileSync(file("CHECKS.md"), "utf8");
const nextReadme = replaceGenerated(readme, "checks", readmeChecksTables());
const nextChecks = replaceGenerated(checksMd, "counts", countsTable());
const rowProblems = checksMdProblems(nextChecks);
if (check) {
  const stale = [...(nextReadme !== readme ? ["README.md: the table of checks is stale"] : []), ...checksMdProblems(checksMd).map((p) => `CHECKS.md: ${p}`)];
  for (const p of stale) console.error(p);
  process.exit(stale.length === 0 ? 0 : 1);
}
writeFileSync(file("README.md"), nextReadme);
writeFileSync(file("CHECKS.md"), nextChecks);
for (const p of rowProblems) console.error(`CHECKS.md (edit by hand): ${p}`);
process.exit(rowProblems.length === 0 ? 0 : 1);
