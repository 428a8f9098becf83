/**
 * What the reference's `DataCaptureWrapper` (`wrapper.py`) puts in each record, as functions of a step's
 * results, and the per-episode bookkeeping (ids, counters, totals, timing) shared by the single-env and the
 * vector wrappers.
 */
import type { EpisodeRecord, Position, StepRecord } from "./records.js";
import { SCHEMA_VERSION } from "./records.js";

/** Where a wrapper sends its records (`RunRecorder` in `@plume/data-capture/node`, `MemorySink`, or your own). */
export interface CaptureSink {
  /** The run's id, written into every record. */
  readonly runId: string;
  writeStep(record: StepRecord): void;
  writeEpisode(record: EpisodeRecord): void;
  /** Called after an episode's records are written: a point where the sink may flush or checkpoint. */
  episodeBoundary?(): void;
}

/** Keeps every record in arrays (tests, browsers, small runs). */
export class MemorySink implements CaptureSink {
  readonly steps: StepRecord[] = [];
  readonly episodes: EpisodeRecord[] = [];
  boundaries = 0;
  constructor(readonly runId: string = "run-memory") {}
  writeStep(record: StepRecord): void {
    this.steps.push(record);
  }
  writeEpisode(record: EpisodeRecord): void {
    this.episodes.push(record);
  }
  episodeBoundary(): void {
    this.boundaries += 1;
  }
}

/** Wall-clock milliseconds with sub-millisecond resolution (the reference's `time.time() * 1000`). */
export function wallClockMs(): number {
  return performance.timeOrigin + performance.now();
}

/** `int(action)`, or 0 when Python's `int()` would fail (a vector action, a dict). */
export function actionAsInt(action: unknown): number {
  if (typeof action === "number") return Number.isFinite(action) ? Math.trunc(action) : 0;
  if (typeof action === "boolean") return action ? 1 : 0;
  if (typeof action === "bigint") return Number(action);
  const data = (action as { data?: unknown } | null)?.data ?? action;
  if ((ArrayBuffer.isView(data) || Array.isArray(data)) && (data as ArrayLike<unknown>).length === 1) {
    return actionAsInt((data as ArrayLike<unknown>)[0]);
  }
  return 0;
}

/** `[float(obs[0])]` when the observation has a first element that is a number, else null. */
export function observationSummary(observation: unknown): number[] | null {
  const nd = observation as { shape?: unknown; data?: unknown } | null;
  if (nd !== null && typeof nd === "object" && Array.isArray(nd.shape) && nd.data !== undefined) {
    const shape = nd.shape as number[];
    if (shape.length === 0 || shape[0] === 0) return null;
    // obs[0] is a row when there is more than one axis; float() of it works only for one element.
    if (shape.slice(1).reduce((a, b) => a * b, 1) !== 1) return null;
    const first = (nd.data as ArrayLike<unknown>)[0];
    return typeof first === "number" || typeof first === "bigint" ? [Number(first)] : null;
  }
  if (ArrayBuffer.isView(observation) || Array.isArray(observation)) {
    const first = (observation as ArrayLike<unknown>)[0];
    return typeof first === "number" || typeof first === "bigint" ? [Number(first)] : null;
  }
  return null;
}

/** The position after a step: `info.agent_position`, else `info.agent_xy`, else (0, 0). */
export function positionOf(info: unknown): Position {
  const i = (info ?? {}) as { agent_position?: unknown; agent_xy?: unknown };
  const raw = i.agent_position ?? i.agent_xy;
  const pair = raw as { x?: unknown; y?: unknown } & ArrayLike<unknown>;
  if (raw !== undefined && raw !== null && typeof raw === "object") {
    const [x, y] = "x" in pair ? [pair.x, pair.y] : [pair[0], pair[1]];
    if (typeof x === "number" && typeof y === "number") return { x: Math.trunc(x), y: Math.trunc(y) };
  }
  return { x: 0, y: 0 };
}

/** `float(info["distance_to_goal"])`, or 0.0. */
export function distanceOf(info: unknown): number {
  const d = (info as { distance_to_goal?: unknown } | undefined)?.distance_to_goal;
  return typeof d === "number" ? d : 0;
}

/** `int(info["seed"])`, or null. */
export function seedOf(info: unknown): number | null {
  const s = (info as { seed?: unknown } | undefined)?.seed;
  return typeof s === "number" && Number.isInteger(s) ? s : null;
}

/** `ep-000001`, `ep-000002`, ... (the reference's `f"ep-{counter:06d}"`). */
export function episodeId(counter: number): string {
  return `ep-${String(counter).padStart(6, "0")}`;
}

/** One episode in progress: its id, step count, return and start time. */
export class EpisodeTracker {
  id = "ep-unknown";
  steps = 0;
  total = 0;
  startMs: number | undefined = undefined;

  start(id: string, nowMs: number): void {
    this.id = id;
    this.steps = 0;
    this.total = 0;
    this.startMs = nowMs;
  }

  /** The step record of a step's results (counting the step). */
  step(runId: string, action: unknown, observation: unknown, reward: number, terminated: boolean, truncated: boolean, info: unknown, nowMs: number): StepRecord {
    this.steps += 1;
    const r = Number(reward);
    this.total += r;
    return {
      ts: nowMs / 1000,
      run_id: runId,
      episode_id: this.id,
      step: this.steps,
      action: actionAsInt(action),
      reward: r,
      terminated: terminated === true,
      truncated: truncated === true,
      agent_position: positionOf(info),
      distance_to_goal: distanceOf(info),
      observation_summary: observationSummary(observation),
      seed: seedOf(info),
      schema_version: SCHEMA_VERSION,
    };
  }

  /** The episode record after `last` (the episode's last step record), at `nowMs`. */
  finish(runId: string, last: StepRecord, nowMs: number): EpisodeRecord {
    const duration = this.startMs === undefined ? null : nowMs - this.startMs;
    return {
      run_id: runId,
      episode_id: this.id,
      terminated: last.terminated,
      truncated: last.truncated,
      total_steps: this.steps,
      total_reward: this.total,
      final_position: last.agent_position,
      final_distance_to_goal: last.distance_to_goal,
      duration_ms: duration,
      avg_step_time_ms: duration === null ? null : duration / Math.max(1, this.steps),
      schema_version: SCHEMA_VERSION,
    };
  }
}
