import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AbioSession, AbioStateError, AbioValidationError, Action, ActionResult, SESSION_DEFAULTS, type ActionInput, type JsonValue } from "../src/index.js";
import { expectAbioError, toyWorld } from "./helpers.js";

describe("observe() and the initial observation", () => {
  it("starts at step 0, initial, spent 0, remaining = budget; the info dicts carry description and effective cost", () => {
    const s = new AbioSession(toyWorld(), { budget: 10 });
    const o = s.observe();
    expect(o.step).toBe(0);
    expect(o.isInitial()).toBe(true);
    expect([o.budget, o.spent, o.remaining]).toEqual([10, 0, 10]);
    expect(o.briefing).toBe("Count up.");
    expect(o.constitution).toBe("Be frugal.");
    expect(o.current_state).toEqual({ value: 0 });
    // The reference's default costs: actions 1.0, measurements 0 (here declared except `noop`).
    expect(o.available_actions).toEqual({ inc: { description: "Add `by`.", params: { by: "int" }, cost: 2 }, noop: { description: "Nothing.", cost: 1 } });
    expect(o.available_measurements).toEqual({ read: { description: "Read the secret.", cost: 0.5 }, peek: { description: "Free look.", cost: 0 } });
  });

  it("only the first observation is initial; a measurement leaves step 0 but the next observation is not initial", () => {
    const s = new AbioSession(toyWorld());
    expect(s.observe().isInitial()).toBe(true);
    expect(s.observe().isInitial()).toBe(false);
    const s2 = new AbioSession(toyWorld());
    const r = s2.act({ name: "peek" });
    expect(r.step).toBe(0);
    expect(r.isInitial()).toBe(false);
    expect(s2.observe().isInitial()).toBe(false);
  });

  it("hidden state is only revealed by measurements", () => {
    const s = new AbioSession(toyWorld());
    const o = s.observe();
    expect(JSON.stringify(o.current_state)).not.toContain("secret");
    const moved = s.act({ name: "inc", params: { by: 1 } });
    expect(moved.data).toBeNull();
    expect(JSON.stringify(moved.current_state)).not.toContain("secret");
    expect(s.act({ name: "read" }).data).toEqual({ secret: 42, value: 1 });
  });

  it("defaults: unlimited budget, hard policy, error cost 0.1, no step limit, 10000 turns", () => {
    const s = new AbioSession(toyWorld());
    expect([s.budget, s.budgetPolicy, s.errorCost, s.maxSteps, s.maxTurns]).toEqual([Infinity, "hard", 0.1, Infinity, 10_000]);
    expect(SESSION_DEFAULTS.errorCost).toBe(0.1);
    expect(new AbioSession(toyWorld({ budget: 7 })).budget).toBe(7);
    expect(new AbioSession(toyWorld({ budget: 7 }), { budget: 3 }).budget).toBe(3);
  });
});

