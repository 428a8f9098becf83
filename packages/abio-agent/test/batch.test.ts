import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AbioValidationError,
  BatchResults,
  CSV_COLUMNS,
  ExperimentResults,
  ScriptedAgent,
  agentFactory,
  csvField,
  runBatch,
  toCsv,
  type BatchProgress,
} from "../src/index.js";
import { randomAgentFactory } from "../src/random.js";
import { labScenario } from "../src/contract/index.js";
import { expectAbioError, parseCsv, toyScenario } from "./helpers.js";

const scripted = agentFactory("scripted", () => new ScriptedAgent([{ name: "probe" }, { name: "adjust", params: { delta: 1 } }]));

describe("runBatch", () => {
  it("runs every scenario x agent x seed in that order and reports progress", async () => {
    const progress: BatchProgress[] = [];
    const batch = await runBatch({
      scenarios: [labScenario("lab-a"), labScenario("lab-b")],
      agents: [randomAgentFactory(), scripted],
      seeds: [1, 2, 3],
      onProgress: (p) => progress.push(p),
    });
    expect(batch.runs.map((r) => `${r.scenario}/${r.agent}/${r.seed}`)).toEqual(
      ["lab-a", "lab-b"].flatMap((s) => ["random", "scripted"].flatMap((a) => [1, 2, 3].map((seed) => `${s}/${a}/${seed}`))),
    );
    expect(progress.map((p) => [p.completed, p.total])).toEqual(Array.from({ length: 12 }, (_, i) => [i + 1, 12]));
    expect(progress.every((p) => p.durationMs >= 0)).toBe(true);
    expect(batch.runs.every((r) => r.results.agent === r.agent && r.results.seed === r.seed)).toBe(true);
    const summary = batch.summary();
    expect(summary.map((s) => [s.scenario, s.agent, s.runs])).toEqual([
      ["lab-a", "random", 3],
      ["lab-a", "scripted", 3],
      ["lab-b", "random", 3],
      ["lab-b", "scripted", 3],
    ]);
    expect(summary[1]?.meanScores.budget_compliance).toBe(1);
  });

  it("exports identical JSON and CSV for identical seeds, whatever the concurrency", async () => {
    const options = { scenarios: [labScenario()], agents: [randomAgentFactory({ doneProbability: 0.05 }), scripted], seeds: [0, 7, 42] };
    const a = await runBatch(options);
    const b = await runBatch({ ...options, concurrency: 4 });
    expect(b.exportJSON()).toBe(a.exportJSON());
    expect(b.exportCSV()).toBe(a.exportCSV());
    const c = await runBatch({ ...options, seeds: [0, 7, 43] });
    expect(c.exportJSON()).not.toBe(a.exportJSON());
    // JSON export reads back.
    const json = JSON.parse(a.exportJSON());
    expect(json.runs).toHaveLength(6);
    expect(ExperimentResults.fromJSON(json.runs[0].results).toJSON()).toEqual(a.runs[0]?.results.toJSON());
    expect(JSON.parse(a.exportJSON({ trace: false })).runs[0].results.trace).toEqual([]);
  });

  it("writes one CSV row per run with the fixed columns and one column per score", async () => {
    const batch = await runBatch({ scenarios: [labScenario()], agents: [scripted], seeds: [1, null] });
    const rows = parseCsv(batch.exportCSV());
    expect(rows[0]).toEqual([...CSV_COLUMNS, "scores.budget_compliance", "scores.score"]);
    expect(rows).toHaveLength(3);
    const row = Object.fromEntries((rows[0] as string[]).map((k, i) => [k, rows[1]?.[i]]));
    expect(row).toMatchObject({ scenario: "lab", agent: "scripted", seed: "1", status: "completed", end_reason: "agent_done", passed: "false", steps: "1", turns: "3", budget: "20", spent: "1.2" });
    expect(rows[2]?.[2]).toBe(""); // the unseeded run
  });

  it("a failing agent factory is a run with agent_error, not a crash", async () => {
    const broken = agentFactory("broken", () => {
      throw new Error("no weights");
    });
    const batch = await runBatch({ scenarios: [toyScenario()], agents: [broken], seeds: [0] });
    expect(batch.runs[0]?.results.end_reason).toBe("agent_error");
    expect(batch.runs[0]?.results.error).toBe("creating the agent failed: Error: no weights");
  });

  it("validates its options", async () => {
    await expect(runBatch({ scenarios: [], agents: [scripted], seeds: [0] })).rejects.toMatchObject({ parameter: "scenarios" });
    await expect(runBatch({ scenarios: [labScenario()], agents: [scripted, scripted], seeds: [0] })).rejects.toMatchObject({ parameter: "agents[1].name" });
    await expect(runBatch({ scenarios: [labScenario()], agents: [scripted], seeds: [1.5] })).rejects.toMatchObject({ parameter: "seeds.0" });
    await expect(runBatch({ scenarios: [labScenario()], agents: [{ name: "x" } as never], seeds: [0] })).rejects.toBeInstanceOf(AbioValidationError);
    await expect(runBatch({ scenarios: [labScenario()], agents: [scripted], seeds: [0], concurrency: 0 })).rejects.toMatchObject({ parameter: "concurrency" });
    expectAbioError(() => agentFactory("", () => ({ decide: () => null })), AbioValidationError, "name");
    expectAbioError(() => new BatchResults([]).exportJSON({ indent: -1 }), AbioValidationError, "indent");
  });
});

