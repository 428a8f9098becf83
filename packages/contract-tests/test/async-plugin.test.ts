/**
 * Async plugins (`AsyncPlugin`: `create` returns a promise, as `@plume/plume-movie`'s does): the programmatic API,
 * the vitest binding and `plume-contract check` await their components and give the report a synchronous plugin
 * with the same behaviour gets — failures included, check by check.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Coordinates, GridSize, ValidationError, definePlugin, roundHalfEven, type ConcentrationField, type FieldMetadata, type ObservationModel } from "@plume/core-types";
import * as z from "zod";
import { afterAll, describe, expect, it } from "vitest";
import { checkPlugin, checkPluginAsync, checkModuleAsync, type SuiteReport } from "../src/index.js";
import { main } from "../src/cli.js";
import { describePlugin } from "../src/vitest.js";
import { REFERENCE_SENSORS } from "./reference/sensors.js";

const FAST = { numRuns: 20 } as const;

/** A Gaussian plume on a configurable grid; `round` is how positions become cells (the bug when not half-to-even). */
class Plume implements ConcentrationField {
  readonly gridSize: GridSize;
  readonly sourceLocation: Coordinates;
  readonly fieldArray: Float32Array;
  constructor(
    grid: readonly [number, number],
    readonly round: (v: number) => number,
  ) {
    this.gridSize = new GridSize(grid[0], grid[1]);
    this.sourceLocation = new Coordinates(Math.floor(grid[0] / 2), Math.floor(grid[1] / 2));
    this.fieldArray = new Float32Array(grid[0] * grid[1]);
    for (let y = 0; y < grid[1]; y++) {
      for (let x = 0; x < grid[0]; x++) this.fieldArray[y * grid[0] + x] = Math.exp(-((x - this.sourceLocation.x) ** 2 + (y - this.sourceLocation.y) ** 2) / 18);
    }
  }
  sample(x: number, y: number): number {
    const cx = this.round(x);
    const cy = this.round(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.fieldArray[cy * this.gridSize.width + cx] as number;
  }
  reset(): void {}
  getMetadata(): FieldMetadata {
    return { type: "test_plume", parameters: {} };
  }
}

const options = z.strictObject({ grid: z.tuple([z.int().min(1).max(4096), z.int().min(1).max(4096)]).default([24, 18]) });
const syncPlume = (name: string, round: (v: number) => number) => definePlugin({ kind: "plume", name, options, create: ({ grid }) => new Plume(grid, round) });
const asyncPlume = (name: string, round: (v: number) => number) => definePlugin({ kind: "plume", name, options, create: async ({ grid }) => new Plume(grid, round) });

/**
 * The parts of a report that must not depend on how components were built: not the timings, nor how far past its
 * deterministic core the size ladder got within its time budget.
 */
const untimed = (message: string) => message.replace(/ \([^()]*size ladder[^()]*\)/, "");
const verdicts = (r: SuiteReport) => r.results.map((c) => ({ id: c.id, status: c.status, message: untimed(c.message) }));

describe("checkPluginAsync", () => {
  it("gives an async plugin the report its synchronous twin gets: passes and failures, message for message", async () => {
    for (const [round, broken] of [
      [roundHalfEven, false],
      [Math.round, true],
    ] as const) {
      const sync = checkPlugin(syncPlume("twin", round), { suite: FAST });
      const viaAsync = await checkPluginAsync(asyncPlume("twin", round), { suite: FAST });
      expect(verdicts(viaAsync)).toEqual(verdicts(sync));
      expect(sync.ok).toBe(!broken);
      if (broken) expect(viaAsync.results.find((c) => c.id === "field.rounding-ties")?.status).toBe("failed");
      // the size ladder ran on the async plugin too (its grid option is awaited per ladder grid)
      expect(viaAsync.results.find((c) => c.id === "field.finite")?.message).toMatch(/size ladder: \d+ grids/);
    }
  });

  it("checks an async plugin of another kind (a sensor) and a sync plugin through the same call", async () => {
    const ref = REFERENCE_SENSORS["ConcentrationSensor"] as { create: () => ObservationModel<unknown> };
    const asyncSensor = definePlugin({ kind: "sensor", name: "async-sensor", options: z.object({}), create: async () => ref.create() });
    const syncSensor = definePlugin({ kind: "sensor", name: "async-sensor", options: z.object({}), create: () => ref.create() });
    const a = await checkPluginAsync(asyncSensor, { suite: FAST });
    expect(a.counts.failed).toBe(0);
    expect(verdicts(a)).toEqual(verdicts(await checkPluginAsync(syncSensor, { suite: FAST })));
  });

  it("reports a create() that rejects as the checks' failure, without hanging", async () => {
    const rejecting = definePlugin({
      kind: "plume",
      name: "rejecting",
      options: z.object({}),
      create: async (): Promise<ConcentrationField> => {
        throw new Error("frames not found");
      },
    });
    const report = await checkPluginAsync(rejecting, { suite: FAST });
    expect(report.ok).toBe(false);
    expect(report.results.find((c) => c.id === "field.protocol-shape")?.message).toContain("frames not found");
  });

  it("checkPlugin on an async plugin throws one clear ValidationError pointing at checkPluginAsync", () => {
    const plugin = asyncPlume("async-one", roundHalfEven);
    expect(() => checkPlugin(plugin as never)).toThrow(ValidationError);
    expect(() => checkPlugin(plugin as never)).toThrow(/checkPluginAsync/);
  });

  it("checkModuleAsync checks every async plugin a module exports", async () => {
    const reports = await checkModuleAsync({ plugin: asyncPlume("mod", roundHalfEven) }, FAST);
    expect(reports.map((r) => [r.subject, r.ok])).toEqual([["mod", true]]);
  });
});

describe("plume-contract check on an async plugin module", () => {
  const require = createRequire(import.meta.url);
  const url = (spec: string) => JSON.stringify(pathToFileURL(require.resolve(spec)).href);
  const dir = mkdtempSync(join(tmpdir(), "plume-contract-async-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, rounding: string, async: boolean) => {
    const file = join(dir, name);
    writeFileSync(
      file,
      `import { Coordinates, GridSize, definePlugin, roundHalfEven } from ${url("@plume/core-types")};
import * as z from ${url("zod")};
class Cone {
  constructor([w, h]) { this.gridSize = new GridSize(w, h); this.sourceLocation = new Coordinates(5, 4); }
  sample(x, y) {
    const cx = ${rounding}(x), cy = ${rounding}(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return Math.fround(Math.max(0, 1 - Math.hypot(cx - 5, cy - 4) / 9));
  }
  reset() {}
  getMetadata() { return { type: "cone", parameters: {} }; }
}
const load = (grid) => new Promise((resolve) => setTimeout(() => resolve(new Cone(grid)), 1));
export const plugin = definePlugin({
  kind: "plume",
  name: "cone",
  options: z.strictObject({ grid: z.tuple([z.int().min(1), z.int().min(1)]).default([20, 12]) }),
  create: ${async ? "({ grid }) => load(grid)" : "({ grid }) => new Cone(grid)"},
});
`,
    );
    return file;
  };
  const run = async (file: string) => {
    const out: string[] = [];
    const json = join(dir, `${file.replace(/\W/g, "_")}.json`);
    const code = await main(["check", file, "--json", json, "--num-runs", "20"], { out: (s) => out.push(s), err: (s) => out.push(s), cwd: dir });
    const report = JSON.parse(readFileSync(json, "utf8")) as { suites: { results: { id: string; status: string; message: string }[] }[] };
    return { code, out: out.join("\n"), results: report.suites.flatMap((s) => s.results.map(({ id, status, message }) => ({ id, status, message: untimed(message) }))) };
  };

  it("passes a correct async module and fails a broken one with the id a sync module fails with (exit 0 / 1)", async () => {
    const good = await run(write("good-async.mjs", "roundHalfEven", true));
    expect(good.code, good.out).toBe(0);
    const badAsync = await run(write("bad-async.mjs", "Math.round", true));
    const badSync = await run(write("bad-sync.mjs", "Math.round", false));
    expect(badAsync.code).toBe(1);
    expect(badAsync.results).toEqual(badSync.results);
    expect(badAsync.results.filter((r) => r.status === "failed").map((r) => r.id)).toEqual(["field.rounding-ties"]);
  });
});

// the vitest binding: one test per check id, each awaiting the async plugin's components
describePlugin(asyncPlume("binding-async", roundHalfEven), { suite: FAST });
