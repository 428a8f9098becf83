/**
 * What a config may import through the `plume` command: built-in names (their packages are dependencies
 * of the CLI) and packages installed in the working directory's project always; module paths only with
 * --allow-module-paths, and a refused module's code never runs — for run, render, record, compare and
 * for replaying a run directory.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMALL, plume } from "./helpers.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
let dir: string;
let marker: string;

/** A local sensor module that leaves a file behind when its top-level code runs. */
const LOCAL_SENSOR = (markerFile: string) => `
import { writeFileSync } from "node:fs";
import { definePlugin } from "@plume/core-types";
import { plugins } from "@plume/sensors-wind";
writeFileSync(${JSON.stringify(markerFile)}, "ran");
const wind = plugins.find((p) => p.name === "wind_vector");
export const plugin = definePlugin({ kind: "sensor", name: "local-wind", options: wind.options, create: (o) => wind.create(o) });
`;

beforeAll(() => {
  // Inside the package, so that the module's own imports resolve from the CLI's node_modules.
  dir = mkdtempSync(join(packageDir, ".trust-test-"));
  marker = join(dir, "module-ran");
  writeFileSync(join(dir, "local-sensor.mjs"), LOCAL_SENSOR(marker));
  writeFileSync(join(dir, "lab.yaml"), "gridSize: [32, 32]\nmaxSteps: 50\nsensor: ./local-sensor.mjs\nwind: constant\n");
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function expectRefused(result: { status: number | null; stderr: string }): void {
  expect(result.status, result.stderr).toBe(2);
  expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(result.stderr).toContain("sensor.type");
  expect(result.stderr).toContain("--allow-module-paths");
  expect(existsSync(marker), "the refused module's code must not run").toBe(false);
}

describe("--allow-module-paths", () => {
  it("a config naming a module path is refused by every command that loads configs, before the module runs", () => {
    for (const args of [
      ["run", "-c", "lab.yaml", "-p", "random", "-n", "1"],
      ["render", "-c", "lab.yaml", "-p", "random", "-n", "1", "-o", "x.png"],
      ["record", "-c", "lab.yaml", "-p", "random", "-n", "1", "--out", "refused"],
      ["compare", "-c", "lab.yaml", "--policies", "random", "-n", "1", "-o", "c.png"],
    ]) {
      expectRefused(plume(args, dir));
    }
  });

  it("with the flag the module runs; replaying its record needs the flag again", () => {
    const recorded = plume(["record", "-c", "lab.yaml", "-p", "random", "-n", "2", "--out", "run", "--allow-module-paths"], dir);
    expect(recorded.status, recorded.stderr).toBe(0);
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    expectRefused(plume(["replay", "run"], dir));
    const replayed = plume(["replay", "run", "--allow-module-paths"], dir);
    expect(replayed.status, replayed.stderr).toBe(0);
    expect(replayed.stdout).toContain("identical to the record");
  });

  it("built-in names from optional plugin packages need no flag (the CLI depends on those packages)", () => {
    writeFileSync(join(dir, "windy.json"), JSON.stringify({ gridSize: [32, 32], sensor: "wind_vector", action: "run_tumble" }));
    const r = plume(["run", "-c", "windy.json", "-p", "random", "--policy-options", '{"nActions":2}', "-n", "1", ...SMALL.slice(2)], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("run_tumble actions");
  });
});
