/** Correct implementations pass every check: zero errors, zero warnings outside the whitelist (§12.5). */
import { describe, expect, it } from "vitest";
import { REFERENCE_CASES } from "./reference/all.js";

describe("correct reference implementations", () => {
  for (const c of REFERENCE_CASES) {
    it(`${c.area}: ${c.name} passes`, () => {
      const report = c.run();
      const bad = report.results.filter((r) => r.status === "failed" || (r.status === "warned" && !(c.allowWarnings ?? []).includes(r.id)));
      expect(bad.map((r) => r.message)).toEqual([]);
      expect(report.ok).toBe(true);
    });
  }
});
