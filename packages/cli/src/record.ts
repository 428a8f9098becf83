/**
 * Run directories in the reference's data-capture format (`@plume/data-capture`): `run.json` (the reference's
 * `RunMeta`, with Plume's replay extras — config, policy, versions, summary, and the size and SHA-256 of each
 * data file — under `extra.plume`), `steps.jsonl.gz` (one `StepRecord` per step) and `episodes.jsonl.gz` (one
 * `EpisodeRecord` per episode). `recordRun` streams them as it runs (bounded memory, checkpoints at episode
 * boundaries, crash-safe); `replayRun` streams them back and re-runs every episode, for runs Plume recorded
 * and for runs the reference's `DataCaptureWrapper` recorded.
 *
 * Trust: nothing in a run directory chooses code. Replay builds the environment through `@plume/env`'s
 * resolver: built-in component names and packages installed in the user's own project (resolved from the
 * working directory, never from a folder the run names); a component type that is a module path is refused
 * before it is imported unless the user passes `--allow-module-paths` (`allowModulePaths`).
 */
import { resolve } from "node:path";
import {
  DataCaptureWrapper,
  ReplayConsistencyError,
  plumeConfigOfRunMeta,
  referenceEnvOfConfig,
  replayRecords,
  type RunMeta,
  type StepRecord,
} from "@plume/data-capture";
import { RunRecorder, openRun, type OpenedRun } from "@plume/data-capture/node";
import { isPlumeError, type Policy } from "@plume/core-types";
import { EnvironmentConfigSchema, parseEnvironmentConfig, type EnvironmentConfig } from "@plume/env";
import { derivePolicySeed } from "@plume/policies";
import * as z from "zod";
import { createEnv } from "./env-config.js";
import { currentEnvLoading } from "./trust.js";
import { CliError, ExitCode, ReplayMismatchError, oneLine } from "./errors.js";
import { buildPolicy, checkCompatible, type EpisodeResult } from "./episode.js";
import { runPolicy, type RunResult } from "./runner.js";
import type { RunSummary } from "./summary.js";
import { CLI_VERSION, versions } from "./versions.js";

export const RUN_FILE = "run.json";
export const STEPS_FILE = "steps.jsonl.gz";
export const EPISODES_FILE = "episodes.jsonl.gz";

/** `extra.plume` of a run Plume recorded: what its replay needs besides the records. */
export const PlumeRunExtrasSchema = z.object({
  /** The `@plume/env` config, defaults filled in. */
  config: z.unknown(),
  policy: z.strictObject({ name: z.string().min(1), options: z.record(z.string(), z.unknown()) }),
  versions: z.record(z.string(), z.string()).optional(),
  command: z.string().optional(),
  /** The run's statistics (without the wall-clock ones), written when the recording finishes. */
  summary: z.record(z.string(), z.unknown()).optional(),
  /** The recording's status and data files (see `@plume/data-capture`'s `RecordStateSchema`). */
  record: z.unknown(),
});
export type PlumeRunExtras = z.output<typeof PlumeRunExtrasSchema>;

/** What `recordRun` records. */
export interface RecordSpec {
  readonly dir: string;
  readonly policy: string;
  readonly policyOptions?: Readonly<Record<string, unknown>> | undefined;
  readonly config: EnvironmentConfig;
  readonly baseDir?: string | undefined;
  readonly seeds: readonly number[];
  /** Replace the run in an existing directory (it is kept until the new one is complete). Default false. */
  readonly force?: boolean | undefined;
  /** The command line, stored in `run.json`. */
  readonly command?: string | undefined;
  readonly runId?: string | undefined;
  readonly experiment?: string | undefined;
  /** Rotate data files at this many bytes (the reference's `--rotate-size`). */
  readonly rotateSizeBytes?: number | undefined;
  /** Least time between checkpoints, ms (default 1000). */
  readonly checkpointIntervalMs?: number | undefined;
  readonly onEpisode?: ((result: EpisodeResult) => void) | undefined;
  /** Stops the recording at the next episode boundary; the episodes finished are kept (status "interrupted"). */
  readonly signal?: AbortSignal | undefined;
}

