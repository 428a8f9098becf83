#!/usr/bin/env node
// CI check: `changeset version`, run in a scratch copy of the workspace's manifests and pending changesets,
// bumps every package exactly as far as its changesets ask — never further (a minor changeset must not turn
// into a major release because of a peer range). A package without a changeset of its own may get a patch
// (changesets' update of a dependency's range), nothing more. Then, for the releases after this one, it
// simulates each public package at 0.1.0 with a single minor changeset of its own: that package must go to
// 0.2.0 and no other package further than a patch.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, run } from "./lib/packages.mjs";

const LEVELS = ["none", "patch", "minor", "major"];

/** The bump from `before` to `after` (plain x.y.z versions). */
function bumpOf(before, after) {
  const [a, b] = [before, after].map((v) => v.split("-")[0].split(".").map(Number));
  if (b[0] !== a[0]) return "major";
  if (b[1] !== a[1]) return "minor";
  if (b[2] !== a[2]) return "patch";
  return "none";
}

/** For each package, the largest bump its pending changesets ask for. */
function requested(changesetDir) {
  const asked = new Map();
  for (const file of readdirSync(changesetDir).filter((f) => f.endsWith(".md") && f !== "README.md")) {
    const front = readFileSync(join(changesetDir, file), "utf8").match(/^---\r?\n([\s\S]*?)\r?\n---/);
    if (front === null) continue;
    for (const line of front[1].split(/\r?\n/)) {
      const m = line.match(/^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch|none)\s*$/);
      if (m === null) continue;
      const [name, level] = [m[1].trim(), m[2]];
      if (LEVELS.indexOf(level) > LEVELS.indexOf(asked.get(name) ?? "none")) asked.set(name, level);
    }
  }
  return asked;
}

/** Copies what `changeset version` reads: the root and package manifests, the workspace file and .changeset/. */
function scratchCopy() {
  const dir = mkdtempSync(join(tmpdir(), "plume-changeset-"));
  for (const file of ["package.json", "pnpm-workspace.yaml"]) cpSync(join(root, file), join(dir, file));
  cpSync(join(root, ".changeset"), join(dir, ".changeset"), { recursive: true });
  const workspaces = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8").match(/^\s*-\s*(.+)$/gm).map((l) => l.replace(/^\s*-\s*/, "").trim().replace(/^["']|["']$/g, ""));
  const folders = workspaces.flatMap((pattern) =>
    pattern.endsWith("/*") ? readdirSync(join(root, pattern.slice(0, -2))).map((name) => join(pattern.slice(0, -2), name)) : [pattern],
  );
  const manifests = [];
  for (const folder of folders) {
    const manifest = join(root, folder, "package.json");
    if (!existsSync(manifest)) continue;
    mkdirSync(join(dir, folder), { recursive: true });
    cpSync(manifest, join(dir, folder, "package.json"));
    manifests.push(folder);
  }
  return { dir, manifests };
}

const read = (dir, folder) => JSON.parse(readFileSync(join(dir, folder, "package.json"), "utf8"));

const changesetBin = join(root, "node_modules", "@changesets", "cli", "bin.js");
const version = (dir) => run(process.execPath, [changesetBin, "version"], dir, { env: { ...process.env, CI: "true" } });

/** Runs `changeset version` in a scratch copy prepared by `prepare`; returns the failures and the report lines. */
function check(prepare, asked) {
  const { dir, manifests } = scratchCopy();
  const lines = [];
  let failures = 0;
  try {
    prepare(dir, manifests);
    const wanted = asked ?? requested(join(dir, ".changeset"));
    const before = new Map(manifests.map((folder) => [folder, read(dir, folder)]));
    version(dir);
    for (const folder of manifests) {
      const old = before.get(folder);
      if (old.private === true) continue;
      const now = read(dir, folder);
      const bump = bumpOf(old.version, now.version);
      const want = wanted.get(old.name) ?? "none";
      const ok = LEVELS.indexOf(bump) <= LEVELS.indexOf(want === "none" ? "patch" : want) && (want === "none" || bump === want);
      if (!ok) failures += 1;
      lines.push(`${ok ? "ok  " : "FAIL"} ${old.name.padEnd(30)} ${old.version} -> ${now.version} (${bump}; its changesets ask for ${want})`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { failures, lines };
}

let failed = 0;
const pending = check(() => undefined);
console.log(["the pending changesets:", ...pending.lines].join("\n"));
failed += pending.failures;

// Later releases: every package released at 0.1.0, then one minor changeset for one package at a time.
const released = (dir, manifests) => {
  for (const file of readdirSync(join(dir, ".changeset")).filter((f) => f.endsWith(".md") && f !== "README.md")) rmSync(join(dir, ".changeset", file));
  for (const folder of manifests) {
    const manifest = read(dir, folder);
    if (manifest.private !== true) writeFileSync(join(dir, folder, "package.json"), `${JSON.stringify({ ...manifest, version: "0.1.0" }, null, 2)}\n`);
  }
};
const names = scratchCopy();
const publicNames = names.manifests.map((folder) => read(names.dir, folder)).filter((m) => m.private !== true).map((m) => m.name);
rmSync(names.dir, { recursive: true, force: true });
for (const name of publicNames) {
  const result = check((dir, manifests) => {
    released(dir, manifests);
    writeFileSync(join(dir, ".changeset", "simulated.md"), `---\n"${name}": minor\n---\n\nA simulated minor change.\n`);
  }, new Map([[name, "minor"]]));
  failed += result.failures;
  const bad = result.lines.filter((l) => l.startsWith("FAIL"));
  console.log(`${bad.length === 0 ? "ok  " : "FAIL"} after 0.1.0, a minor changeset for ${name} bumps it to 0.2.0 and nothing else beyond a patch${bad.length === 0 ? "" : `:\n  ${bad.join("\n  ")}`}`);
}
console.log(`changeset version: ${failed === 0 ? "every bump is what the changesets ask for" : `${failed} packages bumped otherwise than their changesets ask`}`);
process.exit(failed === 0 ? 0 : 1);
