/**
 * Replaying a run against an environment, as the reference's `ReplayEngine.validate` does: episodes are the
 * runs of consecutive step records with one `episode_id`; each is reset with its first record's seed (or the
 * run's `base_seed`), the recorded actions are stepped, and every compared field must agree. Unlike the
 * reference, the episode records are checked against the re-run too (steps, return, flags, final position
 * and distance), so an edited `episodes.jsonl.gz` is a difference. Records are consumed as they stream.
 */
import type { EpisodeRecord, Position, RunMeta, StepRecord } from "./records.js";
import { distanceOf, observationSummary, positionOf } from "./capture.js";

/** The environment a replay steps (any `Env` with integer actions). */
export interface ReplayEnv {
  reset(options?: { seed?: number }): readonly [unknown, unknown];
  step(action: number): readonly [unknown, number, boolean, boolean, unknown];
}

/** One field that differs. */
export interface FieldDifference {
  readonly field: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/** Where a replay first differs from the record (the reference's `ReplayConsistencyError` diff). */
export interface ReplayDiff {
  /** 0-based over the step records read. */
  readonly globalStepIndex: number;
  readonly episodeId: string;
  readonly episodeStep: number;
  readonly action: number | undefined;
  readonly seed: number | undefined;
  readonly differences: readonly FieldDifference[];
}

const show = (value: unknown): string => {
  const text = typeof value === "number" ? String(value) : JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** The replay differs from the record; `diff` says where and how. */
export class ReplayConsistencyError extends Error {
  readonly diff: ReplayDiff;
  constructor(diff: ReplayDiff) {
    const where = `episode ${diff.episodeId}${diff.seed === undefined ? "" : ` (seed ${diff.seed})`} ${diff.episodeStep === 0 ? "reset" : `step ${diff.episodeStep}`}`;
    const what = diff.differences.map((d) => `${d.field} differs — recorded ${show(d.expected)}, replayed ${show(d.actual)}`).join("; ");
    super(`${where}: ${what}`);
    this.name = "ReplayConsistencyError";
    this.diff = diff;
  }
}

/** What happens at the start of each replayed episode (e.g. re-seeding a policy). */
export interface EpisodeStart {
  readonly episodeId: string;
  /** 0-based over the replayed episodes. */
  readonly index: number;
  readonly seed: number | undefined;
  readonly observation: unknown;
  readonly info: unknown;
}

/** Options of `replayRecords`. */
export interface ReplayRecordsOptions {
  readonly meta: RunMeta;
  /** The step records, one by one or in batches (arrays). */
  readonly steps: AsyncIterable<StepRecord | readonly StepRecord[]> | Iterable<StepRecord | readonly StepRecord[]>;
  /** When given, every finished episode must have its record, equal to the re-run, and no record may be left over. */
  readonly episodes?: AsyncIterable<EpisodeRecord> | Iterable<EpisodeRecord> | undefined;
  readonly env: ReplayEnv;
  /** Largest absolute difference of rewards, distances and observations: 0 (default) compares exactly, the reference uses 1e-6. */
  readonly tolerance?: number | undefined;
  /** Stop after this many episodes have been replayed. */
  readonly maxEpisodes?: number | undefined;
  readonly onEpisodeStart?: ((start: EpisodeStart) => void) | undefined;
  /** Before each step: e.g. check that a policy picks the recorded action (throw `ReplayConsistencyError` if not). */
  readonly beforeStep?: ((record: StepRecord, observation: unknown, index: number) => void) | undefined;
  readonly onEpisodeEnd?: ((episode: ReplayedEpisode) => void) | undefined;
  /** Called every `progressEvery` steps (default 4096) with the steps replayed so far. */
  readonly onProgress?: ((steps: number) => void) | undefined;
  readonly progressEvery?: number | undefined;
}

/** A replayed episode. */
export interface ReplayedEpisode {
  readonly episodeId: string;
  readonly seed: number | undefined;
  readonly steps: number;
  readonly totalReward: number;
  readonly terminated: boolean;
  readonly truncated: boolean;
  /** Whether its last step ended it (an unfinished episode's steps stop early). */
  readonly finished: boolean;
}

/** What a replay checked. */
export interface ReplayReport {
  readonly episodes: number;
  readonly finishedEpisodes: number;
  readonly steps: number;
  /** Episode records compared with the re-run. */
  readonly episodeRecords: number;
  readonly successes: number;
  readonly totalReward: number;
}

function near(a: number, b: number, tolerance: number): boolean {
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  if (tolerance === 0) return a === b;
  return Math.abs(a - b) <= tolerance;
}

function samePosition(a: Position, b: Position): boolean {
  return a.x === b.x && a.y === b.y;
}

/**
 * Replays `steps` on `env` and compares. Resolves with what was checked; rejects with
 * `ReplayConsistencyError` at the first difference (including an action the environment rejects, or an
 * episode record that does not match its episode).
 */
export async function replayRecords(options: ReplayRecordsOptions): Promise<ReplayReport> {
  const { env, meta } = options;
  const tolerance = options.tolerance ?? 0;
  const every = options.progressEvery ?? 4096;
  const episodeIterator = options.episodes === undefined ? undefined : toIterator(options.episodes);
  let globalIndex = -1;
  let current: { id: string; seed: number | undefined; steps: number; total: number; last: StepRecord | undefined; done: boolean } | undefined;
  let observation: unknown;
  let episodes = 0;
  let finished = 0;
  let checkedRecords = 0;
  let successes = 0;
  let totalReward = 0;

  const fail = (record: StepRecord | undefined, differences: FieldDifference[], step?: number): never => {
    throw new ReplayConsistencyError({
      globalStepIndex: Math.max(0, globalIndex),
      episodeId: current?.id ?? record?.episode_id ?? "?",
      episodeStep: step ?? record?.step ?? 0,
      action: record?.action,
      seed: current?.seed,
      differences,
    });
  };

  const endEpisode = async (): Promise<void> => {
    if (current === undefined) return;
    const ended = current;
    const last = ended.last;
    if (last !== undefined && ended.done) {
      finished += 1;
      if (last.terminated) successes += 1;
      if (episodeIterator !== undefined) {
        const next = await episodeIterator.next();
        if (next.done === true) fail(last, [{ field: "episode record", expected: `a record for ${ended.id}`, actual: "none (episodes.jsonl.gz ends)" }]);
        const record = next.value as EpisodeRecord;
        const differences: FieldDifference[] = [];
        if (record.episode_id !== ended.id) differences.push({ field: "episode_id", expected: record.episode_id, actual: ended.id });
        if (record.run_id !== meta.run_id) differences.push({ field: "run_id", expected: record.run_id, actual: meta.run_id });
        if (record.total_steps !== ended.steps) differences.push({ field: "total_steps", expected: record.total_steps, actual: ended.steps });
        if (!near(record.total_reward, ended.total, tolerance)) differences.push({ field: "total_reward", expected: record.total_reward, actual: ended.total });
        if (record.terminated !== last.terminated) differences.push({ field: "terminated", expected: record.terminated, actual: last.terminated });
        if (record.truncated !== last.truncated) differences.push({ field: "truncated", expected: record.truncated, actual: last.truncated });
        if (!samePosition(record.final_position, last.agent_position)) differences.push({ field: "final_position", expected: record.final_position, actual: last.agent_position });
        if (!near(record.final_distance_to_goal, last.distance_to_goal, tolerance)) {
          differences.push({ field: "final_distance_to_goal", expected: record.final_distance_to_goal, actual: last.distance_to_goal });
        }
        if (differences.length > 0) fail(last, differences.map((d) => ({ ...d, field: `episode record ${d.field}` })), ended.steps);
        checkedRecords += 1;
      }
    }
    options.onEpisodeEnd?.({
      episodeId: ended.id,
      seed: ended.seed,
      steps: ended.steps,
      totalReward: ended.total,
      terminated: last?.terminated ?? false,
      truncated: last?.truncated ?? false,
      finished: ended.done,
    });
    current = undefined;
  };

  let stop = false;
  for await (const item of options.steps) {
    const batch: readonly StepRecord[] = Array.isArray(item) ? (item as readonly StepRecord[]) : [item as StepRecord];
    for (let b = 0; b < batch.length && !stop; b++) {
    const record = batch[b] as StepRecord;
    if (current === undefined || record.episode_id !== current.id) {
      if (current !== undefined) await endEpisode();
      if (options.maxEpisodes !== undefined && episodes >= options.maxEpisodes) {
        stop = true;
        break;
      }
      const seed = record.seed ?? meta.base_seed ?? undefined;
      current = { id: record.episode_id, seed, steps: 0, total: 0, last: undefined, done: false };
      let reset: readonly [unknown, unknown];
      try {
        reset = env.reset(seed === undefined ? {} : { seed });
      } catch (error) {
        fail(record, [{ field: "exception", expected: "env_reset", actual: (error as Error).message }], 0);
      }
      observation = reset![0];
      options.onEpisodeStart?.({ episodeId: record.episode_id, index: episodes, seed, observation, info: reset![1] });
      episodes += 1;
    }
    globalIndex += 1;
    const episode = current;
    if (episode.done) fail(record, [{ field: "step", expected: record.step, actual: `none: the episode ended at step ${episode.steps}` }]);
    options.beforeStep?.(record, observation, globalIndex);
    let result: readonly [unknown, number, boolean, boolean, unknown];
    try {
      result = env.step(record.action);
    } catch (error) {
      fail(record, [{ field: "exception", expected: "env_step", actual: (error as Error).message }]);
    }
    const [next, reward, terminated, truncated, info] = result!;
    episode.steps += 1;
    episode.total += reward;
    totalReward += reward;
    const differences: FieldDifference[] = [];
    if (record.run_id !== meta.run_id) differences.push({ field: "run_id", expected: record.run_id, actual: meta.run_id });
    if (record.step !== episode.steps) differences.push({ field: "step", expected: record.step, actual: episode.steps });
    if (!near(record.reward, reward, tolerance)) differences.push({ field: "reward", expected: record.reward, actual: reward });
    if (record.terminated !== terminated) differences.push({ field: "terminated", expected: record.terminated, actual: terminated });
    if (record.truncated !== truncated) differences.push({ field: "truncated", expected: record.truncated, actual: truncated });
    const position = positionOf(info);
    if (!samePosition(record.agent_position, position)) differences.push({ field: "agent_xy", expected: record.agent_position, actual: position });
    const distance = (info as { distance_to_goal?: unknown } | undefined)?.distance_to_goal;
    if (typeof distance !== "number") differences.push({ field: "distance_to_goal", expected: record.distance_to_goal, actual: "missing from info" });
    else if (!near(record.distance_to_goal, distanceOf(info), tolerance)) differences.push({ field: "distance_to_goal", expected: record.distance_to_goal, actual: distance });
    const stepCount = (info as { step_count?: unknown } | undefined)?.step_count;
    if (typeof stepCount === "number" && stepCount !== record.step) differences.push({ field: "step_count", expected: record.step, actual: stepCount });
    const seed = (info as { seed?: unknown } | undefined)?.seed;
    if (record.seed !== null && typeof seed === "number" && seed !== record.seed) differences.push({ field: "seed", expected: record.seed, actual: seed });
    if (record.observation_summary !== null) {
      const summary = observationSummary(next);
      const expected = record.observation_summary;
      if (summary === null || summary.length !== expected.length || summary.some((v, k) => !near(expected[k] as number, v, tolerance))) {
        differences.push({ field: "observation_summary", expected, actual: summary });
      }
    }
    if (differences.length > 0) fail(record, differences);
    episode.last = record;
    episode.done = terminated || truncated;
    observation = next;
    if (options.onProgress !== undefined && (globalIndex + 1) % every === 0) options.onProgress(globalIndex + 1);
    }
    if (stop) break;
  }
  await endEpisode();
  if (episodeIterator !== undefined && (options.maxEpisodes === undefined || episodes < options.maxEpisodes)) {
    const extra = await episodeIterator.next();
    if (extra.done !== true) {
      const e = extra.value as EpisodeRecord;
      throw new ReplayConsistencyError({
        globalStepIndex: Math.max(0, globalIndex),
        episodeId: e.episode_id,
        episodeStep: 0,
        action: undefined,
        seed: undefined,
        differences: [{ field: "episode record", expected: "no record without steps", actual: `a record for ${e.episode_id} (${e.total_steps} steps), whose steps are not in the step files` }],
      });
    }
  }
  options.onProgress?.(globalIndex + 1);
  return { episodes, finishedEpisodes: finished, steps: globalIndex + 1, episodeRecords: checkedRecords, successes, totalReward };
}

function toIterator<T>(source: AsyncIterable<T> | Iterable<T>): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in source ? (source as AsyncIterable<T>)[Symbol.asyncIterator]() : (source as Iterable<T>)[Symbol.iterator]();
}
