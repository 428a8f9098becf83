/**
 * `DataCaptureWrapper` (the reference's `plume_nav_sim/data_capture/wrapper.py`) and its vector twin: record
 * every step of any environment as a `StepRecord`, and every finished episode as an `EpisodeRecord`, into a
 * `CaptureSink`.
 */
import {
  ValidationError,
  ndarray,
  type Env,
  type EnvInfo,
  type ResetOptions,
  type ResetResult,
  type StepResult,
} from "@plume/core-types";
import { Wrapper } from "@plume/env";
import { EpisodeTracker, episodeId, wallClockMs, type CaptureSink } from "./capture.js";
import type { StepRecord } from "./records.js";

function assertSink(sink: unknown): asserts sink is CaptureSink {
  const s = sink as Partial<CaptureSink> | null;
  if (s === null || typeof s !== "object" || typeof s.writeStep !== "function" || typeof s.writeEpisode !== "function" || typeof s.runId !== "string") {
    throw ValidationError.invalid("recorder", "a CaptureSink (runId, writeStep, writeEpisode), e.g. a RunRecorder or MemorySink", sink);
  }
}

/** Options of the capture wrappers. */
export interface CaptureOptions {
  /** Wall-clock milliseconds (for `ts`, `duration_ms`). Default: `performance.timeOrigin + performance.now()`. */
  readonly clock?: (() => number) | undefined;
}

/**
 * Records every `step` of `env` (Gymnasium's wrapper protocol: it is itself an `Env`). `reset` starts a new
 * episode id (`ep-000001`, ...; nothing is written); each `step` writes one `StepRecord` after the inner step
 * returns; a step that ends the episode (terminated or truncated) also writes its `EpisodeRecord` and then
 * tells the sink it is at an episode boundary. An error thrown by the inner env writes nothing.
 *
 * ```ts
 * const sink = new MemorySink("run-1");
 * const env = new DataCaptureWrapper(new PlumeEnv(), sink);
 * env.reset({ seed: 0 }); env.step(1);   // sink.steps[0].agent_position ...
 * ```
 */
export class DataCaptureWrapper<Obs = unknown, Act = unknown, Info extends EnvInfo = EnvInfo> extends Wrapper<Obs, Act, Info> {
  readonly recorder: CaptureSink;
  readonly #clock: () => number;
  readonly #episode = new EpisodeTracker();
  #episodes = 0;

  /** @throws ValidationError naming `env` or `recorder`. */
  constructor(env: Env<Obs, Act, Info>, recorder: CaptureSink, options: CaptureOptions = {}) {
    super(env);
    assertSink(recorder);
    this.recorder = recorder;
    this.#clock = options.clock ?? wallClockMs;
  }

  /** Episodes started (resets) so far. */
  get episodeCount(): number {
    return this.#episodes;
  }

  /** The current episode's id (`"ep-unknown"` before the first reset). */
  get episodeId(): string {
    return this.#episode.id;
  }

  override reset(options?: ResetOptions): ResetResult<Obs, Info> {
    const result = super.reset(options);
    this.#episodes += 1;
    this.#episode.start(episodeId(this.#episodes), this.#clock());
    return result;
  }

  override step(action: Act): StepResult<Obs, Info> {
    const result = super.step(action);
    const [observation, reward, terminated, truncated, info] = result;
    const runId = this.recorder.runId;
    const record = this.#episode.step(runId, action, observation, reward, terminated, truncated, info, this.#clock());
    this.recorder.writeStep(record);
    if (terminated || truncated) {
      this.recorder.writeEpisode(this.#episode.finish(runId, record, this.#clock()));
      this.recorder.episodeBoundary?.();
    }
    return result;
  }
}

/** What `VectorDataCaptureWrapper` needs of a vector env (`SyncVectorEnv`, `AsyncVectorEnv`, or another with Gymnasium 1.x semantics). */
export interface CapturableVectorEnv<Obs = unknown> {
  readonly numEnvs: number;
  readonly autoresetMode: string;
  reset(options?: { seed?: unknown; options?: unknown }): readonly [Obs, Readonly<Record<string, unknown>>];
  step(actions: unknown): readonly [Obs, unknown, unknown, unknown, Readonly<Record<string, unknown>>];
  close(): unknown;
}

/** Element `i` of a stacked array (an `NDArray` or an array), as the single env's value. */
function rowOf(value: unknown, i: number, n: number): unknown {
  const nd = value as { dtype?: string; shape?: number[]; data?: ArrayLike<unknown> } | null;
  if (nd !== null && typeof nd === "object" && Array.isArray(nd.shape) && nd.data !== undefined) {
    const rest = nd.shape.slice(1);
    const size = rest.reduce((a, b) => a * b, 1);
    if (rest.length === 0) return nd.data[i];
    const data = nd.data as unknown as { subarray?: (a: number, b: number) => unknown; slice: (a: number, b: number) => unknown };
    const row = typeof data.subarray === "function" ? data.subarray(i * size, i * size + size) : data.slice(i * size, i * size + size);
    return ndarray(nd.dtype as "float32", rest, row as Float32Array);
  }
  if (Array.isArray(value) && value.length === n) return value[i];
  return undefined;
}

/** Environment `i`'s info out of stacked infos (`{ key: values, _key: mask }`). */
function infoOf(infos: Readonly<Record<string, unknown>>, i: number, n: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(infos)) {
    if (key.startsWith("_")) continue;
    const mask = infos[`_${key}`] as { data?: ArrayLike<unknown> } | undefined;
    if (mask?.data !== undefined && !mask.data[i]) continue;
    const value = infos[key];
    const nested = value as Record<string, unknown> | null;
    if (nested !== null && typeof nested === "object" && !Array.isArray(nested) && !("data" in nested)) {
      out[key] = infoOf(nested, i, n);
      continue;
    }
    const row = rowOf(value, i, n);
    const nd = row as { data?: ArrayLike<unknown> } | undefined;
    out[key] = nd !== undefined && typeof nd === "object" && nd.data !== undefined ? Array.from(nd.data as ArrayLike<number>) : row;
  }
  return out;
}

