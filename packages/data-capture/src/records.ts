/**
 * The reference's record types (`plume_nav_sim/data_capture/schemas.py`, `SCHEMA_VERSION = "0.1"`): `RunMeta`
 * (`run.json`), `StepRecord` (a line of `steps.jsonl.gz`) and `EpisodeRecord` (a line of `episodes.jsonl.gz`),
 * with zod schemas that apply the reference loader's rules, and writers that produce the reference's bytes.
 */
import * as z from "zod";
import { pyDumps, pyFloatRepr, pyString } from "./python-json.js";

/** The data-capture schema version this package reads and writes. */
export const SCHEMA_VERSION = "0.1";

/** A cell `{ x, y }` as the records hold it. */
export interface Position {
  readonly x: number;
  readonly y: number;
}

/** One `env.step` (`StepRecord`). */
export interface StepRecord {
  /** Unix wall-clock seconds right after the step. */
  readonly ts: number;
  readonly run_id: string;
  readonly episode_id: string;
  /** Steps since the last reset, counting this one (1 for the first). */
  readonly step: number;
  readonly action: number;
  readonly reward: number;
  readonly terminated: boolean;
  readonly truncated: boolean;
  /** The position after the step. */
  readonly agent_position: Position;
  readonly distance_to_goal: number;
  /** `[obs[0]]`, or null when the observation has no first element. */
  readonly observation_summary: readonly number[] | null;
  /** The seed of the episode's reset, or null after an unseeded one. */
  readonly seed: number | null;
  readonly schema_version: string;
}

/** One finished episode (`EpisodeRecord`). */
export interface EpisodeRecord {
  readonly run_id: string;
  readonly episode_id: string;
  readonly terminated: boolean;
  readonly truncated: boolean;
  readonly total_steps: number;
  readonly total_reward: number;
  readonly final_position: Position;
  readonly final_distance_to_goal: number;
  readonly duration_ms: number | null;
  readonly avg_step_time_ms: number | null;
  readonly schema_version: string;
}

/** `run.json` (`RunMeta`), keys in the reference's order. */
export interface RunMeta {
  readonly run_id: string;
  readonly experiment: string;
  readonly start_time: string;
  readonly env_config: Readonly<Record<string, unknown>>;
  readonly base_seed: number | null;
  readonly episode_seeds: readonly number[] | null;
  readonly package_version: string | null;
  readonly config_hash: string | null;
  readonly git_sha: string | null;
  readonly system: Readonly<Record<string, unknown>> | null;
  readonly extra: Readonly<Record<string, unknown>> | null;
  readonly schema_version: string;
}

/** The keys of `RunMeta`, in the reference's (file) order. */
export const RUN_META_KEYS = Object.freeze([
  "run_id",
  "experiment",
  "start_time",
  "env_config",
  "base_seed",
  "episode_seeds",
  "package_version",
  "config_hash",
  "git_sha",
  "system",
  "extra",
  "schema_version",
] as const);

// Python's float() accepts NaN and infinities, which zod's z.number() rejects.
const pyNumber = z.custom<number>((v) => typeof v === "number", { error: "a number" });
const pyInt = z.custom<number>((v) => typeof v === "number" && Number.isInteger(v), { error: "an integer" });
const version = z.literal(SCHEMA_VERSION, { error: `schema_version "${SCHEMA_VERSION}"` });

/**
 * A position as the loader takes it: `{ x, y }` or `[x, y]`, each converted with Python's `int()` (floats
 * truncate toward zero, integer strings parse).
 */
export const PositionSchema = z
  .union([z.strictObject({ x: z.unknown(), y: z.unknown() }), z.tuple([z.unknown(), z.unknown()])], { error: "{x, y} or [x, y]" })
  .transform((value, ctx): Position => {
    const [x, y] = Array.isArray(value) ? value : [(value as { x: unknown }).x, (value as { y: unknown }).y];
    const toInt = (v: unknown): number | undefined => {
      if (typeof v === "number" && Number.isFinite(v)) return Math.trunc(v);
      if (typeof v === "boolean") return v ? 1 : 0;
      if (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v)) return Number.parseInt(v, 10);
      return undefined;
    };
    const ix = toInt(x);
    const iy = toInt(y);
    if (ix === undefined || iy === undefined) {
      ctx.addIssue({ code: "custom", message: "integer x and y" });
      return z.NEVER;
    }
    return { x: ix, y: iy };
  });

/** A `steps.jsonl.gz` line: the 10 fields without defaults required, `observation_summary` and `seed` optional, no other key. */
export const StepRecordSchema = z.strictObject({
  ts: pyNumber,
  run_id: z.string({ error: "a string" }),
  episode_id: z.string({ error: "a string" }),
  step: pyInt,
  action: pyInt,
  reward: pyNumber,
  terminated: z.boolean({ error: "a boolean" }),
  truncated: z.boolean({ error: "a boolean" }),
  agent_position: PositionSchema,
  distance_to_goal: pyNumber,
  observation_summary: z.array(pyNumber).nullable().default(null),
  seed: pyInt.nullable().default(null),
  schema_version: version,
});

/** An `episodes.jsonl.gz` line: 8 required fields, `duration_ms` and `avg_step_time_ms` optional, no other key. */
export const EpisodeRecordSchema = z.strictObject({
  run_id: z.string({ error: "a string" }),
  episode_id: z.string({ error: "a string" }),
  terminated: z.boolean({ error: "a boolean" }),
  truncated: z.boolean({ error: "a boolean" }),
  total_steps: pyInt,
  total_reward: pyNumber,
  final_position: PositionSchema,
  final_distance_to_goal: pyNumber,
  duration_ms: pyNumber.nullable().default(null),
  avg_step_time_ms: pyNumber.nullable().default(null),
  schema_version: version,
});

