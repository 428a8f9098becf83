/**
 * Faults and bad input found by trying Plume as users do (issue 24): each case failed (crashed, hung,
 * changed state silently or accepted bad data) before its fix.
 */
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ComponentError, ConfigurationError, StateError, ValidationError, ndarray, type EnvState, type NDArray } from "@plume/core-types";
import { ConcentrationSensor } from "@plume/sensors-concentration";
import { describe, expect, it } from "vitest";
import {
  PassiveEnvChecker,
  PlumeEnv,
  PlumeSearchEnv,
  StepPenaltyReward,
  SyncVectorEnv,
  createEnvironmentFromConfig,
  getMemoryBudget,
  parseEnvironmentConfig,
  setMemoryBudget,
} from "../src/node.js";
import { expectError, expectRejection } from "./helpers.js";

/** A concentration sensor (object and batch path) that can be told to fail: throw, or write NaN / 5 / the wrong shape. */
class Breakable extends ConcentrationSensor {
  mode: "ok" | "throw" | "nan" | "outside" | "shape" = "ok";
  /** Fail only at this step count (undefined: any). */
  atStep: number | undefined = undefined;
  #hit(step: number): boolean {
    return this.mode !== "ok" && (this.atStep === undefined || this.atStep === step);
  }
  override getObservation(envState: EnvState): NDArray<"float32"> {
    if (this.#hit(envState.step_count)) {
      if (this.mode === "throw") throw new Error("sensor exploded");
      if (this.mode === "shape") return ndarray("float32", [2], Float32Array.of(0.5, 0.5));
      return ndarray("float32", [1], Float32Array.of(this.mode === "nan" ? Number.NaN : 5));
    }
    return super.getObservation(envState);
  }
  override fillObservationBatch(...args: Parameters<ConcentrationSensor["fillObservationBatch"]>): void {
    super.fillObservationBatch(...args);
    const [out, agents, , indices, count] = args;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      if (!this.#hit(agents.stepCount[i] as number)) continue;
      if (this.mode === "throw") throw new Error("sensor exploded");
      out[i] = this.mode === "nan" ? Number.NaN : 5;
    }
  }
}

/** Object-path only: the same sensor without its batch method. */
class BreakableObjectOnly extends Breakable {
  declare fillObservationBatch: never;
  constructor() {
    super();
    Object.defineProperty(this, "fillObservationBatch", { value: undefined });
  }
}

describe("vector envs after a component error: failed until every environment is reset", () => {
  for (const [path, make] of [
    ["per-environment path", () => new BreakableObjectOnly()],
    ["batch path", () => new Breakable()],
  ] as const) {
    it(`SyncVectorEnv, ${path}`, () => {
      const sensors = Array.from({ length: 4 }, make);
      const envs = new SyncVectorEnv(sensors.map((sensor) => () => new PlumeEnv({ gridSize: [16, 16], sensor, maxSteps: 50 })));
      expect(envs.batched).toBe(path === "batch path");
      envs.reset({ seed: 0 });
      envs.step(new Int32Array(4));
      // Environments 2 and 3 fail (on the batch path the first environment's sensor serves the whole batch).
      for (const s of path === "batch path" ? sensors : sensors.slice(2)) s.mode = "throw";
      expect(() => envs.step(new Int32Array(4))).toThrow(/sensor exploded/);
      for (const s of sensors) s.mode = "ok";
      expect(envs.failed).toBe(true);
      const refused = expectError(() => envs.step(new Int32Array(4)), StateError);
      expect(refused.currentState).toBe("FAILED");
      expectError(() => envs.reset({ options: { reset_mask: [true, true, false, true] } }), StateError);
      // call / getAttr / setAttr / render neither step nor reset: they stay open in the failed state (to see
      // where the failure left each environment, or to set attributes before the full reset), and leave it failed.
      expect(envs.getAttr("stepCount")).toHaveLength(4);
      expect((envs.render("rgb_array") as NDArray[]).map((f) => f.shape)).toEqual(Array.from({ length: 4 }, () => [16, 16, 3]));
      envs.setAttr("runLabel", "after-failure");
      expect(envs.getAttr("runLabel")).toEqual(["after-failure", "after-failure", "after-failure", "after-failure"]);
      expect(envs.failed).toBe(true);
      expectError(() => envs.step(new Int32Array(4)), StateError);
      // A bad action is still refused without marking anything, and a full reset recovers.
      envs.reset({ seed: 1 });
      expect(envs.failed).toBe(false);
      const [, , , , infos] = envs.step(new Int32Array(4));
      expect(Array.from((infos["step_count"] as NDArray).data as Float64Array)).toEqual([1, 1, 1, 1]);
    });
  }
});

