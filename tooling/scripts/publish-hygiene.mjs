#!/usr/bin/env node
// CI check: what npm would publish. Every public package's manifest carries the license, repository (with its
// directory), homepage, bugs, engines (Node >= 20.19, where require() of ESM works) and sideEffects; its
// tarball holds LICENSE, README.md and no workspace: ranges; and every link in its README works on npm: a
// relative link must point at a file in the tarball, and a link into this repository at a file that exists.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, normalize } from "node:path";
import { packTarballs, publicPackages, root } from "./lib/packages.mjs";

const REPOSITORY = "https://github.com/plume-rl/plume";
const ENGINES = ">=20.19";

function manifestProblems(dir, manifest) {
  const folder = dir.slice(root.length + 1);
  const problems = [];
  const expect = (ok, text) => ok || problems.push(text);
  expect(manifest.license === "MIT", `license is ${JSON.stringify(manifest.license)}, not "MIT"`);
  expect(manifest.repository?.type === "git" && manifest.repository?.url === `git+${REPOSITORY}.git`, `repository.url is not git+${REPOSITORY}.git`);
  expect(manifest.repository?.directory === folder, `repository.directory is not "${folder}"`);
  expect(typeof manifest.homepage === "string" && manifest.homepage.startsWith(REPOSITORY), "homepage is missing or outside the repository");
  expect(manifest.bugs?.url === `${REPOSITORY}/issues`, `bugs.url is not ${REPOSITORY}/issues`);
  expect(manifest.engines?.node === ENGINES, `engines.node is ${JSON.stringify(manifest.engines?.node)}, not "${ENGINES}"`);
  expect(manifest.sideEffects === false || Array.isArray(manifest.sideEffects), "sideEffects is not declared");
  expect(Array.isArray(manifest.files) && manifest.files.includes("LICENSE"), 'files does not list "LICENSE"');
  return problems;
}

function tarballEntries(tarball) {
  const listed = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8" });
  if (listed.status !== 0) throw new Error(`tar -tzf ${tarball}: ${listed.stderr}`);
  return new Set(listed.stdout.trim().split("\n").map((entry) => entry.replace(/^package\//, "")));
}

function packedManifest(tarball) {
  const extracted = spawnSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" });
  return JSON.parse(extracted.stdout);
}

/** Links of a markdown file: inline `[text](target)` and reference definitions `[id]: target`. */
function links(markdown) {
  const found = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  found.push(...[...markdown.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]));
  return found;
}

function readmeProblems(dir, entries) {
  const problems = [];
  const readme = readFileSync(join(dir, "README.md"), "utf8");
  for (const target of links(readme)) {
    if (target.startsWith("#") || target.startsWith("mailto:")) continue;
    const path = target.split("#")[0];
    if (path.startsWith(`${REPOSITORY}/`)) {
      const inRepo = path.slice(REPOSITORY.length + 1).replace(/^(blob|tree)\/main\/?/, "");
      if (!/^(blob|tree)\/main/.test(path.slice(REPOSITORY.length + 1)) && path !== `${REPOSITORY}/issues`) problems.push(`README link ${target}: not a blob/main or tree/main link`);
      else if (inRepo !== "" && path !== `${REPOSITORY}/issues` && !existsSync(join(root, inRepo))) problems.push(`README link ${target}: ${inRepo} does not exist in the repository`);
      continue;
    }
    if (/^[a-z]+:/i.test(path)) continue;
    const shipped = normalize(path).replace(/\/$/, "");
    if (!entries.has(shipped) && ![...entries].some((e) => e.startsWith(`${shipped}/`))) {
      problems.push(`README link ${target}: not in the tarball, so it breaks on npm (link ${REPOSITORY}/blob/main/... instead, or ship the file)`);
    }
  }
  return problems;
}

const scratch = mkdtempSync(join(tmpdir(), "plume-hygiene-"));
let failed = 0;
try {
  const packages = publicPackages();
  const tarballs = packTarballs(scratch, packages);
  for (const { dir, manifest } of packages) {
    const tarball = tarballs.get(manifest.name);
    const entries = tarballEntries(tarball);
    const packed = packedManifest(tarball);
    const problems = [
      ...manifestProblems(dir, manifest),
      ...["LICENSE", "README.md", "package.json"].filter((f) => !entries.has(f)).map((f) => `the tarball has no ${f}`),
      ...["dependencies", "peerDependencies", "optionalDependencies"].flatMap((field) =>
        Object.entries(packed[field] ?? {}).filter(([, range]) => String(range).startsWith("workspace:")).map(([dep]) => `the packed ${field}.${dep} still says workspace:`),
      ),
      ...readmeProblems(dir, entries),
    ];
    if (problems.length === 0) console.log(`ok   ${manifest.name}`);
    else {
      failed += 1;
      console.log(`FAIL ${manifest.name}:\n  ${problems.join("\n  ")}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`publish hygiene: ${failed === 0 ? "every package is ready to publish" : `${failed} packages have problems`}`);
process.exit(failed === 0 ? 0 : 1);
