/**
 * Run directories: `run.json` (config, policy, seeds, versions, and the size and SHA-256 of each data file),
 * `steps.jsonl.gz` (one JSON line per reset and per step) and `episodes.jsonl.gz` (one line per episode).
 * `readRun` validates every byte it reads and reports the first problem in one line; `replayRun` re-creates
 * every episode and checks that it matches the record exactly.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { EnvironmentConfigSchema, parseEnvironmentConfig, type EnvironmentConfig } from "@plume/env";
import { derivePolicySeed } from "@plume/policies";
import * as z from "zod";
import { createEnv } from "./env-config.js";
import { CliError, ReplayMismatchError, oneLine } from "./errors.js";
import { buildPolicy, checkCompatible, observationToJson, runPolicy, type Cell, type EpisodeResult, type JsonObservation, type RunResult } from "./runner.js";
import { versions } from "./versions.js";

/** The `format` of `run.json`. */
export const RUN_FORMAT = "plume-run";
/** The version of the run directory layout this package writes and reads. */
export const RUN_FORMAT_VERSION = 1;
export const RUN_FILE = "run.json";
export const STEPS_FILE = "steps.jsonl.gz";
export const EPISODES_FILE = "episodes.jsonl.gz";

const int = z.int().min(0);
const cell = z.tuple([z.int(), z.int()]);
const JsonObservationSchema: z.ZodType<JsonObservation> = z.lazy(() =>
  z.union([z.number(), z.array(z.union([z.number(), z.string()])), z.record(z.string(), JsonObservationSchema)]),
);
const fileEntry = z.strictObject({ path: z.string().min(1), lines: int, bytes: int, sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: "64 hex digits" }) });

/** Schema of `run.json`. */
export const RunManifestSchema = z.strictObject({
  format: z.literal(RUN_FORMAT, { error: `"${RUN_FORMAT}"` }),
  version: z.literal(RUN_FORMAT_VERSION, { error: `${RUN_FORMAT_VERSION} (this plume reads run format ${RUN_FORMAT_VERSION})` }),
  createdAt: z.string(),
  command: z.string().optional(),
  versions: z.record(z.string(), z.string()),
  env: z.strictObject({ config: z.unknown(), baseDir: z.string() }),
  policy: z.strictObject({ name: z.string().min(1), options: z.record(z.string(), z.unknown()) }),
  seeds: z.array(int.max(0xffffffff)).min(1),
  summary: z.record(z.string(), z.unknown()),
  files: z.strictObject({ steps: fileEntry, episodes: fileEntry }),
});
export type RunManifest = z.output<typeof RunManifestSchema>;

/** A reset line of `steps.jsonl.gz`. */
export const ResetLineSchema = z.strictObject({ e: int, t: z.literal(0), seed: int, policySeed: int, pos: cell, obs: JsonObservationSchema });
/** A step line of `steps.jsonl.gz`. */
export const StepLineSchema = z.strictObject({
  e: int,
  t: z.int().min(1),
  a: z.int(),
  r: z.number(),
  term: z.boolean(),
  trunc: z.boolean(),
  pos: cell,
  obs: JsonObservationSchema,
});
/** A line of `episodes.jsonl.gz`. */
export const EpisodeLineSchema = z.strictObject({
  episode: int,
  seed: int,
  policySeed: int,
  steps: z.int().min(1),
  return: z.number(),
  success: z.boolean(),
  truncated: z.boolean(),
  start: cell,
  end: cell,
});
type ResetLine = z.output<typeof ResetLineSchema>;
type StepLine = z.output<typeof StepLineSchema>;
type EpisodeLine = z.output<typeof EpisodeLineSchema>;

/** A run directory, read and validated. */
export interface RunRecord {
  readonly dir: string;
  readonly manifest: RunManifest;
  readonly config: EnvironmentConfig;
  /** Per episode: its reset line and its step lines. */
  readonly episodes: readonly { readonly reset: ResetLine; readonly steps: readonly StepLine[]; readonly result: EpisodeLine }[];
}

