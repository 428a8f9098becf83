import { describe, expect, it } from "vitest";
import { AbioSession, ActionResult, AbioValidationError, ScriptedAgent, agentFactory, type AbioEnvironment, type Scenario } from "../src/index.js";
import {
  ABIO_CHECKS,
  ABIO_CHECK_IDS,
  abioResultOf,
  checkAbioAgent,
  checkAbioScenario,
  emptyScenario,
  formatAbioReport,
  labScenario,
  type AbioSuiteReport,
  type SessionFactory,
} from "../src/contract/index.js";
import { randomAgentFactory } from "../src/random.js";
import { toyScenario, toyWorld } from "./helpers.js";

const failed = (report: AbioSuiteReport) => report.results.filter((r) => r.status === "failed").map((r) => r.id);

describe("the catalogue", () => {
  it("has stable, unique ids in two suites", () => {
    expect(new Set(ABIO_CHECK_IDS).size).toBe(ABIO_CHECK_IDS.length);
    expect(ABIO_CHECK_IDS).toContain("abio.budget.hard-never-exceeded");
    expect(ABIO_CHECK_IDS.every((id) => /^abio\.[a-z]+\.[a-z-]+$/.test(id))).toBe(true);
    expect(ABIO_CHECKS.filter((c) => c.suite === "abio-agent").map((c) => c.id)).toEqual([
      "abio.agent.protocol",
      "abio.agent.completes",
      "abio.agent.valid-actions",
      "abio.agent.no-actions",
      "abio.agent.determinism",
    ]);
  });
});

describe("the scenario suite", () => {
  it("passes on correct scenarios, skipping what does not apply", async () => {
    const lab = await checkAbioScenario(labScenario());
    expect(lab.ok, formatAbioReport(lab)).toBe(true);
    expect(lab.counts).toEqual({ passed: 16, failed: 0, skipped: 0 });
    const toy = await checkAbioScenario(toyScenario());
    expect(toy.ok, formatAbioReport(toy)).toBe(true);
    const empty = await checkAbioScenario(emptyScenario());
    expect(empty.ok, formatAbioReport(empty)).toBe(true);
    expect(abioResultOf(empty, "abio.steps.limit")).toMatchObject({ status: "skipped", message: "the scenario declares no actions" });
  });

  it("catches a session that lets the budget be exceeded under the hard policy", async () => {
    const soft: SessionFactory = (env, options) => new AbioSession(env, { ...options, budgetPolicy: "soft" });
    const report = await checkAbioScenario(labScenario(), { createSession: soft });
    expect(failed(report)).toContain("abio.budget.hard-never-exceeded");
    expect(abioResultOf(report, "abio.budget.hard-never-exceeded").message).toMatch(/overspent under the hard policy/);
  });

  it("catches a session whose measurements advance the step", async () => {
    const miscount: SessionFactory = (env, options) => {
      const inner = new AbioSession(env, options);
      return Object.assign(Object.create(inner) as AbioSession, {
        act(action: Parameters<AbioSession["act"]>[0]) {
          const r = inner.act(action);
          return r.action_name === "probe" ? new ActionResult({ ...r, step: r.step + 1 }) : r;
        },
        observe: () => inner.observe(),
        isDone: () => inner.isDone(),
      });
    };
    const report = await checkAbioScenario(labScenario(), { createSession: miscount });
    expect(failed(report)).toContain("abio.steps.accounting");
  });

  it("catches hidden state in current_state", async () => {
    const leaky: Scenario = { name: "leaky", create: () => ({ ...toyWorld(), observableState: () => ({ value: 0, secret: 42 }) }) };
    const report = await checkAbioScenario(leaky);
    expect(failed(report)).toEqual(["abio.hidden.only-by-measurement"]);
  });

  it("catches a world that is not reproducible from its seed", async () => {
    let calls = 0;
    const drifting: Scenario = { name: "drifting", create: () => ({ ...toyWorld(), observableState: () => ({ value: calls++ % 3 }) }) };
    const report = await checkAbioScenario(drifting);
    expect(failed(report)).toContain("abio.determinism.seed");
  });

  it("catches broken scorers and worlds that break the protocol at run time", async () => {
    const badScore = await checkAbioScenario(toyScenario({ scoring: { score: () => Number.NaN } }));
    expect(failed(badScore)).toEqual(["abio.scoring.reported"]);
    const chatty: Scenario = { name: "chatty", create: () => toyWorld({ execute: () => ({ data: { note: "moved" } }) }) };
    expect(failed(await checkAbioScenario(chatty))).toContain("abio.scoring.reported");
  });

  it("closes the gate when worlds cannot be created, reporting why", async () => {
    const broken: Scenario = {
      name: "broken",
      create: (): AbioEnvironment => {
        throw new Error("missing asset");
      },
    };
    const report = await checkAbioScenario(broken);
    expect(report.ok).toBe(false);
    expect(abioResultOf(report, "abio.scenario.create")).toMatchObject({ status: "failed", message: "create({ seed: 0 }) threw Error: missing asset" });
    expect(report.results.filter((r) => r.id !== "abio.scenario.create").every((r) => r.status === "skipped" && r.message.startsWith("gate closed"))).toBe(true);
  });

  it("honours opt-outs and only, and validates its options", async () => {
    const report = await checkAbioScenario(labScenario(), { only: ["abio.budget.accounting"], skip: { "abio.budget.accounting": "tested elsewhere" } });
    expect(report.counts).toEqual({ passed: 0, failed: 0, skipped: 16 });
    expect(abioResultOf(report, "abio.budget.accounting").message).toBe("opted out: tested elsewhere");
    await expect(checkAbioScenario(labScenario(), { seeds: [] })).rejects.toBeInstanceOf(AbioValidationError);
    expect(formatAbioReport(report)).toMatch(/^abio-scenario suite: lab\n {2}skip abio\.scenario\.create: not selected/);
  });
});

