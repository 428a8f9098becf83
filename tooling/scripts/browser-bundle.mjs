#!/usr/bin/env node
// CI check: every public package's main entry bundles for the browser (esbuild, platform "browser") without
// a single Node built-in. Node-only code lives behind Node-only entries (`@plume/env/node`, the CLI's bin).
// Prints each entry's minified and gzipped size.
import { join } from "node:path";
import { browserBundle, kb } from "./lib/bundle.mjs";
import { publicPackages } from "./lib/packages.mjs";

/** Packages whose main entry is Node-only by purpose, and why. */
const NODE_ONLY = new Map([
  ["@plume/cli", "a command-line tool: its main entry writes run directories and pictures to disk (node:fs, node:zlib, node:crypto)"],
]);

let failed = 0;
for (const { dir, manifest } of publicPackages()) {
  const name = manifest.name;
  // A Node-only package may still offer a browser entry (`@plume/cli/browser`): that one must bundle.
  const browser = manifest.exports?.["./browser"]?.default;
  if (NODE_ONLY.has(name) && browser === undefined) {
    console.log(`skip ${name}: ${NODE_ONLY.get(name)}`);
    continue;
  }
  const label = NODE_ONLY.has(name) ? `${name}/browser` : name;
  const main = NODE_ONLY.has(name) ? browser : (manifest.exports?.["."]?.default ?? manifest.exports?.["."]);
  if (NODE_ONLY.has(name)) console.log(`skip ${name} (main): ${NODE_ONLY.get(name)}`);
  const result = await browserBundle({ entry: join(dir, main) });
  const problems = [
    ...result.builtins.map((b) => `imports ${b.specifier} (from ${b.importer.replace(`${dir}/`, "")})`),
    ...result.errors,
  ];
  if (problems.length === 0) {
    console.log(`ok   ${label.padEnd(30)} ${kb(result.bytes).padStart(10)} minified, ${kb(result.gzipBytes).padStart(9)} gzipped`);
  } else {
    failed += 1;
    console.log(`FAIL ${label}: its entry does not bundle for the browser:\n  ${problems.join("\n  ")}`);
  }
}
console.log(`browser bundle: ${failed === 0 ? "every main entry bundles without Node built-ins" : `${failed} failed`}`);
process.exit(failed === 0 ? 0 : 1);
