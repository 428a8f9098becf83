/**
 * Reading run directories safely and in bounded memory. `openRun` checks everything it can before it
 * decompresses a byte: `run.json` (a regular file of sane size, the reference loader's rules), each data
 * file's name (a plain file name of the run directory: no path leaves it, `"."` and special files are
 * refused, symbolic links too), its size and, for runs Plume recorded, the SHA-256 of its compressed bytes.
 * Records are then streamed through gunzip with a limit on the decompressed bytes and on each line's length,
 * and validated line by line as the reference's `load_replay_artifacts` does.
 */
import { createHash } from "node:crypto";
import { createReadStream, lstatSync, readdirSync, readFileSync, type Stats } from "node:fs";
import { join, resolve, sep } from "node:path";
import { createGunzip, constants } from "node:zlib";
import { ValidationError } from "@plume/core-types";
import type { z } from "zod";
import { pyLoads } from "../python-json.js";
import { EpisodeRecordSchema, RunMetaSchema, StepRecordSchema, quickStepRecord, type EpisodeRecord, type RunMeta, type StepRecord } from "../records.js";
import { RecordStateSchema, recordStateOf, type RecordState, type RecordedFile } from "../run-meta.js";
import { EPISODES_FILE, RUN_FILE, STEPS_FILE } from "./recorder.js";

/** Largest `run.json` read (it holds a config, not data). */
export const MAX_RUN_JSON_BYTES = 16 * 1024 * 1024;
/** Longest line accepted in a data file (a step record is a few hundred bytes). */
export const MAX_LINE_BYTES = 1024 * 1024;
/** Default cap on decompressed bytes per compressed byte for files without a recorded size (JSON lines compress 10-30x). */
export const DEFAULT_MAX_RATIO = 256;

/** A problem with a run directory: a `ValidationError` whose `parameter` names the file (and line). */
function bad(parameter: string, expected: string, received?: unknown): ValidationError {
  return new ValidationError(`invalid run directory: ${parameter}`, { parameter, expected, ...(received !== undefined && { received }) });
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return "invalid";
  const path = issue.path.map(String).join(".");
  return `${path === "" ? "" : `${path}: `}${issue.message}`;
}

/** A data file to read: where, how many bytes of it, and what they must hash to. */
export interface DataFile {
  readonly name: string;
  readonly path: string;
  /** Compressed bytes to read (the whole file, or a finished prefix). */
  readonly bytes: number;
  readonly sha256: string | undefined;
  /** Decompressed bytes allowed. */
  readonly maxUncompressed: number;
  /** Lines to read (the finished prefix's), or undefined for all. */
  readonly lines: number | undefined;
  /** The file may end without its gzip trailer (an interrupted recording's last file). */
  readonly truncated: boolean;
}

/** Options of `openRun`. */
export interface OpenRunOptions {
  /** Accept a recording that did not finish, read up to its last checkpoint. Default false. */
  readonly partial?: boolean | undefined;
  /** Decompressed bytes allowed per compressed byte, for files without a recorded size. Default 256. */
  readonly maxRatio?: number | undefined;
}

/** A run directory, checked and ready to stream. */
export interface OpenedRun {
  readonly dir: string;
  readonly meta: RunMeta;
  /** `extra.plume.record` for runs Plume recorded; undefined for others (e.g. the reference's). */
  readonly record: RecordState | undefined;
  /** Whether the run finished (always true for runs recorded elsewhere). */
  readonly complete: boolean;
  readonly stepFiles: readonly DataFile[];
  readonly episodeFiles: readonly DataFile[];
  /** Step records, in file order. */
  steps(): AsyncGenerator<StepRecord>;
  /** The same, in batches (fewer awaits: what a long replay reads). */
  stepBatches(): AsyncGenerator<StepRecord[]>;
  /** Episode records, in file order. */
  episodes(): AsyncGenerator<EpisodeRecord>;
}

/** `lstat` of `path` inside `dir`, which must be a regular file (not a directory, link, FIFO or device). */
function regularFile(dir: string, name: string, what: string): { path: string; stats: Stats } {
  const path = resolve(dir, name);
  if (name === "" || name === "." || name === ".." || path === dir || !path.startsWith(dir + sep) || path.slice(dir.length + 1).includes(sep)) {
    throw bad(what, "a file name inside the run directory (no path, no '..')", name);
  }
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch {
    throw bad(what, `the file ${name} in the run directory (it is missing: the run directory is incomplete)`, name);
  }
  if (stats.isSymbolicLink()) throw bad(what, "a regular file (symbolic links are not followed)", name);
  if (!stats.isFile()) throw bad(what, `a regular file (${name} is a ${stats.isDirectory() ? "directory" : "special file"})`, name);
  return { path, stats };
}

