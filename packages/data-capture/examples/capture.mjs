// Record an environment in the reference's data-capture format, then load the run and replay it.
// Run: node examples/capture.mjs
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataCaptureWrapper, plumeConfigOfRunMeta, referenceEnvOfConfig, replayRecords } from "@plume/data-capture";
import { RunRecorder, openRun } from "@plume/data-capture/node";
import { createEnvironmentFromConfig, parseEnvironmentConfig } from "@plume/env";

const dir = join(mkdtempSync(join(tmpdir(), "plume-capture-example-")), "run");
try {
  // 1. Record 3 episodes of a greedy walk to the source: run.json, steps.jsonl.gz, episodes.jsonl.gz.
  const config = parseEnvironmentConfig({ gridSize: [64, 64], goalLocation: [40, 32], goalRadius: 0, maxSteps: 200 });
  const { envConfig, extraEnv } = referenceEnvOfConfig(config);
  const recorder = await RunRecorder.open({ dir, runId: "run-example", envConfig, metaOverrides: { base_seed: 0, episode_seeds: [0, 1, 2], env: extraEnv } });
  const env = new DataCaptureWrapper(await createEnvironmentFromConfig(config), recorder);
  for (const seed of [0, 1, 2]) {
    let [, info] = env.reset({ seed });
    for (;;) {
      const [x, y] = info.agent_position;
      const action = x < 40 ? 1 : x > 40 ? 3 : y < 32 ? 0 : 2; // 0 = +y, 1 = +x, 2 = -y, 3 = -x
      const [, , terminated, truncated, next] = env.step(action);
      info = next;
      if (terminated || truncated) break;
    }
  }
  recorder.finish();
  console.log(`recorded ${recorder.stepCount} steps in ${recorder.episodeCount} episodes: ${readdirSync(dir).sort().join(", ")}`);

  // 2. Load it (sizes and SHA-256s are checked first) and replay every episode on the environment run.json describes.
  const run = await openRun(dir);
  const replayEnv = await createEnvironmentFromConfig(plumeConfigOfRunMeta(run.meta));
  const report = await replayRecords({ meta: run.meta, steps: run.stepBatches(), episodes: run.episodes(), env: replayEnv });
  console.log(`replayed ${report.episodes} episodes (${report.steps} steps, ${report.episodeRecords} episode records): identical`);
  if (report.steps !== recorder.stepCount) throw new Error("the replay did not cover the run");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
