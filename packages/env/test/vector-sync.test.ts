/**
 * SyncVectorEnv against independent single environments: the batched path, the per-environment path
 * and a hand-written model of Gymnasium 1.x's vector semantics (below) must agree exactly over long
 * random runs with autoreset, in every autoreset mode and for every built-in component set.
 */
import { StateError, ValidationError, isNDArray, type EnvInfo, type NDArray } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import {
  AutoresetMode,
  PlumeEnv,
  PlumeSearchEnv,
  SyncVectorEnv,
  make,
  makeVec,
  stackInfos,
  type AutoresetMode as Mode,
  type EnvironmentConfigInput,
  type VectorInfo,
} from "../src/index.js";
import { expectError, configEnv } from "./helpers.js";

type AnyPlumeEnv = PlumeEnv<unknown, unknown>;

/** Small grids and short episodes, so that goals and truncations happen often. */
const CONFIGS: Readonly<Record<string, EnvironmentConfigInput>> = {
  default: { gridSize: [12, 10], maxSteps: 40, goalRadius: 1.5, plume: { type: "gaussian", options: { sigma: 3 } } },
  antennaeOriented: {
    gridSize: [14, 9],
    maxSteps: 35,
    goalRadius: 2,
    sensor: { type: "antennae", options: { sensorAngles: [0, 90, 180, 270], sensorDistance: 2 } },
    action: "oriented",
  },
  eightDirection: { gridSize: [9, 9], maxSteps: 30, goalRadius: 1, action: "eight_direction", reward: { type: "step_penalty" } },
  continuous: { gridSize: [11, 13], maxSteps: 30, goalRadius: 2, action: "continuous" },
  runTumble: { gridSize: [10, 10], maxSteps: 40, goalRadius: 2, action: "run_tumble" },
  windNoise: { gridSize: [10, 8], maxSteps: 25, goalRadius: 2, sensor: { type: "wind_vector", options: { noiseStd: 0.3 } }, wind: "constant" },
  history: { gridSize: [10, 8], maxSteps: 25, goalRadius: 2, sensor: { type: "concentration_history", options: { n: 3 } } },
};

function makeEnv(name: string): AnyPlumeEnv {
  return configEnv(CONFIGS[name] as EnvironmentConfigInput);
}

/** A random action of `env`'s action space, from `rng` (no Math.random). */
function randomAction(space: AnyPlumeEnv["actionSpace"], rng: Generator): unknown {
  const s = space as unknown as { n?: number; start?: number; low?: NDArray; high?: NDArray; shape: readonly number[] };
  if (typeof s.n === "number") return (s.start ?? 0) + rng.integers(0, s.n);
  const low = s.low?.data as Float32Array;
  const high = s.high?.data as Float32Array;
  const values = Float32Array.from(low, (lo, k) => Math.fround(lo + rng.random() * ((high[k] as number) - lo)));
  return { dtype: "float32", shape: s.shape, data: values };
}

function stackActions(actions: readonly unknown[]): unknown {
  if (typeof actions[0] === "number") return Int32Array.from(actions as number[]);
  return actions;
}