/**
 * Records a vector env: one episode stream per environment, each episode written as one contiguous run of
 * step records followed by its episode record when it ends (the reference's replay reads an episode as
 * consecutive records with one id). So each running episode's step records are held in memory until it
 * ends (at most `numEnvs` episodes' worth); `close()` writes the steps of episodes still running (no
 * episode record, as the reference leaves an unfinished episode). Episode ids are numbered in the order
 * environments start them (`reset` first, environment 0 first). Autoreset modes: NEXT_STEP (the step that
 * resets an environment records nothing for it), SAME_STEP (the step's own results come from
 * `final_obs`/`final_info`) and DISABLED.
 */
export class VectorDataCaptureWrapper<Obs = unknown> {
  readonly env: CapturableVectorEnv<Obs>;
  readonly recorder: CaptureSink;
  readonly numEnvs: number;
  readonly #clock: () => number;
  readonly #episodes: EpisodeTracker[];
  readonly #buffered: StepRecord[][];
  /** NEXT_STEP: environment i ended on the last step, so this step resets it. */
  readonly #resetting: Uint8Array;
  #started = 0;
  #closed = false;

  /** @throws ValidationError naming `env` or `recorder`. */
  constructor(env: CapturableVectorEnv<Obs>, recorder: CaptureSink, options: CaptureOptions = {}) {
    if (env === null || typeof env !== "object" || typeof env.step !== "function" || typeof env.reset !== "function" || !Number.isInteger(env.numEnvs)) {
      throw ValidationError.invalid("env", "a vector environment (numEnvs, reset, step, close)", env);
    }
    assertSink(recorder);
    this.env = env;
    this.recorder = recorder;
    this.numEnvs = env.numEnvs;
    this.#clock = options.clock ?? wallClockMs;
    this.#episodes = Array.from({ length: env.numEnvs }, () => new EpisodeTracker());
    this.#buffered = Array.from({ length: env.numEnvs }, () => []);
    this.#resetting = new Uint8Array(env.numEnvs);
  }

  reset(options: { seed?: unknown; options?: { reset_mask?: unknown } & Record<string, unknown> } = {}): readonly [Obs, Readonly<Record<string, unknown>>] {
    const result = this.env.reset(options);
    const mask = options.options?.reset_mask as ArrayLike<unknown> | { data?: ArrayLike<unknown> } | undefined;
    const bits = (mask as { data?: ArrayLike<unknown> } | undefined)?.data ?? (mask as ArrayLike<unknown> | undefined);
    const now = this.#clock();
    for (let i = 0; i < this.numEnvs; i++) {
      if (bits !== undefined && !bits[i]) continue;
      this.#flushUnfinished(i);
      this.#startEpisode(i, now);
      this.#resetting[i] = 0;
    }
    return result;
  }

  step(actions: unknown): readonly [Obs, unknown, unknown, unknown, Readonly<Record<string, unknown>>] {
    const result = this.env.step(actions);
    const [observations, rewards, terminations, truncations, infos] = result;
    const n = this.numEnvs;
    const mode = this.env.autoresetMode;
    const now = this.#clock();
    const finalMask = (infos["_final_obs"] as { data?: ArrayLike<unknown> } | undefined)?.data;
    const runId = this.recorder.runId;
    for (let i = 0; i < n; i++) {
      if (mode === "next_step" && this.#resetting[i] === 1) {
        this.#resetting[i] = 0;
        this.#startEpisode(i, now);
        continue;
      }
      const final = mode === "same_step" && finalMask !== undefined && finalMask[i];
      const observation = final ? rowOf(infos["final_obs"], i, n) : rowOf(observations, i, n);
      const info = final ? infoOf(infos["final_info"] as Record<string, unknown>, i, n) : infoOf(infos, i, n);
      const terminated = Boolean(rowOf(terminations, i, n));
      const truncated = Boolean(rowOf(truncations, i, n));
      const action = rowOf(actions, i, n) ?? (ArrayBuffer.isView(actions) ? (actions as unknown as ArrayLike<unknown>)[i] : undefined);
      const episode = this.#episodes[i] as EpisodeTracker;
      const record = episode.step(runId, action, observation, Number(rowOf(rewards, i, n)), terminated, truncated, info, now);
      const buffer = this.#buffered[i] as StepRecord[];
      buffer.push(record);
      if (terminated || truncated) {
        for (const r of buffer) this.recorder.writeStep(r);
        buffer.length = 0;
        this.recorder.writeEpisode(episode.finish(runId, record, this.#clock()));
        this.recorder.episodeBoundary?.();
        if (mode === "next_step") this.#resetting[i] = 1;
        else if (mode === "same_step") this.#startEpisode(i, now);
      }
    }
    return result;
  }

  /** Writes the steps of episodes still running, then closes the vector env. Idempotent. */
  close(): unknown {
    if (this.#closed) return undefined;
    this.#closed = true;
    for (let i = 0; i < this.numEnvs; i++) this.#flushUnfinished(i);
    return this.env.close();
  }

  #startEpisode(i: number, now: number): void {
    this.#started += 1;
    (this.#episodes[i] as EpisodeTracker).start(episodeId(this.#started), now);
  }

  #flushUnfinished(i: number): void {
    const buffer = this.#buffered[i] as StepRecord[];
    for (const r of buffer) this.recorder.writeStep(r);
    buffer.length = 0;
  }
}
