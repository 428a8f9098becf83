/**
 * Vector environments as Gymnasium 1.x has them: `call`, `getAttr`, `setAttr` and `render` on
 * SyncVectorEnv (both paths) and AsyncVectorEnv (in the worker threads), `makeVec(id, n, {
 * vectorizationMode })`, and the vector wrappers (`vectorWrappers`) on both vector envs. Imports dist
 * because AsyncVectorEnv's workers run the built package (turbo builds before testing).
 */
import { StateError, ValidationError, type NDArray } from "@plume/core-types";
import { ContinuousActions } from "@plume/actions-continuous";
import { Generator } from "@plume/spaces";
import { plugins as orientedPlugins } from "@plume/actions-oriented";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeVec as mainMakeVec } from "../dist/index.js";
import {
  AsyncVectorEnv,
  NormalizeObservation,
  PlumeEnv,
  SyncVectorEnv,
  makeVec,
  registerPlugins,
  vectorWrappers,
  type AutoresetMode,
  type VectorEnvLike,
} from "../dist/node.js";
import { expectError, expectRejection } from "./helpers.js";

const open: AsyncVectorEnv[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((vec) => vec.close()));
});
async function asyncVec(n: number, kwargs: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<AsyncVectorEnv> {
  const vec = await makeVec("PlumeNav-v0", n, { vectorizationMode: "async", kwargs, numWorkers: 1, ...extra });
  open.push(vec);
  return vec;
}

const KW = { gridSize: [12, 10], maxSteps: 20, goalRadius: 1.5 };
const actionsOf = (rng: Generator, n: number) => Int32Array.from({ length: n }, () => rng.integers(0, 4));

describe("SyncVectorEnv call / getAttr / setAttr / render", () => {
  for (const batch of ["auto", "off"] as const) {
    it(`${batch === "auto" ? "batch path (the kernel holds the state)" : "per-env path"}: attributes and frames follow the environments' state`, () => {
      const vec = makeVec("PlumeNav-v0", 3, { kwargs: KW, batch });
      expect(vec.batched).toBe(batch === "auto");
      expect(vec.getAttr("lifecycleState")).toEqual(["CREATED", "CREATED", "CREATED"]);
      vec.reset({ seed: 4 });
      const rng = Generator.fromSeed(1);
      for (let t = 0; t < 7; t++) vec.step(actionsOf(rng, 3));
      const positions = (vec.getAttr("agentState") as { position: { x: number; y: number } }[]).map((a) => [a.position.x, a.position.y]);
      const frames = vec.render("rgb_array") as NDArray<"uint8">[];
      // The same run env by env, outside any vector env.
      const rng2 = Generator.fromSeed(1);
      const envs = [0, 1, 2].map((i) => {
        const env = new PlumeEnv({ gridSize: [12, 10], maxSteps: 20, goalRadius: 1.5 });
        env.reset({ seed: 4 + i });
        return env;
      });
      for (let t = 0; t < 7; t++) {
        const actions = actionsOf(rng2, 3);
        envs.forEach((env, i) => {
          if (env.lifecycleState !== "READY") env.reset();
          else env.step(actions[i] as number);
        });
      }
      expect(positions).toEqual(envs.map((e) => e.agentState?.position.toTuple()));
      frames.forEach((f, i) => expect(f).toEqual(envs[i]?.renderFrame()));
      expect(vec.call("renderFrame")).toEqual(frames);
      expect(vec.getAttr("episodeCount")).toEqual(envs.map((e) => e.episodeCount));
      expect(vec.getAttr("seed")).toEqual(envs.map((e) => e.seed));
      expect(vec.render()).toEqual([undefined, undefined, undefined]);
    });
  }

  it("setAttr sets one value for all or one each, through the wrappers; errors name the parameter", () => {
    const vec = makeVec("PlumeNav-v0", 2, { kwargs: KW, wrappers: [(env) => new NormalizeObservation(env as never) as never] });
    expect(vec.batched).toBe(false);
    expect(vec.getAttr("updateRunningMean")).toEqual([true, true]);
    vec.setAttr("updateRunningMean", false);
    expect(vec.getAttr("updateRunningMean")).toEqual([false, false]);
    vec.setAttr("updateRunningMean", [true, false]);
    expect(vec.getAttr("updateRunningMean")).toEqual([true, false]);
    expectError(() => vec.setAttr("updateRunningMean", [true]), ValidationError, "values");
    expectError(() => vec.setAttr("gridSize", 3), ValidationError, "name");
    expectError(() => vec.getAttr("nope"), ValidationError, "name");
    for (const refused of ["reset", "step", "close"]) expectError(() => vec.call(refused), ValidationError, "name");
    vec.close();
    expectError(() => vec.getAttr("gridSize"), StateError);
  });
});

describe("makeVec", () => {
  // Sync makeVec builds with make()'s rules: action_type "oriented" needs @plume/actions-oriented's plugins
  // registered (the async mode's workers import the package themselves).
  let unregister: () => void = () => undefined;
  beforeAll(() => {
    unregister = registerPlugins(orientedPlugins);
  });
  afterAll(() => unregister());

  it("(id, n, options) and (id, { numEnvs }) build the same SyncVectorEnv; the reference's kwargs work too", () => {
    const a = makeVec("PlumeNav-v0", 2, { kwargs: { grid_size: [16, 16], action_type: "oriented" } });
    const b = makeVec("PlumeNav", { numEnvs: 2, kwargs: { grid_size: [16, 16], action_type: "oriented" } });
    expect(String(a.singleActionSpace)).toBe("Discrete(3)");
    expect(a.reset({ seed: 1 })).toEqual(b.reset({ seed: 1 }));
    expectError(() => makeVec("PlumeNav-v0", 0), ValidationError, "numEnvs");
    expectError(() => makeVec("PlumeNav-v0", {} as never), ValidationError, "numEnvs");
    expectError(() => makeVec("PlumeNav-v0", 2, { vectorizationMode: "vector" as never }), ValidationError, "vectorizationMode");
  });

  it('vectorizationMode "async" builds an AsyncVectorEnv from the kwargs that agrees step for step with sync', async () => {
    for (const kwargs of [KW, { grid_size: [14, 9], action_type: "oriented", observation_type: "antennae", max_steps: 25 }]) {
      const par = await asyncVec(3, kwargs);
      expect(par).toBeInstanceOf(AsyncVectorEnv);
      const sync = makeVec("PlumeNav-v0", 3, { kwargs });
      expect(par.reset({ seed: 2 })).toEqual(sync.reset({ seed: 2 }));
      const rng = Generator.fromSeed(3);
      const n = Number((sync.singleActionSpace as unknown as { n: number }).n);
      for (let t = 0; t < 60; t++) {
        const actions = Int32Array.from({ length: 3 }, () => rng.integers(0, n));
        expect(par.step(actions), `t=${t}`).toEqual(sync.step(actions));
      }
    }
  });

  it("async: only ids and kwargs a config can carry; no wrappers", async () => {
    await expectRejection(makeVec("PlumeSearch-v0", 2, { vectorizationMode: "async" }), ValidationError, "vectorizationMode");
    await expectRejection(makeVec("PlumeNav-v0", 2, { vectorizationMode: "async", kwargs: { plume: new PlumeEnv().plume } }), ValidationError, "plume");
    await expectRejection(makeVec("PlumeNav-v0", 2, { vectorizationMode: "async", wrappers: [(e) => e] }), ValidationError, "wrappers");
  });

  it('the browser-safe entry\'s makeVec has no worker threads: "async" names @plume/env/node', () => {
    const error = expectError(() => mainMakeVec("PlumeNav-v0", 2, { vectorizationMode: "async" } as never), ValidationError, "vectorizationMode");
    expect(error.message).toContain("@plume/env/node");
    expect(mainMakeVec("PlumeNav-v0", 2)).toBeInstanceOf(SyncVectorEnv);
  });
});

describe("AsyncVectorEnv call / getAttr / setAttr / render (in the workers)", () => {
  for (const mainThread of [false, true]) {
    it(`agree with SyncVectorEnv${mainThread ? ", the main thread holding a shard" : ""}`, async () => {
      const par = await asyncVec(4, KW, { mainThread, numWorkers: mainThread ? 1 : 2 });
      const sync = makeVec("PlumeNav-v0", 4, { kwargs: KW });
      par.reset({ seed: 8 });
      sync.reset({ seed: 8 });
      const rng = Generator.fromSeed(2);
      for (let t = 0; t < 9; t++) {
        const actions = actionsOf(rng, 4);
        par.step(actions);
        sync.step(actions);
      }
      expect(par.render("rgb_array")).toEqual(sync.render("rgb_array"));
      expect(par.call("renderFrame")).toEqual(sync.call("renderFrame"));
      expect(par.getAttr("stepCount")).toEqual(sync.getAttr("stepCount"));
      expect(par.getAttr("lifecycleState")).toEqual(sync.getAttr("lifecycleState"));
      // Class instances cross threads as plain data.
      expect(par.getAttr("goalLocation")).toEqual(sync.getAttr("goalLocation").map((c) => ({ ...(c as object) })));
      par.setAttr("tag", ["a", "b", "c", "d"]);
      expect(par.getAttr("tag")).toEqual(["a", "b", "c", "d"]);
      par.setAttr("tag", 7);
      expect(par.getAttr("tag")).toEqual([7, 7, 7, 7]);
      expectError(() => par.getAttr("nope"), ValidationError, "name");
      expectError(() => par.call("step", 0), ValidationError, "name");
      expectError(() => par.call("renderFrame", () => 1), ValidationError, "args");
      expectError(() => par.setAttr("tag", [1]), ValidationError, "values");
      // A failed call leaves the vector env usable.
      const actions = actionsOf(rng, 4);
      expect(par.step(actions)).toEqual(sync.step(actions));
    });
  }
});

/** Both kinds of vector env over the same kwargs, for the wrappers' agreement tests. */
async function both(n: number, kwargs: Record<string, unknown>, autoresetMode: AutoresetMode = "next_step"): Promise<[VectorEnvLike, VectorEnvLike]> {
  const sync = makeVec("PlumeNav-v0", n, { kwargs, autoresetMode });
  const par = await asyncVec(n, kwargs, { autoresetMode });
  return [sync as unknown as VectorEnvLike, par as unknown as VectorEnvLike];
}

describe("vector wrappers (gymnasium.wrappers.vector), on SyncVectorEnv and AsyncVectorEnv alike", () => {
  for (const mode of ["next_step", "same_step"] as AutoresetMode[]) {
    it(`RecordEpisodeStatistics (${mode}): episode { r, l, t } and _episode when episodes end; queues`, async () => {
      const kwargs = { gridSize: [6, 6], maxSteps: 5, goalRadius: 1 };
      const [sync, par] = await both(3, kwargs, mode);
      let clock = 0;
      const wrap = (v: VectorEnvLike) => new vectorWrappers.RecordEpisodeStatistics(v, { bufferLength: 4, clock: () => (clock += 500) });
      const [a, b] = [wrap(sync), wrap(par)];
      a.reset({ seed: 0 });
      b.reset({ seed: 0 });
      const rng = Generator.fromSeed(6);
      // Independent bookkeeping of returns and lengths.
      const ret = [0, 0, 0];
      const len = [0, 0, 0];
      const prev = [false, false, false];
      let episodes = 0;
      for (let t = 0; t < 30; t++) {
        const actions = actionsOf(rng, 3);
        const [, rewards, terminations, truncations, infos] = a.step(actions);
        const other = b.step(actions);
        for (let i = 0; i < 3; i++) {
          if (mode === "next_step" && prev[i]) {
            ret[i] = 0;
            len[i] = 0;
          } else {
            ret[i] = (ret[i] as number) + (rewards.data[i] as number);
            len[i] = (len[i] as number) + 1;
          }
        }
        const dones = [0, 1, 2].map((i) => terminations.data[i] === 1 || truncations.data[i] === 1);
        if (dones.some(Boolean)) {
          const stats = infos["episode"] as { r: NDArray; l: NDArray; t: NDArray };
          expect(Array.from((infos["_episode"] as NDArray).data as Uint8Array)).toEqual(dones.map(Number));
          expect(Array.from(stats.r.data as Float64Array)).toEqual(dones.map((d, i) => (d ? ret[i] : 0)));
          expect(Array.from(stats.l.data as Int32Array)).toEqual(dones.map((d, i) => (d ? len[i] : 0)));
          expect(stats.l.dtype).toBe("int32");
          expect((other[4]["episode"] as { r: NDArray }).r).toEqual(stats.r);
          episodes += dones.filter(Boolean).length;
          if (mode === "same_step") dones.forEach((d, i) => d && ((ret[i] = 0), (len[i] = 0)));
        } else expect(infos["episode"]).toBeUndefined();
        dones.forEach((d, i) => (prev[i] = d));
      }
      expect(a.episodeCount).toBe(episodes);
      expect(a.returnQueue.length).toBe(Math.min(4, episodes));
      expect(a.timeQueue.every((s) => s > 0)).toBe(true);
    });
  }

  it("NormalizeObservation: running statistics over the batch (mean and population variance of each batch), float32 output", async () => {
    const [sync, par] = await both(3, KW);
    const [a, b] = [new vectorWrappers.NormalizeObservation(sync as never), new vectorWrappers.NormalizeObservation(par as never)];
    expect(String(a.singleObservationSpace)).toBe("Box(-inf, inf, (1,), float32)");
    const raw = makeVec("PlumeNav-v0", 3, { kwargs: KW });
    let mean = 0;
    let variance = 1;
    let count = 1e-4;
    const check = (rawObs: NDArray, got: NDArray) => {
      const xs = Array.from(rawObs.data as Float32Array);
      const bm = xs.reduce((s, x) => s + x, 0) / xs.length;
      const bv = xs.reduce((s, x) => s + (x - bm) ** 2, 0) / xs.length;
      const delta = bm - mean;
      const total = count + xs.length;
      const m2 = variance * count + bv * xs.length + (delta * delta * count * xs.length) / total;
      mean += (delta * xs.length) / total;
      variance = m2 / total;
      count = total;
      expect(Array.from(got.data as Float32Array)).toEqual(xs.map((x) => Math.fround((x - mean) / Math.sqrt(variance + 1e-8))));
      expect(got.dtype).toBe("float32");
    };
    check(raw.reset({ seed: 1 })[0] as NDArray, a.reset({ seed: 1 })[0]);
    b.reset({ seed: 1 });
    const rng = Generator.fromSeed(9);
    for (let t = 0; t < 10; t++) {
      const actions = actionsOf(rng, 3);
      const got = a.step(actions)[0];
      check(raw.step(actions)[0] as NDArray, got);
      expect(b.step(actions)[0]).toEqual(got);
    }
    a.updateRunningMean = false;
    const frozen = a.obsRms.count;
    a.step(actionsOf(rng, 3));
    expect(a.obsRms.count).toBe(frozen);
  });

  it("NormalizeReward: per-env discounted returns, one running variance over the batch", async () => {
    const kwargs = { gridSize: [5, 5], maxSteps: 8, goalRadius: 1.5 };
    const [sync, par] = await both(4, kwargs);
    const [a, b] = [new vectorWrappers.NormalizeReward(sync, { gamma: 0.9 }), new vectorWrappers.NormalizeReward(par, { gamma: 0.9 })];
    const raw = makeVec("PlumeNav-v0", 4, { kwargs });
    raw.reset({ seed: 3 });
    a.reset({ seed: 3 });
    b.reset({ seed: 3 });
    const acc = [0, 0, 0, 0];
    let mean = 0;
    let variance = 1;
    let count = 1e-4;
    const rng = Generator.fromSeed(4);
    let nonzero = 0;
    for (let t = 0; t < 40; t++) {
      const actions = actionsOf(rng, 4);
      const [, rewards, terminations] = raw.step(actions);
      const got = a.step(actions)[1];
      expect(b.step(actions)[1]).toEqual(got);
      acc.forEach((v, i) => (acc[i] = v * 0.9 * (1 - (terminations.data[i] as number)) + (rewards.data[i] as number)));
      const bm = acc.reduce((s, x) => s + x, 0) / 4;
      const bv = acc.reduce((s, x) => s + (x - bm) ** 2, 0) / 4;
      const delta = bm - mean;
      const total = count + 4;
      const m2 = variance * count + bv * 4 + (delta * delta * count * 4) / total;
      mean += (delta * 4) / total;
      variance = m2 / total;
      count = total;
      expect(Array.from(got.data as Float64Array)).toEqual(Array.from(rewards.data as Float64Array, (r) => r / Math.sqrt(variance + 1e-8)));
      nonzero += Array.from(rewards.data as Float64Array).filter((r) => r !== 0).length;
    }
    expect(nonzero).toBeGreaterThan(0);
  });

  it("TransformObservation and TransformReward apply their functions to the batch", async () => {
    const [sync, par] = await both(2, KW);
    for (const v of [sync, par]) {
      const scaled = new vectorWrappers.TransformReward(new vectorWrappers.TransformObservation(v as VectorEnvLike<NDArray>, (o: NDArray) => ({ ...o, doubled: true })), (r) => ({ ...r, data: Float64Array.from(r.data, (x) => x + 10) }));
      const [obs] = scaled.reset({ seed: 0 });
      expect((obs as unknown as { doubled: boolean }).doubled).toBe(true);
      const rewards = scaled.step(Int32Array.of(0, 1))[1];
      expect(Array.from(rewards.data).every((x) => x >= 10)).toBe(true);
    }
  });

  it("ClipAction and RescaleAction act on each environment's Box action", () => {
    const vec = new SyncVectorEnv([0, 1].map(() => () => new PlumeEnv({ gridSize: [30, 30], sourceLocation: [29, 29], startLocation: [10, 10], action: new ContinuousActions({ maxSpeed: 3 }) as never })));
    const clip = new vectorWrappers.ClipAction(vec as never);
    expect(String(clip.actionSpace)).toBe("Box(-inf, inf, (2, 2), float32)");
    clip.reset({ seed: 0 });
    clip.step([[5, -5], [0.5, 0]]);
    expect(clip.getAttr("agentState").map((a) => (a as { position: { toTuple(): number[] } }).position.toTuple())).toEqual([[13, 7], [12, 10]]);
    const rescale = new vectorWrappers.RescaleAction(vec as never, 0, 1);
    expect(String(rescale.singleActionSpace)).toBe("Box(0.0, 1.0, (2,), float32)");
    rescale.reset({ seed: 0 });
    rescale.step(new Float32Array([1, 0, 0.5, 0.5]));
    expect(rescale.getAttr("agentState").map((a) => (a as { position: { toTuple(): number[] } }).position.toTuple())).toEqual([[13, 7], [10, 10]]);
    expectError(() => new vectorWrappers.RescaleAction(vec as never, 1, 0), ValidationError, "minAction");
    expectError(() => new vectorWrappers.ClipAction(makeVec("PlumeNav-v0", 2) as never), ValidationError, "env.singleActionSpace");
    expectError(() => clip.step([1, 2, 3]), ValidationError, "actions");
  });
});