describe("validation: failed results, never exceptions", () => {
  const cases: [string, ActionInput | unknown, RegExp][] = [
    ["unknown name", { name: "fly" }, /^Unknown action: fly$/],
    ["unknown measurement (explicit kind)", { name: "inc", kind: "measurement", params: { by: 1 } }, /^Unknown measurement: inc$/],
    ["missing parameter", { name: "inc", params: {} }, /^Missing required parameter: by$/],
    ["wrong type", { name: "inc", params: { by: "one" } }, /^Parameter by must be an integer$/],
    ["non-integer", { name: "inc", params: { by: 1.5 } }, /^Parameter by must be an integer$/],
    ["unknown parameter", { name: "noop", params: { x: 1 } }, /^Unknown parameter: x/],
    ["malformed action", { nom: "inc" }, /^Invalid action: name/],
    ["non-object params", { name: "inc", params: [1] }, /^Invalid action: params/],
    ["not an object", 42, /^Invalid action/],
    ["non-JSON params", { name: "inc", params: { by: Number.NaN } }, /^Invalid action: params.by/],
  ];
  for (const [label, action, message] of cases) {
    it(`${label} -> failed result charged the error cost`, () => {
      const s = new AbioSession(toyWorld(), { budget: 10, errorCost: 0.25 });
      const r = s.act(action as ActionInput);
      expect(r).toBeInstanceOf(ActionResult);
      expect(r.success).toBe(false);
      expect(r.error).toMatch(message);
      expect(r.cost).toBe(0.25);
      expect(r.step).toBe(0);
      expect(r.spent).toBe(0.25);
      expect(s.turns).toBe(1);
      expect(s.trace).toHaveLength(1);
    });
  }

  it("checks every declared type: float, int, str, bool, enum, bounds, optional", () => {
    const world = toyWorld({
      actions: {
        set: {
          params: {
            f: { type: "float", min: 0, max: 1 },
            i: "integer",
            s: "string",
            b: "boolean",
            e: ["a", "b"],
            o: { type: "number", optional: true },
          },
        },
      },
      measurements: {},
    });
    const s = new AbioSession(world, { errorCost: 0 });
    const good = { f: 0.5, i: 2, s: "x", b: true, e: "a" };
    expect(s.act({ name: "set", params: good }).success).toBe(true);
    expect(s.act({ name: "set", params: { ...good, o: 3 } }).success).toBe(true);
    const bad: [Record<string, JsonValue>, RegExp][] = [
      [{ ...good, f: 2 }, /f must be <= 1/],
      [{ ...good, f: -1 }, /f must be >= 0/],
      [{ ...good, f: "0.5" }, /^Parameter f must be a number$/],
      [{ ...good, s: 1 }, /s must be a string/],
      [{ ...good, b: 1 }, /b must be a boolean/],
      [{ ...good, e: "c" }, /e must be one of "a", "b"/],
      [{ ...good, o: "x" }, /o must be a number/],
    ];
    for (const [params, message] of bad) expect(s.act({ name: "set", params }).error).toMatch(message);
  });

  it("rejects malformed declarations and options with a typed error naming the field", () => {
    expectAbioError(() => new AbioSession(toyWorld({ actions: { a: { params: { x: "complex" } } } })), AbioValidationError, "available_actions.a.params.x");
    expectAbioError(() => new AbioSession(toyWorld({ actions: { a: { cost: -1 } } })), AbioValidationError, "available_actions.a.cost");
    expectAbioError(() => new AbioSession(toyWorld({ measurements: { done: {} } })), AbioValidationError, "available_measurements.done");
    expectAbioError(() => new AbioSession(toyWorld(), { budget: -1 }), AbioValidationError, "budget");
    expectAbioError(() => new AbioSession(toyWorld(), { budgetPolicy: "lenient" as "hard" }), AbioValidationError, "budgetPolicy");
    expectAbioError(() => new AbioSession(toyWorld(), { maxSteps: 1.5 }), AbioValidationError, "maxSteps");
    expectAbioError(() => new AbioSession(toyWorld(), { errorCost: Number.NaN }), AbioValidationError, "errorCost");
    expectAbioError(() => new AbioSession(toyWorld(), { timeLimitMs: 0 }), AbioValidationError, "timeLimitMs");
    expectAbioError(() => new AbioSession(toyWorld(), { signal: {} as AbortSignal }), AbioValidationError, "signal");
    expectAbioError(() => new AbioSession(toyWorld(), { colour: "red" } as never), AbioValidationError, "colour");
    expectAbioError(() => new AbioSession({ observableState: () => ({}) } as never), AbioValidationError, "environment.execute");
  });
});

