/**
 * The protocols, exercised through the toy implementations in ./toy.ts with probes like the contract
 * kit's (accessor shape, space identity, purity by snapshot, boundary safety, env-state keys, lifecycle).
 */
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  AgentState,
  Coordinates,
  ENV_STATE_KEYS,
  ErrorCode,
  GridSize,
  StateError,
  ValidationError,
  type ActionProcessor,
  type ConcentrationField,
  type Env,
  type EnvInfo,
  type EnvState,
  type EnvStateKey,
  type NDArray,
  type ObservationModel,
  type PlumeInfo,
  type Policy,
  type RandomGenerator,
  type ResetResult,
  type RewardFunction,
  type SpaceLike,
  type StepResult,
  type VectorField,
} from "../src/index.js";
import { expectPlumeError } from "./helpers.js";
import {
  ConcentrationSensor,
  ConstantWind,
  DiscreteGridActions,
  GaussianField,
  RandomPolicy,
  SparseGoalReward,
  ToyEnv,
  ToyGenerator,
} from "./toy.js";

/** True when `name` is a getter somewhere on the prototype chain (the kit's `*.protocol-shape` probe). */
function isAccessor(object: object, name: string): boolean {
  for (let o: object | null = object; o !== null; o = Object.getPrototypeOf(o) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(o, name);
    if (descriptor) return typeof descriptor.get === "function";
  }
  return false;
}

const dim = fc.integer({ min: 1, max: 64 });
const gridAndState = fc
  .tuple(dim, dim)
  .chain(([w, h]) =>
    fc.record({
      grid: fc.constant(new GridSize(w, h)),
      x: fc.integer({ min: 0, max: w - 1 }),
      y: fc.integer({ min: 0, max: h - 1 }),
      orientation: fc.constantFrom(0, 45, 90, 180, 270),
      step_count: fc.integer({ min: 0, max: 100 }),
      total_reward: fc.double({ min: -1000, max: 1000, noNaN: true }),
      goal_reached: fc.boolean(),
    }),
  )
  .map(({ grid, x, y, ...rest }) => ({ grid, state: new AgentState({ position: new Coordinates(x, y), ...rest }) }));

describe("ObservationModel", () => {
  it("exposes the space as a stable accessor and returns contained, deterministic, pure observations", () => {
    const env = new ToyEnv();
    const sensor = env.sensor;
    expect(isAccessor(sensor, "observationSpace")).toBe(true);
    expect(sensor.observationSpace).toBe(sensor.observationSpace);
    const [obs] = env.reset({ seed: 1 });
    expect(sensor.observationSpace.contains(obs)).toBe(true);
    expect(sensor.getMetadata().required_state_keys).toEqual(["agent_state", "concentration_field"]);
    expect(JSON.parse(JSON.stringify(sensor.getMetadata()))).toEqual(sensor.getMetadata());
  });

  it("receives exactly the design's env-state keys, post-step, with wind only when configured", () => {
    const seen: EnvState[] = [];
    const inner = new ConcentrationSensor();
    const spy: ObservationModel<NDArray<"float32">> = {
      observationSpace: inner.observationSpace,
      getObservation: (state) => {
        seen.push(state);
        return inner.getObservation(state);
      },
      getMetadata: () => inner.getMetadata(),
    };
    const env = new ToyEnv({ sensor: spy });
    env.reset({ seed: 3 });
    const [, , , , info] = env.step(1);
    expect(Object.keys(seen[1] ?? {}).sort()).toEqual(ENV_STATE_KEYS.filter((k) => k !== "wind_field").sort());
    expect(seen[1]?.step_count).toBe(info.step_count);
    expect(seen[1]?.agent_state.position.toJSON()).toEqual(info.agent_position);

    const windy = new ToyEnv({ sensor: spy, wind: new ConstantWind([0.5, 0]) });
    windy.reset({ seed: 3 });
    expect(Object.keys(seen.at(-1) ?? {}).sort()).toEqual([...ENV_STATE_KEYS].sort());
  });

  it("ENV_STATE_KEYS lists every EnvState key once", () => {
    expect(new Set(ENV_STATE_KEYS).size).toBe(9);
    expectTypeOf<(typeof ENV_STATE_KEYS)[number]>().toEqualTypeOf<EnvStateKey>();
    expectTypeOf<EnvState["wind_field"]>().toEqualTypeOf<VectorField | undefined>();
    expectTypeOf<EnvState["rng"]>().toEqualTypeOf<RandomGenerator>();
  });
});