/** Gymnasium 1.x's SyncVectorEnv, written out over independent environments: the model. */
class ModelVector {
  readonly envs: AnyPlumeEnv[];
  readonly pending: boolean[];
  constructor(
    readonly name: string,
    readonly n: number,
    readonly mode: Mode,
  ) {
    this.envs = Array.from({ length: n }, () => makeEnv(name));
    this.pending = new Array<boolean>(n).fill(false);
  }
  reset(seed?: number, mask?: readonly boolean[]): { obs: unknown[]; infos: (EnvInfo | undefined)[] } {
    const obs: unknown[] = [];
    const infos: (EnvInfo | undefined)[] = [];
    this.envs.forEach((env, i) => {
      if (mask !== undefined && !mask[i]) {
        infos.push(undefined);
        obs.push(undefined);
        return;
      }
      const [o, info] = env.reset(seed === undefined ? {} : { seed: seed + i });
      obs.push(o);
      infos.push(info);
      this.pending[i] = false;
    });
    return { obs, infos };
  }
  step(actions: readonly unknown[]) {
    return this.envs.map((env, i) => {
      if (this.mode === AutoresetMode.NEXT_STEP && this.pending[i]) {
        const [o, info] = env.reset();
        this.pending[i] = false;
        return { obs: o, reward: 0, terminated: false, truncated: false, info: info as EnvInfo };
      }
      const [o, reward, terminated, truncated, info] = env.step(actions[i]);
      if (this.mode === AutoresetMode.SAME_STEP && (terminated || truncated)) {
        const [o2, info2] = env.reset();
        return { obs: o2, reward, terminated, truncated, info: { ...info2, final_obs: o, final_info: info } as EnvInfo };
      }
      this.pending[i] = terminated || truncated;
      return { obs: o, reward, terminated, truncated, info: info as EnvInfo };
    });
  }
}

function row(array: NDArray, i: number): number[] {
  const width = array.shape.slice(1).reduce((a, b) => a * b, 1);
  return Array.from(array.data as ArrayLike<number>).slice(i * width, i * width + width);
}

/** Asserts that environment i's part of a vector info equals its single info (values and masks). */
function expectInfoRow(infos: VectorInfo, i: number, info: EnvInfo | undefined, where: string): void {
  for (const key of Object.keys(infos)) {
    if (key.startsWith("_")) continue;
    const mask = infos[`_${key}`] as NDArray;
    const has = info !== undefined && key in info;
    expect((mask.data as Uint8Array)[i], `${where}: _${key}[${i}]`).toBe(has ? 1 : 0);
    if (!has) continue;
    const value = (info as Record<string, unknown>)[key];
    const column = infos[key];
    if (key === "final_info") {
      expectInfoRow(column as VectorInfo, i, value as EnvInfo, `${where}.final_info`);
    } else if (isNDArray(value)) {
      expect(row(column as NDArray, i), `${where}: ${key}[${i}]`).toEqual(Array.from(value.data as ArrayLike<number>));
    } else if (Array.isArray(value)) {
      expect(row(column as NDArray, i), `${where}: ${key}[${i}]`).toEqual(value);
    } else if (typeof value === "boolean") {
      expect(row(column as NDArray, i), `${where}: ${key}[${i}]`).toEqual([value ? 1 : 0]);
    } else {
      expect(row(column as NDArray, i), `${where}: ${key}[${i}]`).toEqual([value]);
    }
  }
  if (info !== undefined) for (const key of Object.keys(info)) expect(infos, `${where}: key ${key}`).toHaveProperty(key);
}

function runAgainstModel(name: string, n: number, mode: Mode, batch: "auto" | "off", steps: number, seed: number): { ended: number } {
  const vec = new SyncVectorEnv(
    Array.from({ length: n }, () => () => makeEnv(name)),
    { autoresetMode: mode, batch },
  );
  const model = new ModelVector(name, n, mode);
  const rng = Generator.fromSeed(seed);
  const [obs0, infos0] = vec.reset({ seed });
  const first = model.reset(seed);
  for (let i = 0; i < n; i++) {
    expect(row(obs0 as NDArray, i)).toEqual(Array.from((first.obs[i] as NDArray).data as Float32Array));
    expectInfoRow(infos0, i, first.infos[i], "reset");
  }
  let ended = 0;
  for (let t = 0; t < steps; t++) {
    if (mode === AutoresetMode.DISABLED) {
      const mask = model.pending.slice();
      if (mask.some(Boolean)) {
        const [obs, infos] = vec.reset({ options: { reset_mask: mask } });
        const expected = model.reset(undefined, mask);
        for (let i = 0; i < n; i++) {
          if (mask[i]) expect(row(obs as NDArray, i)).toEqual(Array.from((expected.obs[i] as NDArray).data as Float32Array));
          expectInfoRow(infos, i, expected.infos[i], `t=${t} reset_mask`);
        }
      }
    }
    const actions = model.envs.map((env) => randomAction(env.actionSpace, rng));
    const [obs, rewards, terminations, truncations, infos] = vec.step(stackActions(actions));
    const expected = model.step(actions);
    expected.forEach((e, i) => {
      const where = `${name}/${mode}/${batch} t=${t} env=${i}`;
      expect(row(obs as NDArray, i), where).toEqual(Array.from((e.obs as NDArray).data as Float32Array));
      expect(rewards.data[i], where).toBe(e.reward);
      expect(terminations.data[i], where).toBe(e.terminated ? 1 : 0);
      expect(truncations.data[i], where).toBe(e.truncated ? 1 : 0);
      expectInfoRow(infos, i, e.info, where);
      if (e.terminated || e.truncated) ended += 1;
    });
  }
  vec.close();
  return { ended };
}

