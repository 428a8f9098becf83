import { ComponentError, StateError, ValidationError, type Env, type NDArray } from "@plume/core-types";
import { Box, Dict, Discrete } from "@plume/spaces";
import { describe, expect, it } from "vitest";
import {
  FlattenObservation,
  NormalizeObservation,
  ObservationWrapper,
  OrderEnforcing,
  PassiveEnvChecker,
  PlumeEnv,
  PlumeSearchEnv,
  RecordEpisodeStatistics,
  RewardWrapper,
  TimeLimit,
  Wrapper,
  make,
  register,
  registeredIds,
  spec,
  unregister,
  type PlumeSearchObservation,
} from "../src/index.js";
import { expectError } from "./helpers.js";

describe("PlumeSearchEnv (seed 001)", () => {
  it("observes the Dict {agent_position int32[2], concentration_field float32[H, W], source_location int32[2]}", () => {
    const env = new PlumeSearchEnv({ gridSize: [12, 8], sourceLocation: [6, 4] });
    const space = env.observationSpace as unknown as Dict;
    expect(space).toBeInstanceOf(Dict);
    expect(String(space)).toBe(
      "Dict('agent_position': Box(0, [11  7], (2,), int32), 'concentration_field': Box(0.0, 1.0, (8, 12), float32), 'source_location': Box(0, [11  7], (2,), int32))",
    );
    expect(String(env.actionSpace)).toBe("Discrete(4)");
    const [obs, info] = env.reset({ seed: 42 });
    expect(space.contains(obs)).toBe(true);
    expect(obs.agent_position.dtype).toBe("int32");
    expect(Array.from(obs.agent_position.data)).toEqual(info.agent_position);
    expect(Array.from(obs.source_location.data)).toEqual([6, 4]);
    expect(obs.concentration_field.shape).toEqual([8, 12]);
    expect(obs.concentration_field.data).toEqual(env.plume.fieldArray);
    expect(obs.concentration_field.data).not.toBe(env.plume.fieldArray);
    for (let i = 0; i < 30; i++) {
      const [o, reward, terminated, truncated] = env.step(i % 4);
      expect(space.contains(o)).toBe(true);
      expect(typeof reward).toBe("number");
      if (terminated || truncated) break;
    }
  });

  it("has the same dynamics and start draws as PlumeEnv", () => {
    const search = new PlumeSearchEnv({ gridSize: [30, 20] });
    const plain = new PlumeEnv({ gridSize: [30, 20] });
    expect(search.reset({ seed: 7 })[1]).toEqual(plain.reset({ seed: 7 })[1]);
    for (const a of [0, 1, 1, 2, 3]) expect(search.step(a)[4]).toEqual(plain.step(a)[4]);
  });

  it("rejects a sensor option (the observation is fixed)", () => {
    expectError(() => new PlumeSearchEnv({ sensor: {} } as never), ValidationError, "sensor");
  });
});

