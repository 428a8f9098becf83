/**
 * Vector environments on a movie plume: the batch kernel reads each environment's own frame (every
 * environment on its own step), agrees with single environments step for step, NaN included, and every
 * environment shares the movie's one copy of its frames.
 */
import { join } from "node:path";
import type { NDArray } from "@plume/core-types";
import type { MoviePlume } from "@plume/plume-movie";
import { Generator } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import { PlumeEnv, SyncVectorEnv, createEnvironmentFromConfig, type EnvironmentConfigInput } from "../src/index.js";
import { movieFixturesDir } from "./movie-reference.js";

const movie = (name: string) => join(movieFixturesDir(), "datasets", name);

const configs: Record<string, EnvironmentConfigInput> = {
  "concentration, wrap, NaN frames": {
    plume: { type: "movie", options: { path: movie("small-40x30-t20-fill0.zarr"), values: "reference" } },
    sensor: { type: "concentration", options: { nan: "propagate" } },
    maxSteps: 45,
    goalRadius: 2,
  },
  "antennae + run_tumble, clamp": {
    plume: { type: "movie", options: { path: movie("puffs-96x72-t40-zlib.zarr"), stepPolicy: "clamp", values: "reference" } },
    sensor: { type: "antennae", options: { nSensors: 3, sensorDistance: 3, nan: "propagate" } },
    action: "run_tumble",
    maxSteps: 70,
  },
};

const obsOf = (o: unknown) => Array.from((o as NDArray<"float32">).data);
const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

describe("SyncVectorEnv on a movie plume", () => {
  for (const [label, config] of Object.entries(configs)) {
    it(`${label}: batched, and equal to single environments step for step (autoreset included)`, async () => {
      const n = 6;
      const envs: PlumeEnv<unknown, unknown>[] = [];
      for (let i = 0; i < n; i++) envs.push(await createEnvironmentFromConfig(config));
      const singles: PlumeEnv<unknown, unknown>[] = [];
      for (let i = 0; i < n; i++) singles.push(await createEnvironmentFromConfig(config));
      const vec = new SyncVectorEnv(envs.map((e) => () => e));
      expect(vec.batched).toBe(true);
      const frames = (envs[0]?.plume as MoviePlume).frames;
      for (const e of [...envs, ...singles]) expect((e.plume as MoviePlume).frames).toBe(frames);

      const [obs] = vec.reset({ seed: 3 });
      const size = vec.singleObservationSpace.shape?.reduce((a: number, b: number) => a * b, 1) ?? 1;
      const batch = () => Array.from((obs as NDArray<"float32">).data);
      singles.forEach((e, i) => expect(same(obsOf(e.reset({ seed: 3 + i })[0]), batch().slice(i * size, (i + 1) * size))).toBe(true));
      const rng = Generator.fromSeed(11);
      const nActions = (vec.singleActionSpace as unknown as { n: number }).n;
      const pendingReset = new Array<boolean>(n).fill(false);
      let nans = 0;
      for (let t = 0; t < 160; t++) {
        const actions = Int32Array.from({ length: n }, () => rng.integers(0, nActions));
        const [o, rewards, terminations, truncations] = vec.step(actions);
        const rows = Array.from((o as NDArray<"float32">).data);
        nans += rows.filter(Number.isNaN).length;
        const [r, term, trunc] = [rewards, terminations, truncations].map((a) => Array.from(((a as { data?: ArrayLike<number> }).data ?? a) as ArrayLike<number>));
        singles.forEach((e, i) => {
          // next-step autoreset: the step after an episode ended is a reset of that environment.
          if (pendingReset[i]) {
            expect(same(obsOf(e.reset()[0]), rows.slice(i * size, (i + 1) * size)), `t ${t} env ${i} reset`).toBe(true);
            pendingReset[i] = false;
            return;
          }
          const [so, sr, st, su] = e.step(actions[i] as number);
          expect(same(obsOf(so), rows.slice(i * size, (i + 1) * size)), `t ${t} env ${i} obs`).toBe(true);
          expect([sr, st, su], `t ${t} env ${i}`).toEqual([r[i], Boolean(term[i]), Boolean(trunc[i])]);
          if (st || su) pendingReset[i] = true;
        });
      }
      expect(nans > 0, "NaN observations").toBe(label.includes("NaN"));
      vec.close();
      singles.forEach((e) => e.close());
    });
  }
});
