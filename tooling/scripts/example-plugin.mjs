#!/usr/bin/env node
// Tests examples/third-party-sensor the way an outside plugin author works: packs the @plume/* packages
// it needs (built by the turbo build that runs before this script), installs the tarballs with plain npm
// (no flags) into a scratch copy of the example, builds it and runs its vitest contract tests and the
// plume-contract CLI (exit code, JUnit report). Then plants a bug in a second copy and asserts that the
// tests and the CLI fail with the right check id. The example's own vitest is 4; on Node >= 22.12 (the CI's
// Node 24 stage) a third copy installs vitest 5 beside the kit, again without flags, and runs the tests:
// the kit's optional vitest peer range (>=4 <6) must install and work with both.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const pnpm = [process.execPath, join(root, "node_modules", "pnpm", "bin", "pnpm.cjs")];
const example = join(root, "examples", "third-party-sensor");
const PACKED = ["core-types", "spaces", "contract-tests"];
/** The vitest 5 the second leg installs (the kit's peer range is >=4 <6). */
const VITEST5 = "5.1.0";
const BUG = {
  file: join("src", "index.ts"),
  from: "return ndarray(\"float32\", [2], [clamp(dx), clamp(dy)]);",
  to: "return ndarray(\"float32\", [2], [dx, dy]);",
  id: "obs.space-containment",
};

