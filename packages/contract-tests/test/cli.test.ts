/** `plume-contract`: module loading, exit codes, text, JUnit and JSON output. */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CHECKS, checksOfArea } from "../src/index.js";
import { main } from "../src/cli.js";
import { wellFormedXml } from "./report.test.js";

const require = createRequire(import.meta.url);
const url = (spec: string) => pathToFileURL(require.resolve(spec)).href;
const dir = mkdtempSync(join(tmpdir(), "plume-contract-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a plugin module that imports the workspace packages by absolute URL. */
function moduleFile(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    `import { definePlugin, ndarray, ValidationError } from ${JSON.stringify(url("@plume/core-types"))};
import { Box, Discrete } from ${JSON.stringify(url("@plume/spaces"))};
import { z } from ${JSON.stringify(url("zod"))};
const clamp = (v) => Math.min(1, Math.max(0, v));
class Sensor {
  #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  constructor(gain) { this.gain = gain; }
  get observationSpace() { return this.#space; }
  getObservation(s) { const { x, y } = s.agent_state.position; return ndarray("float32", [1], [GAIN_EXPR]); }
  getMetadata() { return { type: "test_sensor", modality: "olfactory", parameters: { gain: this.gain }, required_state_keys: ["agent_state", "concentration_field"] }; }
}
${body}
`,
  );
  return file;
}

const good = moduleFile(
  "good.mjs",
  `export const plugin = definePlugin({ kind: "sensor", name: "test-sensor", options: z.object({ gain: z.number().default(1) }), create: ({ gain }) => new Sensor(gain) });`,
).replace(/$/, "");
writeFileSync(good, readFileSync(good, "utf8").replace("GAIN_EXPR", "clamp(this.gain * s.concentration_field.sample(x, y))"));
const bad = moduleFile("bad.mjs", `export const plugin = definePlugin({ kind: "sensor", name: "bad-sensor", options: z.object({}), create: () => new Sensor(2) });`);
writeFileSync(bad, readFileSync(bad, "utf8").replace("GAIN_EXPR", "1 + s.concentration_field.sample(x, y)"));
const named = moduleFile(
  "named.mjs",
  `class Cardinal {
  #space = new Discrete(4);
  get actionSpace() { return this.#space; }
  processAction(a, s, g) { if (!this.validateAction(a)) throw ValidationError.invalid("action", "0..3", a); const [dx, dy] = [[0,1],[1,0],[0,-1],[-1,0]][a]; return s.withPosition(g.clamp({ x: s.position.x + dx, y: s.position.y + dy })); }
  validateAction(a) { return this.#space.contains(a); }
  getMetadata() { return { type: "cardinal", parameters: {}, movement_model: "cardinal_directions", orientation_dependent: false }; }
}
export const sensor = definePlugin({ kind: "sensor", name: "named-sensor", options: z.object({}), create: () => new Sensor(1) });
export const actions = definePlugin({ kind: "action", name: "named-actions", options: z.object({}), create: () => new Cardinal() });
export const contract = { "named-sensor": { optOut: { "obs.metadata-json": "checked elsewhere" } } };`,
);
writeFileSync(named, readFileSync(named, "utf8").replace("GAIN_EXPR", "clamp(s.concentration_field.sample(x, y))"));
const empty = join(dir, "empty.mjs");
writeFileSync(empty, "export const nothing = 1;\n");

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(args, { out: (s) => (out += `${s}\n`), err: (s) => (err += `${s}\n`), cwd: dir });
  return { code, out, err };
}