describe("SyncVectorEnv agrees exactly with single environments", () => {
  for (const name of Object.keys(CONFIGS)) {
    for (const mode of [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED]) {
      for (const batch of ["auto", "off"] as const) {
        it(`${name}, ${mode}, batch ${batch}`, () => {
          const { ended } = runAgainstModel(name, 5, mode, batch, 160, 7);
          expect(ended, "episodes must end during the run (goals and truncations)").toBeGreaterThan(5);
        });
      }
    }
  }

  it("takes the batched path exactly when every component has a batch method", () => {
    const batched = (name: string) => new SyncVectorEnv([() => makeEnv(name), () => makeEnv(name)]).batched;
    expect(batched("default")).toBe(true);
    expect(batched("antennaeOriented")).toBe(true);
    expect(batched("continuous")).toBe(true);
    expect(batched("runTumble")).toBe(true);
    expect(batched("windNoise")).toBe(true);
    expect(batched("history"), "ConcentrationHistorySensor is stateful: no batch method").toBe(false);
    expect(new SyncVectorEnv([() => makeEnv("default")], { batch: "off" }).batched).toBe(false);
    const mixed = new SyncVectorEnv([() => makeEnv("default"), () => configEnv({ ...CONFIGS.default, goalRadius: 3 })]);
    expect(mixed.batched, "different configurations cannot share one kernel").toBe(false);
  });

  it("a long default run (1 000 steps, 16 envs) matches the per-environment path bit for bit", () => {
    const make = (batch: "auto" | "off") =>
      new SyncVectorEnv(
        Array.from({ length: 16 }, () => () => new PlumeEnv({ gridSize: [32, 32], maxSteps: 120, goalRadius: 3 })),
        { batch },
      );
    const fast = make("auto");
    const slow = make("off");
    expect(fast.batched && !slow.batched).toBe(true);
    const rng = Generator.fromSeed(3);
    expect(fast.reset({ seed: 11 })).toEqual(slow.reset({ seed: 11 }));
    for (let t = 0; t < 1000; t++) {
      const actions = Int32Array.from({ length: 16 }, () => rng.integers(0, 4));
      expect(fast.step(actions)).toEqual(slow.step(actions));
    }
  });

  // 48 envs: enough for the kernel's bulk paths, which steps with a few environments resetting take.
  for (const mode of [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED]) {
    for (const copy of [true, false]) {
      it(`48 envs with frequent resets, ${mode}, copy: ${copy}: the batch path matches the per-environment path`, () => {
        const n = 48;
        const make = (batch: "auto" | "off", copyResults: boolean) =>
          new SyncVectorEnv(
            Array.from({ length: n }, () => () => new PlumeEnv({ gridSize: [16, 16], maxSteps: 25, goalRadius: 2 })),
            { batch, autoresetMode: mode, copy: copyResults },
          );
        const fast = make("auto", copy);
        const slow = make("off", true);
        expect(fast.batched && !slow.batched).toBe(true);
        const rng = Generator.fromSeed(21);
        const plain = (result: readonly unknown[]) => result.map((part) => (part !== null && typeof part === "object" && !("data" in part) ? { ...part } : part));
        expect(plain(fast.reset({ seed: 5 }))).toEqual(slow.reset({ seed: 5 }));
        let partial = 0;
        for (let t = 0; t < 300; t++) {
          const actions = Int32Array.from({ length: n }, () => rng.integers(0, 4));
          const expected = slow.step(actions);
          expect(plain(fast.step(actions)), `t=${t}`).toEqual(expected);
          const ended = Array.from(expected[2].data, (v, i) => v === 1 || expected[3].data[i] === 1);
          const count = ended.filter(Boolean).length;
          if (count > 0 && count < n / 2) partial += 1;
          if (mode === AutoresetMode.DISABLED && count > 0) {
            const options = { options: { reset_mask: ended } };
            expect(plain(fast.reset(options)), `t=${t} reset`).toEqual(slow.reset(options));
          }
        }
        expect(partial, "steps after which a few environments reset").toBeGreaterThan(50);
      });
    }
  }
});

