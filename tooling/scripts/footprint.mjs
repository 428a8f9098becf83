#!/usr/bin/env node
// CI check: installing @plume/env and one plugin package, as a user would (packed tarballs, plain npm), pulls in
// no other @plume plugin package, and an episode runs with that plugin's sensor (named in a config, so @plume/env
// imports the package by name) while a plugin that was not installed gives the "install" error.
//
// `--table` also measures the typical installs for the README: packages installed, disk size of node_modules,
// and the minified browser bundle of a small program using them (esbuild).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { browserBundle, kb } from "./lib/bundle.mjs";
import { packTarballs, run } from "./lib/packages.mjs";

/** The packages env needs whatever the config: itself, its foundation and the packages of its defaults. */
const ENV_CLOSURE = ["@plume/env", "@plume/core-types", "@plume/spaces", "@plume/sensors-concentration", "@plume/actions-discrete"];

const WIND_EPISODE = `
import { createEnvironmentFromConfig } from "@plume/env";
import { createEnvironmentFromConfig as fromFile } from "@plume/env/node";
import { writeFileSync } from "node:fs";
const env = await createEnvironmentFromConfig({ gridSize: [32, 32], sensor: "wind_vector", wind: { type: "constant", options: { directionDeg: 90 } } });
let [obs] = env.reset({ seed: 0 });
env.actionSpace.seed(0);
let steps = 0, done = false;
while (!done) { const r = env.step(env.actionSpace.sample()); obs = r[0]; done = r[2] || r[3]; steps++; }
if (obs.shape[0] !== 2) throw new Error("the wind sensor observes (vx, vy)");
writeFileSync("windy.yaml", "gridSize: [16, 16]\\nsensor: wind_vector\\n");
const fromYaml = await fromFile("windy.yaml");
fromYaml.reset({ seed: 1 });
try {
  await createEnvironmentFromConfig({ action: "oriented" });
  throw new Error("expected a ConfigurationError for a plugin package that is not installed");
} catch (error) {
  if (error.name !== "ConfigurationError" || error.parameter !== "action.type" || !error.message.includes("install @plume/actions-oriented")) throw error;
}
console.log("wind sensor episode: " + steps + " steps, last observation " + Array.from(obs.data).join(", "));
`;

/** Typical installs for the README table: what is installed, and a program whose browser bundle is measured. */
const INSTALLS = [
  { label: "`@plume/env` (default env)", install: ["@plume/env"], program: `import { PlumeEnv } from "@plume/env"; const e = new PlumeEnv(); e.reset({ seed: 0 }); e.step(0);` },
  {
    label: "`@plume/env @plume/sensors-wind`",
    install: ["@plume/env", "@plume/sensors-wind"],
    program: `import { createEnvironmentFromConfig } from "@plume/env"; import { plugins } from "@plume/sensors-wind"; const e = await createEnvironmentFromConfig({ sensor: "wind_vector" }, { plugins }); e.reset({ seed: 0 });`,
  },
  {
    label: "`@plume/env` + every plugin package",
    install: ["@plume/env", "@plume/sensors-wind", "@plume/sensors-compose", "@plume/actions-continuous", "@plume/actions-oriented"],
    program: `import { createEnvironmentFromConfig } from "@plume/env"; import * as a from "@plume/sensors-wind"; import * as b from "@plume/sensors-compose"; import * as c from "@plume/actions-continuous"; import * as d from "@plume/actions-oriented";
const e = await createEnvironmentFromConfig({ sensor: "wind_vector", action: "oriented" }, { plugins: [...a.plugins, ...b.plugins, ...c.plugins, ...d.plugins] }); e.reset({ seed: 0 });`,
  },
  {
    label: "`@plume/core-types @plume/spaces` (a plugin author)",
    install: ["@plume/core-types", "@plume/spaces"],
    program: `import { definePlugin, ndarray } from "@plume/core-types"; import { Box } from "@plume/spaces"; import * as z from "zod";
export const plugin = definePlugin({ kind: "sensor", name: "x", options: z.strictObject({}), create: () => ({ observationSpace: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }), getObservation: () => ndarray("float32", [1], [0]), getMetadata: () => ({ type: "x" }) }) });`,
  },
  { label: "`@plume/policies @plume/env`", install: ["@plume/policies", "@plume/env"], program: `import { PlumeEnv } from "@plume/env"; import { createBaseline } from "@plume/policies"; const e = new PlumeEnv(); const [o] = e.reset({ seed: 0 }); createBaseline("temporal-gradient", {}).selectAction(o);` },
  { label: "`@plume/cli`", install: ["@plume/cli"], program: undefined },
];

function diskBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += diskBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** Every package installed under node_modules (scoped ones included), by name. */
function installedPackages(modules) {
  const names = [];
  for (const entry of readdirSync(modules)) {
    if (entry.startsWith(".")) continue;
    if (entry.startsWith("@")) for (const scoped of readdirSync(join(modules, entry))) names.push(`${entry}/${scoped}`);
    else names.push(entry);
  }
  return names.sort();
}

/**
 * A scratch project that installs `names` with plain npm from the tarballs. Every @plume package resolves to its
 * tarball through npm `overrides`, so npm itself decides which of them the install needs.
 */
function installProject(base, label, names, tarballs) {
  const dir = join(base, label);
  mkdirSync(dir, { recursive: true });
  const spec = (name) => `file:${tarballs.get(name)}`;
  const overrides = Object.fromEntries([...tarballs.keys()].map((name) => [name, spec(name)]));
  const dependencies = Object.fromEntries(names.map((name) => [name, spec(name)]));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `footprint-${label}`, private: true, type: "module", dependencies, overrides }, null, 2));
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], dir);
  return dir;
}

const table = process.argv.includes("--table");
const scratch = mkdtempSync(join(tmpdir(), "plume-footprint-"));
let failed = 0;
try {
  const tarballDir = join(scratch, "tarballs");
  mkdirSync(tarballDir);
  const tarballs = packTarballs(tarballDir);

  // The check: @plume/env + @plume/sensors-wind installs nothing else of ours, and the wind sensor works.
  const project = installProject(scratch, "env-wind", ["@plume/env", "@plume/sensors-wind"], tarballs);
  const plume = installedPackages(join(project, "node_modules")).filter((n) => n.startsWith("@plume/"));
  const expected = [...ENV_CLOSURE, "@plume/sensors-wind"].sort();
  if (JSON.stringify(plume) !== JSON.stringify(expected)) {
    failed += 1;
    console.log(`FAIL npm install @plume/env @plume/sensors-wind installed ${plume.join(", ")}; expected exactly ${expected.join(", ")}`);
  } else {
    console.log(`ok   npm install @plume/env @plume/sensors-wind installs only ${plume.join(", ")}`);
  }
  writeFileSync(join(project, "episode.mjs"), WIND_EPISODE);
  const episode = spawnSync(process.execPath, ["episode.mjs"], { cwd: project, encoding: "utf8" });
  if (episode.status === 0) console.log(`ok   ${episode.stdout.trim()}; a config naming "oriented" says to install @plume/actions-oriented`);
  else {
    failed += 1;
    console.log(`FAIL the wind sensor episode:\n${episode.stdout}${episode.stderr}`);
  }

  if (table) {
    const rows = [];
    for (const [i, entry] of INSTALLS.entries()) {
      const dir = installProject(scratch, `install-${i}`, entry.install, tarballs);
      const modules = join(dir, "node_modules");
      const all = installedPackages(modules);
      const ours = all.filter((n) => n.startsWith("@plume/"));
      let bundle = "—";
      if (entry.program !== undefined) {
        const b = await browserBundle({ contents: entry.program, resolveDir: dir });
        if (b.errors.length > 0 || b.builtins.length > 0) throw new Error(`${entry.label}: ${[...b.errors, ...b.builtins.map((x) => x.specifier)].join("; ")}`);
        bundle = `${kb(b.bytes)} (${kb(b.gzipBytes)} gzipped)`;
      }
      rows.push(`| ${entry.label} | ${all.length} (${ours.length} of ours) | ${(diskBytes(modules) / 2 ** 20).toFixed(1)} MB | ${bundle} |`);
      console.log(`     ${entry.label}: ${all.join(", ")}`);
    }
    console.log(["", "| install | packages | disk (node_modules) | minified browser bundle |", "| --- | --- | --- | --- |", ...rows].join("\n"));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`footprint: ${failed === 0 ? "ok" : `${failed} failed`}`);
process.exit(failed === 0 ? 0 : 1);