describe("ActionProcessor", () => {
  const processor = new DiscreteGridActions();

  it("exposes a stable action space and validateAction agrees with contains", () => {
    expect(isAccessor(processor, "actionSpace")).toBe(true);
    expect(processor.actionSpace).toBe(processor.actionSpace);
    for (const value of [0, 3, 4, -1, 1.5, Number.NaN, "0", null, undefined, {}, true]) {
      expect(processor.validateAction(value)).toBe(processor.actionSpace.contains(value));
    }
  });

  it("is boundary-safe, returns new instances, keeps counters and never mutates its inputs", () => {
    fc.assert(
      fc.property(gridAndState, fc.integer({ min: 0, max: 3 }), ({ grid, state }, action) => {
        const snapshot = structuredClone(state);
        const next = processor.processAction(action, state, grid);
        expect(grid.contains(next.position)).toBe(true);
        expect(next).not.toBe(state);
        expect(next.step_count).toBe(state.step_count);
        expect(next.total_reward).toBe(state.total_reward);
        expect(next.goal_reached).toBe(state.goal_reached);
        expect(structuredClone(state)).toEqual(snapshot);
        expect(processor.processAction(action, state, grid).equals(next)).toBe(true);
      }),
    );
  });

  it("throws ValidationError naming the action for non-members", () => {
    const state = new AgentState({ position: [0, 0] });
    expectPlumeError(
      () => processor.processAction(9, state, new GridSize(4, 4)),
      ValidationError,
      ErrorCode.VALIDATION,
      "action",
    );
  });

  it("narrows the action type through validateAction", () => {
    const candidate: unknown = 2;
    if (processor.validateAction(candidate)) expectTypeOf(candidate).toEqualTypeOf<number>();
  });
});

describe("RewardFunction and ConcentrationField", () => {
  it("gives finite rewards for both plume forms and JSON metadata", () => {
    const grid = new GridSize(8, 6);
    const field = new GaussianField(grid, new Coordinates(2, 3), 1.5);
    const reward = new SparseGoalReward(new Coordinates(2, 3), 1);
    const prev = new AgentState({ position: [0, 0] });
    const next = new AgentState({ position: [2, 2] });
    expect(reward.computeReward(prev, 0, next, field)).toBe(1);
    expect(reward.computeReward(prev, 0, prev, field.fieldArray)).toBe(0);
    expect(JSON.parse(JSON.stringify(reward.getMetadata()))).toEqual(reward.getMetadata());
  });

  it("lays the field out row-major: fieldArray[y * width + x] === sample(x, y) on a non-square grid", () => {
    const grid = new GridSize(7, 4);
    const field: ConcentrationField = new GaussianField(grid, new Coordinates(6, 1), 2);
    for (let y = 0; y < grid.height; y++) {
      for (let x = 0; x < grid.width; x++) expect(field.fieldArray?.[y * grid.width + x]).toBe(field.sample(x, y));
    }
    expect(field.sample(-1, 0)).toBe(0);
    expect(field.sample(6, 1)).toBe(1);
  });

  it("wind samples are fresh arrays", () => {
    const wind = new ConstantWind([1, -1]);
    const a = wind.sample(new Coordinates(0, 0));
    a[0] = 99;
    expect(Array.from(wind.sample({ x: 0.5, y: 3 }))).toEqual([1, -1]);
  });
});

