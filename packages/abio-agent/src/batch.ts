/**
 * The batch runner: every scenario x agent x seed, with progress reports and JSON / CSV export.
 *
 * Runs are listed in a fixed order (scenarios, then agents, then seeds, as given) whatever the
 * concurrency, and the exports contain no timings, so identical inputs and seeds export identical text.
 */
import * as z from "zod";
import { AbioValidationError, parseWith } from "./errors.js";
import { stableStringify } from "./json.js";
import { ScenarioSchema, type Scenario } from "./scenario.js";
import { ScoringRegistry } from "./scoring.js";
import { RunOptionsSchema, SeedSchema, runExperiment, type Agent } from "./runner.js";
import { SessionOptionsSchema } from "./session-options.js";
import { ExperimentResults, type ExperimentResultsJSON, type ResultsJSONOptions } from "./types.js";

/** What an agent factory receives: a fresh agent is made for every run. */
export interface AgentContext {
  readonly scenario: string;
  readonly seed: number | null;
}

/** A named agent factory (a batch needs a fresh agent per run). */
export interface AgentFactory {
  readonly name: string;
  create(context: AgentContext): Agent;
}

/** `agentFactory("random", ({ seed }) => new RandomAgent(...))`. */
export function agentFactory(name: string, create: (context: AgentContext) => Agent): AgentFactory {
  if (typeof name !== "string" || name === "") throw AbioValidationError.invalid("name", "a non-empty string", name);
  if (typeof create !== "function") throw AbioValidationError.invalid("create", "a function ({ scenario, seed }) => Agent", create);
  return Object.freeze({ name, create });
}

/** One run of a batch. */
export interface BatchRun {
  readonly scenario: string;
  readonly agent: string;
  readonly seed: number | null;
  readonly results: ExperimentResults;
}

/** A progress report, sent after each run. */
export interface BatchProgress {
  readonly completed: number;
  readonly total: number;
  readonly run: BatchRun;
  /** Wall-clock milliseconds of this run (not part of any export). */
  readonly durationMs: number;
}

const agentFactorySchema = z.custom<AgentFactory>(
  (v) => v !== null && typeof v === "object" && typeof (v as { name?: unknown }).name === "string" && (v as { name: string }).name !== "" && typeof (v as { create?: unknown }).create === "function",
  { error: "an agent factory { name, create({ scenario, seed }) }" },
);

/** zod schema of `runBatch`'s options. */
export const BatchOptionsSchema = z.strictObject({
  /** The scenarios to run (at least one). Required. */
  scenarios: z.array(ScenarioSchema, { error: "an array of scenarios" }).min(1, { error: "at least one scenario" }),
  /** The agent factories (at least one); each run gets a fresh agent. Required. */
  agents: z.array(agentFactorySchema, { error: "an array of agent factories" }).min(1, { error: "at least one agent factory" }),
  /** Seeds for every scenario x agent pair (null for an unseeded run). Required. */
  seeds: z.array(SeedSchema.nullable(), { error: "an array of seeds" }).min(1, { error: "at least one seed" }),
  /** Session options for every run (override each scenario's defaults). */
  session: SessionOptionsSchema.optional(),
  /** Overrides each scenario's `passingScore`. Default: the scenario's. */
  passingScore: RunOptionsSchema.shape.passingScore,
  /** Where scorer names are looked up. Default: the built-in registry. */
  registry: z.custom<ScoringRegistry>((v) => v instanceof ScoringRegistry, { error: "a ScoringRegistry" }).optional(),
  /** Runs at once (useful for language-model agents). Default 1. */
  concurrency: z.int({ error: "an integer >= 1" }).min(1, { error: "an integer >= 1" }).optional(),
  /** Called after each run, in completion order. Default: none. */
  onProgress: z.custom<(progress: BatchProgress) => void>((v) => typeof v === "function", { error: "a function" }).optional(),
});
export type BatchOptions = z.input<typeof BatchOptionsSchema> & {
  readonly scenarios: readonly Scenario[];
  readonly agents: readonly AgentFactory[];
  readonly seeds: readonly (number | null)[];
};

