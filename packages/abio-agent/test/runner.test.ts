import { describe, expect, it } from "vitest";
import {
  AbioValidationError,
  ActionResult,
  Observation,
  ScoringRegistry,
  ScriptedAgent,
  budgetCompliance,
  runExperiment,
  type Agent,
  type DecisionContext,
  type ExperimentResults,
} from "../src/index.js";
import { emptyScenario } from "../src/contract/index.js";
import { expectAbioError, toyScenario } from "./helpers.js";

describe("runExperiment", () => {
  it("delivers the initial observation, then every ActionResult before the next decision, and records the trace", async () => {
    const seen: Observation[] = [];
    const agent: Agent = {
      name: "recorder",
      decide(obs) {
        seen.push(obs);
        return seen.length <= 3 ? { name: "inc", params: { by: 1 } } : null;
      },
    };
    const results = await runExperiment(toyScenario(), agent, { seed: 5 });
    expect(seen[0]?.isInitial()).toBe(true);
    expect(seen[0]).not.toBeInstanceOf(ActionResult);
    expect(seen.slice(1).every((o) => o instanceof ActionResult && !o.isInitial())).toBe(true);
    expect(results.trace.map((t) => t.observation)).toEqual(seen.slice(1));
    results.trace.forEach((t, i) => expect(seen[i + 1]).toBe(t.observation));
    expect(results.trace.map((t) => (t.observation.current_state as { value: number }).value)).toEqual([1, 2, 3]);
    expect([results.end_reason, results.status, results.agent, results.seed, results.steps, results.turns]).toEqual(["agent_done", "completed", "recorder", 5, 3, 3]);
  });

  it("supports async agents (language models) and passes them a signal and the turn", async () => {
    const turns: number[] = [];
    const agent: Agent = {
      async decide(obs: Observation, ctx: DecisionContext) {
        turns.push(ctx.turn);
        expect(ctx.signal.aborted).toBe(false);
        await new Promise((r) => setTimeout(r, 1));
        return obs.step < 2 ? { name: "noop" } : null;
      },
    };
    const results = await runExperiment(toyScenario(), agent);
    expect(turns).toEqual([0, 1, 2]);
    expect(results.steps).toBe(2);
    expect(results.agent).toBe("agent");
  });

  it("calls start and end; end receives the results", async () => {
    const calls: string[] = [];
    let ended: ExperimentResults | undefined;
    const agent: Agent = {
      start: (info) => void calls.push(`start ${info.scenario} ${info.seed}`),
      decide: () => (calls.push("decide"), null),
      end: (r) => void (ended = r),
    };
    const results = await runExperiment(toyScenario(), agent, { seed: 9 });
    expect(calls).toEqual(["start toy 9", "decide"]);
    expect(ended).toBe(results);
  });

  describe("an agent that throws", () => {
    it("in decide: the run ends with status incomplete, reason agent_error and the message", async () => {
      let n = 0;
      const agent: Agent = {
        decide() {
          if (++n === 3) throw new TypeError("bad model output");
          return { name: "peek" };
        },
      };
      const r = await runExperiment(toyScenario(), agent);
      expect([r.status, r.end_reason, r.incomplete_reason, r.passed, r.turns]).toEqual(["incomplete", "agent_error", "agent_error", false, 2]);
      expect(r.error).toBe("agent.decide() threw TypeError: bad model output");
      expect(r.trace).toHaveLength(2);
    });

    it("asynchronously (a rejected promise)", async () => {
      const r = await runExperiment(toyScenario(), { decide: async () => Promise.reject(new Error("503")) });
      expect([r.end_reason, r.error]).toEqual(["agent_error", "agent.decide() threw Error: 503"]);
    });

    it("in start: no decision is made", async () => {
      let decided = false;
      const r = await runExperiment(toyScenario(), {
        start() {
          throw new Error("no key");
        },
        decide: () => ((decided = true), null),
      });
      expect([r.end_reason, r.error, decided]).toEqual(["agent_error", "agent.start() threw Error: no key", false]);
    });

    it("in end: the results keep their status and carry the error", async () => {
      const r = await runExperiment(toyScenario(), {
        decide: () => null,
        end() {
          throw new Error("flush failed");
        },
      });
      expect([r.status, r.end_reason, r.error]).toEqual(["completed", "agent_done", "agent.end() threw Error: flush failed"]);
    });
  });

  describe("a zero-cost measurement loop", () => {
    const looper = (): Agent => ({ decide: () => ({ name: "peek" }) });

    it("ends at the turn limit", async () => {
      const r = await runExperiment(toyScenario({ budget: 10 }), looper(), { session: { maxTurns: 300 } });
      expect([r.end_reason, r.turns, r.steps, r.spent, r.status]).toEqual(["max_turns", 300, 0, 0, "completed"]);
    });

    it("ends at the time limit (timeLimitMs)", async () => {
      const r = await runExperiment(toyScenario(), looper(), { session: { timeLimitMs: 40, maxTurns: Infinity } });
      expect(r.end_reason).toBe("time_exceeded");
      expect(r.turns).toBeGreaterThan(0);
      expect(r.status).toBe("completed");
    });

    it("ends when an AbortSignal.timeout fires, even with a synchronous agent", async () => {
      const r = await runExperiment(toyScenario(), looper(), { session: { signal: AbortSignal.timeout(40), maxTurns: Infinity } });
      expect(r.end_reason).toBe("time_exceeded");
    });

    it("with a step limit: measurements do not advance the step, so the turn or time limit ends it", async () => {
      const r = await runExperiment(toyScenario(), looper(), { session: { maxSteps: 3, maxTurns: 50 } });
      expect([r.end_reason, r.steps, r.turns]).toEqual(["max_turns", 0, 50]);
    });
  });

  it("cuts off a hung asynchronous agent at the time limit and aborts its signal", async () => {
    let signal: AbortSignal | undefined;
    const agent: Agent = {
      decide: (_obs, ctx) =>
        new Promise((resolve) => {
          signal = ctx.signal;
          setTimeout(() => resolve({ name: "noop" }), 10_000).unref?.();
        }),
    };
    const started = performance.now();
    const r = await runExperiment(toyScenario(), agent, { session: { timeLimitMs: 50 } });
    expect(r.end_reason).toBe("time_exceeded");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(signal?.aborted).toBe(true);
    expect(r.trace).toHaveLength(0);
  });

  it("a caller's abort ends the run as aborted (incomplete)", async () => {
    const controller = new AbortController();
    const r = await runExperiment(toyScenario(), {
      decide: (o) => {
        if (o.step === 2) controller.abort();
        return { name: "noop" };
      },
    }, { session: { signal: controller.signal } });
    expect([r.end_reason, r.status, r.steps]).toEqual(["aborted", "incomplete", 2]);
  });

  it("a scenario with no actions: the run still works and ends when the agent is done", async () => {
    const r = await runExperiment(emptyScenario(), new ScriptedAgent([{ name: "anything" }]));
    expect(r.trace.map((t) => [t.action.name, t.observation.success])).toEqual([
      ["anything", false],
      ["done", true],
    ]);
    expect(r.trace[0]?.observation.error).toBe("Unknown action: anything");
    expect(r.end_reason).toBe("agent_done");
  });

  it("a scenario whose create() throws gives scenario_error results", async () => {
    const r = await runExperiment({ name: "broken", create: () => { throw new Error("no data"); } }, { decide: () => null });
    expect([r.status, r.end_reason, r.error]).toEqual(["incomplete", "scenario_error", "creating the world failed: Error: no data"]);
  });

  it("validates its arguments with typed errors", async () => {
    await expect(runExperiment({ name: "", create: () => ({}) } as never, { decide: () => null })).rejects.toMatchObject({ parameter: "name" });
    await expect(runExperiment(toyScenario(), {} as never)).rejects.toBeInstanceOf(AbioValidationError);
    await expect(runExperiment(toyScenario(), { decide: () => null }, { seed: -1 })).rejects.toMatchObject({ parameter: "seed" });
    await expect(runExperiment(toyScenario(), { decide: () => null }, { session: { maxTurns: -1 } })).rejects.toMatchObject({ parameter: "session.maxTurns" });
  });
});