describe("Policy", () => {
  it("is seed-deterministic and stays in its action space", () => {
    const policy = new RandomPolicy();
    const obs = new ConcentrationSensor().observationSpace.sample();
    const run = () => {
      policy.reset({ seed: 777 });
      return Array.from({ length: 20 }, () => policy.selectAction(obs));
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(first.every((a) => policy.actionSpace.contains(a))).toBe(true);
    policy.setRng(new ToyGenerator(5));
    expect(policy.actionSpace.contains(policy.selectAction(obs, { explore: false }))).toBe(true);
  });
});

describe("Env", () => {
  it("resets to [obs, info] and steps to [obs, reward, terminated, truncated, info]", () => {
    const env = new ToyEnv();
    expect(isAccessor(env, "observationSpace")).toBe(true);
    const spaces = [env.observationSpace, env.actionSpace];
    const reset = env.reset({ seed: 42 });
    expect(reset).toHaveLength(2);
    expect(env.observationSpace.contains(reset[0])).toBe(true);
    expect(reset[1].seed).toBe(42);
    expect(reset[1].step_count).toBe(0);
    const result = env.step(0);
    expect(result).toHaveLength(5);
    const [obs, reward, terminated, truncated, info] = result;
    expect(env.observationSpace.contains(obs)).toBe(true);
    expect(Number.isFinite(reward)).toBe(true);
    expect(typeof terminated).toBe("boolean");
    expect(typeof truncated).toBe("boolean");
    expect(info.step_count).toBe(1);
    expect(typeof info.distance_to_goal).toBe("number");
    expect([env.observationSpace, env.actionSpace]).toEqual(spaces);
    expect(env.observationSpace).toBe(spaces[0]);
    expect(env.unwrapped).toBe(env);
  });

  it("same seed, same actions -> same trajectory, across instances", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 30 }), (seed, actions) => {
        const rollout = () => {
          const env = new ToyEnv();
          const out: unknown[] = [env.reset({ seed })];
          for (const a of actions) {
            const step = env.step(a);
            out.push(step);
            if (step[2] || step[3]) break;
          }
          return JSON.stringify(out);
        };
        expect(rollout()).toBe(rollout());
      }),
      { numRuns: 30 },
    );
  });

  it("rejects bad seeds with ValidationError naming seed and leaves the env unchanged", () => {
    const env = new ToyEnv();
    env.reset({ seed: 1 });
    for (const seed of [-1, 2 ** 32, 1.5, Number.NaN, "7", 1n]) {
      expectPlumeError(() => env.reset({ seed: seed as number }), ValidationError, ErrorCode.VALIDATION, "seed");
    }
    expect(env.step(0)[4].step_count).toBe(1);
  });

  it("enforces the lifecycle with StateError and closes idempotently", () => {
    const env = new ToyEnv({ maxSteps: 1 });
    expectPlumeError(() => env.step(0), StateError, ErrorCode.STATE, undefined);
    env.reset();
    const [, , , truncated] = env.step(0);
    expect(truncated).toBe(true);
    expect(() => env.step(0)).toThrow(StateError);
    env.close();
    env.close();
    expect(() => env.reset()).toThrow(StateError);
    expect(() => env.step(0)).toThrow(StateError);
  });

  it("types: the toy satisfies Env with PlumeInfo, and Env defaults are generic", () => {
    expectTypeOf<ToyEnv>().toExtend<Env<NDArray<"float32">, number, PlumeInfo>>();
    expectTypeOf<ToyEnv>().toExtend<Env>();
    expectTypeOf<Env["reset"]>().returns.toEqualTypeOf<ResetResult<unknown, EnvInfo>>();
    expectTypeOf<StepResult<number, PlumeInfo>[4]>().toEqualTypeOf<PlumeInfo>();
    expectTypeOf<Env<number, number>["actionSpace"]>().toEqualTypeOf<SpaceLike<number>>();
    expectTypeOf<DiscreteGridActions>().toExtend<ActionProcessor>();
    expectTypeOf<ConcentrationSensor>().toExtend<ObservationModel>();
    expectTypeOf<SparseGoalReward>().toExtend<RewardFunction>();
    expectTypeOf<RandomPolicy>().toExtend<Policy>();
  });
});
