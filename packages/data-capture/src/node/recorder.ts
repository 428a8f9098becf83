/**
 * `RunRecorder`: the reference's run directory (`run.json`, `steps.jsonl.gz`, `episodes.jsonl.gz`, rotated
 * `.partN.gz` files), written as the run goes in bounded memory, and safe against crashes:
 *
 * - data is compressed in chunks as it comes (never held whole); at episode boundaries (at most once per
 *   `checkpointIntervalMs`) both files are flushed to disk and `run.json` is rewritten (atomically: a
 *   temporary file renamed over it) with `extra.plume.record`: status `"recording"`, the complete episodes and
 *   steps so far, and for each data file the size and SHA-256 of its finished prefix. A run killed at any
 *   point (kill -9 included) therefore says it is incomplete and can be replayed up to that checkpoint;
 * - `finish()` closes the files and writes status `"complete"` with the final sizes and hashes;
 * - with `replace: true` over an existing run directory, everything is written into a sibling temporary
 *   directory and renamed into place only by `finish()`: the previous run survives an interrupted recording.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname, platform, release, arch, userInfo } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { ValidationError } from "@plume/core-types";
import type { CaptureSink } from "../capture.js";
import { episodeLine, runMetaJson, stepLine, type EpisodeRecord, type RunMeta, type StepRecord } from "../records.js";
import { PLUME_RECORD_FORMAT, PLUME_RECORD_VERSION, buildRunMeta, defaultRunId, type RecordState, type RecordedFile, type RunMetaInput } from "../run-meta.js";
import { GzipLineWriter } from "./gzip-writer.js";

export const RUN_FILE = "run.json";
export const STEPS_FILE = "steps.jsonl.gz";
export const EPISODES_FILE = "episodes.jsonl.gz";
/** Step text of one episode held back before it is written (see `RunRecorder.interrupt`). */
const EPISODE_BUFFER_BYTES = 1024 * 1024;

/** Options of `RunRecorder.open`. */
export interface RunRecorderOptions extends Omit<RunMetaInput, "runId"> {
  /** The run directory (created; the reference's `<root>/<experiment>/<run_id>`). */
  readonly dir: string;
  /** Default: `run-` and the UTC time. */
  readonly runId?: string | undefined;
  /** Rotate to `steps.jsonl.part1.gz`, ... once a file reaches this many bytes on disk (the reference's `rotate_size_bytes`). Default: never. */
  readonly rotateSizeBytes?: number | undefined;
  /** Least time between two checkpoints (flush + `run.json`), in ms. Default 1000; 0 checkpoints at every episode boundary. */
  readonly checkpointIntervalMs?: number | undefined;
  /**
   * When `dir` already holds files: `false` (default) is a `ValidationError`; `true` records into a
   * temporary sibling directory and replaces `dir` only when `finish()` succeeds.
   */
  readonly replace?: boolean | undefined;
  /** Bytes of text compressed at a time. Default 256 KiB. */
  readonly chunkBytes?: number | undefined;
}

/** What `finish()` returns. */
export interface FinishedRun {
  readonly dir: string;
  readonly meta: RunMeta;
  readonly state: RecordState;
}

function system(): Record<string, unknown> {
  let user: string | null = null;
  try {
    user = userInfo().username;
  } catch {
    user = process.env["USER"] ?? process.env["USERNAME"] ?? null;
  }
  return { hostname: hostname(), platform: `${platform()}-${release()}-${arch()}`, node_version: process.version, pid: process.pid, user };
}

/** One stream (steps or episodes): a gzip file, rotated by the reference's rule, and the finished files before it. */
class RotatingStream {
  readonly #dir: string;
  readonly #stem: string;
  readonly #rotate: number;
  readonly #chunkBytes: number | undefined;
  readonly #closed: RecordedFile[] = [];
  #part = 0;
  #writer: GzipLineWriter;

  constructor(dir: string, stem: string, rotate: number, chunkBytes: number | undefined) {
    this.#dir = dir;
    this.#stem = stem;
    this.#rotate = rotate;
    this.#chunkBytes = chunkBytes;
    this.#writer = this.#open();
  }