/** What `recordRun` records. */
export interface RecordSpec {
  readonly dir: string;
  readonly policy: string;
  readonly policyOptions?: Readonly<Record<string, unknown>> | undefined;
  readonly config: EnvironmentConfig;
  readonly baseDir?: string | undefined;
  readonly seeds: readonly number[];
  /** Replace the files of an existing run directory. Default false. */
  readonly force?: boolean | undefined;
  /** The command line, stored in `run.json`. */
  readonly command?: string | undefined;
  readonly onEpisode?: ((result: EpisodeResult) => void) | undefined;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return "invalid";
  const path = issue.path.map(String).join(".");
  return `${path === "" ? "" : `${path}: `}${issue.message}`;
}

/**
 * Runs the episodes and writes the run directory. `run.json` is written last, so a directory without it is an
 * interrupted recording.
 * @throws CliError when `dir` holds files and `force` is not set.
 */
export async function recordRun(spec: RecordSpec): Promise<{ readonly manifest: RunManifest; readonly result: RunResult }> {
  const dir = resolve(spec.dir);
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new CliError(`--out ${spec.dir}: a file of that name exists; choose a directory name`);
    if (readdirSync(dir).length > 0 && spec.force !== true) {
      throw new CliError(`--out ${spec.dir}: the directory is not empty; choose a new directory or add --force to overwrite its run files`);
    }
  }
  const stepLines: string[] = [];
  const episodeLines: string[] = [];
  const result = await runPolicy({
    policy: spec.policy,
    policyOptions: spec.policyOptions,
    config: spec.config,
    baseDir: spec.baseDir,
    seeds: spec.seeds,
    onReset: (r) => {
      stepLines.push(JSON.stringify({ e: r.episode, t: 0, seed: r.seed, policySeed: r.policySeed, pos: r.position, obs: r.observation }));
    },
    onStep: (s) => {
      stepLines.push(JSON.stringify({ e: s.episode, t: s.t, a: s.action, r: s.reward, term: s.terminated, trunc: s.truncated, pos: s.position, obs: s.observation }));
    },
    onEpisode: (e) => {
      const line: EpisodeLine = {
        episode: e.episode,
        seed: e.seed,
        policySeed: e.policySeed,
        steps: e.steps,
        return: e.return,
        success: e.success,
        truncated: e.truncated,
        start: [e.start[0], e.start[1]],
        end: [e.end[0], e.end[1]],
      };
      episodeLines.push(JSON.stringify(line));
      spec.onEpisode?.(e);
    },
  });
  mkdirSync(dir, { recursive: true });
  const write = (name: string, lines: readonly string[]) => {
    const bytes = gzipSync(Buffer.from(lines.map((l) => `${l}\n`).join(""), "utf8"));
    writeFileSync(join(dir, name), bytes);
    return { path: name, lines: lines.length, bytes: bytes.length, sha256: sha256(bytes) };
  };
  const files = { steps: write(STEPS_FILE, stepLines), episodes: write(EPISODES_FILE, episodeLines) };
  const { elapsedSeconds: _e, stepsPerSecond: _s, ...summary } = result.summary;
  const manifest: RunManifest = {
    format: RUN_FORMAT,
    version: RUN_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    ...(spec.command !== undefined && { command: spec.command }),
    versions: { ...versions() },
    env: { config: JSON.parse(JSON.stringify(spec.config)) as unknown, baseDir: resolve(spec.baseDir ?? process.cwd()) },
    policy: { name: spec.policy, options: { ...(spec.policyOptions ?? {}) } },
    seeds: [...spec.seeds],
    summary,
    files,
  };
  writeFileSync(join(dir, RUN_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, result };
}

function readDataFile(dir: string, label: string, entry: z.output<typeof fileEntry>): string[] {
  const path = join(dir, entry.path);
  if (!existsSync(path)) throw new CliError(`${label}: ${entry.path} is missing from ${dir}; the run directory is incomplete (re-record it)`);
  const bytes = readFileSync(path);
  let text: string;
  try {
    text = gunzipSync(bytes).toString("utf8");
  } catch (error) {
    throw new CliError(
      `${label}: ${entry.path} in ${dir} is truncated or corrupted (gzip: ${oneLine((error as Error).message)}); it cannot be replayed — re-record the run`,
    );
  }
  if (bytes.length !== entry.bytes || sha256(bytes) !== entry.sha256) {
    throw new CliError(`${label}: ${entry.path} in ${dir} does not match the size and SHA-256 in run.json: it was changed or corrupted after recording; re-record the run`);
  }
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  if (lines.length !== entry.lines) {
    throw new CliError(`${label}: ${entry.path} in ${dir} has ${lines.length} lines but run.json says ${entry.lines}: the file is incomplete; re-record the run`);
  }
  return lines;
}