describe("sensor outputs are checked", () => {
  it("PlumeEnv: NaN, a value outside the Box or the wrong shape on the first step of an episode is a ComponentError, and nothing changes", () => {
    for (const batch of [false, true]) {
      for (const mode of ["nan", "outside", "shape"] as const) {
        if (batch && mode === "shape") continue; // the kernel writes fixed rows: its shape cannot be wrong
        const sensor = batch ? new Breakable() : new BreakableObjectOnly();
        const env = new PlumeEnv({ gridSize: [16, 16], sensor, maxSteps: 50 });
        env.reset({ seed: 3 });
        const agent = env.agentState;
        sensor.mode = mode;
        sensor.atStep = 1;
        const error = expectError(() => env.step(1), ComponentError);
        expect(error.message).toMatch(/sensor: getObservation returned an observation outside its observation space/);
        expect(env.stepCount).toBe(0);
        expect(env.agentState).toEqual(agent);
        sensor.mode = "ok";
        expect(env.step(1)[4].step_count).toBe(1);
      }
    }
  });

  it("at reset too; later steps only in the debug mode (checkObservations: \"every-step\")", () => {
    const sensor = new BreakableObjectOnly();
    sensor.mode = "nan";
    sensor.atStep = 0;
    expectError(() => new PlumeEnv({ gridSize: [16, 16], sensor }).reset({ seed: 0 }), ComponentError);
    for (const batch of [false, true]) {
      const late = batch ? new Breakable() : new BreakableObjectOnly();
      late.mode = "outside";
      late.atStep = 3;
      const relaxed = new PlumeEnv({ gridSize: [16, 16], sensor: late, startLocation: [0, 0] });
      relaxed.reset({ seed: 0 });
      relaxed.step(1);
      relaxed.step(1);
      expect(relaxed.step(1)[0].data[0]).toBe(5); // the default checks episode starts only
      const strict = new PlumeEnv({ gridSize: [16, 16], sensor: late, startLocation: [0, 0], checkObservations: "every-step" });
      strict.reset({ seed: 0 });
      strict.step(1);
      strict.step(1);
      expectError(() => strict.step(1), ComponentError);
    }
  });

  it("SyncVectorEnv's batch path checks every reset observation", () => {
    const sensor = new Breakable();
    const envs = new SyncVectorEnv(Array.from({ length: 3 }, () => () => new PlumeEnv({ gridSize: [16, 16], sensor })));
    sensor.mode = "nan";
    sensor.atStep = 0;
    expect(() => envs.reset({ seed: 0 })).toThrow(/environment 0: fillObservationBatch wrote an observation outside the observation space: NaN at element 0/);
  });

  it("PassiveEnvChecker says what is wrong, as Gymnasium's warns", () => {
    const sensor = new BreakableObjectOnly();
    sensor.mode = "nan";
    const warnings: string[] = [];
    const env = new PassiveEnvChecker(new PlumeEnv({ gridSize: [8, 8], sensor: new (class extends BreakableObjectOnly {})() }), { warn: (w) => warnings.push(w.message) });
    env.reset({ seed: 0 });
    const liar = { ...env, observationSpace: env.observationSpace, actionSpace: env.actionSpace, metadata: {}, renderMode: null, reset: () => [ndarray("float32", [1], Float32Array.of(Number.NaN)), {}], step: () => [ndarray("float32", [1], Float32Array.of(7)), Number.NaN, false, false, {}], render: () => undefined, close: () => undefined };
    const checked = new PassiveEnvChecker(liar as never, { warn: (w) => warnings.push(w.message) });
    checked.reset();
    checked.step(0 as never);
    expect(warnings).toEqual([
      "the observation returned by reset() is not within the observation space: NaN at element 0",
      "the reward is a NaN value",
      "the observation returned by step() is not within the observation space: 7 at element 0, outside [0, 1]",
    ]);
  });
});

describe("parameters whose results are not finite", () => {
  it("stepPenalty 1e308 (total_reward would be -Infinity from step 2) is rejected", () => {
    const reward = new StepPenaltyReward({ goalPosition: [8, 8], goalRadius: 1, stepPenalty: 1e308 });
    expectError(() => new PlumeEnv({ gridSize: [16, 16], reward }), ValidationError, "reward");
    expect(() => new PlumeEnv({ gridSize: [16, 16], reward: new StepPenaltyReward({ goalPosition: [8, 8], goalRadius: 1, stepPenalty: 1e300 }) })).not.toThrow();
  });

  it("and through a config", async () => {
    await expect(createEnvironmentFromConfig({ reward: { type: "step_penalty", options: { stepPenalty: 1e308 } } })).rejects.toThrow(/reward/);
  });
});

