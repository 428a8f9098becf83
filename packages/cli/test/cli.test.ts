/**
 * The `plume` executable, spawned as a user runs it: help, bad flags (one line, exit code 2, no stack), the
 * results table, seeded reproducibility, and the pictures decoded back.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decode as decodePng } from "fast-png";
import omggif from "omggif";
import { beforeAll, describe, expect, it } from "vitest";
import { main } from "../src/index.js";
import { TRAJECTORY_COLORS } from "../src/picture.js";
import { SMALL, plume, scratch } from "./helpers.js";

let dir: string;
beforeAll(() => {
  dir = scratch();
});

/** `main(args)` in this process with captured output (same code path as the bin, without a Node start-up). */
async function inProcess(args: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(args, { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), cwd: dir });
  return { status, stdout: out.join(""), stderr: err.join("") };
}

function expectOneLineError(result: { status: number | null; stderr: string; stdout: string }, mention: string, code = 2): void {
  expect(result.status, result.stderr).toBe(code);
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^plume: /);
  expect(lines[0]).toContain(mention);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe("help", () => {
  it("plume --help lists every command, the policies, seeding and exit codes", () => {
    const r = plume(["--help"], dir);
    expect(r.status).toBe(0);
    for (const text of ["run", "render", "record", "replay", "compare", "random", "temporal-gradient", "surge-cast", "greedy", "Seeding:", "Exit codes:"]) {
      expect(r.stdout).toContain(text);
    }
  });

  it.each([
    ["run", ["--config", "--grid", "--source", "--sigma", "--goal-radius", "--max-steps", "--policy", "--policy-options", "--episodes", "--seed", "--seeds", "--render", "--json", "--no-progress"]],
    ["render", ["--out", "--gif", "--scale", "--fps", "--max-frames", "--policy", "--episodes"]],
    ["record", ["--out", "--force", "--policy", "--seeds"]],
    ["replay", ["<dir>", "--actions-only", "SHA-256"]],
    ["compare", ["--policies", "--out", "--draw", "--json", "--episodes", "--config"]],
  ])("plume %s --help documents its flags (in-process)", async (command, flags) => {
    const r = await inProcess([command, "--help"]);
    expect(r.status).toBe(0);
    for (const flag of flags) expect(r.stdout).toContain(flag);
    expect(r.stdout).toContain("Exit codes:");
  });

  it("--version prints the version", () => {
    const r = plume(["--version"], dir);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("bad flags and configs: one clear line, exit code 2", () => {
  it.each([
    [["run", "--episodes", "abc"], "--episodes"],
    [["run", "--sed", "3"], "did you mean --seed?"],
    [["run", "-p", "nope"], "Allowed choices are random, temporal-gradient, surge-cast, greedy"],
  ])("the bin: plume %j", (args, mention) => {
    expectOneLineError(plume(args, dir), mention);
  });

  it.each([
    [["run", "--policy-options", "{bad"], "--policy-options: not valid JSON"],
    [["run", "--policy-options", '{"threshold":-1}'], "options.threshold"],
    [["run", "--grid", "0x5"], "--grid"],
    [["run", "--seeds", "5-1"], "low-high"],
    [["run", "-c", "missing.yaml"], "cannot read config file"],
    [["compare", "--policies", "random,foo"], '--policies: unknown policy "foo"'],
    [["compare", "--policies", "random", "--policy-options", '{"greedy":{}}'], '"greedy" is not one of the compared policies'],
    [["compare", "--policies", "surge-cast", "--policy-options", '{"surge-cast":3}'], 'the options of "surge-cast" must be a JSON object'],
    [["compare", "--policies", "surge-cast", "--policy-options", '{"surge-cast":{"trigger":"rising"}}', ...SMALL, "-n", "1"], "trigger"],
    [["record", "-n", "1"], "--out"],
    [["render", "--scale", "99"], "--scale"],
    [["frobnicate"], "unknown command 'frobnicate'"],
    [["replay"], "missing required argument 'dir'"],
    [["run", "-p", "greedy", "--policy-options", '{"sensorAngles":[0,90]}', ...SMALL, "-n", "1"], "cannot read the antennae(4) sensor's observation"],
  ])("in-process: plume %j", async (args, mention) => {
    expectOneLineError(await inProcess(args), mention);
  });

  it("config errors name the file and the field", async () => {
    writeFileSync(join(dir, "bad.yaml"), "gridSize: [64, 64]\nplume: { type: gaussian, options: { sigma: -1 } }\n");
    expectOneLineError(plume(["run", "-c", "bad.yaml", "-n", "1"], dir), "plume.options.sigma");
    writeFileSync(join(dir, "run-tumble.json"), JSON.stringify({ gridSize: [32, 32], action: "run_tumble" }));
    expectOneLineError(await inProcess(["run", "-c", "run-tumble.json", "-p", "temporal-gradient", "-n", "1"]), `'{"actions":"run_tumble"}'`);
  });
});

describe("plume run", () => {
  it("prints the environment, then a table with success rate, steps, return and steps/s", () => {
    const r = plume(["run", "-p", "surge-cast", "-n", "3", ...SMALL], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("surge-cast on 32x32 gaussian sigma 12 plume, source (16, 16), goal the source cell, 300 steps");
    for (const column of ["policy", "sensor", "episodes", "success", "mean steps*", "median steps*", "mean return", "steps/s"]) expect(r.stdout).toContain(column);
    expect(r.stdout).toMatch(/surge-cast\s+concentration\s+3\s+100\.0%/);
  });

  it("--json gives the same episodes for the same seeds", () => {
    const run = () => {
      const r = plume(["run", "-p", "temporal-gradient", "--seeds", "3,5,8-9", "--json", ...SMALL], dir);
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { seeds: number[]; summary: Record<string, unknown>; episodes: unknown[] };
      const { elapsedSeconds: _e, stepsPerSecond: _s, ...summary } = out.summary;
      return { seeds: out.seeds, summary, episodes: out.episodes };
    };
    const first = run();
    expect(first.seeds).toEqual([3, 5, 8, 9]);
    expect(first.episodes).toHaveLength(4);
    expect(run()).toEqual(first);
  });
});

describe("plume compare and plume render", () => {
  it("compares the baselines on the same seeds: one table, one PNG showing plume, source and trajectories", () => {
    const r = plume(["compare", "-n", "4", ...SMALL, "-o", "cmp.png", "--draw", "3"], dir);
    expect(r.status, r.stderr).toBe(0);
    for (const name of ["random", "temporal-gradient", "surge-cast", "greedy"]) expect(r.stdout).toMatch(new RegExp(`^${name}\\s`, "m"));
    expect(r.stdout).toMatch(/^greedy\s+antennae\(4\)/m);
    const png = decodePng(readFileSync(join(dir, "cmp.png")));
    expect(png.channels).toBe(3);
    expect(png.width).toBeGreaterThan(2 * 32 * 4);
    const count = (rgb: readonly number[]) => {
      let n = 0;
      for (let i = 0; i < png.data.length; i += 3) if (png.data[i] === rgb[0] && png.data[i + 1] === rgb[1] && png.data[i + 2] === rgb[2]) n++;
      return n;
    };
    for (const color of TRAJECTORY_COLORS.slice(0, 3)) expect(count(color)).toBeGreaterThan(50);
    expect(count(TRAJECTORY_COLORS[3] as readonly number[])).toBe(0); // --draw 3
    expect(count([255, 255, 255])).toBeGreaterThan(20); // source markers
  });

  it("compare --policy-options gives each policy its own options, recorded in --json", () => {
    const args = ["compare", "-n", "2", ...SMALL, "-o", "cmp2.png", "--policies", "random,surge-cast", "--json", "--no-progress"];
    const r = plume([...args, "--policy-options", '{"surge-cast":{"trigger":"detection","threshold":0.001}}'], dir);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { policies: { policy: string; policyOptions: Record<string, unknown>; episodes: { steps: number }[] }[] };
    expect(out.policies.map((p) => [p.policy, p.policyOptions])).toEqual([
      ["random", {}],
      ["surge-cast", { trigger: "detection", threshold: 0.001 }],
    ]);
    const plain = JSON.parse(plume(args, dir).stdout) as typeof out;
    expect(plain.policies[1]?.policyOptions).toEqual({});
    expect(plain.policies[0]?.episodes).toEqual(out.policies[0]?.episodes); // the other policy's runs are untouched
  });

  it("renders a PNG of trajectories and an animated GIF of the first episode that decode back", () => {
    const r = plume(["render", "-p", "temporal-gradient", "-n", "2", ...SMALL, "-o", "tg.png", "--gif", "tg.gif", "--max-frames", "40"], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("wrote");
    const png = decodePng(readFileSync(join(dir, "tg.png")));
    expect(png.width).toBeGreaterThan(32);
    const gif = new omggif.GifReader(readFileSync(join(dir, "tg.gif")));
    expect(gif.numFrames()).toBeGreaterThan(2);
    expect(gif.numFrames()).toBeLessThanOrEqual(40);
    const rgba = new Uint8Array(gif.width * gif.height * 4);
    for (let f = 0; f < gif.numFrames(); f++) gif.decodeAndBlitFrameRGBA(f, rgba);
    const [r0, g0, b0] = TRAJECTORY_COLORS[0] as readonly number[];
    let agentPixels = 0;
    for (let i = 0; i < rgba.length; i += 4) if (rgba[i] === r0 && rgba[i + 1] === g0 && rgba[i + 2] === b0) agentPixels++;
    expect(agentPixels).toBeGreaterThan(10);
  });

  it("a picture over the memory budget states what it would need (plume render --gif on 10000x10000 took 108 s and 1.9 GB)", () => {
    const r = plume(["render", "--grid", "10000x10000", "--gif", "big.gif"], dir);
    expect(r.status).toBe(2);
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("would need about 14.6 GiB, over the memory budget of 1.0 GiB");
    expect(r.stderr).toContain("PLUME_MEMORY_BUDGET");
  });
});