function parseLine<S extends z.ZodType>(schema: S, line: string, where: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new CliError(`${where} is not valid JSON (${oneLine((error as Error).message)}); the run directory is corrupted`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(`${where}: ${issueText(parsed.error)}; the run directory is corrupted`);
  return parsed.data;
}

/**
 * Reads and validates a run directory: `run.json` against its schema, each data file's gzip stream, size,
 * SHA-256 and line count, every line against its schema, and the episode structure.
 * @throws CliError (exit code 2) with one line naming the file, line and problem.
 */
export function readRun(dirInput: string, label = "replay"): RunRecord {
  const dir = resolve(dirInput);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`${label}: ${dirInput} is not a directory; give the --out directory of a plume record run`);
  const manifestPath = join(dir, RUN_FILE);
  if (!existsSync(manifestPath)) {
    throw new CliError(`${label}: ${dirInput} has no ${RUN_FILE}; it is not a run directory, or its recording was interrupted (re-record it)`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(manifestPath, "utf8"));
  } catch (error) {
    throw new CliError(`${label}: ${RUN_FILE} in ${dirInput} is not valid JSON (${oneLine((error as Error).message)}); the file is truncated or corrupted — re-record the run`);
  }
  const parsedManifest = RunManifestSchema.safeParse(raw);
  if (!parsedManifest.success) throw new CliError(`${label}: ${RUN_FILE} in ${dirInput}: invalid ${issueText(parsedManifest.error)}`);
  const manifest = parsedManifest.data;
  let config: EnvironmentConfig;
  try {
    config = parseEnvironmentConfig(EnvironmentConfigSchema.parse(manifest.env.config));
  } catch (error) {
    throw new CliError(`${label}: ${RUN_FILE} in ${dirInput}: invalid env.config (${oneLine((error as Error).message)})`);
  }

  const stepLines = readDataFile(dir, label, manifest.files.steps);
  const episodeLines = readDataFile(dir, label, manifest.files.episodes);
  const n = manifest.seeds.length;
  if (episodeLines.length !== n) throw new CliError(`${label}: ${EPISODES_FILE} has ${episodeLines.length} episodes but run.json lists ${n} seeds; the run directory is inconsistent`);
  const episodes: { reset: ResetLine; steps: StepLine[]; result: EpisodeLine }[] = [];
  let cursor = 0;
  for (let e = 0; e < n; e++) {
    const result = parseLine(EpisodeLineSchema, episodeLines[e] as string, `${label}: ${EPISODES_FILE} line ${e + 1}`);
    if (result.episode !== e || result.seed !== manifest.seeds[e]) {
      throw new CliError(`${label}: ${EPISODES_FILE} line ${e + 1} is episode ${result.episode} with seed ${result.seed}, expected episode ${e} with seed ${String(manifest.seeds[e])}; the run directory is inconsistent`);
    }
    const where = () => `${label}: ${STEPS_FILE} line ${cursor + 1}`;
    if (cursor >= stepLines.length) throw new CliError(`${where()} is missing: the steps of episode ${e} are not in the file; the run directory is incomplete`);
    const reset = parseLine(ResetLineSchema, stepLines[cursor] as string, where());
    if (reset.e !== e || reset.seed !== result.seed || reset.policySeed !== result.policySeed) {
      throw new CliError(`${where()}: expected the reset of episode ${e} (seed ${result.seed}); the run directory is inconsistent`);
    }
    cursor += 1;
    const steps: StepLine[] = [];
    for (let t = 1; t <= result.steps; t++) {
      if (cursor >= stepLines.length) throw new CliError(`${where()} is missing: episode ${e} stops after ${t - 1} of its ${result.steps} steps; the run directory is incomplete`);
      const step = parseLine(StepLineSchema, stepLines[cursor] as string, where());
      if (step.e !== e || step.t !== t) throw new CliError(`${where()}: expected episode ${e} step ${t}, found episode ${step.e} step ${step.t}; the run directory is inconsistent`);
      const done = step.term || step.trunc;
      if (done !== (t === result.steps)) throw new CliError(`${where()}: episode ${e} ${done ? "ends" : "does not end"} at step ${t} but ${EPISODES_FILE} says it has ${result.steps} steps; the run directory is inconsistent`);
      steps.push(step);
      cursor += 1;
    }
    episodes.push({ reset, steps, result });
  }
  if (cursor !== stepLines.length) throw new CliError(`${label}: ${STEPS_FILE} has ${stepLines.length - cursor} lines after the last episode; the run directory is inconsistent`);
  return { dir, manifest, config, episodes };
}

