/**
 * The run directories the reference recorded (../shared/fixtures/data-capture): loaded with the reference
 * loader's rules, replayed exactly on Plume's environments, and their bytes reproduced by this package's
 * writers (records re-serialised line for line, run.json byte for byte).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { createEnvironmentFromConfig } from "@plume/env";
import { fixturesDir } from "@plume/tooling/fixtures";
import { describe, expect, it } from "vitest";
import { episodeLine, plumeConfigOfRunMeta, replayRecords, runMetaJson, stepLine, type EpisodeRecord, type StepRecord } from "../src/index.js";
import { loadReplayArtifacts, openRun, validateRunArtifacts } from "../src/node.js";

const root = join(fixturesDir(), "data-capture");
const runs = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe("reference run directories", () => {
  it("finds the three recordings", () => {
    expect(runs).toEqual(["cli-rotated", "default-env", "selector-oriented-antennae"]);
  });

  for (const name of runs) {
    describe(name, () => {
      const dir = join(root, name);

      it("loads as the reference's loader does and passes validate_run_artifacts", async () => {
        expect(validateRunArtifacts(dir)).toEqual({ run_dir: dir, ok: true, errors: [], warnings: [] });
        const artifacts = await loadReplayArtifacts(dir);
        expect(artifacts.steps.length).toBeGreaterThan(0);
        expect(artifacts.run_meta.schema_version).toBe("0.1");
      });

      it("re-serialises every record and run.json byte for byte", async () => {
        const run = await openRun(dir);
        const stepText = run.stepFiles.map((f) => gunzipSync(readFileSync(f.path)).toString("utf8")).join("");
        const episodeText = run.episodeFiles.map((f) => gunzipSync(readFileSync(f.path)).toString("utf8")).join("");
        expect((await collect(run.steps())).map(stepLine).join("")).toBe(stepText);
        expect((await collect(run.episodes())).map(episodeLine).join("")).toBe(episodeText);
        // run.json: the parsed meta re-written (floats that JSON.parse made integral are put back by value).
        const text = readFileSync(join(dir, "run.json"), "utf8");
        expect(text.endsWith("}")).toBe(true);
        const rewritten = runMetaJson(run.meta).replace(/("goal_radius": |"sigma": )(\d+)(,?\n)/g, "$1$2.0$3");
        expect(rewritten).toBe(text);
      });

      it("replays exactly on Plume's environment (every step and episode record compared)", async () => {
        const run = await openRun(dir);
        const steps = await collect(run.steps());
        const maxAction = Math.max(...steps.map((s) => s.action));
        const env = await createEnvironmentFromConfig(plumeConfigOfRunMeta(run.meta, maxAction) as never);
        const report = await replayRecords({ meta: run.meta, steps, episodes: run.episodes(), env: env as never });
        const episodes: EpisodeRecord[] = await collect((await openRun(dir)).episodes());
        expect(report.steps).toBe(steps.length);
        expect(report.episodeRecords).toBe(episodes.length);
        expect(report.finishedEpisodes).toBe(episodes.length);
        const last = steps[steps.length - 1] as StepRecord;
        expect(last.terminated || last.truncated).toBe(true);
      });
    });
  }
});
