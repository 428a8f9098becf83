/**
 * AsyncVectorEnv on a movie plume: the workers adopt the main thread's frames (one SharedArrayBuffer for
 * every thread) instead of reading the movie again, and step it exactly as SyncVectorEnv does.
 */
import { join } from "node:path";
import type { NDArray } from "@plume/core-types";
import { openMoviePlume } from "@plume/plume-movie";
import { afterEach, describe, expect, it } from "vitest";
import { SyncVectorEnv, createEnvironmentFromConfig, type EnvironmentConfigInput } from "../dist/node.js";
import { closeAll, create } from "./async-helpers.js";
import { movieFixturesDir } from "./movie-reference.js";

afterEach(closeAll);

const config = (path: string): EnvironmentConfigInput => ({
  plume: { type: "movie", options: { path, stepPolicy: "clamp" } },
  sensor: { type: "antennae", options: { nSensors: 2, sensorDistance: 2 } },
  maxSteps: 30,
});
const rows = (o: unknown) => Array.from((o as NDArray<"float32">).data);

describe("AsyncVectorEnv on a movie plume", () => {
  it("steps exactly as SyncVectorEnv", async () => {
    const env = config(join(movieFixturesDir(), "datasets", "meander-64x48-t30.zarr"));
    const n = 6;
    const vec = await create({ env, numEnvs: n, numWorkers: 2, mainThread: false });
    const envs = [];
    for (let i = 0; i < n; i++) envs.push(await createEnvironmentFromConfig(env));
    const sync = new SyncVectorEnv(envs.map((e) => () => e));
    expect(rows(vec.reset({ seed: 4 })[0])).toEqual(rows(sync.reset({ seed: 4 })[0]));
    for (let t = 0; t < 70; t++) {
      const actions = Int32Array.from({ length: n }, (_, i) => (t * 7 + i * 3) % 4);
      const a = vec.step(actions);
      const b = sync.step(actions);
      expect(rows(a[0]), `step ${t}`).toEqual(rows(b[0]));
    }
    sync.close();
  });

  it("the workers play the main thread's copy of the frames (a write to it shows in their observations)", async () => {
    // A demo movie unique to this test, so that nothing else holds its frames.
    const path = "demo://32x24x12?seed=77";
    const mine = await openMoviePlume({ path });
    const vec = await create({ env: config(path), numEnvs: 4, numWorkers: 2, mainThread: false });
    vec.reset({ seed: 1 });
    // Every frame to 0.375 in the main thread's buffer (test only: frames are never written otherwise).
    mine.frames.data.fill(0.375);
    const [obs] = vec.step(new Int32Array(4));
    expect(rows(obs).every((v) => v === 0.375 || v === 0)).toBe(true); // 0: an antenna off the grid
    expect(rows(obs).filter((v) => v === 0.375).length).toBeGreaterThan(0);
  });
});
