// The ABIO protocol on the plume search: a complete hand-written agent, the seeded random baseline and
// the scripted hill climber, compared over seeds by the batch runner, exported, and checked by the
// contract suite. Run: node examples/plume-search.mjs
import { runBatch, runExperiment, agentFactory } from "@plume/abio-agent";
import { checkAbioScenario, formatAbioReport } from "@plume/abio-agent/contract";
import { plumeClimberFactory, plumeSearchScenario } from "@plume/abio-agent/plume-search";
import { randomAgentFactory } from "@plume/abio-agent/random";

/** Sniffs, walks in a straight line while the smell gets stronger, and turns when it fades. */
class Zigzag {
  name = "zigzag";
  #directions = ["right", "up", "left", "down"];
  #turn = 0;
  #best = -1;
  #justMoved = false;

  start() {
    this.#turn = 0;
    this.#best = -1;
    this.#justMoved = false;
  }

  decide(observation) {
    if (observation.isInitial()) return { name: "sniff" };
    // Every later observation is the ActionResult of our previous action.
    if (!observation.success) return null;
    const move = observation.available_actions.move.cost;
    const sniff = observation.available_measurements.sniff.cost;
    if (observation.remaining < move + sniff) return null; // cannot afford another round
    if (observation.action_name === "sniff") {
      const c = observation.data.concentration;
      if (this.#justMoved && c <= this.#best) this.#turn += 1; // weaker: turn
      this.#best = Math.max(this.#best, c);
      this.#justMoved = true;
      return { name: "move", params: { direction: this.#directions[this.#turn % 4] }, reasoning: `concentration ${c.toFixed(4)}` };
    }
    return { name: "sniff" };
  }
}

const scenario = plumeSearchScenario({ gridSize: [24, 24], budget: 120 });

// One run, step by step.
const single = await runExperiment(scenario, new Zigzag(), { seed: 7 });
console.log(`zigzag, seed 7: ${single.end_reason} after ${single.steps} moves, spent ${single.spent}/${single.budget}, score ${single.scores.score.toFixed(3)}`);

// Agents x seeds through the batch runner.
const options = {
  scenarios: [scenario],
  agents: [randomAgentFactory({ doneProbability: 0.02 }), plumeClimberFactory(), agentFactory("zigzag", () => new Zigzag())],
  seeds: [0, 1, 2, 3, 4, 5],
};
const batch = await runBatch({ ...options, onProgress: (p) => p.completed % 6 === 0 && console.log(`  ${p.completed}/${p.total} runs`) });
for (const row of batch.summary()) {
  const mean = Object.entries(row.meanScores).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", ");
  console.log(`${row.agent.padEnd(8)} passed ${row.passed}/${row.runs}  ${mean}`);
}
const csv = batch.exportCSV();
console.log(csv.split("\r\n").slice(0, 3).join("\n"));

// Identical seeds export identical results.
const again = await runBatch(options);
if (again.exportJSON() !== batch.exportJSON() || again.exportCSV() !== csv) throw new Error("exports differ for identical seeds");
console.log(`identical seeds -> identical JSON (${batch.exportJSON().length} chars) and CSV exports`);
if (batch.summary().find((r) => r.agent === "climber").passRate !== 1) throw new Error("the climber should find every source");

// The contract suite on the scenario.
const report = await checkAbioScenario(scenario, { seeds: [0] });
console.log(formatAbioReport(report));
if (!report.ok) process.exit(1);
