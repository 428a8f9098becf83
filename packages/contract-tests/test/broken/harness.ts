/** The self-test harness: broken fixtures keyed by the check id they must be rejected with. */
import type { SuiteReport } from "../../src/index.js";

export interface BrokenFixture {
  /** What is broken (the row's "catches" column). */
  readonly what: string;
  /** Runs the suite on the broken implementation; `extra` options are merged in (e.g. `{ strict: true }`). */
  run(extra?: Record<string, unknown>): SuiteReport;
  /**
   * Other E checks the same bug legitimately fails (its other symptoms). `"*"` is reserved for bugs that
   * break the core API (no action space, reset or step unusable), where every check touching it fails.
   */
  readonly alsoFails?: readonly string[] | "*";
  /** Gated rows: the same implementation without the capability or optional member; the id must be skipped. */
  ungated?(): SuiteReport;
}

export type FixtureTable = Readonly<Record<string, BrokenFixture>>;

/** Small option bag for fixtures: fast runs (the pinned numRuns still finds every bug). */
export const FAST = { numRuns: 30 } as const;

/** The check id of a fixture key: `"<id>"`, or `"<id>#<variant>"` for a further fixture of the same id. */
export function idOf(key: string): string {
  const i = key.indexOf("#");
  return i < 0 ? key : key.slice(0, i);
}
