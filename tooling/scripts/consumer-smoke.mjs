#!/usr/bin/env node
// Tests the packages as a user installs them: packs every public package, installs the tarballs
// with plain npm into a scratch project outside the workspace, and runs each package's examples there.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packTarballs, publicPackages, run } from "./lib/packages.mjs";

const packages = publicPackages();

const scratch = mkdtempSync(join(tmpdir(), "plume-consumer-"));
let passed = 0;
let failed = 0;
try {
  const tarballs = [...packTarballs(scratch, packages).values()];
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