let passed = 0;
let failed = 0;
function report(ok, label, detail = "") {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? "ok  " : "FAIL"} ${label}${!ok && detail ? `\n${detail}` : ""}`);
  return ok;
}

function run(command, args, cwd, env = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1", ...env },
    shell: process.platform === "win32",
  });
  return { status: result.status ?? 1, out: `${result.stdout ?? ""}${result.stderr ?? ""}`, error: result.error };
}

function must(label, result) {
  if (result.status !== 0) {
    report(false, label, result.out.slice(-4000));
    throw new Error(`${label} failed`);
  }
  report(true, label);
  return result;
}

/** A small well-formedness check: balanced tags, quoted attributes, escaped text. */
function wellFormedXml(xml) {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, "");
  const stack = [];
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w.-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(body); m !== null; m = tag.exec(body)) {
    const text = body.slice(last, m.index);
    if (/</.test(text) || /&(?!(amp|lt|gt|quot|apos);)/.test(text)) return false;
    last = m.index + m[0].length;
    if (m[4] === "/") continue;
    if (m[1] === "/") {
      if (stack.pop() !== m[2]) return false;
    } else stack.push(m[2]);
  }
  return stack.length === 0 && body.slice(last).trim() === "";
}

function copyExample(target) {
  cpSync(example, target, {
    recursive: true,
    filter: (src) => !/[\\/](node_modules|dist|reports)([\\/]|$)/.test(src.slice(example.length)),
  });
}

const scratch = mkdtempSync(join(tmpdir(), "plume-example-plugin-"));
try {
  // 1. pack the @plume/* packages (as a user would get them from the registry)
  const tarballs = {};
  for (const name of PACKED) {
    const dir = join(root, "packages", name);
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const packed = run(pnpm[0], [pnpm[1], "pack", "--pack-destination", scratch], dir);
    const lines = packed.out.trim().split("\n");
    const file = join(scratch, lines[lines.length - 1].trim().split("/").pop());
    if (!report(packed.status === 0 && existsSync(file), `pnpm pack ${manifest.name}`, packed.out)) throw new Error("pack failed");
    tarballs[manifest.name] = file;
  }

  // 2. a scratch copy of the example whose @plume/* dependencies point at the tarballs
  const good = join(scratch, "good");
  copyExample(good);
  const manifest = JSON.parse(readFileSync(join(good, "package.json"), "utf8"));
  for (const field of ["dependencies", "devDependencies", "peerDependencies"]) {
    for (const dep of Object.keys(manifest[field] ?? {})) {
      if (tarballs[dep] !== undefined) manifest[field][dep] = `file:${tarballs[dep]}`;
    }
  }
  // transitive @plume/* dependencies (contract-tests -> core-types, spaces) resolve to the same tarballs
  manifest.overrides = Object.fromEntries(Object.entries(tarballs).map(([dep, file]) => [dep, `file:${file}`]));
  writeFileSync(join(good, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  must("npm install (tarballs + registry dependencies)", run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], good));

  // 3. the example as its author runs it: build, contract tests, CLI with a JUnit report
  must("npm run build (tsc)", run("npm", ["run", "build"], good));
  const tests = run("npm", ["test"], good);
  report(tests.status === 0 && /Tests\s+\d+ passed/.test(tests.out), "npm test: the contract tests pass against the packed tarballs", tests.out.slice(-4000));
  const cli = run("npx", ["--no-install", "plume-contract", "check", ".", "--junit", "reports/junit.xml", "--json", "reports/report.json"], good);
  report(cli.status === 0 && cli.out.includes("PASS"), "plume-contract check . exits 0", cli.out.slice(-4000));
  const junitFile = join(good, "reports", "junit.xml");
  const junit = existsSync(junitFile) ? readFileSync(junitFile, "utf8") : "";
  const cases = (junit.match(/<testcase /g) ?? []).length;
  const json = existsSync(join(good, "reports", "report.json")) ? JSON.parse(readFileSync(join(good, "reports", "report.json"), "utf8")) : {};
  // one test case per obs.* check of the installed kit's catalogue
  const { checksOfArea } = await import(pathToFileURL(join(good, "node_modules", "@plume", "contract-tests", "dist", "index.js")).href);
  const expectedCases = checksOfArea("obs").length;
  report(
    wellFormedXml(junit) && /<testsuites [^>]*failures="0"/.test(junit) && cases === expectedCases,
    `JUnit report written and well-formed (${cases} test cases = the kit's ${expectedCases} obs.* checks, 0 failures)`,
    junit.slice(0, 2000),
  );
  report(json.ok === true, "JSON report written (ok: true)");

  // 4. a second copy with a planted bug (the clamp removed): tests and CLI must fail with the right check id
  const bad = join(scratch, "bad");
  copyExample(bad);
  cpSync(join(good, "package.json"), join(bad, "package.json"));
  symlinkSync(join(good, "node_modules"), join(bad, "node_modules"), "dir");
  const source = readFileSync(join(bad, BUG.file), "utf8");
  if (!report(source.includes(BUG.from), `plant the bug in ${BUG.file} (remove the clamp)`)) throw new Error("bug not planted");
  writeFileSync(join(bad, BUG.file), source.replace(BUG.from, BUG.to));
  must("npm run build (buggy copy)", run("npm", ["run", "build"], bad));
  const badTests = run("npm", ["test"], bad);
  report(badTests.status !== 0 && badTests.out.includes(BUG.id), `npm test fails on the buggy copy with ${BUG.id}`, badTests.out.slice(-4000));
  const badCli = run("npx", ["--no-install", "plume-contract", "check", ".", "--junit", "reports/junit.xml"], bad);
  report(badCli.status === 1 && badCli.out.includes(`FAIL ${BUG.id}`), `plume-contract check exits 1 on the buggy copy naming ${BUG.id}`, badCli.out.slice(-4000));
  const badJunitFile = join(bad, "reports", "junit.xml");
  const badJunit = existsSync(badJunitFile) ? readFileSync(badJunitFile, "utf8") : "";
  report(
    wellFormedXml(badJunit) && new RegExp(`<testcase [^>]*name="${BUG.id.replace(/\./g, "\\.")}"[^>]*>\\s*<failure`).test(badJunit),
    `JUnit report of the buggy copy records the failure of ${BUG.id}`,
    badJunit.slice(0, 2000),
  );

  // 5. vitest 5 beside the kit (vitest 5 needs Node ^22.12 or >= 24): install without flags, build, test
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) {
    const v5 = join(scratch, "vitest5");
    copyExample(v5);
    const v5manifest = JSON.parse(readFileSync(join(good, "package.json"), "utf8"));
    v5manifest.devDependencies.vitest = VITEST5;
    writeFileSync(join(v5, "package.json"), `${JSON.stringify(v5manifest, null, 2)}\n`);
    must(`npm install with vitest@${VITEST5} (no --force, no --legacy-peer-deps)`, run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], v5));
    const installed = JSON.parse(readFileSync(join(v5, "node_modules", "vitest", "package.json"), "utf8")).version;
    report(installed.startsWith("5."), `vitest ${installed} installed beside @plume/contract-tests`);
    must("npm run build (vitest 5 copy)", run("npm", ["run", "build"], v5));
    const v5tests = run("npm", ["test"], v5);
    report(v5tests.status === 0 && /Tests\s+\d+ passed/.test(v5tests.out), `npm test: the contract tests pass with vitest ${installed}`, v5tests.out.slice(-4000));
  } else {
    console.log(`note: the vitest 5 leg runs on Node >= 22.12 (the CI's Node 24 stage); this is Node ${process.versions.node}`);
  }
} catch (error) {
  if (failed === 0) report(false, "example-plugin run", String(error?.stack ?? error));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`example-plugin: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
