/** The catalogue matches shared/contract-checks.md, and every id has a broken fixture. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fixturesDir } from "@plume/tooling/fixtures";
import { describe, expect, it } from "vitest";
import { CHECKS, CHECK_IDS, checkInfo, checksOfArea } from "../src/index.js";
import { ALL_FIXTURES } from "./broken/all.js";

function catalogueMarkdown(): string | undefined {
  try {
    const file = join(fixturesDir(), "..", "contract-checks.md");
    return existsSync(file) ? readFileSync(file, "utf8") : undefined;
  } catch {
    return undefined;
  }
}

describe("the check catalogue", () => {
  it("has 196 unique ids: 47 gated and 23 warning-only (contract-checks.md §13)", () => {
    expect(new Set(CHECK_IDS).size).toBe(CHECK_IDS.length);
    expect(CHECKS).toHaveLength(196);
    expect(CHECKS.filter((c) => c.gated)).toHaveLength(47);
    expect(CHECKS.filter((c) => c.severity === "W")).toHaveLength(23);
    const counts = Object.fromEntries(["obs", "act", "rew", "field", "wind", "space", "env", "pol", "core"].map((a) => [a, checksOfArea(a as never).length]));
    expect(counts).toEqual({ obs: 18, act: 20, rew: 14, field: 20, wind: 9, space: 33, env: 64, pol: 10, core: 8 });
  });

  it.runIf(catalogueMarkdown() !== undefined)("lists exactly the ids, severities and gates of shared/contract-checks.md", () => {
    const md = catalogueMarkdown() as string;
    const rows = [...md.matchAll(/^\| `([a-z]+(?:\.[a-z0-9-]+)+)` \| (E\??|W\??) \|/gm)].map((m) => [m[1] as string, m[2] as string] as const);
    expect(rows.map(([id]) => id)).toEqual([...CHECK_IDS]);
    for (const [id, sev] of rows) {
      const info = checkInfo(id);
      expect(`${info?.severity}${info?.gated === true ? "?" : ""}`, id).toBe(sev);
    }
  });

  it("has one broken fixture per check id (contract-checks.md §12.1)", () => {
    const covered = Object.values(ALL_FIXTURES).flatMap((t) => Object.keys(t));
    expect(new Set(covered).size).toBe(covered.length);
    expect([...covered].sort()).toEqual([...CHECK_IDS].sort());
  });

  it("declares an ungated fixture for every gated row", () => {
    for (const table of Object.values(ALL_FIXTURES)) {
      for (const [id, fixture] of Object.entries(table)) {
        if (checkInfo(id)?.gated === true) expect(fixture.ungated, id).toBeTypeOf("function");
      }
    }
  });
});
