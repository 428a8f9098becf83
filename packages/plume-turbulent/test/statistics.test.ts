/**
 * Reproduces pompy's statistics (`../shared/fixtures/turbulent-plume/demo-statistics.json`) with Plume's
 * simulation: the fixture's own protocol and configuration (spin-up, window, frame interval, points, bins —
 * all read from its `config`), on fixed seeds of Plume's generator. A statistic with Plume mean `m`, standard
 * error `se` and reference `M`, `SE` is accepted when `|m − M| <= z·√(se² + SE²)`: z = 3 for single numbers,
 * z = 4 cell by cell in arrays, where up to 2 % of the (non-empty) cells may fall outside, as the fixture's
 * README expects for near-empty cells.
 *
 * Seeds: `TURBULENT_STAT_SEEDS` (default 8; the README recommends >= 8). Slow by design (each seed simulates
 * 600 s = 60 000 steps of ~850 puffs), hence the long timeout.
 */
import { describe, expect, it } from "vitest";
import { readFixture } from "./helpers.js";
import { runSeed, summarise, type ProtocolConfig, type Stat } from "./protocol.js";

interface FixtureSummary {
  mean: Stat;
  se: Stat;
}
const fixture = readFixture("demo-statistics.json") as { config: ProtocolConfig; summary: Record<string, unknown> };

const SEEDS = Array.from({ length: Number(process.env["TURBULENT_STAT_SEEDS"] ?? 8) }, (_, i) => 7001 + i);
/** Bookkeeping keys of the fixture (not statistics). */
const SKIP = new Set(["frames", "wall_s", "seed"]);

/** Fixture summary entries by dotted path (`{ mean, se }` leaves of the summary tree). */
function summaryEntries(node: unknown, path: string[] = []): [string, FixtureSummary][] {
  if (node !== null && typeof node === "object" && "mean" in node && "se" in node) return [[path.join("."), node as FixtureSummary]];
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => (SKIP.has(k) ? [] : summaryEntries(v, [...path, k])));
}

function at(tree: Stat, path: string): Stat {
  return path.split(".").reduce<Stat>((node, key) => (node !== null && typeof node === "object" && !Array.isArray(node) ? ((node as Record<string, Stat>)[key] ?? null) : null), tree);
}

const flat = (s: Stat): (number | null)[] => (Array.isArray(s) ? s.flatMap(flat) : typeof s === "number" ? [s] : [null]);

describe(`statistics of the docs demo against pompy's (${SEEDS.length} seeds, fixture protocol)`, () => {
  it(
    "every statistic of the fixture summary lies within the combined uncertainty",
    () => {
      const perSeed = SEEDS.map((seed) => runSeed(fixture.config, seed) as Stat);
      const ours = summarise(perSeed);
      const entries = summaryEntries(fixture.summary);
      expect(entries.length).toBeGreaterThan(30);
      const failures: string[] = [];
      let checked = 0;
      for (const [path, ref] of entries) {
        const m = flat(at(ours.mean, path));
        const se = flat(at(ours.se, path));
        const M = flat(ref.mean);
        const SE = flat(ref.se);
        if (m.length !== M.length) {
          failures.push(`${path}: ${m.length} values, the fixture has ${M.length}`);
          continue;
        }
        const isArray = Array.isArray(ref.mean);
        const z = isArray ? 4 : 3;
        const bad: string[] = [];
        let cells = 0;
        m.forEach((value, k) => {
          const want = M[k];
          if (value === null || want === null || want === undefined) return;
          const tol = z * Math.sqrt((se[k] ?? 0) ** 2 + (SE[k] ?? 0) ** 2);
          cells++;
          checked++;
          if (!(Math.abs(value - want) <= tol)) bad.push(`${isArray ? `[${k}] ` : ""}${value.toPrecision(4)} vs ${want.toPrecision(4)} (tolerance ${tol.toPrecision(3)})`);
        });
        const allowed = isArray ? Math.floor(0.02 * cells) : 0;
        if (bad.length > allowed) failures.push(`${path}: ${bad.join("; ")}`);
      }
      expect(checked).toBeGreaterThan(300);
      expect(failures, failures.join("\n")).toEqual([]);
    },
    3_600_000,
  );
});