/** Options of `replayRun`. */
export interface ReplayOptions {
  /** Only replay the recorded actions; do not re-run the policy. Default false. */
  readonly actionsOnly?: boolean | undefined;
  readonly onEpisode?: ((episode: number) => void) | undefined;
}

/** What a successful replay checked. */
export interface ReplayReport {
  readonly dir: string;
  readonly policy: string;
  readonly episodes: number;
  readonly steps: number;
  /** Whether the policy was re-run and its actions compared (false with `actionsOnly`). */
  readonly policyChecked: boolean;
}

const show = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/**
 * Re-creates every recorded episode: the same config and seed, the recorded actions, and (unless
 * `actionsOnly`) the policy re-run from its recorded seed, which must choose the same actions. Positions,
 * observations, rewards and flags must match exactly.
 * @throws CliError for an unreadable run directory; ReplayMismatchError (exit code 1) at the first difference.
 */
export async function replayRun(dirInput: string, options: ReplayOptions = {}): Promise<ReplayReport> {
  const record = readRun(dirInput);
  const { manifest, config } = record;
  const env = await createEnv(config, manifest.env.baseDir);
  const policy = options.actionsOnly === true ? undefined : buildPolicy(manifest.policy.name, manifest.policy.options);
  let steps = 0;
  try {
    if (policy !== undefined) checkCompatible(manifest.policy.name, policy, env, config);
    for (const { reset, steps: lines, result } of record.episodes) {
      const at = (t: number) => `replay: episode ${result.episode} (seed ${result.seed}) ${t === 0 ? "reset" : `step ${t}`}`;
      const differ = (t: number, what: string, recorded: unknown, replayed: unknown) => {
        throw new ReplayMismatchError(`${at(t)}: ${what} differs — recorded ${show(recorded)}, replayed ${show(replayed)}`);
      };
      const [obs0, info0] = env.reset({ seed: result.seed });
      const pos0 = (info0 as { agent_position: Cell }).agent_position;
      if (pos0[0] !== reset.pos[0] || pos0[1] !== reset.pos[1]) differ(0, "start position", reset.pos, pos0);
      const json0 = observationToJson(obs0);
      if (JSON.stringify(json0) !== JSON.stringify(reset.obs)) differ(0, "observation", reset.obs, json0);
      const policySeed = derivePolicySeed(env.npRandom);
      if (policySeed !== reset.policySeed) differ(0, "policy seed", reset.policySeed, policySeed);
      policy?.reset({ seed: policySeed });
      let observation: unknown = obs0;
      for (const line of lines) {
        if (policy !== undefined) {
          const chosen = policy.selectAction(observation);
          if (chosen !== line.a) differ(line.t, "the policy's action", line.a, chosen);
        }
        let stepped;
        try {
          stepped = env.step(line.a);
        } catch (error) {
          throw new ReplayMismatchError(`${at(line.t)}: the environment rejected the recorded action ${line.a}: ${oneLine((error as Error).message)}`);
        }
        const [next, reward, terminated, truncated, info] = stepped;
        const pos = (info as { agent_position: Cell }).agent_position;
        if (pos[0] !== line.pos[0] || pos[1] !== line.pos[1]) differ(line.t, "position", line.pos, pos);
        if (reward !== line.r) differ(line.t, "reward", line.r, reward);
        if (terminated !== line.term) differ(line.t, "terminated", line.term, terminated);
        if (truncated !== line.trunc) differ(line.t, "truncated", line.trunc, truncated);
        const json = observationToJson(next);
        if (JSON.stringify(json) !== JSON.stringify(line.obs)) differ(line.t, "observation", line.obs, json);
        observation = next;
        steps += 1;
      }
      options.onEpisode?.(result.episode);
    }
  } finally {
    env.close();
  }
  return { dir: record.dir, policy: manifest.policy.name, episodes: record.episodes.length, steps, policyChecked: policy !== undefined };
}