describe("scoring", () => {
  const twoIncs = () => new ScriptedAgent([{ name: "inc", params: { by: 1 } }, { name: "inc", params: { by: 1 } }]);

  it("scores with the scenario's scorers and the registry, then applies the pass threshold", async () => {
    const registry = new ScoringRegistry().register("value_score", (c) => (c.finalState.value as number) / 4);
    const scenario = toyScenario({ scoring: { score: "value_score", efficiency: "efficiency", raw: (c) => c.steps }, passingScore: 0.5, session: { budget: 10 } });
    const r = await runExperiment(scenario, twoIncs(), { registry });
    expect(r.scores).toEqual({ score: 0.5, efficiency: 1, raw: 2, budget_compliance: 1 });
    expect(r.passed).toBe(true);
    expect((await runExperiment(scenario, twoIncs(), { registry, passingScore: 0.6 })).passed).toBe(false);
  });

  it("reports scoring errors instead of silently scoring 0, and a missing main score cannot pass", async () => {
    const scenario = toyScenario({
      scoring: {
        score: () => {
          throw new RangeError("no final state");
        },
        nan: () => Number.NaN,
        typo: "budget_complience",
      },
      passingScore: 0,
    });
    const r = await runExperiment(scenario, twoIncs());
    expect(r.scores).toEqual({ budget_compliance: 1 });
    expect(r.scoring_errors.score).toBe("scorer threw RangeError: no final state");
    expect(r.scoring_errors.nan).toBe("scorer returned NaN, not a finite number");
    expect(r.scoring_errors.typo).toMatch(/^unknown scorer "budget_complience"/);
    expect(r.passed).toBe(false);
  });

  it("without a `score`, budget_compliance is the main score (the reference's rule)", async () => {
    const r = await runExperiment(toyScenario({ session: { budget: 3, budgetPolicy: "soft" } }), twoIncs());
    expect(r.scores.budget_compliance).toBeCloseTo(budgetCompliance(4, 3), 12);
    expect(r.passed).toBe(false); // over budget never passes
  });

  it("budgetCompliance is the reference's budget_score", () => {
    expect([budgetCompliance(5, 10), budgetCompliance(10, 10), budgetCompliance(15, 10), budgetCompliance(20, 10), budgetCompliance(30, 10)]).toEqual([1, 1, 0.5, 0, 0]);
    expect([budgetCompliance(0, 0), budgetCompliance(1, 0), budgetCompliance(1e9, Infinity)]).toEqual([1, 0, 1]);
    expectAbioError(() => budgetCompliance(1, -1), AbioValidationError, "budget");
  });

  it("the registry refuses duplicate names unless overridden", () => {
    const reg = new ScoringRegistry();
    expect(reg.names()).toContain("budget_compliance");
    expectAbioError(() => reg.register("efficiency", () => 0), AbioValidationError, "name");
    expect(reg.register("efficiency", () => 0, { override: true }).has("efficiency")).toBe(true);
    expectAbioError(() => reg.register("other", () => 0, { force: true } as never), AbioValidationError, "force");
  });
});