function unique(names: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const [i, n] of names.entries()) {
    if (seen.has(n)) throw new AbioValidationError(`duplicate ${what} name ${JSON.stringify(n)}`, { parameter: `${what}s[${i}].name`, expected: "unique names", received: n });
    seen.add(n);
  }
}

/**
 * Runs every scenario x agent x seed and returns the results in that order.
 * @throws AbioValidationError for bad options (duplicate scenario or agent names included).
 */
export async function runBatch(options: BatchOptions): Promise<BatchResults> {
  const opts = parseWith(BatchOptionsSchema, options, { what: "batch options" });
  const scenarios = options.scenarios;
  const agents = options.agents;
  unique(scenarios.map((s) => s.name), "scenario");
  unique(agents.map((a) => a.name), "agent");
  const jobs: { scenario: Scenario; agent: AgentFactory; seed: number | null }[] = [];
  for (const scenario of scenarios) for (const agent of agents) for (const seed of opts.seeds) jobs.push({ scenario, agent, seed });

  const runs: BatchRun[] = new Array<BatchRun>(jobs.length);
  let next = 0;
  let completed = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      const job = jobs[index] as (typeof jobs)[number];
      const started = performance.now();
      let results: ExperimentResults;
      let agent: Agent | undefined;
      try {
        agent = job.agent.create({ scenario: job.scenario.name, seed: job.seed });
      } catch (error) {
        agent = undefined;
        results = agentCreationFailed(job.scenario.name, job.agent.name, job.seed, error);
      }
      if (agent === undefined) {
        results ??= agentCreationFailed(job.scenario.name, job.agent.name, job.seed, "create() returned undefined");
      } else {
        results = await runExperiment(job.scenario, agent, {
          seed: job.seed,
          agentName: job.agent.name,
          ...(opts.session !== undefined && { session: opts.session }),
          ...(opts.passingScore !== undefined && { passingScore: opts.passingScore }),
          ...(opts.registry !== undefined && { registry: opts.registry }),
        });
      }
      const run: BatchRun = Object.freeze({ scenario: job.scenario.name, agent: job.agent.name, seed: job.seed, results });
      runs[index] = run;
      completed += 1;
      opts.onProgress?.(Object.freeze({ completed, total: jobs.length, run, durationMs: performance.now() - started }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 1, jobs.length) }, worker));
  return new BatchResults(runs);
}

