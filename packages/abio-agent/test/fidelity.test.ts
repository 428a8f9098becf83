/**
 * Issue 27: malformed tool-call arguments come back to the model as a failed result, budget
 * refusals are free unless configured, the random baseline spends its budget, and exports write
 * each run's interface once.
 */
import { describe, expect, it } from "vitest";
import {
  AbioSession,
  AbioValidationError,
  Action,
  ActionResult,
  ExperimentResults,
  InvalidAction,
  SHARED_INTERFACE_REF,
  ToolCallingAgent,
  decisionFromToolCall,
  runBatch,
  runExperiment,
  type ChatMessage,
  type ModelRequest,
  type ModelResponse,
} from "../src/index.js";
import { PLUME_SEARCH_DEFAULTS, plumeSearchScenario } from "../src/plume-search.js";
import { randomAgentFactory, seededRandomAgent } from "../src/random.js";
import { toyScenario, toyWorld } from "./helpers.js";

describe("malformed tool-call arguments", () => {
  it.each([["{oops"], ['{"by": 1'], ["[1, 2]"], ["42"], ['"text"'], ["null"]])(
    "%j is a failed result the model sees and can correct, a turn charged the error cost",
    async (args) => {
      const requests: ModelRequest[] = [];
      const replies: ModelResponse[] = [
        { toolCall: { id: "c1", name: "inc", arguments: args }, text: "adding" },
        { toolCall: { id: "c2", name: "inc", arguments: '{"by": 3}' } },
      ];
      const agent = new ToolCallingAgent({ model: (request) => (requests.push(request), replies.shift() ?? {}) });
      const results = await runExperiment(toyScenario({ session: { budget: 10, errorCost: 0.25 } }), agent);
      expect(results.end_reason).toBe("agent_done");
      expect(results.error).toBeNull();
      expect(results.turns).toBe(2);
      const [bad, good] = results.trace;
      expect(bad?.observation.success).toBe(false);
      expect(bad?.observation.cost).toBe(0.25);
      expect(bad?.observation.error).toMatch(/^Invalid action: tool call "inc": /);
      expect(bad?.action.name).toBe("inc");
      expect(bad?.action.reasoning).toBe("adding");
      expect(good?.observation.success).toBe(true);
      expect(results.spent).toBe(2.25);
      expect(results.steps).toBe(1);
      // The model saw its own malformed call and the error as that call's tool result.
      const transcript = requests[1]?.messages ?? [];
      const call = transcript.at(-2) as Extract<ChatMessage, { role: "assistant" }>;
      const answer = transcript.at(-1) as Extract<ChatMessage, { role: "tool" }>;
      expect(call.tool_call).toEqual({ id: "c1", name: "inc", arguments: args });
      expect(answer).toMatchObject({ role: "tool", tool_call_id: "c1", name: "inc" });
      expect(JSON.parse(answer.content)).toMatchObject({ action: "inc", success: false, cost: 0.25 });
    },
  );

  it("a call without a name is a failed attempt too", () => {
    const decision = decisionFromToolCall({ name: "", arguments: "{}" });
    expect(decision).toBeInstanceOf(InvalidAction);
    const s = new AbioSession(toyWorld(), { errorCost: 0.1 });
    const r = s.act(decision);
    expect([r.success, r.cost, r.action_name, s.turns, s.step]).toEqual([false, 0.1, "", 1, 0]);
    expect(r.error).toMatch(/toolCall.name/);
  });

  it("InvalidAction needs a message", () => {
    expect(() => new InvalidAction({ name: "x", error: "" })).toThrow(AbioValidationError);
  });

  it("a malformed call can exhaust the budget like any other failed attempt", async () => {
    const agent = new ToolCallingAgent({ model: () => ({ toolCall: { name: "inc", arguments: "{" } }) });
    const results = await runExperiment(toyScenario({ session: { budget: 1, errorCost: 0.25 } }), agent);
    expect(results.end_reason).toBe("budget_exceeded");
    expect(results.turns).toBe(4);
  });
});

