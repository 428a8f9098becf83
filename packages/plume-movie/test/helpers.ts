/** Test helpers: the fixture datasets (read in place) and scratch copies to corrupt. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigurationError } from "@plume/core-types";
import { fixturesDir } from "@plume/tooling/fixtures";
import { expect } from "vitest";

export const datasetsDir = (): string => join(fixturesDir(), "movie-plume", "datasets");
export const dataset = (name: string): string => join(datasetsDir(), name);

/** A writable copy of a fixture dataset (zarr folder, or HDF5 file + sidecar) in a fresh temp folder. */
export function scratchCopy(name: string): { path: string; dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "plume-movie-"));
  const path = join(dir, name);
  cpSync(dataset(name), path, { recursive: true });
  if (name.endsWith(".h5")) cpSync(`${dataset(name)}.plume-movie.yaml`, `${path}.plume-movie.yaml`);
  chmodRecursive(dir);
  return { path, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function chmodRecursive(dir: string): void {
  // The fixtures are read-only; their copies must be writable to corrupt them.
  chmodSync(dir, 0o755);
  for (const entry of readdirSyncSafe(dir)) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) chmodRecursive(p);
    else chmodSync(p, 0o644);
  }
}
import { readdirSync, type Dirent } from "node:fs";
function readdirSyncSafe(dir: string): Dirent[] {
  return readdirSync(dir, { withFileTypes: true });
}

export function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
}
export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value));
}

/** Awaits `promise`, expects one ConfigurationError whose parameter is `parameter` and whose message matches every pattern. */
export async function expectConfigError(promise: Promise<unknown>, parameter: string, ...patterns: RegExp[]): Promise<ConfigurationError> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  expect(error, "expected a ConfigurationError").toBeInstanceOf(ConfigurationError);
  const e = error as ConfigurationError;
  expect(e.parameter).toBe(parameter);
  for (const pattern of patterns) expect(e.message).toMatch(pattern);
  return e;
}