describe("SyncVectorEnv semantics", () => {
  const make = (n = 3, options = {}) => new SyncVectorEnv(Array.from({ length: n }, () => () => makeEnv("default")), options);

  it("batches the spaces", () => {
    const vec = make(4);
    expect(vec.numEnvs).toBe(4);
    expect(String(vec.observationSpace)).toContain("(4, 1)");
    expect(vec.actionSpace.sample()).toSatisfy(isNDArray);
    expect(vec.metadata.autoreset_mode).toBe("next_step");
  });

  it("seeds environment i with seed + i, or with a list of seeds", () => {
    const vec = make(3);
    const [obs, infos] = vec.reset({ seed: 100 });
    for (let i = 0; i < 3; i++) {
      const [o, info] = makeEnv("default").reset({ seed: 100 + i });
      expect(row(obs as NDArray, i)).toEqual(Array.from((o as NDArray).data as Float32Array));
      expect(row(infos.agent_xy as NDArray, i)).toEqual(info.agent_xy);
      expect(row(infos.seed as NDArray, i)).toEqual([100 + i]);
    }
    const [, infos2] = vec.reset({ seed: [5, null, 7] });
    expect(Array.from((infos2._seed as NDArray).data as Uint8Array)).toEqual([1, 0, 1]);
    expectError(() => vec.reset({ seed: [1, 2] }), ValidationError, "seed");
    expectError(() => vec.reset({ seed: 2 ** 32 - 2 }), ValidationError, "seed");
    expectError(() => vec.reset({ seed: [1, -1, 2] }), ValidationError, "seed[1]");
  });

  it("reset_mask resets only the chosen environments and keeps the others' observations", () => {
    const vec = make(3);
    const [obs0] = vec.reset({ seed: 1 });
    vec.step(Int32Array.from([1, 1, 1]));
    const [obsBefore] = vec.step(Int32Array.from([0, 0, 0]));
    const [obs, infos] = vec.reset({ seed: 1, options: { reset_mask: [false, true, false] } });
    expect(row(obs as NDArray, 1)).toEqual(row(obs0 as NDArray, 1));
    expect(row(obs as NDArray, 0)).toEqual(row(obsBefore as NDArray, 0));
    expect(Array.from((infos._agent_xy as NDArray).data as Uint8Array)).toEqual([0, 1, 0]);
    expectError(() => vec.reset({ options: { reset_mask: [true] } }), ValidationError, "options.reset_mask");
    expectError(() => vec.reset({ options: { reset_mask: [true, "yes", false] } }), ValidationError, "options.reset_mask[1]");
    const fresh = make(2);
    expectError(() => fresh.reset({ options: { reset_mask: [true, false] } }), StateError);
  });

  it("rejects bad actions naming the environment, and changes nothing", () => {
    for (const batch of ["auto", "off"] as const) {
      const vec = make(3, { batch });
      vec.reset({ seed: 0 });
      expectError(() => vec.step(Int32Array.from([0, 4, 1])), ValidationError, "actions[1]");
      expectError(() => vec.step([0, 1.5, 1]), ValidationError, "actions[1]");
      expectError(() => vec.step([0, 1]), ValidationError, "actions");
      const [, , , , infos] = vec.step([0, 1, 2]);
      expect(Array.from((infos.step_count as NDArray).data as Float64Array)).toEqual([1, 1, 1]);
    }
  });

  it("accepts a sample of the batched action space (int64 NDArray)", () => {
    const vec = make(3);
    vec.reset({ seed: 0 });
    const [, rewards] = vec.step(vec.actionSpace.sample());
    expect(rewards.shape).toEqual([3]);
  });

  it("throws StateError before reset, after close, and for ended environments in DISABLED mode", () => {
    const vec = make(2, { autoresetMode: "disabled" });
    expectError(() => vec.step([0, 0]), StateError);
    vec.reset({ seed: 0 });
    let ended = false;
    for (let t = 0; t < 60 && !ended; t++) {
      const [, , term, trunc] = vec.step([0, 0]);
      ended = Array.from(term.data).some(Boolean) || Array.from(trunc.data).some(Boolean);
    }
    expect(ended).toBe(true);
    const error = expectError(() => vec.step([0, 0]), StateError);
    expect(error.message).toMatch(/reset_mask/);
    vec.close();
    vec.close();
    expectError(() => vec.reset(), StateError);
  });

  it("validates options naming the field", () => {
    expectError(() => make(1, { autoresetMode: "sometimes" }), ValidationError, "autoresetMode");
    expectError(() => make(1, { copy: "yes" }), ValidationError, "copy");
    expectError(() => new SyncVectorEnv([]), ValidationError, "envFns");
    expectError(
      () => new SyncVectorEnv([() => makeEnv("default"), () => makeEnv("continuous")]),
      ValidationError,
      "envFns[1]",
    );
  });

  it("copy: false reuses its buffers (no allocation per step); copy: true returns fresh arrays", () => {
    const views = make(2, { copy: false });
    views.reset({ seed: 0 });
    const a = views.step([1, 1]);
    const b = views.step([1, 1]);
    expect(views.batched).toBe(true);
    expect((a[0] as NDArray).data).toBe((b[0] as NDArray).data);
    expect(a[1].data).toBe(b[1].data);
    expect(a[4]).toBe(b[4]);
    const copies = make(2);
    copies.reset({ seed: 0 });
    const c = copies.step([1, 1]);
    const d = copies.step([1, 1]);
    expect((c[0] as NDArray).data).not.toBe((d[0] as NDArray).data);
    expect(c[4].step_count).not.toBe(d[4].step_count);
    expect(row(c[4].step_count as NDArray, 0)).toEqual([1]);
  });

  it("per-environment path: copy: false stacks observations into one buffer per entry, with the values copy: true gives", () => {
    const search = (copy: boolean) =>
      new SyncVectorEnv(Array.from({ length: 3 }, () => () => new PlumeSearchEnv({ gridSize: [7, 5], maxSteps: 6, fieldObservation: "shared" })), { copy });
    type SearchObs = { agent_position: NDArray; concentration_field: NDArray; source_location: NDArray };
    const views = search(false);
    const copies = search(true);
    expect(views.batched).toBe(false);
    const first = views.reset({ seed: 4 })[0] as SearchObs;
    const firstCopy = copies.reset({ seed: 4 })[0] as SearchObs;
    expect(plainObs(first)).toEqual(plainObs(firstCopy));
    const rng = Generator.fromSeed(2);
    let previousCopy = firstCopy;
    for (let t = 0; t < 20; t++) {
      const actions = Int32Array.from({ length: 3 }, () => rng.integers(0, 4));
      const [obs, rewards, , truncations] = views.step(actions);
      const [obsCopy, rewardsCopy, , truncationsCopy] = copies.step(actions);
      const o = obs as SearchObs;
      const c = obsCopy as SearchObs;
      expect(plainObs(o), `t=${t}`).toEqual(plainObs(c));
      expect(Array.from(rewards.data)).toEqual(Array.from(rewardsCopy.data));
      expect(Array.from(truncations.data)).toEqual(Array.from(truncationsCopy.data));
      expect(o.agent_position).toBe(first.agent_position);
      expect(o.concentration_field).toBe(first.concentration_field);
      expect(c.concentration_field).not.toBe(previousCopy.concentration_field);
      previousCopy = c;
    }
  });
});