describe("accounting", () => {
  it("charges declared costs; actions advance the step, measurements and failures do not", () => {
    const s = new AbioSession(toyWorld(), { budget: 100 });
    const steps: number[] = [];
    for (const a of [{ name: "inc", params: { by: 2 } }, { name: "read" }, { name: "noop" }, { name: "fly" }, { name: "peek" }]) steps.push(s.act(a).step);
    expect(steps).toEqual([1, 1, 2, 2, 2]);
    expect(s.spent).toBeCloseTo(2 + 0.5 + 1 + 0.1 + 0, 12);
    expect(s.trace.map((t) => t.cumulative_cost)).toEqual(s.trace.map((t) => t.observation.spent));
    expect(s.trace.map((t) => t.step)).toEqual(steps);
    expect(s.trace[0]?.action).toBeInstanceOf(Action);
  });

  it("a world that reports failure is charged but does not advance the step", () => {
    const s = new AbioSession(toyWorld({ execute: () => ({ success: false, error: "jammed" }) }));
    const r = s.act({ name: "inc", params: { by: 1 } });
    expect([r.success, r.error, r.cost, r.step]).toEqual([false, "jammed", 2, 0]);
  });

  it("quoteCost prices a request dynamically", () => {
    const world = { ...toyWorld(), quoteCost: (req: { params: Record<string, JsonValue> }) => 0.5 * ((req.params.by as number | undefined) ?? 1) };
    const s = new AbioSession(world);
    expect(s.act({ name: "inc", params: { by: 4 } }).cost).toBe(2);
  });
});

