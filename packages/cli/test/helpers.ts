import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The built executable (`npx tsc -p tsconfig.build.json` or the turbo build writes it). */
export const BIN = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

export interface Spawned {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `plume args...` as a user would (the built bin, a fresh Node process) in `cwd`. */
export function plume(args: readonly string[], cwd: string): Spawned {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build the package first (npx tsc -p tsconfig.build.json)`);
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh scratch directory. */
export function scratch(): string {
  return mkdtempSync(join(tmpdir(), "plume-cli-test-"));
}

/** The small default-like environment tests run on (fast episodes). */
export const SMALL = ["--grid", "32x32", "--max-steps", "300"] as const;