/** `run.json`: `run_id`, `experiment`, `start_time`, `env_config` required, no key outside the 12 fields, `schema_version` "0.1". */
export const RunMetaSchema = z.strictObject({
  run_id: z.string({ error: "a string" }),
  experiment: z.string({ error: "a string" }),
  start_time: z.string({ error: "a string" }),
  env_config: z.record(z.string(), z.unknown(), { error: "an object" }),
  base_seed: pyInt.nullable().default(null),
  episode_seeds: z.array(pyInt).nullable().default(null),
  package_version: z.string().nullable().default(null),
  config_hash: z.string().nullable().default(null),
  git_sha: z.string().nullable().default(null),
  system: z.record(z.string(), z.unknown()).nullable().default(null),
  extra: z.record(z.string(), z.unknown()).nullable().default(null),
  schema_version: version,
});

const position = (p: Position) => `{"x": ${p.x}, "y": ${p.y}}`;
const float = pyFloatRepr;

/** The `steps.jsonl.gz` line of `record` (with its `\n`), exactly as the reference writes it (sorted keys, Python floats). */
export function stepLine(r: StepRecord): string {
  const summary = r.observation_summary === null ? "null" : `[${r.observation_summary.map(float).join(", ")}]`;
  return (
    `{"action": ${r.action}, "agent_position": ${position(r.agent_position)}, "distance_to_goal": ${float(r.distance_to_goal)}, ` +
    `"episode_id": ${pyString(r.episode_id, true)}, "observation_summary": ${summary}, "reward": ${float(r.reward)}, ` +
    `"run_id": ${pyString(r.run_id, true)}, "schema_version": ${pyString(r.schema_version, true)}, "seed": ${r.seed === null ? "null" : r.seed}, ` +
    `"step": ${r.step}, "terminated": ${r.terminated}, "truncated": ${r.truncated}, "ts": ${float(r.ts)}}\n`
  );
}

/** The `episodes.jsonl.gz` line of `record` (with its `\n`), exactly as the reference writes it. */
export function episodeLine(r: EpisodeRecord): string {
  const opt = (v: number | null) => (v === null ? "null" : float(v));
  return (
    `{"avg_step_time_ms": ${opt(r.avg_step_time_ms)}, "duration_ms": ${opt(r.duration_ms)}, "episode_id": ${pyString(r.episode_id, true)}, ` +
    `"final_distance_to_goal": ${float(r.final_distance_to_goal)}, "final_position": ${position(r.final_position)}, ` +
    `"run_id": ${pyString(r.run_id, true)}, "schema_version": ${pyString(r.schema_version, true)}, "terminated": ${r.terminated}, ` +
    `"total_reward": ${float(r.total_reward)}, "total_steps": ${r.total_steps}, "truncated": ${r.truncated}}\n`
  );
}

/**
 * `run.json` as the reference writes it: `json.dump(meta, indent=2, ensure_ascii=False)`, keys in RunMeta
 * order, no trailing newline. Values Python holds as floats must be `PyFloat`s where they are integral.
 */
export function runMetaJson(meta: RunMeta): string {
  const ordered: Record<string, unknown> = {};
  for (const key of RUN_META_KEYS) ordered[key] = meta[key];
  return pyDumps(ordered, { indent: 2, ensureAscii: false });
}

const STEP_KEYS = new Set(["ts", "run_id", "episode_id", "step", "action", "reward", "terminated", "truncated", "agent_position", "distance_to_goal", "observation_summary", "seed", "schema_version"]);

/**
 * The common case of `StepRecordSchema.parse` without its allocations (a replay parses millions of lines):
 * a record exactly as the writers produce it (`{x, y}` integer position, numbers where numbers belong).
 * Returns undefined for anything else, which then goes through the schema (and its error message).
 */
export function quickStepRecord(value: Record<string, unknown>): StepRecord | undefined {
  let count = 0;
  for (const key in value) {
    if (!STEP_KEYS.has(key)) return undefined;
    count += 1;
  }
  const p = value["agent_position"] as { x?: unknown; y?: unknown } | null;
  const summary = value["observation_summary"];
  const seed = value["seed"];
  if (
    typeof value["ts"] !== "number" ||
    typeof value["run_id"] !== "string" ||
    typeof value["episode_id"] !== "string" ||
    !Number.isInteger(value["step"]) ||
    !Number.isInteger(value["action"]) ||
    typeof value["reward"] !== "number" ||
    typeof value["terminated"] !== "boolean" ||
    typeof value["truncated"] !== "boolean" ||
    typeof value["distance_to_goal"] !== "number" ||
    value["schema_version"] !== SCHEMA_VERSION ||
    p === null ||
    typeof p !== "object" ||
    Array.isArray(p) ||
    !Number.isInteger(p.x) ||
    !Number.isInteger(p.y) ||
    Object.keys(p).length !== 2 ||
    !(summary === undefined || summary === null || (Array.isArray(summary) && summary.every((v) => typeof v === "number"))) ||
    !(seed === undefined || seed === null || Number.isInteger(seed))
  ) {
    return undefined;
  }
  if (count < 10) return undefined;
  if (summary === undefined) value["observation_summary"] = null;
  if (seed === undefined) value["seed"] = null;
  return value as unknown as StepRecord;
}