describe("budget policies", () => {
  it("hard: an action costing exactly the remaining budget runs and ends the run", () => {
    const s = new AbioSession(toyWorld(), { budget: 2.5, budgetPolicy: "hard" });
    expect(s.act({ name: "read" }).remaining).toBe(2);
    const r = s.act({ name: "inc", params: { by: 1 } });
    expect([r.success, r.cost, r.spent, r.remaining]).toEqual([true, 2, 2.5, 0]);
    expect(s.isDone()).toBe(true);
    expect(s.doneReason).toBe("budget_exceeded");
    expect(() => s.act({ name: "peek" })).toThrow(AbioStateError);
  });

  it("hard: exact spends survive floating-point drift (ten 0.1 reads of a budget of 1)", () => {
    const s = new AbioSession(toyWorld({ measurements: { read: { cost: 0.1 } } }), { budget: 1 });
    for (let i = 0; i < 10; i++) expect(s.act({ name: "read" }).success).toBe(true);
    expect(s.spent).toBe(1);
    expect(s.doneReason).toBe("budget_exceeded");
  });

  it("hard: an over-budget action is refused and by default costs nothing, so a refusal cannot end the run", () => {
    const world = toyWorld();
    const s = new AbioSession(world, { budget: 1.05, budgetPolicy: "hard", errorCost: 0.5 });
    expect(s.refusalCost).toBe(0);
    for (let i = 0; i < 5; i++) {
      const r = s.act({ name: "inc", params: { by: 1 } }); // costs 2
      expect([r.success, r.cost, r.spent, r.remaining]).toEqual([false, 0, 0, 1.05]);
      expect(r.error).toMatch(/^Insufficient budget: inc costs 2 but only 1.05 remains/);
    }
    expect(world.state.executed).toHaveLength(0);
    expect(s.isDone()).toBe(false);
    expect(s.turns).toBe(5);
    // Other failures still cost errorCost.
    expect(s.act({ name: "fly" }).cost).toBe(0.5);
    expect(s.act({ name: "noop" }).success).toBe(false); // costs 1 but only 0.55 remains: refused, free
    expect(s.spent).toBe(0.5);
  });

  it("hard: refusalCost charges refusals when configured, capped by what remains", () => {
    const world = toyWorld();
    const s = new AbioSession(world, { budget: 1.05, budgetPolicy: "hard", errorCost: 0.01, refusalCost: 0.5 });
    const r = s.act({ name: "inc", params: { by: 1 } });
    expect(r.success).toBe(false);
    expect(r.error).toMatch(/^Insufficient budget: inc costs 2 but only 1.05 remains/);
    expect(r.cost).toBe(0.5);
    expect(world.state.executed).toHaveLength(0);
    expect(r.current_state).toEqual({ value: 0 });
    const r2 = s.act({ name: "noop" }); // costs 1 but only 0.55 remains
    expect([r2.success, r2.cost]).toEqual([false, 0.5]);
    const r3 = s.act({ name: "noop" }); // only 0.05 remains: the refusal cost is capped
    expect([r3.success, r3.cost]).toEqual([false, expect.closeTo(0.05, 12)]);
    expect(s.spent).toBe(1.05);
    expect(s.doneReason).toBe("budget_exceeded");
  });

  it("soft: an overspending action runs, remaining goes negative, and the run ends afterwards", () => {
    const s = new AbioSession(toyWorld(), { budget: 1, budgetPolicy: "soft" });
    const r = s.act({ name: "inc", params: { by: 1 } });
    expect([r.success, r.spent, r.remaining, r.step]).toEqual([true, 2, -1, 1]);
    expect(s.isDone()).toBe(true);
    expect(s.doneReason).toBe("budget_exceeded");
    expect(s.results().passed).toBe(false);
  });

  it("a zero budget ends the run before it starts (as the reference: spent >= budget)", () => {
    const s = new AbioSession(toyWorld(), { budget: 0 });
    expect(s.isDone()).toBe(true);
    expect(s.doneReason).toBe("budget_exceeded");
  });

  it("hard never overspends and the books always balance, for any sequence of requests (property)", () => {
    const request = fc.oneof(
      fc.record({ name: fc.constant("inc"), params: fc.record({ by: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constant("x")) }) }),
      fc.constantFrom<ActionInput>({ name: "noop" }, { name: "read" }, { name: "peek" }, { name: "fly" }, { name: "noop", params: { z: 1 } }),
    );
    fc.assert(
      fc.property(fc.array(request, { maxLength: 40 }), fc.double({ min: 0.05, max: 20, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (requests, budget, errorCost) => {
        const s = new AbioSession(toyWorld(), { budget, budgetPolicy: "hard", errorCost });
        let sum = 0;
        let step = 0;
        for (const req of requests) {
          if (s.isDone()) break;
          const r = s.act(req as ActionInput);
          sum += r.cost;
          if (r.success && (r.action_name === "inc" || r.action_name === "noop")) step += 1;
          expect(r.spent).toBeLessThanOrEqual(budget);
          expect(r.remaining).toBeGreaterThanOrEqual(0);
          expect(r.remaining).toBeCloseTo(budget - r.spent, 9);
          expect(r.spent).toBeCloseTo(sum, 9);
          expect(r.step).toBe(step);
          expect(r.cost).toBeGreaterThanOrEqual(0);
        }
        expect(s.spent).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 150 },
    );
  });
});

describe("ending the run", () => {
  it("the built-in `done` action ends the run (agent_done), costs nothing and is recorded", () => {
    const s = new AbioSession(toyWorld());
    const r = s.act({ name: "done" });
    expect([r.success, r.cost, r.step, r.action_name]).toEqual([true, 0, 0, "done"]);
    expect(s.doneReason).toBe("agent_done");
    expect(s.trace).toHaveLength(1);
  });

  it("maxSteps counts successful actions", () => {
    const s = new AbioSession(toyWorld(), { maxSteps: 2 });
    s.act({ name: "read" });
    s.act({ name: "inc", params: { by: 1 } });
    expect(s.isDone()).toBe(false);
    s.act({ name: "noop" });
    expect(s.doneReason).toBe("max_steps");
  });

  it("maxTurns counts every act(): a zero-cost measurement loop ends", () => {
    const s = new AbioSession(toyWorld(), { budget: 5, maxTurns: 25 });
    let n = 0;
    while (!s.isDone()) {
      s.act({ name: "peek" });
      n += 1;
    }
    expect(n).toBe(25);
    expect(s.doneReason).toBe("max_turns");
    expect(s.spent).toBe(0);
    expect(s.step).toBe(0);
  });

  it("timeLimitMs ends a zero-cost measurement loop (injected clock)", () => {
    let now = 0;
    const s = new AbioSession(toyWorld(), { timeLimitMs: 10, clock: () => now });
    let n = 0;
    while (!s.isDone()) {
      s.act({ name: "peek" });
      now += 1;
      n += 1;
    }
    expect(n).toBe(10);
    expect(s.doneReason).toBe("time_exceeded");
  });

  it("an aborted signal ends the run: time_exceeded for a timeout, aborted otherwise", () => {
    const timeout = new AbortController();
    const s = new AbioSession(toyWorld(), { signal: timeout.signal });
    s.act({ name: "peek" });
    timeout.abort(new DOMException("late", "TimeoutError"));
    expect(s.isDone()).toBe(true);
    expect(s.doneReason).toBe("time_exceeded");
    expect(s.results().status).toBe("completed");

    const user = new AbortController();
    const s2 = new AbioSession(toyWorld(), { signal: user.signal });
    user.abort();
    expect(s2.isDone()).toBe(true);
    expect(s2.doneReason).toBe("aborted");
    expect(s2.results().status).toBe("incomplete");
  });

  it("a terminal world ends the run", () => {
    const s = new AbioSession(toyWorld({ terminalAt: 3 }));
    s.act({ name: "inc", params: { by: 3 } });
    expect(s.doneReason).toBe("terminal");
  });

  it("a scenario that breaks its protocol ends the run with scenario_error; nothing is charged", () => {
    const throwing = new AbioSession(toyWorld({ execute: () => { throw new Error("boom"); } }));
    const r = throwing.act({ name: "noop" });
    expect([r.success, r.cost]).toEqual([false, 0]);
    expect(r.error).toMatch(/^Scenario error: execute\("noop"\) threw Error: boom/);
    expect(throwing.doneReason).toBe("scenario_error");
    expect(throwing.error).toMatch(/boom/);
    expect(throwing.results().status).toBe("incomplete");

    const leaking = new AbioSession(toyWorld({ execute: () => ({ data: { secret: 42 } }) }));
    expect(leaking.act({ name: "noop" }).error).toMatch(/only measurements may reveal state/);
    expect(leaking.doneReason).toBe("scenario_error");

    const badData = new AbioSession(toyWorld({ execute: () => ({ data: { x: Number.NaN } }) }));
    expect(badData.act({ name: "peek" }).error).toMatch(/invalid data/);

    const badState = new AbioSession({ ...toyWorld(), observableState: () => ({ x: undefined }) as never });
    badState.observe();
    expect(badState.doneReason).toBe("scenario_error");
  });

  it("close() is called once when the run ends", () => {
    let closed = 0;
    const s = new AbioSession({ ...toyWorld(), close: () => void (closed += 1) }, { maxTurns: 1 });
    s.act({ name: "peek" });
    s.end("agent_done");
    expect(closed).toBe(1);
  });
});

describe("results()", () => {
  it("scores with budget_compliance by default and applies the pass threshold", () => {
    const s = new AbioSession(toyWorld(), { budget: 10 });
    s.act({ name: "inc", params: { by: 1 } });
    s.act({ name: "done" });
    const res = s.results({ scenario: "toy", seed: 1 });
    expect(res.scores).toEqual({ budget_compliance: 1 });
    expect(res.passed).toBe(true);
    expect([res.status, res.end_reason, res.incomplete_reason, res.steps, res.turns, res.spent]).toEqual(["completed", "agent_done", null, 1, 2, 2]);
    const low = s.results({ scoring: { score: () => 0.2 } });
    expect(low.passed).toBe(false);
    expect(s.results({ scoring: { score: () => 0.2 }, passingScore: 0.1 }).passed).toBe(true);
  });

  it("a session still running gives incomplete results (not_done)", () => {
    const res = new AbioSession(toyWorld()).results();
    expect([res.status, res.incomplete_reason, res.end_reason, res.passed]).toEqual(["incomplete", "not_done", "not_done", false]);
  });
});
