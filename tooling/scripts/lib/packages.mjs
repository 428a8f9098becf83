// Shared by the CI scripts: the workspace's public packages, a child-process runner, and packing them into
// tarballs as `pnpm publish` would (workspace: ranges replaced by real versions).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const pnpm = [process.execPath, join(root, "node_modules", "pnpm", "bin", "pnpm.cjs")];

/** Runs a command; throws with its output when it fails. Returns stdout. */
export function run(command, args, cwd, options = {}) {
  const result = spawnSync(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", ...options });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error(`${[command, ...args].join(" ")} failed in ${cwd} (exit ${result.status})`);
  }
  return result.stdout;
}

/** Every package under packages/ that is not private: `{ dir, manifest }`. */
export function publicPackages() {
  const packagesDir = join(root, "packages");
  return readdirSync(packagesDir)
    .map((name) => join(packagesDir, name))
    .filter((dir) => existsSync(join(dir, "package.json")))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }))
    .filter(({ manifest }) => manifest.private !== true);
}

/** Packs `packages` (default: every public one) into `destination`; returns a Map of package name -> tarball path. */
export function packTarballs(destination, packages = publicPackages()) {
  const tarballs = new Map();
  for (const { dir, manifest } of packages) {
    const out = run(pnpm[0], [pnpm[1], "pack", "--pack-destination", destination], dir).trim().split("\n");
    tarballs.set(manifest.name, join(destination, out[out.length - 1].trim().split("/").pop()));
  }
  return tarballs;
}