describe("registry", () => {
  it("has PlumeNav-v0 and PlumeSearch-v0 with maxEpisodeSteps 1000", () => {
    expect(registeredIds()).toEqual(expect.arrayContaining(["PlumeNav-v0", "PlumeSearch-v0"]));
    expect(spec("PlumeNav-v0")).toMatchObject({ id: "PlumeNav-v0", maxEpisodeSteps: 1000, orderEnforce: true, disableEnvChecker: false });
    expect(spec("PlumeSearch-v0").maxEpisodeSteps).toBe(1000);
  });

  it("make wraps like Gymnasium: TimeLimit(OrderEnforcing(PassiveEnvChecker(env))) and sets spec", () => {
    const env = make("PlumeNav-v0", { gridSize: [16, 16] });
    expect(env).toBeInstanceOf(TimeLimit);
    const order = (env as unknown as TimeLimit).env;
    expect(order).toBeInstanceOf(OrderEnforcing);
    expect((order as OrderEnforcing).env).toBeInstanceOf(PassiveEnvChecker);
    const raw = env.unwrapped as PlumeEnv;
    expect(raw).toBeInstanceOf(PlumeEnv);
    expect(raw.gridSize.toTuple()).toEqual([16, 16]);
    expect(raw.spec?.id).toBe("PlumeNav-v0");
    expect(raw.spec?.kwargs).toEqual({ gridSize: [16, 16] });
    expect((env as unknown as TimeLimit).spec?.id).toBe("PlumeNav-v0");
    expect(String(env)).toMatch(/^TimeLimit<OrderEnforcing<PassiveEnvChecker<PlumeEnv\(/);
    expect(env.observationSpace).toBe(raw.observationSpace);
    expect(env.actionSpace).toBe(raw.actionSpace);
    expectError(() => env.step(0), StateError);
    const [, info] = env.reset({ seed: 1 });
    expect(info.seed).toBe(1);
    expect(env.npRandom).toBe(raw.npRandom);
  });

  it("make options: no checker, no order enforcing, another time limit", () => {
    const env = make("PlumeSearch-v0", { gridSize: [8, 8] }, { maxEpisodeSteps: 3, disableEnvChecker: true, orderEnforce: false });
    expect(env).toBeInstanceOf(TimeLimit);
    expect((env as unknown as TimeLimit).env).toBeInstanceOf(PlumeSearchEnv);
    expect(make("PlumeNav-v0", {}, { maxEpisodeSteps: null })).toBeInstanceOf(OrderEnforcing);
  });

  it("unknown ids and bad kwargs are typed errors", () => {
    const error = expectError(() => make("PlumeNav-v1"), ValidationError, "id");
    expect(error.message).toContain("PlumeNav-v0");
    expectError(() => make("no such id!"), ValidationError, "id");
    expectError(() => make("PlumeNav-v0", { gridSize: [0, 4] }), ValidationError, "gridSize.width");
    expectError(() => make("PlumeNav-v0", {}, { maxEpisodeSteps: 0 }), ValidationError, "maxEpisodeSteps");
  });

  it("register / spec / unregister a third-party env", () => {
    register("acme/Tiny-v0", { entryPoint: (kw) => new PlumeEnv({ gridSize: [4, 4], ...kw }), kwargs: { maxSteps: 7 }, maxEpisodeSteps: 5 });
    try {
      expectError(() => register("acme/Tiny-v0", { entryPoint: () => new PlumeEnv() }), ValidationError, "id");
      const env = make("acme/Tiny-v0");
      expect((env.unwrapped as PlumeEnv).maxSteps).toBe(7);
      env.reset({ seed: 0 });
      let truncated = false;
      let steps = 0;
      while (!truncated) {
        const result = env.step(steps % 4);
        truncated = result[3] || result[2];
        steps += 1;
      }
      expect(steps).toBeLessThanOrEqual(5);
      expectError(() => register("bad id", { entryPoint: () => new PlumeEnv() }), ValidationError, "id");
      expectError(() => register("acme/Other-v0", { entryPoint: 3 } as never), ValidationError, "entryPoint");
    } finally {
      expect(unregister("acme/Tiny-v0")).toBe(true);
    }
    expectError(() => spec("acme/Tiny-v0"), ValidationError, "id");
  });
});

describe("wrappers", () => {
  const base = () => new PlumeEnv({ gridSize: [10, 10], startLocation: [0, 0], sourceLocation: [9, 9] });

  it("TimeLimit truncates at maxEpisodeSteps, then step throws until reset", () => {
    const env = new TimeLimit(base(), 3);
    env.reset({ seed: 0 });
    expect(env.elapsedSteps).toBe(0);
    expect(env.step(0)[3]).toBe(false);
    expect(env.step(0)[3]).toBe(false);
    expect(env.step(0)[3]).toBe(true);
    expectError(() => env.step(0), StateError);
    env.reset();
    expect(env.step(0)[3]).toBe(false);
    expectError(() => new TimeLimit(base(), 0), ValidationError, "maxEpisodeSteps");
  });

  it("OrderEnforcing requires reset before step and render", () => {
    const env = new OrderEnforcing(new PlumeEnv({ gridSize: [4, 4], renderMode: "rgb_array" }));
    expect(env.hasReset).toBe(false);
    expectError(() => env.step(0), StateError);
    expectError(() => env.render(), StateError);
    expect(new OrderEnforcing(new PlumeEnv({ gridSize: [4, 4], renderMode: "rgb_array" }), { disableRenderOrderEnforcing: true }).render()).toBeDefined();
    env.reset();
    expect(env.hasReset).toBe(true);
    expect(env.render()).toBeDefined();
  });

  it("PassiveEnvChecker passes a good env untouched and reports a broken one", () => {
    const warnings: string[] = [];
    const env = new PassiveEnvChecker(base(), { warn: (w) => warnings.push(w.message) });
    env.reset({ seed: 1 });
    env.step(1);
    expect(warnings).toEqual([]);
    const liar: Env<number, number> = {
      observationSpace: new Discrete(2),
      actionSpace: new Discrete(2),
      renderMode: null,
      metadata: { render_modes: [] },
      reset: () => [5, {}],
      step: () => [0, 0, 0 as unknown as boolean, false, {}],
      render: () => undefined,
      close: () => undefined,
    };
    const checked = new PassiveEnvChecker(liar, { warn: (w) => warnings.push(w.message) });
    checked.reset();
    expect(warnings).toEqual(["the observation returned by reset() is not within the observation space: not an element of the observation space"]);
    expectError(() => checked.step(0), ComponentError);
    expectError(() => new PassiveEnvChecker({ ...liar, actionSpace: undefined as never }), ComponentError);
  });

  it("RecordEpisodeStatistics adds {r, l, t} to the last info and keeps bounded queues", () => {
    let now = 0;
    const env = new RecordEpisodeStatistics(new TimeLimit(base(), 4), { bufferLength: 2, clock: () => (now += 250) });
    for (let e = 0; e < 3; e++) {
      env.reset({ seed: e });
      let info: Record<string, unknown> = {};
      for (let i = 0; i < 4; i++) info = env.step(i % 4)[4];
      expect(info["episode"]).toEqual({ r: 0, l: 4, t: 0.25 });
    }
    expect(env.episodeCount).toBe(3);
    expect(env.returnQueue).toEqual([0, 0]);
    expect(env.lengthQueue).toEqual([4, 4]);
  });

  it("FlattenObservation flattens the Dict observation of PlumeSearchEnv", () => {
    const env = new FlattenObservation(new PlumeSearchEnv({ gridSize: [5, 4] }));
    expect(env.observationSpace).toBeInstanceOf(Box);
    expect(env.observationSpace.shape).toEqual([2 + 20 + 2]);
    const [obs, info] = env.reset({ seed: 3 });
    expect(obs.shape).toEqual([24]);
    expect(Array.from(obs.data as ArrayLike<number>).slice(0, 2)).toEqual(info.agent_position);
    expect(env.observationSpace.contains(obs)).toBe(true);
  });

  it("NormalizeObservation keeps running statistics like Gymnasium (count starts at 1e-4)", () => {
    const env = new NormalizeObservation(base());
    expect(String(env.observationSpace)).toBe("Box(-inf, inf, (1,), float32)");
    const [first] = env.reset({ seed: 0 });
    // One sample x: mean = x * 1/(1 + 1e-4), var = (1e-4 + x^2 * 1e-4 / (1 + 1e-4)) / (1 + 1e-4).
    const x = new PlumeEnv({ gridSize: [10, 10], startLocation: [0, 0], sourceLocation: [9, 9] }).reset()[0].data[0] as number;
    const mean = x / (1 + 1e-4);
    const variance = (1e-4 + (x * x * 1e-4) / (1 + 1e-4)) / (1 + 1e-4);
    expect(first.data[0]).toBe(Math.fround((x - mean) / Math.sqrt(variance + 1e-8)));
    env.updateRunningMean = false;
    const count = env.obsRms.count;
    env.step(0);
    expect(env.obsRms.count).toBe(count);
    expectError(() => new NormalizeObservation(new PlumeSearchEnv({ gridSize: [4, 4] }) as never), ValidationError, "env.observationSpace");
  });

  it("Wrapper subclasses change one thing and forward the rest", () => {
    class Double extends RewardWrapper<NDArray<"float32">, number> {
      reward(r: number): number {
        return 2 * r;
      }
    }
    class Position extends ObservationWrapper<number, PlumeSearchObservation, number> {
      observation(o: PlumeSearchObservation): number {
        return o.agent_position.data[0] as number;
      }
    }
    const env = new Double(new PlumeEnv<NDArray<"float32">, number>({ gridSize: [3, 3], sourceLocation: [1, 1], startLocation: [1, 0] }));
    env.reset();
    expect(env.step(0)[1]).toBe(2);
    const pos = new Position(new PlumeSearchEnv<number>({ gridSize: [6, 6], startLocation: [2, 3] }));
    expect(pos.reset()[0]).toBe(2);
    const plain = new Wrapper(base());
    expect(plain.unwrapped).toBe(plain.env);
    expect(plain.metadata).toBe(plain.env.metadata);
    plain.close();
    expect((plain.env as PlumeEnv).lifecycleState).toBe("CLOSED");
    expectError(() => new Wrapper({} as never), ValidationError, "env");
  });
});