describe("plume-contract check", () => {
  it("passes a correct plugin (exit 0) and writes JUnit and JSON", async () => {
    const r = await cli("check", "./good.mjs", "--junit", "out/good.xml", "--json", "out/good.json", "--num-runs", "20");
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toContain("observation-model suite: test-sensor");
    expect(r.out).toMatch(/plume-contract: PASS 1 suite\(s\)/);
    const xml = readFileSync(join(dir, "out/good.xml"), "utf8");
    expect(wellFormedXml(xml)).toBe(true);
    expect(xml).toMatch(new RegExp(`<testsuites name="plume-contract" tests="${checksOfArea("obs").length}" failures="0"`));
    const json = JSON.parse(readFileSync(join(dir, "out/good.json"), "utf8")) as { ok: boolean };
    expect(json.ok).toBe(true);
  });

  it("fails a broken plugin (exit 1) naming the check id, in text and JUnit", async () => {
    const r = await cli("check", bad, "--junit", join(dir, "out/bad.xml"), "--seed", "7");
    expect(r.code).toBe(1);
    expect(r.out).toContain("FAIL obs.space-containment");
    expect(r.out).toContain("replay: seed 7");
    const xml = readFileSync(join(dir, "out/bad.xml"), "utf8");
    expect(wellFormedXml(xml)).toBe(true);
    expect(xml).toMatch(/<testcase classname="observation-model.obs" name="obs.space-containment"[^>]*>\s*<failure/);
  });

  it("checks every named plugin export and applies the contract export", async () => {
    const r = await cli("check", "named.mjs", "--num-runs", "10");
    expect(r.code).toBe(0);
    expect(r.out).toContain("observation-model suite: named-sensor");
    expect(r.out).toContain("action-processor suite: named-actions");
    expect(r.out).toContain("skip obs.metadata-json: opted out: checked elsewhere");
    const only = await cli("check", "named.mjs", "--export", "actions", "--num-runs", "10");
    expect(only.out).not.toContain("named-sensor");
  });

  it("exits 2 on usage errors", async () => {
    expect((await cli()).code).toBe(2);
    expect((await cli("check")).code).toBe(2);
    expect((await cli("check", "nope.mjs")).err).toContain("cannot find the module");
    expect((await cli("check", "empty.mjs")).err).toContain("exports no plugin");
    expect((await cli("check", "good.mjs", "--seed", "-3")).code).toBe(2);
    expect((await cli("check", "good.mjs", "--frobnicate")).code).toBe(2);
    expect((await cli("check", "good.ts")).code).toBe(2);
  });

  /** A module in the scratch folder re-exporting a TypeScript module of test/reference (vitest loads it). */
  const reexport = (name: string, target: string) => {
    const file = join(dir, name);
    writeFileSync(file, `export * from ${JSON.stringify(pathToFileURL(fileURLToPath(new URL(`./reference/${target}`, import.meta.url))).href)};\n`);
    return file;
  };

  it("checks an env module (a createEnv factory) with the same report, JSON and JUnit", async () => {
    const file = reexport("env-module.mjs", "env-module.ts");
    const r = await cli("check", file, "--num-runs", "10", "--junit", "out/env.xml", "--json", "out/env.json");
    expect(r.err).toBe("");
    expect(r.out).toContain("env suite: createEnv");
    expect(r.code, r.out).toBe(0);
    const xml = readFileSync(join(dir, "out/env.xml"), "utf8");
    expect(wellFormedXml(xml)).toBe(true);
    expect(xml).toMatch(/<testcase classname="env.env" name="env.step-determinism"/);
    expect((JSON.parse(readFileSync(join(dir, "out/env.json"), "utf8")) as { ok: boolean }).ok).toBe(true);
  });

  it("checks everything a module exports: a sensor plugin and an env plugin", async () => {
    const file = reexport("env-plugin-module.mjs", "env-plugin-module.ts");
    const r = await cli("check", file, "--num-runs", "10");
    expect(r.out).toContain("observation-model suite: module-sensor");
    expect(r.out).toContain("env suite: module-env");
    expect(r.out).toMatch(/PASS 2 suite\(s\)/);
    expect(r.code).toBe(0);
  });

  it("rejects an exported env instance with one clear error", async () => {
    const file = reexport("env-instance.mjs", "env-instance-module.ts");
    const r = await cli("check", file);
    expect(r.code).toBe(2);
    expect(r.err).toContain("pass `() => env`");
    expect(r.err.trim().split("\n")).toHaveLength(1);
  });

  it("suggests the flag meant by a typo", async () => {
    const r = await cli("check", "good.mjs", "--num-run", "5");
    expect(r.code).toBe(2);
    expect(r.err).toContain("did you mean --num-runs?");
    const only = await cli("check", "good.mjs", "--only", "obs.space-containmnt");
    expect(only.code).toBe(2);
    expect(only.err).toContain("did you mean obs.space-containment?");
  });

  it("replays a printed counterexample with --seed, --only and --path", async () => {
    const first = await cli("check", bad, "--seed", "7");
    const m = /replay: seed 7, path "([\d:]+)" \(CLI: plume-contract check <module> (--seed 7 --only obs\.space-containment --path [\d:]+)/.exec(first.out);
    expect(m, first.out).not.toBeNull();
    const counterexample = /counterexample: (.*) \(after/.exec(first.out.slice(first.out.indexOf("FAIL obs.space-containment")))?.[1];
    const again = await cli("check", bad, ...(m?.[2] ?? "").split(" "));
    expect(again.code).toBe(1);
    expect(again.out).toContain("FAIL obs.space-containment");
    expect(again.out).toContain(`counterexample: ${counterexample}`);
    expect(again.out).toMatch(/PASS|FAIL 1 suite/);
    expect((await cli("check", bad, "--path", "x:1")).err).toContain("--path must be a replay path");
  });

  it("lists the catalogue and prints help and version", async () => {
    const list = await cli("list");
    expect(list.out.trim().split("\n")).toHaveLength(CHECKS.length);
    expect((await cli("--help")).out).toContain("plume-contract check <module>");
    expect((await cli("--version")).out.trim()).toBe("0.0.0");
  });

  const bin = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
  it.runIf(existsSync(bin))("the built bin sets the process exit code", () => {
    const ok = spawnSync(process.execPath, [bin, "check", good, "--quiet", "--num-runs", "10"], { encoding: "utf8" });
    expect(ok.status).toBe(0);
    const ko = spawnSync(process.execPath, [bin, "check", bad, "--quiet", "--num-runs", "10"], { encoding: "utf8" });
    expect(ko.status).toBe(1);
    expect(ko.stdout).toContain("FAIL");
  }, 180_000);
});