describe("budget refusals", () => {
  it("are free by default: an agent that keeps asking for too much does not spend its budget on refusals", async () => {
    // inc costs 2; with 1.5 left every request is refused; the run ends on the turn limit, not the budget.
    const agent = { decide: () => ({ name: "inc", params: { by: 1 } }) };
    const results = await runExperiment(toyScenario({ session: { budget: 1.5, maxTurns: 20 } }), agent);
    expect(results.end_reason).toBe("max_turns");
    expect(results.spent).toBe(0);
    expect(results.trace.every((r) => r.observation.error?.startsWith("Insufficient budget") && r.observation.cost === 0)).toBe(true);
  });

  it("cost refusalCost when configured", async () => {
    const agent = { decide: () => ({ name: "inc", params: { by: 1 } }) };
    const results = await runExperiment(toyScenario({ session: { budget: 1.5, maxTurns: 20, refusalCost: 0.5 } }), agent);
    expect(results.end_reason).toBe("budget_exceeded");
    expect([results.turns, results.spent]).toEqual([3, 1.5]);
  });

  it("rejects a negative refusalCost naming the option", () => {
    try {
      new AbioSession(toyWorld(), { refusalCost: -1 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AbioValidationError);
      expect((error as AbioValidationError).parameter).toMatch(/refusalCost/);
    }
  });
});

describe("the random baseline", () => {
  const seeds = Array.from({ length: 10 }, (_, i) => i);
  const cheapest = Math.min(PLUME_SEARCH_DEFAULTS.moveCost, PLUME_SEARCH_DEFAULTS.sniffCost);

  it("spends its budget on plume-search: it stops only when nothing fits (or the search ends)", async () => {
    for (const seed of seeds) {
      const results = await runExperiment(plumeSearchScenario(), seededRandomAgent(seed), { seed });
      expect(results.status, `seed ${seed}`).toBe("completed");
      const left = results.budget - results.spent;
      if (results.end_reason === "agent_done") expect(left, `seed ${seed}`).toBeLessThan(cheapest);
      else expect(["budget_exceeded", "terminal", "max_steps"], `seed ${seed}`).toContain(results.end_reason);
      // It never asked for something it could not afford.
      expect(results.trace.some((r) => r.observation.error?.startsWith("Insufficient budget"))).toBe(false);
    }
  });

  it("keeps the reference's early stop as an option, which spends far less", async () => {
    let full = 0;
    let early = 0;
    for (const seed of seeds) {
      full += (await runExperiment(plumeSearchScenario(), seededRandomAgent(seed), { seed })).spent;
      early += (await runExperiment(plumeSearchScenario(), seededRandomAgent(seed, { doneProbability: 0.1 }), { seed })).spent;
    }
    expect(early).toBeLessThan(full / 3);
  });

  it("stops once only free names fit, instead of running to the turn limit", async () => {
    // toy world: inc costs 2, noop 1, read 0.5, peek is free
    for (const seed of [1, 2, 3, 4, 5]) {
      const results = await runExperiment(toyScenario({ session: { budget: 10.25, maxTurns: 5000 } }), seededRandomAgent(seed));
      expect(["agent_done", "budget_exceeded"]).toContain(results.end_reason);
      expect(results.budget - results.spent).toBeLessThan(0.5);
      expect(results.turns).toBeLessThan(200);
    }
  });

  it("runs to the turn limit when only free names are declared", async () => {
    const results = await runExperiment(
      toyScenario({ actions: {}, measurements: { peek: { cost: 0 } }, session: { maxTurns: 50 } }),
      seededRandomAgent(3),
    );
    expect(results.end_reason).toBe("max_turns");
  });

  it("with affordableOnly: false it may ask for what does not fit (a hard budget refuses it)", async () => {
    const results = await runExperiment(
      toyScenario({ session: { budget: 1.5, maxTurns: 50 } }),
      seededRandomAgent(1, { affordableOnly: false, measurements: false }),
    );
    expect(results.trace.some((r) => r.observation.error?.startsWith("Insufficient budget"))).toBe(true);
  });
});

describe("exports write each run's interface once", () => {
  async function batch() {
    return runBatch({
      scenarios: [plumeSearchScenario()],
      agents: [randomAgentFactory()],
      seeds: Array.from({ length: 20 }, (_, i) => i),
    });
  }

  it("keeps one briefing per run, references it from every trace record and reads back identically", async () => {
    const results = await batch();
    const compact = results.exportJSON();
    const inline = results.exportJSON({ inlineInterface: true });
    const records = results.runs.reduce((n, r) => n + r.results.trace.length, 0);
    const briefing = JSON.stringify(results.runs[0]!.results.trace[0]!.observation.briefing);
    const count = (text: string, needle: string) => text.split(needle).length - 1;
    expect(count(inline, briefing)).toBe(records);
    expect(count(compact, briefing)).toBe(results.runs.length);
    expect(count(compact, JSON.stringify(SHARED_INTERFACE_REF))).toBe(records);
    // Every record's interface text is saved except one per run.
    const perRecord = JSON.stringify(results.runs[0]!.results.toJSON({ inlineInterface: true }).interface ?? {}).length;
    expect(perRecord).toBeGreaterThan(0);
    expect(compact.length).toBeLessThan(inline.length * 0.75);
    const a = JSON.parse(compact) as { runs: { results: unknown }[] };
    const b = JSON.parse(inline) as { runs: { results: unknown }[] };
    a.runs.forEach((run, i) => {
      const fromCompact = ExperimentResults.fromJSON(run.results);
      const fromInline = ExperimentResults.fromJSON(b.runs[i]!.results);
      expect(JSON.stringify(fromCompact.toJSON({ inlineInterface: true }))).toBe(JSON.stringify(fromInline.toJSON({ inlineInterface: true })));
      expect(fromCompact.trace.every((r) => r.observation instanceof ActionResult && r.observation.briefing.length > 0)).toBe(true);
    });
  });

  it("keeps a record whose interface differs from the run's inline", () => {
    const base = { constitution: "", available_actions: {}, available_measurements: {}, current_state: {}, step: 0, budget: 1, spent: 0, remaining: 1, action_name: "x", success: false, cost: 0 };
    const record = (briefing: string) => ({ action: new Action({ name: "x" }), observation: new ActionResult({ ...base, briefing }), step: 0, cumulative_cost: 0 });
    const results = new ExperimentResults({ scenario: "s", seed: null, scores: {}, trace: [record("one"), record("two")], passed: false, status: "completed", end_reason: "agent_done", budget: 1, spent: 0, steps: 0, turns: 2 });
    const json = results.toJSON();
    expect(json.interface?.briefing).toBe("one");
    expect(json.trace[0]?.observation).toMatchObject({ interface: SHARED_INTERFACE_REF });
    expect(json.trace[1]?.observation).toMatchObject({ briefing: "two" });
    expect(ExperimentResults.fromJSON(JSON.parse(JSON.stringify(json))).trace.map((r) => r.observation.briefing)).toEqual(["one", "two"]);
  });

  it("refuses a reference without an interface to point at", () => {
    const json = { scenario: "s", seed: null, scores: {}, passed: false, status: "completed", end_reason: "agent_done", budget: 1, spent: 0, steps: 0, turns: 1, trace: [{ action: { name: "x", params: {} }, observation: { interface: SHARED_INTERFACE_REF }, step: 0, cumulative_cost: 0 }] };
    expect(() => ExperimentResults.fromJSON(json)).toThrow(AbioValidationError);
  });
});
