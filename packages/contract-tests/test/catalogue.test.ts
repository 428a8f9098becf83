/** The catalogue matches CHECKS.md (shipped in the package) and the README table, and every id has a broken fixture. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checksMdProblems, readmeChecksTables, replaceGenerated } from "../src/catalogue-docs.js";
import { CHECKS, CHECK_IDS, checkInfo, checksOfArea } from "../src/index.js";
import { ALL_FIXTURES } from "./broken/all.js";
import { idOf } from "./broken/harness.js";

const read = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), "utf8");

describe("the check catalogue", () => {
  it("has unique ids, each in a known area, with consistent counts", () => {
    expect(new Set(CHECK_IDS).size).toBe(CHECK_IDS.length);
    const byArea = ["obs", "act", "rew", "field", "wind", "space", "env", "pol", "core"].map((a) => checksOfArea(a as never).length);
    expect(byArea.reduce((a, b) => a + b, 0)).toBe(CHECKS.length);
    for (const c of CHECKS) expect(c.id.startsWith(`${c.area}.`), c.id).toBe(true);
  });

  it("CHECKS.md (shipped in the package) lists exactly the ids, order, severities and gates of the code, with a current counts table", () => {
    expect(checksMdProblems(read("CHECKS.md"))).toEqual([]);
  });

  it("the README's table of checks is the generated one (node scripts/catalogue-docs.mjs)", () => {
    const readme = read("README.md");
    expect(replaceGenerated(readme, "checks", readmeChecksTables())).toBe(readme);
  });

  it("finds stale documents: a missing row, a wrong severity, a stale counts table", () => {
    const md = read("CHECKS.md");
    const first = CHECKS[0] as (typeof CHECKS)[number];
    const dropped = md.replace(new RegExp(`^\\| \`${first.id.replace(".", "\\.")}\`.*\\n`, "m"), "");
    expect(checksMdProblems(dropped).some((p) => p.includes(`${first.id} has no row`))).toBe(true);
    const flipped = md.replace(`| \`${first.id}\` | ${first.severity} |`, `| \`${first.id}\` | ${first.severity === "E" ? "W" : "E"} |`);
    expect(checksMdProblems(flipped).some((p) => p.includes(`${first.id} is`))).toBe(true);
    expect(checksMdProblems(md.replace(`| **total** | ${CHECKS.length} |`, "| **total** | 1 |"))).toContain("the counts table is stale");
    expect(checkInfo(first.id)).toBe(first);
  });

  it("has one broken fixture per check id (CHECKS.md §12.1)", () => {
    const keys = Object.values(ALL_FIXTURES).flatMap((t) => Object.keys(t));
    expect(new Set(keys).size).toBe(keys.length);
    const covered = [...new Set(keys.map(idOf))];
    expect(covered.sort()).toEqual([...CHECK_IDS].sort());
  });

  it("declares an ungated fixture for every gated row", () => {
    for (const table of Object.values(ALL_FIXTURES)) {
      for (const [id, fixture] of Object.entries(table)) {
        if (id === idOf(id) && checkInfo(id)?.gated === true) expect(fixture.ungated, id).toBeTypeOf("function");
      }
    }
  });
});