  #name(): string {
    return this.#part === 0 ? `${this.#stem}.gz` : `${this.#stem}.part${this.#part}.gz`;
  }

  #open(): GzipLineWriter {
    return new GzipLineWriter(join(this.#dir, this.#name()), { ...(this.#chunkBytes !== undefined && { chunkBytes: this.#chunkBytes }) });
  }

  /** Before each record, as the reference: once the open file has reached the size, close it and start the next part. */
  write(line: string): void {
    if (this.#rotate > 0 && this.#writer.bytesOnDisk >= this.#rotate && this.#writer.lines > 0) {
      this.#closed.push(this.#writer.close());
      this.#part += 1;
      this.#writer = this.#open();
    }
    this.#writer.write(line);
  }

  sync(): void {
    this.#writer.sync();
  }

  /** The finished files and the open one's flushed prefix. */
  files(): RecordedFile[] {
    return [...this.#closed, this.#writer.progress()];
  }

  close(): RecordedFile[] {
    this.#closed.push(this.#writer.close());
    return [...this.#closed];
  }

  abandon(): void {
    this.#writer.abandon();
  }
}

/**
 * Records a run directory. Use it as the sink of a `DataCaptureWrapper` / `VectorDataCaptureWrapper`:
 *
 * ```ts
 * const recorder = await RunRecorder.open({ dir: "runs/r0", envConfig: { grid_size: [128, 128] } });
 * const env = new DataCaptureWrapper(new PlumeEnv(), recorder);
 * // ... reset / step ...
 * await recorder.finish();
 * ```
 */
export class RunRecorder implements CaptureSink {
  readonly runId: string;
  /** The run directory the recording ends up in. */
  readonly dir: string;
  /** Where files are being written (`dir`, or a temporary sibling with `replace`). */
  readonly workDir: string;
  readonly #meta: RunMeta;
  readonly #steps: RotatingStream;
  readonly #episodes: RotatingStream;
  readonly #interval: number;
  #lastCheckpoint: number;
  #stepCount = 0;
  #episodeCount = 0;
  /** Steps and episodes up to the last episode boundary. */
  #boundarySteps = 0;
  #boundaryEpisodes = 0;
  #state: RecordState["status"] = "recording";
  #done = false;
  /**
   * The current episode's step lines, held back until its boundary (up to `EPISODE_BUFFER_BYTES`, then
   * spilled), so that an interruption can close the files exactly at the last boundary.
   */
  #episodeLines: string[] = [];
  #episodeBytes = 0;
  #spilled = false;

  private constructor(dir: string, workDir: string, meta: RunMeta, options: RunRecorderOptions) {
    this.dir = dir;
    this.workDir = workDir;
    this.runId = meta.run_id;
    this.#meta = meta;
    const rotate = options.rotateSizeBytes ?? 0;
    this.#steps = new RotatingStream(workDir, "steps.jsonl", rotate, options.chunkBytes);
    this.#episodes = new RotatingStream(workDir, "episodes.jsonl", rotate, options.chunkBytes);
    this.#interval = options.checkpointIntervalMs ?? 1000;
    this.#lastCheckpoint = performance.now();
  }

  /**
   * Creates the run directory (or, with `replace` over an existing one, a temporary sibling), opens the data
   * files and writes `run.json` with status `"recording"`.
   * @throws ValidationError (`parameter` `"dir"`) when `dir` is a file, or holds files and `replace` is not set.
   */
  static async open(options: RunRecorderOptions): Promise<RunRecorder> {
    const dir = resolve(options.dir);
    let workDir = dir;
    if (existsSync(dir)) {
      if (!statSync(dir).isDirectory()) throw ValidationError.invalid("dir", "a directory path (a file of that name exists)", options.dir);
      if (readdirSync(dir).length > 0) {
        if (options.replace !== true) throw ValidationError.invalid("dir", "an empty or new directory (or replace: true to overwrite the run in it)", options.dir);
        workDir = join(dirname(dir), `.${basename(dir)}.recording-${process.pid}`);
        rmSync(workDir, { recursive: true, force: true });
      }
    }
    mkdirSync(workDir, { recursive: true });
    const meta = await buildRunMeta({ ...options, runId: options.runId ?? defaultRunId(options.now), system: options.system ?? system() });
    const recorder = new RunRecorder(dir, workDir, meta, options);
    recorder.#writeMeta(recorder.#steps.files(), recorder.#episodes.files());
    return recorder;
  }

  /** `run.json` as last written (without the current `extra.plume.record`). */
  get meta(): RunMeta {
    return this.#meta;
  }

  get stepCount(): number {
    return this.#stepCount;
  }

  get episodeCount(): number {
    return this.#episodeCount;
  }

  writeStep(record: StepRecord): void {
    this.#assertOpen();
    const line = stepLine(record);
    this.#stepCount += 1;
    if (this.#spilled) {
      this.#steps.write(line);
      return;
    }
    this.#episodeLines.push(line);
    this.#episodeBytes += line.length;
    if (this.#episodeBytes >= EPISODE_BUFFER_BYTES) this.#spill();
  }

  /** Writes the held-back step lines of the current episode. */
  #spill(): void {
    for (const line of this.#episodeLines) this.#steps.write(line);
    this.#episodeLines = [];
    this.#episodeBytes = 0;
    this.#spilled = true;
  }

  writeEpisode(record: EpisodeRecord): void {
    this.#assertOpen();
    this.#episodes.write(episodeLine(record));
    this.#episodeCount += 1;
  }

  /** An episode boundary: everything written so far belongs to finished episodes; checkpoint when it is time. */
  episodeBoundary(): void {
    this.#spill();
    this.#spilled = false;
    this.#boundarySteps = this.#stepCount;
    this.#boundaryEpisodes = this.#episodeCount;
    if (performance.now() - this.#lastCheckpoint >= this.#interval) this.checkpoint();
  }

  /** Flushes both files to disk and rewrites `run.json` with what is finished (up to the last episode boundary). */
  checkpoint(): void {
    this.#assertOpen();
    // Flush at the boundary: the flushed prefix then holds exactly the boundary's lines.
    if (this.#boundarySteps !== this.#stepCount || this.#boundaryEpisodes !== this.#episodeCount) return;
    this.#steps.sync();
    this.#episodes.sync();
    this.#writeMeta(this.#steps.files(), this.#episodes.files());
    this.#lastCheckpoint = performance.now();
  }

  /**
   * Closes the files and writes `run.json` with status `"complete"` (or `status` as given, e.g.
   * `"interrupted"` with a `reason`), then, with `replace`, moves the run into `dir`. `plume` is merged into
   * `extra.plume` (e.g. a summary). An interrupted run stays in `workDir` when it would replace another.
   */
  finish(options: { readonly status?: "complete" | "interrupted"; readonly reason?: string; readonly plume?: Readonly<Record<string, unknown>> } = {}): FinishedRun {
    this.#assertOpen();
    this.#state = options.status ?? "complete";
    this.#spill();
    const steps = this.#steps.close();
    const episodes = this.#episodes.close();
    this.#done = true;
    if (options.plume !== undefined) Object.assign(this.#plumeExtra(), options.plume);
    const state = this.#writeMeta(steps, episodes, options.reason);
    let dir = this.workDir;
    if (this.workDir !== this.dir && this.#state === "complete") {
      const old = join(dirname(this.dir), `.${basename(this.dir)}.replaced-${process.pid}`);
      rmSync(old, { recursive: true, force: true });
      renameSync(this.dir, old);
      renameSync(this.workDir, this.dir);
      rmSync(old, { recursive: true, force: true });
      dir = this.dir;
    }
    return { dir, meta: this.#meta, state };
  }

  /**
   * Stops early (Ctrl-C, an error): when the current episode's steps are still held back, the files are
   * closed at the last episode boundary and `run.json` says `"interrupted"` with `reason` and the episodes
   * finished (a complete, smaller run, replayable with `--partial`); otherwise (a very long episode spilled
   * to disk) as `abandon`. Returns where the run is.
   */
  interrupt(reason: string): string {
    if (this.#done) return this.workDir;
    if (this.#spilled) {
      this.abandon(reason);
      return this.workDir;
    }
    this.#episodeLines = [];
    this.#episodeBytes = 0;
    this.#stepCount = this.#boundarySteps;
    this.#episodeCount = this.#boundaryEpisodes;
    return this.finish({ status: "interrupted", reason }).dir;
  }

  /** Stops after an error without finishing the files (what is checkpointed stays replayable with `--partial`). */
  abandon(reason: string): void {
    if (this.#done) return;
    this.#done = true;
    this.#steps.abandon();
    this.#episodes.abandon();
    try {
      // The last checkpoint's run.json stands; add the reason.
      this.#state = "interrupted";
      const plume = this.#plumeExtra();
      const record = plume["record"] as RecordState | undefined;
      if (record !== undefined) {
        plume["record"] = { ...record, status: "interrupted", reason };
        this.#writeFile(runMetaJson(this.#meta));
      }
    } catch {
      // nothing more to save
    }
  }

  #plumeExtra(): Record<string, unknown> {
    const extra = this.#meta.extra as Record<string, unknown>;
    let plume = extra["plume"] as Record<string, unknown> | undefined;
    if (plume === undefined) {
      plume = {};
      // Keep simulation_metadata last, as the reference writes it.
      const { simulation_metadata: sim, ...rest } = extra;
      for (const key of Object.keys(extra)) delete extra[key];
      Object.assign(extra, rest, { plume }, { simulation_metadata: sim });
    }
    return plume;
  }

  #writeMeta(steps: RecordedFile[], episodes: RecordedFile[], reason?: string): RecordState {
    const final = this.#done;
    const state: RecordState = {
      format: PLUME_RECORD_FORMAT,
      version: PLUME_RECORD_VERSION,
      status: this.#state,
      episodes: final ? this.#episodeCount : this.#boundaryEpisodes,
      steps: final ? this.#stepCount : this.#boundarySteps,
      files: { steps, episodes },
      ...(reason !== undefined && { reason }),
    };
    this.#plumeExtra()["record"] = state;
    this.#writeFile(runMetaJson(this.#meta));
    return state;
  }

  #writeFile(text: string): void {
    const path = join(this.workDir, RUN_FILE);
    const temporary = `${path}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  }

  #assertOpen(): void {
    if (this.#done) throw new Error(`the recording of ${this.dir} is finished`);
  }
}