function agentCreationFailed(scenario: string, agent: string, seed: number | null, error: unknown): ExperimentResults {
  return new ExperimentResults({
    scenario,
    agent,
    seed,
    scores: {},
    trace: [],
    passed: false,
    status: "incomplete",
    incomplete_reason: "agent_error",
    end_reason: "agent_error",
    error: `creating the agent failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    budget: Infinity,
    spent: 0,
    steps: 0,
    turns: 0,
  });
}

// ---------------------------------------------------------------------------------------------------
// Export

/** RFC 4180: a field is quoted when it holds a comma, a double quote, CR or LF, or leading/trailing space; quotes are doubled. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? (Number.isNaN(value) ? "NaN" : String(value)) : String(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text (RFC 4180, CRLF line ends, a header row). */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** The fixed columns of the CSV export; one `scores.<name>` column per score name follows (sorted). */
export const CSV_COLUMNS = Object.freeze([
  "scenario",
  "agent",
  "seed",
  "status",
  "end_reason",
  "passed",
  "steps",
  "turns",
  "budget",
  "spent",
  "error",
  "scoring_errors",
] as const);

/** zod schema of `exportJSON`'s options. */
export const ExportJSONOptionsSchema = z.strictObject({
  /** Include the traces. Default true. */
  trace: z.boolean().optional(),
  /**
   * Repeat the briefing, constitution and declarations in every trace record (the old form, and the
   * reference's `asdict` shape). Default false: each run writes them once as `interface`, and trace
   * observations refer to it with `interface: "#/interface"`.
   */
  inlineInterface: z.boolean().optional(),
  /** Indentation. Default 2. */
  indent: z.int().min(0).max(10).optional(),
});
export type ExportJSONOptions = z.input<typeof ExportJSONOptionsSchema>;

export interface BatchJSON {
  readonly runs: readonly { readonly scenario: string; readonly agent: string; readonly seed: number | null; readonly results: ExperimentResultsJSON }[];
}

/** Per scenario x agent: runs, passes, and the mean of every score. */
export interface BatchSummaryRow {
  readonly scenario: string;
  readonly agent: string;
  readonly runs: number;
  readonly passed: number;
  readonly passRate: number;
  readonly meanScores: Readonly<Record<string, number>>;
}

/** The runs of a batch, in scenario x agent x seed order, with exports. */
export class BatchResults {
  readonly runs: readonly BatchRun[];

  constructor(runs: readonly BatchRun[]) {
    this.runs = Object.freeze([...runs]);
    Object.freeze(this);
  }

  /** The runs as JSON data; `trace: false` leaves the traces out; see `ExperimentResults.toJSON` for `inlineInterface`. */
  toJSON(options: ResultsJSONOptions = {}): BatchJSON {
    const opts = typeof options === "object" && options !== null ? options : {};
    return {
      runs: this.runs.map((r) => ({ scenario: r.scenario, agent: r.agent, seed: r.seed, results: r.results.toJSON({ trace: opts.trace ?? true, inlineInterface: opts.inlineInterface ?? false }) })),
    };
  }

  /** JSON text with sorted keys (identical runs give identical text). */
  exportJSON(options: ExportJSONOptions = {}): string {
    const opts = parseWith(ExportJSONOptionsSchema, options, { what: "exportJSON options" });
    return `${stableStringify(this.toJSON({ trace: opts.trace ?? true, inlineInterface: opts.inlineInterface ?? false }), opts.indent ?? 2)}\n`;
  }

  /** The score names that occur in any run, sorted. */
  scoreNames(): string[] {
    return [...new Set(this.runs.flatMap((r) => Object.keys(r.results.scores)))].sort();
  }

  /** One CSV row per run: the fixed `CSV_COLUMNS`, then `scores.<name>` for every score name. */
  exportCSV(): string {
    const names = this.scoreNames();
    const header = [...CSV_COLUMNS, ...names.map((n) => `scores.${n}`)];
    const rows = this.runs.map((r) => {
      const res = r.results;
      const errors = Object.entries(res.scoring_errors).map(([k, v]) => `${k}: ${v}`).join("; ");
      return [
        r.scenario,
        r.agent,
        r.seed,
        res.status,
        res.end_reason,
        res.passed,
        res.steps,
        res.turns,
        Number.isFinite(res.budget) ? res.budget : "Infinity",
        res.spent,
        res.error,
        errors === "" ? null : errors,
        ...names.map((n) => res.scores[n]),
      ];
    });
    return toCsv(header, rows);
  }

  /** Pass rates and mean scores per scenario x agent, in run order. */
  summary(): BatchSummaryRow[] {
    const groups = new Map<string, BatchRun[]>();
    for (const r of this.runs) {
      const key = JSON.stringify([r.scenario, r.agent]);
      const list = groups.get(key) ?? [];
      list.push(r);
      groups.set(key, list);
    }
    return [...groups.values()].map((list) => {
      const first = list[0] as BatchRun;
      const passed = list.filter((r) => r.results.passed).length;
      const names = [...new Set(list.flatMap((r) => Object.keys(r.results.scores)))].sort();
      const meanScores: Record<string, number> = {};
      for (const n of names) {
        const values = list.map((r) => r.results.scores[n]).filter((v): v is number => v !== undefined);
        meanScores[n] = values.reduce((a, b) => a + b, 0) / values.length;
      }
      return { scenario: first.scenario, agent: first.agent, runs: list.length, passed, passRate: passed / list.length, meanScores };
    });
  }
}