describe("config data", () => {
  const nested = (depth: number) => {
    let sensor: Record<string, unknown> = { type: "concentration" };
    for (let i = 0; i < depth; i++) sensor = { type: "multi_modal", options: { sensors: { inner: sensor } } };
    return { sensor };
  };

  it("nesting past the limit is a ConfigurationError, not a stack overflow", () => {
    for (const depth of [1500, 20000]) expectError(() => parseEnvironmentConfig(nested(depth)), ConfigurationError);
    expect(() => parseEnvironmentConfig(nested(10))).not.toThrow();
  });

  it("a cyclic config, and a self-referencing YAML alias", async () => {
    const cyclic: Record<string, unknown> = { gridSize: [8, 8] };
    cyclic["sensor"] = { type: "multi_modal", options: { sensors: { a: cyclic } } };
    expect(() => parseEnvironmentConfig(cyclic)).toThrow(/refers to itself/);
    const dir = mkdtempSync(join(tmpdir(), "plume-config-"));
    writeFileSync(join(dir, "alias.yaml"), "sensor: &s\n  type: multi_modal\n  options:\n    sensors:\n      a: *s\n");
    await expectRejection(createEnvironmentFromConfig(join(dir, "alias.yaml")), ConfigurationError);
    // An alias used twice (no cycle) is fine.
    writeFileSync(join(dir, "shared.yaml"), "gridSize: &g [16, 16]\nsensor:\n  type: multi_modal\n  options:\n    sensors:\n      a: &c { type: concentration }\n      b: *c\n");
    await expect(createEnvironmentFromConfig(join(dir, "shared.yaml"))).resolves.toBeDefined();
  });

  it("__proto__ in component options is an unknown key, not silently dropped", () => {
    const config = JSON.parse('{"sensor": {"type": "antennae", "options": {"__proto__": {"nSensors": 9}}}}');
    expectError(() => parseEnvironmentConfig(config), ConfigurationError, "sensor.options.__proto__");
    expect(({} as Record<string, unknown>)["nSensors"]).toBeUndefined();
  });

  it("a Map is not a config (it used to build the default environment)", () => {
    expectError(() => parseEnvironmentConfig(new Map([["gridSize", [8, 8]]])), ConfigurationError, "config");
    expectError(() => parseEnvironmentConfig({ sensor: { type: "antennae", options: new Map() } }), ConfigurationError);
  });

  it("a JSON file with a UTF-8 byte-order mark", async () => {
    const dir = mkdtempSync(join(tmpdir(), "plume-config-"));
    writeFileSync(join(dir, "bom.json"), `\uFEFF${JSON.stringify({ gridSize: [12, 10] })}`);
    expect((await createEnvironmentFromConfig(join(dir, "bom.json"))).gridSize.width).toBe(12);
  });

  it("reset({ seed: null }) is refused by vector envs as by a single env", () => {
    expectError(() => new PlumeEnv().reset({ seed: null as never }), ValidationError, "seed");
    const envs = new SyncVectorEnv([() => new PlumeEnv({ gridSize: [8, 8] }), () => new PlumeEnv({ gridSize: [8, 8] })]);
    expectError(() => envs.reset({ seed: null as never }), ValidationError, "seed");
    expect(() => envs.reset({ seed: [null, 3] })).not.toThrow();
  });
});

describe("the memory budget", () => {
  it("a 10000x10000 PlumeSearchEnv states the memory it would need instead of taking it", () => {
    const error = expectError(() => new PlumeSearchEnv({ gridSize: [10000, 10000] }), ValidationError, "gridSize");
    expect(error.message).toContain("a 10000x10000 PlumeSearchEnv (fieldObservation \"copy\") would need about 1.5 GiB, over the memory budget of 1.0 GiB");
    expect(getMemoryBudget()).toBe(1024 ** 3);
  });

  it("rgb_array frames and plume fields are checked against a budget you can set", () => {
    const env = new PlumeEnv({ gridSize: [100, 100], renderMode: "rgb_array" });
    env.reset({ seed: 0 });
    expect(env.render()?.shape).toEqual([100, 100, 3]);
    const previous = setMemoryBudget(16 * 1024);
    try {
      expectError(() => new PlumeEnv({ gridSize: [200, 200] }), ValidationError, "gridSize");
      const error = expectError(() => env.render(), ValidationError, "gridSize");
      expect(error.message).toContain("an rgb_array frame of the 100x100 grid would need about");
    } finally {
      setMemoryBudget(previous);
    }
    expectError(() => setMemoryBudget(0), ValidationError, "bytes");
  });
});
