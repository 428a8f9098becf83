/** Registers the self-tests of one fixture table (CHECKS.md §12.1). */
import { describe, expect, it } from "vitest";
import { checkInfo, resultOf } from "../../src/index.js";
import { judge } from "./assert.js";
import { idOf, type FixtureTable } from "./harness.js";

export function registerFixtures(area: string, table: FixtureTable): void {
  describe(`broken ${area} fixtures`, () => {
    for (const [key, fixture] of Object.entries(table)) {
      const id = idOf(key);
      it(`${key}: rejects ${fixture.what}`, () => {
        const info = checkInfo(id);
        expect(info, `${id} is not a catalogue id`).toBeDefined();
        const report = fixture.run();
        // strict mode only changes how a warning is reported: re-run just this check with strict on
        const strict = info?.severity === "W" ? fixture.run({ strict: true, only: [id] }) : undefined;
        const verdict = judge(id, fixture, report, strict);
        expect(verdict.problems).toEqual([]);
        if (info?.gated === true && key === id) {
          expect(fixture.ungated, `${id} is gated: it needs a fixture without its gate`).toBeDefined();
          const ungated = fixture.ungated?.();
          if (ungated !== undefined) expect(resultOf(ungated, id).status).toBe("skipped");
        }
      });
    }
  });
}
