/**
 * Sanity of the kit (CHECKS.md §12.4): the self-test assertions reject an always-pass kit and an
 * always-fail kit, no check reads private members, and a skipped check is never counted as a pass.
 */
import { describe, expect, it } from "vitest";
import { CHECKS, buildReport, checkInfo, checkObservationModel, checkActionProcessor, type CheckResult, type SuiteReport } from "../src/index.js";
import { judge } from "./broken/assert.js";
import { ALL_FIXTURES } from "./broken/all.js";
import { idOf } from "./broken/harness.js";
import { DiscreteGridActions } from "./reference/actions.js";
import { ConcentrationSensor } from "./reference/sensors.js";

function fakeReport(area: string, status: CheckResult["status"]): SuiteReport {
  const results = CHECKS.filter((c) => c.area === area).map(
    (c): CheckResult => ({ id: c.id, title: c.title, severity: c.severity, status, passed: status === "passed", message: `${c.id}: fake`, seed: 0, durationMs: 0 }),
  );
  return buildReport("observation-model", "fake", { seed: 0, numRuns: 1, strict: false }, results);
}

describe("sanity of the kit", () => {
  it("an always-pass kit fails the self-test on every broken fixture", () => {
    for (const [area, table] of Object.entries(ALL_FIXTURES)) {
      for (const [key, fixture] of Object.entries(table)) {
        const id = idOf(key);
        const verdict = judge(id, fixture, fakeReport(area, "passed"), fakeReport(area, "passed"));
        expect(verdict.ok, `${id} accepted by an always-pass kit`).toBe(false);
      }
    }
  });

  it("an always-fail kit fails the self-test on a correct implementation (and on fixtures with a precise alsoFails)", () => {
    const failing = fakeReport("obs", "failed");
    expect(failing.ok).toBe(false);
    const precise = Object.entries(ALL_FIXTURES.obs ?? {}).filter(([, f]) => f.alsoFails !== "*");
    for (const [key, fixture] of precise) expect(judge(idOf(key), fixture, failing).ok, key).toBe(false);
  });

  it("a gated check that is skipped is reported as skipped, not passed, and does not count as a pass", () => {
    const report = checkActionProcessor(() => new DiscreteGridActions());
    const skipped = report.results.find((r) => r.id === "act.rng-hook");
    expect(skipped?.status).toBe("skipped");
    expect(skipped?.passed).toBe(false);
    expect(skipped?.reason).toMatch(/setRng/);
    expect(report.counts.passed + report.counts.skipped + report.counts.failed + report.counts.warned).toBe(report.results.length);
    expect(report.counts.passed).toBe(report.results.filter((r) => r.passed).length);
    expect(checkInfo("act.rng-hook")?.gated).toBe(true);
  });

  it("no check reads a private (underscore) member of the component", () => {
    const reads = new Set<string>();
    const spy = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(t, key, receiver) {
          if (typeof key === "string") reads.add(key);
          const value = Reflect.get(t, key, receiver) as unknown;
          return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(t) : value;
        },
      });
    checkObservationModel(() => {
      const base = new ConcentrationSensor();
      const shell = Object.assign(Object.create(null) as Record<string, unknown>, {
        _private: 1,
        get observationSpace() {
          return base.observationSpace;
        },
        getObservation: (s: never) => base.getObservation(s),
        getMetadata: () => base.getMetadata(),
      });
      return spy(shell) as never;
    });
    expect([...reads].filter((k) => k.startsWith("_"))).toEqual([]);
    expect(reads.has("getObservation")).toBe(true);
  });
});