function plainObs(obs: Record<string, NDArray>): Record<string, number[]> {
  return Object.fromEntries(Object.entries(obs).map(([key, value]) => [key, Array.from(value.data as ArrayLike<number>, Number)]));
}

describe("makeVec", () => {
  it("builds raw registered envs that take the batch kernel, equal to make()-wrapped envs stepped one by one", () => {
    const fast = makeVec("PlumeNav-v0", { numEnvs: 4, kwargs: { gridSize: [24, 24], goalRadius: 2 } });
    expect(fast.batched).toBe(true);
    const slow = new SyncVectorEnv(Array.from({ length: 4 }, () => () => make("PlumeNav-v0", { gridSize: [24, 24], goalRadius: 2 })));
    expect(slow.batched).toBe(false);
    expect(fast.reset({ seed: 3 })).toEqual(slow.reset({ seed: 3 }));
    const rng = Generator.fromSeed(8);
    for (let t = 0; t < 400; t++) {
      const actions = Int32Array.from({ length: 4 }, () => rng.integers(0, 4));
      expect(fast.step(actions), `t=${t}`).toEqual(slow.step(actions));
    }
  });

  it("validates its options", () => {
    expectError(() => makeVec("PlumeNav-v0", { numEnvs: 0 }), ValidationError, "numEnvs");
    expectError(() => makeVec("PlumeNav-v0", { numEnvs: 2, vectorizationMode: "vector" as "sync" }), ValidationError, "vectorizationMode");
    expectError(() => makeVec("Nope-v0", { numEnvs: 2 }), ValidationError);
  });
});

