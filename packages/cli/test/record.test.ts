/**
 * `plume record` and `plume replay`, spawned: the round trip, and every way a run directory can be damaged —
 * each gives one clear line and a non-zero exit code, never a crash or a partial result.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { SMALL, plume, scratch } from "./helpers.js";

let dir: string;
let run: string;

beforeAll(() => {
  dir = scratch();
  run = join(dir, "run");
  const r = plume(["record", "-p", "temporal-gradient", "-n", "3", ...SMALL, "--out", "run"], dir);
  expect(r.status, r.stderr).toBe(0);
});

/** A copy of the good run with `damage` applied. */
function damaged(name: string, damage: (path: string) => void): string {
  const copy = join(dir, name);
  cpSync(run, copy, { recursive: true });
  damage(copy);
  return copy;
}

function expectReplayError(path: string, mention: string, code = 2): void {
  const r = plume(["replay", path], dir);
  expect(r.status, r.stderr + r.stdout).toBe(code);
  expect(r.stdout).toBe("");
  const lines = r.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(mention);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe("record / replay", () => {
  it("writes run.json, steps.jsonl.gz and episodes.jsonl.gz", () => {
    const manifest = JSON.parse(readFileSync(join(run, "run.json"), "utf8"));
    expect(manifest.format).toBe("plume-run");
    expect(manifest.policy).toEqual({ name: "temporal-gradient", options: {} });
    expect(manifest.seeds).toEqual([0, 1, 2]);
    expect(Object.keys(manifest.versions)).toEqual(expect.arrayContaining(["node", "@plume/cli", "@plume/env", "@plume/policies"]));
    expect(manifest.env.config.gridSize).toEqual({ width: 32, height: 32 });
    const steps = gunzipSync(readFileSync(join(run, "steps.jsonl.gz"))).toString("utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(steps[0]).toMatchObject({ e: 0, t: 0, seed: 0 });
    expect(steps[1]).toMatchObject({ e: 0, t: 1, r: 0, term: false, trunc: false });
    const episodes = gunzipSync(readFileSync(join(run, "episodes.jsonl.gz"))).toString("utf8").trim().split("\n");
    expect(episodes).toHaveLength(3);
    expect(steps).toHaveLength(3 + episodes.map((l) => JSON.parse(l).steps as number).reduce((a, b) => a + b, 0));
  });

  it("replay re-creates every episode exactly (policy re-run, or actions only)", () => {
    const r = plume(["replay", "run"], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("replayed 3 episodes");
    expect(r.stdout).toContain("identical to the record");
    expect(plume(["replay", "run", "--actions-only"], dir).status).toBe(0);
  });

  it("refuses to overwrite a run directory without --force", () => {
    const r = plume(["record", "-n", "1", ...SMALL, "--out", "run"], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--force");
    const copy = damaged("forced", () => undefined);
    expect(plume(["record", "-n", "1", ...SMALL, "--out", copy, "--force"], dir).status).toBe(0);
    expect(plume(["replay", copy], dir).status).toBe(0);
  });

  it("a truncated steps file", () => {
    const path = damaged("truncated", (p) => {
      const bytes = readFileSync(join(p, "steps.jsonl.gz"));
      writeFileSync(join(p, "steps.jsonl.gz"), bytes.subarray(0, Math.floor(bytes.length / 2)));
    });
    expectReplayError(path, "steps.jsonl.gz in");
    expectReplayError(path, "truncated or corrupted");
  });

  it("a corrupted byte in a data file", () => {
    const path = damaged("flipped", (p) => {
      const bytes = readFileSync(join(p, "episodes.jsonl.gz"));
      bytes[Math.floor(bytes.length / 2)] ^= 0x5a;
      writeFileSync(join(p, "episodes.jsonl.gz"), bytes);
    });
    expectReplayError(path, "episodes.jsonl.gz");
  });

  it("a data file re-written with other content (valid gzip)", () => {
    const path = damaged("edited", (p) => {
      const text = gunzipSync(readFileSync(join(p, "steps.jsonl.gz"))).toString("utf8");
      writeFileSync(join(p, "steps.jsonl.gz"), gzipSync(Buffer.from(text.replace('"t":1,"a":', '"t":1,"a":9'))));
    });
    expectReplayError(path, "does not match the size and SHA-256 in run.json");
  });

  it("a truncated or invalid run.json, and a missing one", () => {
    expectReplayError(damaged("cut-manifest", (p) => writeFileSync(join(p, "run.json"), readFileSync(join(p, "run.json"), "utf8").slice(0, 200))), "run.json in");
    expectReplayError(
      damaged("bad-manifest", (p) => {
        const m = JSON.parse(readFileSync(join(p, "run.json"), "utf8"));
        m.seeds = "0-2";
        writeFileSync(join(p, "run.json"), JSON.stringify(m));
      }),
      "invalid seeds",
    );
    expectReplayError(damaged("no-manifest", (p) => writeFileSync(join(p, "run.json"), "")), "not valid JSON");
    expectReplayError(join(dir, "nowhere"), "is not a directory");
  });

  it("a missing data file", () => {
    expectReplayError(damaged("missing", (p) => rmSync(join(p, "steps.jsonl.gz"))), "steps.jsonl.gz is missing");
  });

  it("a record that no longer matches the environment: the first difference, exit code 1", () => {
    const path = damaged("other-sigma", (p) => {
      const m = JSON.parse(readFileSync(join(p, "run.json"), "utf8"));
      m.env.config.plume.options.sigma = 13;
      writeFileSync(join(p, "run.json"), JSON.stringify(m));
    });
    expectReplayError(path, "episode 0 (seed 0) reset: observation differs", 1);
  });
});
