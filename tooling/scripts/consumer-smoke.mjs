#!/usr/bin/env node
// Tests the packages as a user installs them: packs every public package, installs the tarballs
// with plain npm into a scratch project outside the workspace, and runs each package's examples there.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const pnpm = [process.execPath, join(root, "node_modules", "pnpm", "bin", "pnpm.cjs")];

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error(`${[command, ...args].join(" ")} failed in ${cwd} (exit ${result.status})`);
  }
  return result.stdout;
}

const packagesDir = join(root, "packages");
const packages = readdirSync(packagesDir)
  .map((name) => join(packagesDir, name))
  .filter((dir) => existsSync(join(dir, "package.json")))
  .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }))
  .filter(({ manifest }) => manifest.private !== true);

const scratch = mkdtempSync(join(tmpdir(), "plume-consumer-"));
let passed = 0;
let failed = 0;
try {
  const tarballs = packages.map(({ dir }) => {
    const out = run(pnpm[0], [pnpm[1], "pack", "--pack-destination", scratch], dir).trim().split("\n");
    return join(scratch, out[out.length - 1].trim().split("/").pop());
  });
  writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...tarballs], scratch);

  for (const { dir, manifest } of packages) {
    const examples = join(dir, "examples");
    if (!existsSync(examples)) continue;
    for (const file of readdirSync(examples).filter((f) => f.endsWith(".mjs"))) {
      const target = join(scratch, `${manifest.name.replace("/", "__")}__${file}`);
      cpSync(join(examples, file), target);
      const result = spawnSync(process.execPath, [target], { cwd: scratch, encoding: "utf8" });
      const label = `${manifest.name} examples/${file}`;
      if (result.status === 0) {
        passed += 1;
        console.log(`ok   ${label}`);
      } else {
        failed += 1;
        console.log(`FAIL ${label}\n${result.stdout}${result.stderr}`);
      }
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`consumer smoke: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