describe("stackInfos (Gymnasium's _add_info)", () => {
  it("stacks numbers, booleans, tuples, arrays and nested infos with masks", () => {
    const stacked = stackInfos([{ a: 1, b: true, p: [1, 2], o: "x" }, undefined, { a: 3, p: [5, 6], nested: { z: 2 } }]);
    expect(Array.from((stacked.a as NDArray).data as Float64Array)).toEqual([1, 0, 3]);
    expect(Array.from((stacked._a as NDArray).data as Uint8Array)).toEqual([1, 0, 1]);
    expect(Array.from((stacked.b as NDArray).data as Uint8Array)).toEqual([1, 0, 0]);
    expect((stacked.p as NDArray).shape).toEqual([3, 2]);
    expect(Array.from((stacked.p as NDArray).data as Float64Array)).toEqual([1, 2, 0, 0, 5, 6]);
    expect(stacked.o).toEqual(["x", undefined, undefined]);
    const nested = stacked.nested as VectorInfo;
    expect(Array.from((nested.z as NDArray).data as Float64Array)).toEqual([0, 0, 2]);
    expect(Array.from((stacked._nested as NDArray).data as Uint8Array)).toEqual([0, 0, 1]);
  });

  it("falls back to a plain array when the kinds differ", () => {
    const stacked = stackInfos([{ a: 1 }, { a: "two" }]);
    expect(stacked.a).toEqual([1, "two"]);
  });
});