/** What `recordRun` returns. */
export interface RecordedRun {
  readonly dir: string;
  readonly meta: RunMeta;
  readonly result: RunResult;
  /** False when `signal` stopped the recording early. */
  readonly complete: boolean;
}

/** The summary stored in `run.json` (the wall-clock fields vary from run to run and are left out). */
function storedSummary(summary: RunSummary): Record<string, unknown> {
  const { elapsedSeconds: _e, stepsPerSecond: _s, ...rest } = summary;
  return rest;
}

/**
 * Runs the episodes and writes the run directory as they run.
 * @throws CliError when `dir` holds files and `force` is not set; when the environment fails, a CliError
 * (exit code 1) naming the episode and step — the episodes finished before stay in the directory, which
 * `plume replay --partial` replays.
 */
export async function recordRun(spec: RecordSpec): Promise<RecordedRun> {
  const dir = resolve(spec.dir);
  const { envConfig, extraEnv } = referenceEnvOfConfig(spec.config as never);
  let recorder: RunRecorder;
  try {
    recorder = await RunRecorder.open({
      dir,
      replace: spec.force === true,
      runId: spec.runId,
      experiment: spec.experiment,
      envConfig,
      rotateSizeBytes: spec.rotateSizeBytes,
      checkpointIntervalMs: spec.checkpointIntervalMs,
      metaOverrides: {
        base_seed: spec.seeds[0] ?? null,
        episode_seeds: [...spec.seeds],
        ...(extraEnv !== undefined && { env: extraEnv }),
      },
      plume: {
        config: JSON.parse(JSON.stringify(spec.config)) as unknown,
        policy: { name: spec.policy, options: { ...(spec.policyOptions ?? {}) } },
        versions: { ...versions() },
        ...(spec.command !== undefined && { command: spec.command }),
      },
      softwareName: "plume",
      softwareVersion: CLI_VERSION,
    });
  } catch (error) {
    if (isPlumeError(error) && error.parameter === "dir") {
      const exists = /file of that name/.test(error.expected ?? "");
      throw new CliError(
        exists
          ? `--out ${spec.dir}: a file of that name exists; choose a directory name`
          : `--out ${spec.dir}: the directory is not empty; choose a new directory or add --force to replace the run in it (the old run is kept until the new one is complete)`,
      );
    }
    throw error;
  }
  let result: RunResult;
  try {
    result = await runPolicy({
      policy: spec.policy,
      policyOptions: spec.policyOptions,
      config: spec.config,
      baseDir: spec.baseDir,
      seeds: spec.seeds,
      keepEpisodes: false,
      wrap: (env) => new DataCaptureWrapper(env, recorder),
      onEpisode: spec.onEpisode,
      signal: spec.signal,
    });
  } catch (error) {
    const reason = oneLine(error instanceof Error ? error.message : String(error));
    const where = recorder.interrupt(reason);
    if (error instanceof CliError) {
      throw new CliError(`${error.message}; the ${recorder.episodeCount} episodes finished before are in ${where} (plume replay --partial replays them)`, error.exitCode, { cause: error });
    }
    throw error;
  }
  if (result.stopped) {
    const where = recorder.interrupt("interrupted (Ctrl-C)");
    return { dir: where, meta: recorder.meta, result, complete: false };
  }
  const finished = recorder.finish({ plume: { summary: storedSummary(result.summary) } });
  return { dir: finished.dir, meta: finished.meta, result, complete: true };
}

// ------------------------------------------------------------------ replay

/** Options of `replayRun`. */
export interface ReplayOptions {
  /** Only replay the recorded actions; do not re-run the policy. Default false. */
  readonly actionsOnly?: boolean | undefined;
  /** Replay an unfinished recording up to its last complete episode. Default false. */
  readonly partial?: boolean | undefined;
  /** Largest difference of rewards, distances and observations (0, the default, compares exactly; the reference uses 1e-6). */
  readonly tolerance?: number | undefined;
  /** Where packages (and, when allowed, module paths) named in the config resolve from: the user's project. Default: the working directory. */
  readonly projectDir?: string | undefined;
  /**
   * Import module paths the run's config names (their code runs: only for runs you trust). Default: what
   * the running `plume` command allows (`--allow-module-paths`), else `false` — such a run is refused
   * before anything is imported.
   */
  readonly allowModulePaths?: boolean | undefined;
  readonly onEpisode?: ((episode: number) => void) | undefined;
  /** Steps replayed so far, and the total when known. */
  readonly onProgress?: ((steps: number, total: number | undefined) => void) | undefined;
}

