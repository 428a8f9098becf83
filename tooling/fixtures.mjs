// Locates ../shared/fixtures beside the repository root (CI clones the repo with shared/ next to it).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

function repoRoot() {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "pnpm-workspace.yaml"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("could not find the Plume repository root (pnpm-workspace.yaml)");
    dir = parent;
  }
  return dir;
}

/** Absolute path of the shared fixtures folder; PLUME_FIXTURES overrides it. */
export function fixturesDir() {
  const dir = process.env.PLUME_FIXTURES ?? resolve(repoRoot(), "..", "shared", "fixtures");
  if (!existsSync(dir)) {
    throw new Error(`reference fixtures not found at ${dir}: clone the repository beside shared/ or set PLUME_FIXTURES`);
  }
  return dir;
}

/** Reads and parses one fixture file, e.g. readFixture("numpy-rng/vectors.json"). */
export function readFixture(relativePath) {
  return JSON.parse(readFileSync(join(fixturesDir(), relativePath), "utf8"));
}
