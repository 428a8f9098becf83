/**
 * `plume record` and `plume replay`, spawned as a user runs them: the reference's data-capture format, the
 * round trip, runs the reference recorded, interrupted and crashed recordings (--partial), --force keeping
 * the old run, and every way a run directory can be damaged or hostile — each one line and a non-zero exit
 * code, never a crash, a hang or an import of a module the run names.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync, gzipSync } from "node:zlib";
import { EpisodeRecordSchema, RUN_META_KEYS, StepRecordSchema } from "@plume/data-capture";
import { fixturesDir } from "@plume/tooling/fixtures";
import { packageConfig } from "@plume/tooling/vitest";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, plume, scratch } from "./helpers.js";

/** A small, fast environment: 16x16, at most 60 steps an episode. */
const TINY = ["--grid", "16x16", "--max-steps", "60"] as const;
const FAULTY = fileURLToPath(new URL("./fixtures/faulty-sensor.mjs", import.meta.url));

let dir: string;
let run: string;

beforeAll(() => {
  dir = scratch();
  run = join(dir, "run");
  const r = plume(["record", "-p", "temporal-gradient", "-n", "2", ...TINY, "--out", "run", "--run-id", "run-test"], dir);
  expect(r.status, r.stderr).toBe(0);
});

/** A copy of the good run with `damage` applied. */
function damaged(name: string, damage: (path: string) => void): string {
  const copy = join(dir, name);
  rmSync(copy, { recursive: true, force: true });
  cpSync(run, copy, { recursive: true });
  damage(copy);
  return copy;
}

/** A parsed run.json, loosely typed: the tests reach into it and damage it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON the tests edit
type Json = any;

function meta(path: string): Json {
  return JSON.parse(readFileSync(join(path, "run.json"), "utf8"));
}

function writeMeta(path: string, value: unknown): void {
  writeFileSync(join(path, "run.json"), JSON.stringify(value, null, 2));
}

/** Re-records the size and hash of a data file whose bytes a test changed (so that only the content differs). */
function rehash(path: string, name: string): void {
  const m = meta(path);
  const bytes = readFileSync(join(path, name));
  for (const list of Object.values(m.extra.plume.record.files) as { path: string; bytes: number; sha256: string; uncompressedBytes: number; lines: number }[][]) {
    for (const f of list) {
      if (f.path !== name) continue;
      f.bytes = bytes.length;
      f.sha256 = createHash("sha256").update(bytes).digest("hex");
      f.uncompressedBytes = gunzipSync(bytes).length;
    }
  }
  writeMeta(path, m);
}

function expectReplayError(args: readonly string[], mention: string, code = 2): string {
  const r = plume(["replay", ...args], dir);
  expect(r.status, r.stderr + r.stdout).toBe(code);
  expect(r.stdout).toBe("");
  const lines = r.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(mention);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  return r.stderr;
}

/** Waits (at most 40 s) until the recording in `out` has checkpointed `count` episodes; returns how many it has. */
async function checkpointed(out: string, count: number): Promise<number> {
  const deadline = Date.now() + 40_000;
  let episodes = 0;
  while (Date.now() < deadline && episodes < count) {
    await new Promise((r) => setTimeout(r, 200));
    try {
      episodes = meta(out).extra.plume.record.episodes;
    } catch {
      // not written yet
    }
  }
  return episodes;
}

const lines = (path: string) => gunzipSync(readFileSync(path)).toString("utf8").split("\n").filter((l) => l !== "");

describe("the shared vitest preset", () => {
  it("gives hooks a time limit that fits a loaded machine (vitest's default 10 s did not)", () => {
    expect(packageConfig().test?.hookTimeout).toBeGreaterThanOrEqual(60_000);
  });
});

