import { describe, expect, it } from "vitest";
import { AbioSession, AbioValidationError, ScriptedAgent, agentFactory, runBatch, runExperiment, type ScoringContext } from "../src/index.js";
import { checkAbioAgent, checkAbioScenario, formatAbioReport } from "../src/contract/index.js";
import { DIRECTIONS, finalDistanceScore, plumeClimber, plumeClimberFactory, plumeSearchScenario, plumeSearchScore } from "../src/plume-search.js";
import { randomAgentFactory } from "../src/random.js";
import { expectAbioError } from "./helpers.js";

describe("the plume-search scenario", () => {
  it("declares move (an action) and sniff (a measurement with a cost); the source is hidden", () => {
    const world = plumeSearchScenario().create({ seed: 3 });
    const s = new AbioSession(world, plumeSearchScenario().session);
    const o = s.observe();
    expect(Object.keys(o.available_actions)).toEqual(["move"]);
    expect(o.available_actions.move).toMatchObject({ params: { direction: [...DIRECTIONS] }, cost: 1 });
    expect(o.available_measurements.sniff).toMatchObject({ params: {}, cost: 0.5 });
    expect(Object.keys(o.current_state)).toEqual(["position", "grid_size"]);
    expect(o.current_state.grid_size).toEqual([32, 32]);
    expect(o.budget).toBe(150);
    expect(JSON.stringify(o.current_state)).not.toContain("source");
    expect(world.hiddenState?.()).toHaveProperty("source_location");
    expect(JSON.stringify(o)).not.toContain("source_location");
  });

  it("moves follow the grid convention (up is +y) and sniffing reveals the concentration, which rises toward the source", () => {
    const scenario = plumeSearchScenario({ gridSize: [16, 16], sourceLocation: [8, 8], startLocation: [2, 8] });
    const s = new AbioSession(scenario.create({ seed: 0 }), scenario.session);
    const c0 = s.act({ name: "sniff" });
    expect([c0.step, c0.cost, c0.current_state.position]).toEqual([0, 0.5, [2, 8]]);
    const m = s.act({ name: "move", params: { direction: "right" } });
    expect([m.step, m.cost, m.data, m.current_state.position]).toEqual([1, 1, null, [3, 8]]);
    expect(s.act({ name: "move", params: { direction: "up" } }).current_state.position).toEqual([3, 9]);
    const c1 = s.act({ name: "sniff" });
    const value = (r: typeof c1) => (r.data as { concentration: number }).concentration;
    expect(value(c1)).toBeGreaterThan(0);
    s.act({ name: "move", params: { direction: "down" } });
    expect(value(s.act({ name: "sniff" }))).toBeGreaterThan(value(c0));
    expect(s.act({ name: "move", params: { direction: "north" } }).error).toMatch(/direction must be one of "up", "right", "down", "left"/);
  });

  it("ends (terminal) when the source is found and scores it within budget", async () => {
    const scenario = plumeSearchScenario({ gridSize: [8, 8], sourceLocation: [5, 2], startLocation: [2, 2], budget: 10 });
    const r = await runExperiment(scenario, new ScriptedAgent([{ name: "move", params: { direction: "right" } }, { name: "move", params: { direction: "right" } }]));
    expect([r.end_reason, r.steps, r.spent, r.passed]).toEqual(["terminal", 2, 2, true]);
    expect(r.scores).toEqual({ score: 0.5 + 0.5 * (8 / 10), found: 1, final_distance: 1, budget_compliance: 1 });
    const lost = await runExperiment(scenario, new ScriptedAgent([{ name: "move", params: { direction: "left" } }]));
    expect([lost.scores.found, lost.scores.score, lost.passed]).toEqual([0, 0, false]);
  });

  it("scores partial progress below the pass mark and never passes over budget", () => {
    const context = (end: [number, number], spent: number): ScoringContext => ({
      trace: [],
      budget: 10,
      spent,
      remaining: 10 - spent,
      steps: 0,
      turns: 0,
      endReason: "agent_done",
      initialState: { position: [0, 0] },
      finalState: { position: end },
      hidden: { source_location: [10, 0], goal_radius: 1 },
      seed: 0,
    });
    expect(plumeSearchScore(context([5, 0], 5))).toBeCloseTo(0.2, 12);
    expect(plumeSearchScore(context([10, 0], 12))).toBeLessThan(0.5);
    expect(plumeSearchScore(context([9, 0], 10))).toBe(0.5);
    expect(finalDistanceScore(context([7, 4], 0))).toBe(5);
    expect(() => plumeSearchScore({ ...context([0, 0], 0), hidden: null })).toThrow();
  });

  it("runs end to end with the random and scripted agents through the batch runner; identical seeds export identically", async () => {
    const options = {
      scenarios: [plumeSearchScenario(), plumeSearchScenario({ name: "plume-search-small", gridSize: [12, 12] as [number, number], budget: 40 })],
      agents: [randomAgentFactory({ doneProbability: 0.02 }), plumeClimberFactory(), agentFactory("square", () => new ScriptedAgent(["up", "right", "down", "left"].flatMap((d) => [{ name: "move", params: { direction: d } }, { name: "sniff" }])))],
      seeds: [0, 1, 2, 3],
    };
    const a = await runBatch(options);
    const b = await runBatch(options);
    expect(a.exportJSON()).toBe(b.exportJSON());
    expect(a.exportCSV()).toBe(b.exportCSV());
    expect(a.runs).toHaveLength(24);
    expect(a.runs.every((r) => r.results.status === "completed" && Object.keys(r.results.scoring_errors).length === 0)).toBe(true);
    const climber = a.summary().filter((s) => s.agent === "climber");
    expect(climber.every((s) => s.passRate === 1)).toBe(true);
    const random = a.summary().filter((s) => s.agent === "random");
    expect(random.every((s) => s.meanScores.budget_compliance === 1)).toBe(true);
    // Under the hard policy no run ever overspends.
    expect(a.runs.every((r) => r.results.spent <= r.results.budget)).toBe(true);
  });

  it("the same seed places the same source and start; different seeds differ", () => {
    const hidden = (seed: number) => JSON.stringify([plumeSearchScenario().create({ seed }).hiddenState?.(), plumeSearchScenario().create({ seed }).observableState()]);
    expect(hidden(11)).toBe(hidden(11));
    expect(new Set([1, 2, 3, 4, 5].map(hidden)).size).toBe(5);
  });

  it("passes the ABIO contract suite, and so does the climber", async () => {
    const report = await checkAbioScenario(plumeSearchScenario({ gridSize: [12, 12] }));
    expect(report.ok, formatAbioReport(report)).toBe(true);
    expect(report.counts.skipped).toBe(0);
    const agent = await checkAbioAgent(plumeClimberFactory(), { scenario: plumeSearchScenario({ gridSize: [12, 12] }), seeds: [0, 1] });
    expect(agent.ok, formatAbioReport(agent)).toBe(true);
  });

  it("validates its options, naming the option", () => {
    expectAbioError(() => plumeSearchScenario({ gridSize: [1, 5] }), AbioValidationError, "gridSize.0");
    expectAbioError(() => plumeSearchScenario({ sniffCost: -1 }), AbioValidationError, "sniffCost");
    expectAbioError(() => plumeSearchScenario({ sourceLocation: [40, 1] }), AbioValidationError, "sourceLocation");
    expectAbioError(() => plumeSearchScenario({ wind: 3 } as never), AbioValidationError, "wind");
    expect(plumeClimber().name).toBe("climber");
  });
});
