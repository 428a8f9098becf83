#!/usr/bin/env node
// Installs the workspace with the pnpm version pinned in package.json#packageManager,
// on a machine that has only Node and npm (no global pnpm, no corepack needed).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Plume needs Node >= 20.19; this is Node ${process.versions.node}.`);
  process.exit(1);
}

const pinned = /^pnpm@(\d+\.\d+\.\d+)$/.exec(manifest.packageManager ?? "");
if (!pinned) {
  console.error('package.json#packageManager must pin pnpm as "pnpm@x.y.z"');
  process.exit(1);
}

const localPnpm = join(root, "node_modules", "pnpm", "package.json");
const haveLocal = existsSync(localPnpm) && JSON.parse(readFileSync(localPnpm, "utf8")).version === pinned[1];
const [command, args] = haveLocal
  ? [process.execPath, [join(root, "node_modules", "pnpm", "bin", "pnpm.cjs")]]
  : ["npx", ["--yes", `pnpm@${pinned[1]}`]];

const install = spawnSync(command, [...args, "install", "--frozen-lockfile", "--reporter=append-only"], {
  cwd: root,
  stdio: "inherit",
  shell: process.platform === "win32",
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
});
if (install.error) {
  console.error(`could not run pnpm: ${install.error.message}`);
  process.exit(1);
}
process.exit(install.status ?? 1);