/** The run's `run.json`, parsed and checked with the reference loader's rules. */
export function readRunMeta(dirInput: string): RunMeta {
  const dir = resolve(dirInput);
  let stats: Stats;
  try {
    stats = lstatSync(dir);
  } catch {
    throw bad("run directory", "an existing directory", dirInput);
  }
  if (!stats.isDirectory()) throw bad("run directory", "a directory", dirInput);
  const { path, stats: metaStats } = regularFile(dir, RUN_FILE, RUN_FILE);
  if (metaStats.size > MAX_RUN_JSON_BYTES) throw bad(RUN_FILE, `at most ${MAX_RUN_JSON_BYTES} bytes`, metaStats.size);
  let raw: unknown;
  try {
    raw = pyLoads(readFileSync(path, "utf8").replace(/^\uFEFF/, ""));
  } catch (error) {
    throw bad(RUN_FILE, "valid JSON (the file is truncated or corrupted)", (error as Error).message);
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw bad(RUN_FILE, "a JSON object", raw === null ? "null" : Array.isArray(raw) ? "an array" : typeof raw);
  const version = (raw as Record<string, unknown>)["schema_version"];
  if (version !== "0.1") {
    const old = (raw as Record<string, unknown>)["format"] === "plume-run";
    throw bad(`${RUN_FILE} schema_version`, old ? '"0.1" (this is Plume\'s earlier run format; re-record the run)' : '"0.1"', version === undefined ? "None" : version);
  }
  const parsed = RunMetaSchema.safeParse(raw);
  if (!parsed.success) throw bad(RUN_FILE, issueText(parsed.error));
  return parsed.data as RunMeta;
}

/** The reference's data files: the base file, the writer's parts (`stem.partN.gz`, numerically) and the loader's (`stem.part*.jsonl.gz`). */
function discoverFiles(dir: string, stem: "steps" | "episodes", maxRatio: number): DataFile[] {
  const names = readdirSync(dir);
  const writerParts = names
    .map((n) => new RegExp(`^${stem}\\.jsonl\\.part([1-9][0-9]*)\\.gz$`).exec(n))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((m) => m[0]);
  const loaderParts = names.filter((n) => n.startsWith(`${stem}.part`) && n.endsWith(".jsonl.gz")).sort();
  const base = names.includes(`${stem}.jsonl.gz`) ? [`${stem}.jsonl.gz`] : [];
  const all = [...base, ...writerParts, ...loaderParts];
  if (all.length === 0) throw bad(`${stem}.jsonl.gz`, `the file ${stem}.jsonl.gz in the run directory (missing ${stem}.jsonl.gz artifacts)`);
  return all.map((name) => {
    const { path, stats } = regularFile(dir, name, name);
    return { name, path, bytes: stats.size, sha256: undefined, maxUncompressed: stats.size * maxRatio + 1024 * 1024, lines: undefined, truncated: false };
  });
}

/** The files a Plume recording lists, checked against the disk (names, sizes). */
function recordedFiles(dir: string, files: readonly RecordedFile[], complete: boolean, label: string): DataFile[] {
  return files.map((file, k) => {
    const what = `extra.plume.record.files.${label}[${k}].path`;
    const { path, stats } = regularFile(dir, file.path, what);
    const last = k === files.length - 1;
    if (complete || !last ? stats.size !== file.bytes : stats.size < file.bytes) {
      throw bad(file.path, `${file.bytes} bytes as run.json records (it was changed or truncated after recording)`, `${stats.size} bytes`);
    }
    return { name: file.path, path, bytes: file.bytes, sha256: file.sha256, maxUncompressed: file.uncompressedBytes, lines: file.lines, truncated: !complete && last };
  });
}

/** SHA-256 of the first `bytes` bytes of `path`, streamed. */
async function hashPrefix(path: string, bytes: number): Promise<string> {
  const hash = createHash("sha256");
  if (bytes > 0) for await (const chunk of createReadStream(path, { start: 0, end: bytes - 1 })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Streams the lines of a data file: reads its `bytes` (hashing them again as they pass), gunzips with the
 * decompressed-size limit, decodes UTF-8 strictly and splits lines (each at most `MAX_LINE_BYTES`).
 */
async function* fileLines(file: DataFile): AsyncGenerator<{ readonly texts: string[]; readonly firstLine: number }> {
  const hash = createHash("sha256");
  const source = file.bytes > 0 ? createReadStream(file.path, { start: 0, end: file.bytes - 1 }) : createReadStream(file.path, { start: 0, end: -1 });
  const gunzip = createGunzip(file.truncated ? { finishFlush: constants.Z_SYNC_FLUSH } : {});
  source.on("data", (chunk) => hash.update(chunk as Buffer));
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let rest = "";
  let line = 0;
  let total = 0;
  try {
    for await (const chunk of gunzip) {
      total += (chunk as Buffer).length;
      if (total > file.maxUncompressed) {
        throw bad(file.name, `at most ${file.maxUncompressed} bytes once decompressed (a decompression bomb or a corrupted file)`, `more than ${file.maxUncompressed}`);
      }
      let text: string;
      try {
        text = rest + decoder.decode(chunk as Buffer, { stream: true });
      } catch {
        throw bad(`${file.name} line ${line + 1}`, "UTF-8 text");
      }
      let start = 0;
      const texts: string[] = [];
      const firstLine = line + 1;
      let full = false;
      for (;;) {
        const end = text.indexOf("\n", start);
        if (end < 0) break;
        if (file.lines !== undefined && line >= file.lines) {
          full = true;
          break;
        }
        line += 1;
        texts.push(text.slice(start, end));
        start = end + 1;
      }
      if (texts.length > 0) yield { texts, firstLine };
      if (full) return;
      rest = text.slice(start);
      if (rest.length > MAX_LINE_BYTES) throw bad(`${file.name} line ${line + 1}`, `a line of at most ${MAX_LINE_BYTES} bytes`);
    }
    if (rest.trim() !== "" && (file.lines === undefined || line < file.lines)) {
      line += 1;
      yield { texts: [rest], firstLine: line };
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const message = (error as Error).message;
    throw bad(file.name, "a complete gzip file (it is truncated or corrupted)", message);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  if (file.sha256 !== undefined && hash.digest("hex") !== file.sha256) {
    throw bad(file.name, "the SHA-256 run.json records (the file changed while it was read)");
  }
}

/** Parsed, validated records of `files`, a decompressed chunk's worth at a time (empty lines skipped, as the reference's loader does). */
async function* recordBatches<T>(files: readonly DataFile[], schema: z.ZodType<T>, quick?: (value: Record<string, unknown>) => T | undefined): AsyncGenerator<T[]> {
  for (const file of files) {
    for await (const { texts, firstLine } of fileLines(file)) {
      const batch: T[] = [];
      for (let k = 0; k < texts.length; k++) {
        const text = texts[k] as string;
        if (text.trim() === "") continue;
        const where = () => `${file.name} line ${firstLine + k}`;
        let value: unknown;
        try {
          value = pyLoads(text);
        } catch {
          throw bad(where(), "a JSON object (invalid JSON)");
        }
        if (value === null || typeof value !== "object" || Array.isArray(value)) throw bad(where(), "a JSON object");
        const fast = quick?.(value as Record<string, unknown>);
        if (fast !== undefined) {
          batch.push(fast);
          continue;
        }
        const version = (value as Record<string, unknown>)["schema_version"];
        if (version !== "0.1") throw bad(`${where()} schema_version`, '"0.1"', version === undefined ? "None" : version);
        const parsed = schema.safeParse(value);
        if (!parsed.success) throw bad(where(), issueText(parsed.error));
        batch.push(parsed.data);
      }
      if (batch.length > 0) yield batch;
    }
  }
}

async function* flatten<T>(batches: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const batch of batches) yield* batch;
}

/**
 * Opens a run directory for streaming. Checks `run.json`; for a run Plume recorded, its status (an
 * unfinished one needs `partial`), every listed file's name, size and the SHA-256 of its compressed bytes;
 * for another run (e.g. the reference's), the file names found. Nothing is decompressed here.
 * @throws ValidationError whose `parameter` names the file and field.
 */
export async function openRun(dirInput: string, options: OpenRunOptions = {}): Promise<OpenedRun> {
  const dir = resolve(dirInput);
  const meta = readRunMeta(dir);
  const rawState = recordStateOf(meta);
  let record: RecordState | undefined;
  let stepFiles: DataFile[];
  let episodeFiles: DataFile[];
  let complete = true;
  if (rawState !== undefined) {
    const parsed = RecordStateSchema.safeParse(rawState);
    if (!parsed.success) throw bad(`${RUN_FILE} extra.plume.record`, issueText(parsed.error));
    record = parsed.data;
    complete = record.status === "complete";
    if (!complete && options.partial !== true) {
      throw bad(
        `${RUN_FILE} extra.plume.record.status`,
        `"complete": this recording did not finish (${record.status}${record.reason === undefined ? "" : `: ${record.reason}`}); ${record.episodes} complete episodes (${record.steps} steps) can be replayed with --partial`,
        record.status,
      );
    }
    stepFiles = recordedFiles(dir, record.files.steps, complete, "steps");
    episodeFiles = recordedFiles(dir, record.files.episodes, complete, "episodes");
    for (const file of [...stepFiles, ...episodeFiles]) {
      if ((await hashPrefix(file.path, file.bytes)) !== file.sha256) {
        throw bad(file.name, `the SHA-256 run.json records for its first ${file.bytes} bytes (it was changed or corrupted after recording)`);
      }
    }
  } else {
    const ratio = options.maxRatio ?? DEFAULT_MAX_RATIO;
    stepFiles = discoverFiles(dir, "steps", ratio);
    episodeFiles = discoverFiles(dir, "episodes", ratio);
  }
  return {
    dir,
    meta,
    record,
    complete,
    stepFiles,
    episodeFiles,
    steps: () => flatten(recordBatches(stepFiles, StepRecordSchema as z.ZodType<StepRecord>, quickStepRecord)),
    stepBatches: () => recordBatches(stepFiles, StepRecordSchema as z.ZodType<StepRecord>, quickStepRecord),
    episodes: () => flatten(recordBatches(episodeFiles, EpisodeRecordSchema as z.ZodType<EpisodeRecord>)),
  };
}

/** The reference's `validate_run_artifacts(run_dir)`: file checks only (no gzip is opened). */
export function validateRunArtifacts(dirInput: string): { run_dir: string; ok: boolean; errors: string[]; warnings: string[] } {
  const dir = resolve(dirInput);
  const errors: string[] = [];
  let names: string[] = [];
  try {
    if (!lstatSync(dir).isDirectory()) throw new Error();
    names = readdirSync(dir);
  } catch {
    return { run_dir: dirInput, ok: false, errors: ["run_dir_not_found"], warnings: [] };
  }
  if (!names.includes(RUN_FILE)) errors.push("missing_run_json");
  else {
    try {
      JSON.parse(readFileSync(join(dir, RUN_FILE), "utf8"));
    } catch {
      errors.push("invalid_run_json");
    }
  }
  const has = (stem: string) => names.includes(`${stem}.jsonl.gz`) || names.some((n) => n.startsWith(`${stem}.part`) && n.endsWith(".jsonl.gz"));
  if (!has("steps")) errors.push("missing_steps_jsonl_gz");
  if (!has("episodes")) errors.push("missing_episodes_jsonl_gz");
  return { run_dir: dirInput, ok: errors.length === 0, errors, warnings: [] };
}

/** The reference's `load_replay_artifacts(run_dir)`: every record in memory, with its checks (for small runs). */
export async function loadReplayArtifacts(dirInput: string): Promise<{ run_dir: string; run_meta: RunMeta; steps: StepRecord[]; episodes: EpisodeRecord[] }> {
  const run = await openRun(dirInput);
  const steps: StepRecord[] = [];
  for await (const s of run.steps()) steps.push(s);
  if (steps.length === 0) throw bad(STEPS_FILE, "at least one step record (no step records found)");
  const episodes: EpisodeRecord[] = [];
  for await (const e of run.episodes()) episodes.push(e);
  if (episodes.length === 0) throw bad(EPISODES_FILE, "at least one episode record (no episode records found)");
  const id = run.meta.run_id;
  if ((steps[0] as StepRecord).run_id !== id) throw bad(`${STEPS_FILE} line 1 run_id`, `the run_id of run.json, ${JSON.stringify(id)}`, (steps[0] as StepRecord).run_id);
  episodes.forEach((e, k) => {
    if (e.run_id !== id) throw bad(`${EPISODES_FILE} record ${k + 1} run_id`, `the run_id of run.json, ${JSON.stringify(id)}`, e.run_id);
  });
  return { run_dir: dirInput, run_meta: run.meta, steps, episodes };
}
