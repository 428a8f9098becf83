/**
 * Model-based lifecycle test: random command sequences (reset with and without seed, valid and invalid
 * steps, render, close) never diverge from the reference's state table
 * CREATED -> READY -> TERMINATED / TRUNCATED -> CLOSED.
 */
import { EnvLifecycle, StateError, ValidationError, type EnvLifecycleState, type NDArray } from "@plume/core-types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PlumeEnv } from "../src/index.js";

interface Model {
  state: EnvLifecycleState;
  steps: number;
  episodes: number;
  seeded: boolean;
}

const MAX_STEPS = 4;
type Real = PlumeEnv;

function expectThrows(fn: () => unknown, cls: typeof StateError | typeof ValidationError): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(cls);
}

function snapshot(env: Real) {
  return { state: env.lifecycleState, steps: env.stepCount, agent: env.agentState, rng: env.npRandom?.state, episodes: env.episodeCount };
}

class Reset implements fc.Command<Model, Real> {
  constructor(readonly seed: number | undefined) {}
  check(): boolean {
    return true;
  }
  run(m: Model, env: Real): void {
    if (m.state === EnvLifecycle.CLOSED) {
      const before = snapshot(env);
      expectThrows(() => env.reset(this.seed === undefined ? {} : { seed: this.seed }), StateError);
      expect(snapshot(env)).toEqual(before);
      return;
    }
    const [obs, info] = env.reset(this.seed === undefined ? {} : { seed: this.seed });
    m.state = EnvLifecycle.READY;
    m.steps = 0;
    m.episodes += 1;
    m.seeded = this.seed !== undefined;
    expect(env.observationSpace.contains(obs)).toBe(true);
    expect(info.step_count).toBe(0);
    expect(info.episode_count).toBe(m.episodes);
    expect(info.seed).toBe(this.seed);
    expect(env.lifecycleState).toBe(m.state);
  }
  toString(): string {
    return `reset(${this.seed ?? ""})`;
  }
}

class Step implements fc.Command<Model, Real> {
  constructor(readonly action: number) {}
  check(): boolean {
    return true;
  }
  run(m: Model, env: Real): void {
    if (m.state !== EnvLifecycle.READY) {
      const before = snapshot(env);
      expectThrows(() => env.step(this.action), StateError);
      expect(snapshot(env)).toEqual(before);
      return;
    }
    const [obs, reward, terminated, truncated, info] = env.step(this.action);
    m.steps += 1;
    expect(env.observationSpace.contains(obs)).toBe(true);
    expect(info.step_count).toBe(m.steps);
    expect(info.episode_count).toBe(m.episodes);
    expect(truncated).toBe(m.steps >= MAX_STEPS);
    expect(terminated).toBe((info.distance_to_goal as number) <= env.goalRadius);
    expect(info.goal_reached).toBe(terminated);
    expect(reward).toBe(terminated ? 1 : 0);
    expect("seed" in info).toBe(m.seeded);
    m.state = terminated ? EnvLifecycle.TERMINATED : truncated ? EnvLifecycle.TRUNCATED : EnvLifecycle.READY;
    expect(env.lifecycleState).toBe(m.state);
  }
  toString(): string {
    return `step(${this.action})`;
  }
}

class InvalidStep implements fc.Command<Model, Real> {
  constructor(readonly action: unknown) {}
  check(): boolean {
    return true;
  }
  run(m: Model, env: Real): void {
    const before = snapshot(env);
    expectThrows(() => env.step(this.action as number), m.state === EnvLifecycle.READY ? ValidationError : StateError);
    expect(snapshot(env)).toEqual(before);
  }
  toString(): string {
    return `step(${typeof this.action === "string" ? JSON.stringify(this.action) : String(this.action)})`;
  }
}

class Render implements fc.Command<Model, Real> {
  check(): boolean {
    return true;
  }
  run(_m: Model, env: Real): void {
    const before = snapshot(env);
    const frame = env.render() as NDArray<"uint8">;
    expect(frame.dtype).toBe("uint8");
    expect(frame.shape).toEqual([env.gridSize.height, env.gridSize.width, 3]);
    expect(snapshot(env)).toEqual(before);
  }
  toString(): string {
    return "render()";
  }
}

class Close implements fc.Command<Model, Real> {
  check(): boolean {
    return true;
  }
  run(m: Model, env: Real): void {
    env.close();
    m.state = EnvLifecycle.CLOSED;
    expect(env.lifecycleState).toBe(EnvLifecycle.CLOSED);
  }
  toString(): string {
    return "close()";
  }
}

const commands = [
  fc.option(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { nil: undefined }).map((seed) => new Reset(seed)),
  fc.integer({ min: 0, max: 3 }).map((a) => new Step(a)),
  fc.integer({ min: 0, max: 3 }).map((a) => new Step(a)),
  fc.constantFrom<unknown>(-1, 4, 1.5, Number.NaN, "0", null).map((a) => new InvalidStep(a)),
  fc.constant(new Render()),
  fc.constant(new Close()),
];

describe("lifecycle state machine (model-based)", () => {
  it("random command sequences follow the state table", () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 50 }), (cmds) => {
        const setup = () => ({
          model: { state: EnvLifecycle.CREATED, steps: 0, episodes: 0, seeded: false } as Model,
          real: new PlumeEnv({ gridSize: [5, 4], sourceLocation: [2, 2], goalRadius: 1, maxSteps: MAX_STEPS, renderMode: "rgb_array" }),
        });
        fc.modelRun(setup, cmds);
      }),
      { numRuns: 150 },
    );
  });
});