describe("CSV escaping", () => {
  it("quotes commas, quotes, line breaks and edge spaces (RFC 4180)", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
    expect(csvField(" padded ")).toBe('" padded "');
    expect(csvField(null)).toBe("");
    expect(csvField(1.5)).toBe("1.5");
    expect(csvField(false)).toBe("false");
    expect(toCsv(["a", "b"], [["x,y", 'q"'], [null, 2]])).toBe('a,b\r\n"x,y","q"""\r\n,2\r\n');
  });

  it("any text survives a write/parse round trip (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: "binary" }), { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = toCsv(["c1", "c2"], rows);
        expect(parseCsv(text)).toEqual([["c1", "c2"], ...rows]);
      }),
      { numRuns: 200 },
    );
  });

  it("errors and names with commas, quotes and newlines export intact", async () => {
    const nasty = 'agent, "the second"\nline';
    const throwing = agentFactory(nasty, () => ({
      decide: () => {
        throw new Error('bad, very "bad"\nindeed');
      },
    }));
    const batch = await runBatch({ scenarios: [toyScenario({ name: "toy,1" })], agents: [throwing], seeds: [0] });
    const rows = parseCsv(batch.exportCSV());
    const header = rows[0] as string[];
    const row = rows[1] as string[];
    expect(row[header.indexOf("scenario")]).toBe("toy,1");
    expect(row[header.indexOf("agent")]).toBe(nasty);
    expect(row[header.indexOf("error")]).toBe('agent.decide() threw Error: bad, very "bad"\nindeed');
    expect(rows).toHaveLength(2);
  });

  it("scoring errors are exported, not hidden", async () => {
    const scenario = toyScenario({ scoring: { score: () => { throw new Error("x, y"); } } });
    const batch = await runBatch({ scenarios: [scenario], agents: [agentFactory("idle", () => ({ decide: () => null }))], seeds: [0] });
    const rows = parseCsv(batch.exportCSV());
    const header = rows[0] as string[];
    expect(rows[1]?.[header.indexOf("scoring_errors")]).toBe("score: scorer threw Error: x, y");
    expect(header).not.toContain("scores.score");
    expect(new BatchResults([]).exportCSV()).toBe(`${CSV_COLUMNS.join(",")}\r\n`);
  });
});
