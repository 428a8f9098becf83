import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  AgentState,
  Coordinates,
  ErrorCode,
  ValidationError,
  agentStateDataSchema,
  agentStateSchema,
  type AgentStateData,
} from "../src/index.js";
import { expectPlumeError } from "./helpers.js";

const int = fc.integer({ min: -1000, max: 1000 });
/** Mirrors the contract kit's arb.agent: orientation in [0, 360) with the usual headings, counters, flag. */
const agentStates = fc
  .record({
    x: int,
    y: int,
    orientation: fc.oneof(
      fc.constantFrom(0, 45, 90, 180, 270, 359.999),
      fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true }),
    ),
    step_count: fc.integer({ min: 0, max: 100 }),
    total_reward: fc.double({ min: -1000, max: 1000, noNaN: true }),
    goal_reached: fc.boolean(),
  })
  .map(({ x, y, ...rest }) => new AgentState({ position: new Coordinates(x, y), ...rest }));

describe("AgentState", () => {
  it("defaults orientation, counters and flag", () => {
    const s = new AgentState({ position: new Coordinates(1, 2) });
    expect(s.toJSON()).toEqual({ position: [1, 2], orientation: 0, step_count: 0, total_reward: 0, goal_reached: false });
  });

  it("accepts plain positions and normalises orientation as the reference does", () => {
    const s = new AgentState({ position: [3, 4], orientation: -90, step_count: 2, total_reward: -0.5, goal_reached: true });
    expect(s.position).toBeInstanceOf(Coordinates);
    expect(s.position.toTuple()).toEqual([3, 4]);
    expect(s.orientation).toBe(270);
    expect(new AgentState({ position: { x: 0, y: 0 }, orientation: 450 }).orientation).toBe(90);
    expect(s.total_reward).toBe(-0.5); // step penalties make totals negative
  });

  it("is deeply immutable", () => {
    fc.assert(
      fc.property(agentStates, (s) => {
        expect(Object.isFrozen(s)).toBe(true);
        expect(Object.isFrozen(s.position)).toBe(true);
        const before = s.toJSON();
        expect(() => {
          (s as { step_count: number }).step_count += 1;
        }).toThrow(TypeError);
        expect(() => {
          (s.position as { x: number }).x = 99;
        }).toThrow(TypeError);
        expect(s.toJSON()).toEqual(before);
      }),
    );
  });

  it.each([
    [{ position: [1.5, 2] }, "position.x"],
    [{ position: "here" }, "position"],
    [{}, "position"],
    [{ position: [1, 2], orientation: Number.NaN }, "orientation"],
    [{ position: [1, 2], orientation: Number.POSITIVE_INFINITY }, "orientation"],
    [{ position: [1, 2], step_count: -1 }, "step_count"],
    [{ position: [1, 2], step_count: 1.5 }, "step_count"],
    [{ position: [1, 2], total_reward: Number.NaN }, "total_reward"],
    [{ position: [1, 2], goal_reached: 1 }, "goal_reached"],
    [{ position: [1, 2], stepCount: 3 }, "stepCount"],
  ])("rejects %j naming %s", (init, parameter) => {
    expectPlumeError(() => new AgentState(init as never), ValidationError, ErrorCode.VALIDATION, parameter);
  });

  it("rejects non-objects", () => {
    expectPlumeError(() => new AgentState(null as never), ValidationError, ErrorCode.VALIDATION, "AgentState");
  });

  it("with-methods return new instances and leave the original unchanged", () => {
    fc.assert(
      fc.property(agentStates, int, int, fc.double({ min: -720, max: 720, noNaN: true }), (s, x, y, deg) => {
        const before = s.toJSON();
        const moved = s.withPosition(new Coordinates(x, y));
        const turned = s.withOrientation(deg);
        const stepped = s.withStepIncremented();
        const rewarded = s.withRewardAdded(1.5);
        const reached = s.withGoalReached();
        const same = s.with({});
        for (const next of [moved, turned, stepped, rewarded, reached, same]) expect(next).not.toBe(s);
        expect(s.toJSON()).toEqual(before);
        expect(same.equals(s)).toBe(true);
        expect(moved.position.toTuple()).toEqual([x, y]);
        expect(moved.step_count).toBe(s.step_count);
        expect(turned.orientation).toBeGreaterThanOrEqual(0);
        expect(turned.orientation).toBeLessThan(360);
        expect(stepped.step_count).toBe(s.step_count + 1);
        expect(rewarded.total_reward).toBe(s.total_reward + 1.5);
        expect(reached.goal_reached).toBe(true);
        expect(reached.withGoalReached().goal_reached).toBe(true);
      }),
    );
  });

  it("with replaces only the given fields, ignores undefined, and validates", () => {
    const s = new AgentState({ position: [1, 1], orientation: 90, step_count: 4 });
    const t = s.with({ orientation: undefined, total_reward: 2, position: [2, 2] });
    expect(t.toJSON()).toEqual({ position: [2, 2], orientation: 90, step_count: 4, total_reward: 2, goal_reached: false });
    expectPlumeError(() => s.with({ step_count: -1 }), ValidationError, ErrorCode.VALIDATION, "step_count");
    expectPlumeError(() => s.with({ stepcount: 1 } as never), ValidationError, ErrorCode.VALIDATION, "stepcount");
  });

  it("equals compares every field", () => {
    const s = new AgentState({ position: [1, 1] });
    expect(s.equals(new AgentState({ position: new Coordinates(1, 1) }))).toBe(true);
    expect(s.equals(s.withOrientation(90))).toBe(false);
    expect(s.equals(s.withStepIncremented())).toBe(false);
    expect(s.equals(s.withRewardAdded(1))).toBe(false);
    expect(s.equals(s.withGoalReached())).toBe(false);
    expect(s.equals(s.withPosition([1, 2]))).toBe(false);
    expect(s.equals(s.toJSON())).toBe(false);
  });

  it("round-trips through JSON with the contract's snake_case keys", () => {
    fc.assert(
      fc.property(agentStates, (s) => {
        const json = JSON.parse(JSON.stringify(s)) as AgentStateData;
        expect(Object.keys(json)).toEqual(["position", "orientation", "step_count", "total_reward", "goal_reached"]);
        expect(AgentState.fromJSON(json).equals(s)).toBe(true);
        expect(new AgentState(s.toInit()).equals(s)).toBe(true);
      }),
    );
  });

  it("fromJSON returns instances as is, fills defaults and names bad fields with a path", () => {
    const s = new AgentState({ position: [0, 0] });
    expect(AgentState.fromJSON(s)).toBe(s);
    expect(AgentState.fromJSON({ position: [5, 6] }).toJSON().step_count).toBe(0);
    expectPlumeError(
      () => AgentState.fromJSON({ position: [5, 6], goal_reached: "yes" }, "agent_state"),
      ValidationError,
      ErrorCode.VALIDATION,
      "agent_state.goal_reached",
    );
  });

  it("schemas: the data schema fills defaults; agentStateSchema builds an instance", () => {
    expect(agentStateDataSchema.parse({ position: [1, 2] })).toEqual({
      position: { x: 1, y: 2 },
      orientation: 0,
      step_count: 0,
      total_reward: 0,
      goal_reached: false,
    });
    const s = agentStateSchema.parse({ position: [1, 2], orientation: 370 });
    expect(s).toBeInstanceOf(AgentState);
    expect(s.orientation).toBe(10);
  });

  it("toString names every field", () => {
    expect(String(new AgentState({ position: [1, 2] }))).toBe(
      "AgentState(position=(1, 2), orientation=0, step_count=0, total_reward=0, goal_reached=false)",
    );
  });

  it("types: fields keep the contract spelling and are readonly", () => {
    expectTypeOf<AgentState["step_count"]>().toEqualTypeOf<number>();
    expectTypeOf<AgentState["position"]>().toEqualTypeOf<Coordinates>();
    expectTypeOf<AgentStateData["position"]>().toEqualTypeOf<readonly [x: number, y: number]>();
    const assign = (s: AgentState) => {
      // @ts-expect-error step_count is readonly
      s.step_count = 1;
    };
    expect(() => assign(new AgentState({ position: [0, 0] }))).toThrow(TypeError);
  });
});