describe("the agent suite", () => {
  it("passes for the random and scripted agents", async () => {
    const random = await checkAbioAgent(randomAgentFactory());
    expect(random.ok, formatAbioReport(random)).toBe(true);
    const scripted = await checkAbioAgent(agentFactory("probe-twice", () => new ScriptedAgent([{ name: "probe" }, { name: "probe" }])));
    expect(scripted.ok, formatAbioReport(scripted)).toBe(true);
  });

  it("catches an agent that throws", async () => {
    const report = await checkAbioAgent(() => ({ name: "thrower", decide: () => { throw new Error("boom"); } }));
    expect(failed(report)).toEqual(["abio.agent.completes", "abio.agent.no-actions"]);
    expect(abioResultOf(report, "abio.agent.completes").message).toMatch(/agent.decide\(\) threw Error: boom/);
  });

  it("catches invalid decisions and agents that never stop", async () => {
    const report = await checkAbioAgent(() => ({
      decide: (o) => (o.step < 2 ? { name: "adjust", params: { delta: 99 } } : { name: "fly" }),
    }));
    expect(failed(report)).toEqual(["abio.agent.valid-actions", "abio.agent.no-actions"]);
    expect(abioResultOf(report, "abio.agent.no-actions").message).toMatch(/max_turns after 10 turns/);
    expect(abioResultOf(report, "abio.agent.valid-actions").message).toMatch(/delta must be <= 5/);
  });

  it("catches hidden nondeterminism (state shared between agents)", async () => {
    let counter = 0;
    const report = await checkAbioAgent(() => ({ decide: (o) => (o.step < 3 && o.names.length > 0 ? { name: "adjust", params: { delta: (counter++ % 1000) / 1000 } } : null) }));
    expect(failed(report)).toEqual(["abio.agent.determinism"]);
  });

  it("catches a malformed agent", async () => {
    const report = await checkAbioAgent(() => ({ decide: 3 }) as never);
    expect(failed(report)).toContain("abio.agent.protocol");
  });
});