/** What a successful replay checked. */
export interface ReplayReport {
  readonly dir: string;
  /** The policy's name for runs Plume recorded; undefined for others. */
  readonly policy: string | undefined;
  readonly episodes: number;
  readonly steps: number;
  /** Episode records compared with the re-run. */
  readonly episodeRecords: number;
  /** Whether the policy was re-run and its actions compared. */
  readonly policyChecked: boolean;
  /** Whether the run was recorded by Plume (else by the reference or another tool). */
  readonly recordedByPlume: boolean;
  /** Whether the recording was complete (false: `--partial` replayed what was finished). */
  readonly complete: boolean;
}

/** The run's Plume extras, validated (undefined for a run recorded elsewhere). */
function plumeExtras(meta: RunMeta, label: string): PlumeRunExtras | undefined {
  const raw = meta.extra?.["plume"];
  if (raw === undefined || (raw as { policy?: unknown }).policy === undefined) return undefined;
  const parsed = PlumeRunExtrasSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(`${label}: run.json extra.plume.${issue?.path.map(String).join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/** Largest action of the step records (the reference's inference of the action type needs it). */
async function largestAction(run: OpenedRun): Promise<{ max: number; steps: number }> {
  let max = 0;
  let steps = 0;
  for await (const s of run.steps()) {
    max = Math.max(max, s.action);
    steps += 1;
  }
  return { max, steps };
}

function describeLoadError(error: unknown, label: string, dir: string): never {
  if (error instanceof CliError) throw error;
  if (isPlumeError(error)) {
    const received = error.received === undefined ? "" : ` (found ${oneLine(String(error.received))})`;
    throw new CliError(`${label}: ${dir}: ${error.parameter ?? "run directory"}: expected ${oneLine(error.expected ?? "a valid run directory")}${received}`, ExitCode.USAGE, { cause: error });
  }
  throw error;
}

/**
 * Re-creates every recorded episode: the environment of the record, each episode reset with its seed and
 * stepped with the recorded actions, comparing every step record and episode record; for runs Plume recorded
 * also the policy (re-run from its derived seed: it must choose the same actions) and the stored summary.
 * @throws CliError (exit code 2) for an unreadable, unsafe or incomplete run directory; ReplayMismatchError
 * (exit code 1) at the first difference.
 */
export async function replayRun(dirInput: string, options: ReplayOptions = {}): Promise<ReplayReport> {
  const label = "replay";
  let run: OpenedRun;
  try {
    run = await openRun(dirInput, { partial: options.partial === true });
  } catch (error) {
    describeLoadError(error, label, dirInput);
  }
  const { meta } = run;
  const extras = plumeExtras(meta, label);
  let config: EnvironmentConfig;
  let total: number | undefined = run.record?.steps;
  if (extras !== undefined) {
    try {
      config = parseEnvironmentConfig(EnvironmentConfigSchema.parse(extras.config));
    } catch (error) {
      throw new CliError(`${label}: run.json extra.plume.config is not a valid environment config (${oneLine((error as Error).message)})`);
    }
  } else {
    let max = 0;
    if (meta.extra?.["env"] === undefined || meta.extra["env"] === null) {
      try {
        ({ max, steps: total } = await largestAction(run));
      } catch (error) {
        describeLoadError(error, label, dirInput);
      }
    }
    try {
      config = parseEnvironmentConfig(plumeConfigOfRunMeta(meta, max));
    } catch (error) {
      if (isPlumeError(error)) throw new CliError(`${label}: ${dirInput}: ${oneLine(error.message)}`, ExitCode.USAGE, { cause: error });
      throw error;
    }
  }
  // The resolver decides before importing anything: built-in names, packages from the project, and a module
  // path only when the user allowed it (it then resolves from the project folder, never from the run's).
  const projectDir = resolve(options.projectDir ?? process.cwd());
  const allowModulePaths = options.allowModulePaths ?? currentEnvLoading().allowModulePaths;
  const env = await createEnv(config, projectDir, null, { allowModulePaths, projectDir });
  let policy: Policy<unknown, number> | undefined;
  if (extras !== undefined && options.actionsOnly !== true) {
    policy = buildPolicy(extras.policy.name, extras.policy.options);
  }
  const seeds = meta.episode_seeds;
  try {
    if (policy !== undefined) checkCompatible(extras?.policy.name ?? "", policy, env, config);
    const report = await replayRecords({
      meta,
      steps: run.stepBatches(),
      episodes: run.episodes(),
      env: env as never,
      tolerance: options.tolerance ?? 0,
      ...(run.record !== undefined && { maxEpisodes: run.record.episodes }),
      onEpisodeStart: (start) => {
        if (extras !== undefined && seeds !== null && seeds[start.index] !== start.seed) {
          throw new ReplayMismatchError(`${label}: episode ${start.episodeId} has seed ${String(start.seed)} but run.json's episode_seeds[${start.index}] is ${String(seeds[start.index])}`);
        }
        if (policy !== undefined) policy.reset({ seed: derivePolicySeed(env.npRandom) });
      },
      beforeStep: (record: StepRecord, observation: unknown) => {
        if (policy === undefined) return;
        const chosen = policy.selectAction(observation);
        if (chosen !== record.action) {
          throw new ReplayMismatchError(`${label}: episode ${record.episode_id} step ${record.step}: the policy's action differs — recorded ${record.action}, replayed ${chosen}`);
        }
      },
      onEpisodeEnd: () => options.onEpisode?.(0),
      onProgress: (steps) => options.onProgress?.(steps, total),
    });
    if (run.record !== undefined && report.episodes < run.record.episodes) {
      throw new ReplayMismatchError(`${label}: run.json says ${run.record.episodes} episodes were finished but the step files hold ${report.episodes}`);
    }
    if (extras?.summary !== undefined && run.complete) checkSummary(extras.summary, report, label);
    return {
      dir: run.dir,
      policy: extras?.policy.name,
      episodes: report.episodes,
      steps: report.steps,
      episodeRecords: report.episodeRecords,
      policyChecked: policy !== undefined,
      recordedByPlume: extras !== undefined,
      complete: run.complete,
    };
  } catch (error) {
    if (error instanceof ReplayConsistencyError) throw new ReplayMismatchError(`${label}: ${error.message}`);
    if (error instanceof CliError) throw error;
    if (isPlumeError(error) && error.parameter !== undefined && /line|\.gz|run\.json/.test(error.parameter)) describeLoadError(error, label, dirInput);
    throw error;
  } finally {
    env.close();
  }
}

/** The summary `run.json` stores must be the replayed run's. */
function checkSummary(stored: Readonly<Record<string, unknown>>, report: { episodes: number; steps: number; successes: number; totalReward: number }, label: string): void {
  const expected: Record<string, number> = {
    episodes: report.episodes,
    successes: report.successes,
    totalSteps: report.steps,
  };
  for (const [key, value] of Object.entries(expected)) {
    if (stored[key] !== value) throw new ReplayMismatchError(`${label}: run.json extra.plume.summary.${key} differs — recorded ${String(stored[key])}, replayed ${value}`);
  }
  const meanReturn = report.episodes === 0 ? 0 : report.totalReward / report.episodes;
  if (typeof stored["meanReturn"] !== "number" || Math.abs(stored["meanReturn"] - meanReturn) > 1e-9 * Math.max(1, Math.abs(meanReturn))) {
    throw new ReplayMismatchError(`${label}: run.json extra.plume.summary.meanReturn differs — recorded ${String(stored["meanReturn"])}, replayed ${meanReturn}`);
  }
}