describe("plume record writes the reference's data-capture format", () => {
  it("run.json is a RunMeta with Plume's extras under extra.plume; records are StepRecords and EpisodeRecords", () => {
    const m = meta(run);
    expect(Object.keys(m)).toEqual([...RUN_META_KEYS]);
    expect(m.run_id).toBe("run-test");
    expect(m.schema_version).toBe("0.1");
    expect(m.episode_seeds).toEqual([0, 1]);
    expect(m.env_config).toMatchObject({ grid_size: [16, 16], source_location: [8, 8], max_steps: 60, goal_radius: 1.1920928955078125e-7 });
    expect(m.extra.env).toEqual({ action_type: "discrete", observation_type: "concentration", reward_type: "sparse" });
    expect(m.extra.plume.policy).toEqual({ name: "temporal-gradient", options: {} });
    expect(m.extra.plume.record.status).toBe("complete");
    expect(Object.keys(m.extra)).toEqual(["env", "plume", "simulation_metadata"]);
    const raw = readFileSync(join(run, "run.json"), "utf8");
    expect(raw.endsWith("}")).toBe(true);
    expect(raw).toContain('"sigma": 12.0');
    const steps = lines(join(run, "steps.jsonl.gz"));
    for (const line of steps) {
      const record = StepRecordSchema.parse(JSON.parse(line));
      expect(record.run_id).toBe("run-test");
    }
    expect(steps[0]).toMatch(/^\{"action": \d, "agent_position": \{"x": \d+, "y": \d+\}, "distance_to_goal": [\d.e-]+, "episode_id": "ep-000001", /);
    const episodes = lines(join(run, "episodes.jsonl.gz")).map((l) => EpisodeRecordSchema.parse(JSON.parse(l)));
    expect(episodes.map((e) => e.episode_id)).toEqual(["ep-000001", "ep-000002"]);
    expect(episodes.reduce((a, e) => a + e.total_steps, 0)).toBe(steps.length);
    // The gzip header is Python's: FNAME set, XFL 2, OS 255, the name without .gz.
    const head = readFileSync(join(run, "steps.jsonl.gz")).subarray(0, 22);
    expect([...head.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 8]);
    expect([head[8], head[9]]).toEqual([2, 255]);
    expect(head.subarray(10, 21).toString("latin1")).toBe("steps.jsonl");
  });

  it("replay re-creates every episode exactly (policy re-run, or actions only)", () => {
    const r = plume(["replay", "run"], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("replayed 2 episodes");
    expect(r.stdout).toContain("identical to the record");
    expect(r.stdout).toContain("the policy's actions");
    expect(plume(["replay", "run", "--actions-only"], dir).status).toBe(0);
  });

  it("replays the runs the reference recorded", () => {
    for (const name of ["default-env", "selector-oriented-antennae", "cli-rotated"]) {
      const r = plume(["replay", join(fixturesDir(), "data-capture", name)], dir);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain("recorded by another tool");
    }
  });

  it("rotates files as the reference does (steps.jsonl.part1.gz, ...), exports Parquet, and replays them all", () => {
    const r = plume(["record", "-p", "random", "-n", "4", ...TINY, "--out", "rotated", "--rotate-size", "1", "--parquet"], dir);
    expect(r.status, r.stderr).toBe(0);
    const names = readdirSync(join(dir, "rotated"));
    expect(names).toContain("steps.jsonl.part1.gz");
    expect(names).toEqual(expect.arrayContaining(["steps.parquet", "episodes.parquet"]));
    expect(plume(["replay", "rotated"], dir).status).toBe(0);
  });
});

describe("--force replaces a run only once the new one is complete", () => {
  it("a re-record that fails keeps the old run (the new one's finished episodes wait in a temporary directory)", () => {
    const copy = damaged("forced", () => undefined);
    const config = join(dir, "faulty.json");
    writeFileSync(config, JSON.stringify({ gridSize: [16, 16], maxSteps: 60, sensor: { type: FAULTY, options: { atStep: 3, onEpisode: 2 } } }));
    const r = plume(["record", "-p", "random", "-n", "3", "-c", config, "--out", copy, "--force", "--allow-module-paths"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("episode 1 (seed 1) step 3");
    expect(r.stderr).toContain("the faulty sensor exploded");
    expect(r.stderr).toContain("--partial");
    expect(plume(["replay", copy], dir).status).toBe(0);
    expect(meta(copy).run_id).toBe("run-test");
    const ok = plume(["record", "-p", "random", "-n", "1", ...TINY, "--out", copy, "--force"], dir);
    expect(ok.status, ok.stderr).toBe(0);
    expect(meta(copy).run_id).not.toBe("run-test");
    expect(plume(["replay", copy], dir).status).toBe(0);
  });

  it("without --force a non-empty directory is refused", () => {
    const r = plume(["record", "-n", "1", ...TINY, "--out", "run"], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--force");
  });
});

describe("interrupted recordings", () => {
  it("a plugin crash: one line naming the episode and step (exit 1); the finished episodes are kept, closed at the last episode boundary", () => {
    const config = join(dir, "faulty-fresh.json");
    writeFileSync(config, JSON.stringify({ gridSize: [16, 16], maxSteps: 60, sensor: { type: FAULTY, options: { atStep: 5, onEpisode: 3 } } }));
    const r = plume(["record", "-p", "random", "-n", "4", "-c", config, "--out", "crashed", "--allow-module-paths"], dir);
    expect(r.status).toBe(1);
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("episode 2 (seed 2) step 5");
    expect(meta(join(dir, "crashed")).extra.plume.record).toMatchObject({ status: "interrupted", episodes: 2 });
    expectReplayError(["crashed"], "--partial");
    // The run names its sensor by module path, which replay refuses to import without --allow-module-paths
    // (the trust model); the finished episodes are there, complete files closed at the last episode boundary.
    expectReplayError(["crashed", "--partial"], "--allow-module-paths");
    const trusted = plume(["replay", "crashed", "--partial", "--allow-module-paths"], dir);
    expect(trusted.status, trusted.stderr).toBe(0);
    expect(trusted.stdout).toContain("replayed 2 episodes");
    expect(lines(join(dir, "crashed", "episodes.jsonl.gz"))).toHaveLength(2);
  });

  it("Ctrl-C: the episodes finished so far are kept (exit 130, one line) and --partial replays them", async () => {
    const out = join(dir, "interrupted");
    const child = spawn(process.execPath, [BIN, "record", "-p", "random", "-n", "100000", "--grid", "64x64", "--max-steps", "500", "--out", out, "--no-progress"], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr?.on("data", (chunk) => (stderr += String(chunk)));
    expect(await checkpointed(out, 1)).toBeGreaterThanOrEqual(1);
    child.kill("SIGINT");
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(130);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toContain("--partial");
    const state = meta(out).extra.plume.record;
    expect(state.status).toBe("interrupted");
    const r = plume(["replay", out, "--partial"], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`replayed ${state.episodes} episodes`);
  });

  it("kill -9 during a record: run.json says how far it got, and --partial replays that", async () => {
    const out = join(dir, "killed");
    const child = spawn(process.execPath, [BIN, "record", "-p", "random", "-n", "100000", "--grid", "64x64", "--max-steps", "500", "--out", out, "--no-progress"], { stdio: "ignore" });
    const episodes = await checkpointed(out, 2);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    expect(episodes).toBeGreaterThanOrEqual(2);
    const state = meta(out).extra.plume.record;
    expect(state.status).toBe("recording");
    const r = plume(["replay", out, "--partial", "--actions-only"], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`replayed ${state.episodes} episodes`);
  });
});

describe("damaged run directories: one line, exit code 2", () => {
  it("a truncated steps file", () => {
    const path = damaged("truncated", (p) => {
      const bytes = readFileSync(join(p, "steps.jsonl.gz"));
      writeFileSync(join(p, "steps.jsonl.gz"), bytes.subarray(0, Math.floor(bytes.length / 2)));
    });
    expectReplayError([path], "steps.jsonl.gz");
  });

  it("a changed byte in a data file (found from the SHA-256 before anything is decompressed)", () => {
    const path = damaged("flipped", (p) => {
      const bytes = readFileSync(join(p, "episodes.jsonl.gz"));
      bytes[Math.floor(bytes.length / 2)] ^= 0x5a;
      writeFileSync(join(p, "episodes.jsonl.gz"), bytes);
    });
    expectReplayError([path], "SHA-256");
  });

  it("a truncated or invalid run.json, a missing one, and Plume's earlier run format", () => {
    expectReplayError([damaged("cut-meta", (p) => writeFileSync(join(p, "run.json"), readFileSync(join(p, "run.json"), "utf8").slice(0, 200)))], "run.json");
    expectReplayError([damaged("no-meta", (p) => rmSync(join(p, "run.json")))], "run.json");
    expectReplayError([damaged("old-format", (p) => writeMeta(p, { format: "plume-run", version: 1 }))], "earlier run format");
    expectReplayError([damaged("extra-key", (p) => writeMeta(p, { ...meta(p), format: "x" }))], "format");
    expectReplayError([join(dir, "nowhere")], "directory");
  });

  it("a missing data file", () => {
    expectReplayError([damaged("missing", (p) => rmSync(join(p, "steps.jsonl.gz")))], "missing");
  });
});

describe("hostile run directories", () => {
  const withFilePath = (name: string, value: string) =>
    damaged(name, (p) => {
      const m = meta(p);
      m.extra.plume.record.files.steps[0].path = value;
      writeMeta(p, m);
    });

  it('files.*.path "." is a clear error, not EISDIR', () => {
    const err = expectReplayError([withFilePath("dot", ".")], "steps.jsonl.gz");
    expect(err).not.toContain("EISDIR");
  });

  it("paths never leave the run directory, and special files are refused", () => {
    expectReplayError([withFilePath("escape", "../../etc/hostname")], "data file name");
    expectReplayError([withFilePath("absolute", "/dev/zero")], "data file name");
    const linked = damaged("symlink", (p) => {
      rmSync(join(p, "steps.jsonl.gz"));
      symlinkSync("/dev/zero", join(p, "steps.jsonl.gz"));
    });
    expectReplayError([linked], "symbolic links");
    const fifo = damaged("dir-instead", (p) => {
      rmSync(join(p, "steps.jsonl.gz"));
      mkdirSync(join(p, "steps.jsonl.gz"));
    });
    expectReplayError([fifo], "directory");
  });

  it("a decompression bomb stops at the size limit, quickly and in bounded memory", () => {
    const bomb = join(dir, "bomb");
    rmSync(bomb, { recursive: true, force: true });
    cpSync(join(fixturesDir(), "data-capture", "default-env"), bomb, { recursive: true });
    writeFileSync(join(bomb, "steps.jsonl.gz"), gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x0a), { level: 9 }));
    expectReplayError([bomb], "decompress");
    writeFileSync(join(bomb, "steps.jsonl.gz"), gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 }));
    expectReplayError([bomb], "a line of at most");
  });

  it("never imports a module path named in run.json (the module's top-level code does not run)", () => {
    const marker = join(dir, "payload-ran");
    const payload = join(dir, "payload.mjs");
    writeFileSync(payload, `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "ran");`);
    for (const [name, place] of [
      ["as-sensor", (c: Json) => (c.sensor = { type: payload })],
      ["relative", (c: Json) => (c.sensor = { type: "../payload.mjs" })],
      ["file-url", (c: Json) => (c.reward = { type: `file://${payload}` })],
      ["nested", (c: Json) => (c.sensor = { type: "multi_modal", options: { sensors: { odor: { type: payload } } } })],
    ] as const) {
      const path = damaged(`module-${name}`, (p) => {
        const m = meta(p);
        place(m.extra.plume.config);
        writeMeta(p, m);
      });
      expect(expectReplayError([path], "is a module path")).toContain("--allow-module-paths");
      expectReplayError([path, "--actions-only"], "is a module path");
    }
    expect(existsSync(marker)).toBe(false);
  });
});

describe("records that no longer match the re-run: the first difference, exit code 1", () => {
  it("an edited episode record (its hash re-recorded, so only the content differs)", () => {
    const path = damaged("edited-episode", (p) => {
      const text = gunzipSync(readFileSync(join(p, "episodes.jsonl.gz"))).toString("utf8");
      writeFileSync(join(p, "episodes.jsonl.gz"), gzipSync(Buffer.from(text.replace('"total_reward": 1.0', '"total_reward": 2.0'))));
      rehash(p, "episodes.jsonl.gz");
    });
    expectReplayError([path], "total_reward differs", 1);
  });

  it("an edited summary", () => {
    const path = damaged("edited-summary", (p) => {
      const m = meta(p);
      m.extra.plume.summary.successes = 0;
      writeMeta(p, m);
    });
    expectReplayError([path], "summary.successes differs", 1);
  });

  it("another environment than the one recorded", () => {
    const path = damaged("other-sigma", (p) => {
      const m = meta(p);
      m.extra.plume.config.plume.options.sigma = 13;
      writeMeta(p, m);
    });
    expectReplayError([path], "step 1: observation_summary differs", 1);
  });
});
