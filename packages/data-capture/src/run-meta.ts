/**
 * `run.json` as the reference's `DataCaptureWrapper` + `RunRecorder` build it (meta overrides merged into
 * `extra`, `extra.simulation_metadata` last), Plume's own additions under `extra.plume`, and the schema of
 * those additions: the recording's status and, for each data file, the size, SHA-256 and line count of what
 * was finished.
 */
import * as z from "zod";
import { pyDumps } from "./python-json.js";
import { RUN_META_KEYS, SCHEMA_VERSION, type RunMeta } from "./records.js";

/** The `extra.plume.record.format` this package writes. */
export const PLUME_RECORD_FORMAT = "plume-data-capture";
/** Its version. */
export const PLUME_RECORD_VERSION = 1;

/** A data file's finished part: its name in the run directory, compressed bytes and their SHA-256, uncompressed bytes and lines. */
export const RecordedFileSchema = z.strictObject({
  path: z
    .string()
    .regex(/^(steps|episodes)\.jsonl(\.part[1-9][0-9]{0,5})?\.gz$/, {
      error: 'a data file name in the run directory: "steps.jsonl.gz", "steps.jsonl.part1.gz", "episodes.jsonl.gz", ...',
    }),
  bytes: z.int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: "64 lowercase hex digits" }),
  uncompressedBytes: z.int().min(0),
  lines: z.int().min(0),
});
export type RecordedFile = z.output<typeof RecordedFileSchema>;

/** `extra.plume.record`: how far the recording got, written at every checkpoint (episode boundaries) and at the end. */
export const RecordStateSchema = z.strictObject({
  format: z.literal(PLUME_RECORD_FORMAT),
  version: z.literal(PLUME_RECORD_VERSION, { error: `${PLUME_RECORD_VERSION} (this package reads version ${PLUME_RECORD_VERSION})` }),
  /** `"recording"` until the end (a run killed mid-way keeps it), `"interrupted"` after Ctrl-C or an error, `"complete"`. */
  status: z.enum(["recording", "interrupted", "complete"]),
  /** Episodes whose every record is in the finished part of the files. */
  episodes: z.int().min(0),
  steps: z.int().min(0),
  files: z.strictObject({ steps: z.array(RecordedFileSchema).min(1), episodes: z.array(RecordedFileSchema).min(1) }),
  /** Why the recording stopped early (with status "interrupted"). */
  reason: z.string().optional(),
});
export type RecordState = z.output<typeof RecordStateSchema>;

/** What `buildRunMeta` takes (the reference's `DataCaptureWrapper` arguments, and Plume's additions). */
export interface RunMetaInput {
  readonly runId: string;
  readonly experiment?: string | undefined;
  /** The reference's `env_config` (mark integral floats with `pyFloat`). */
  readonly envConfig: Readonly<Record<string, unknown>>;
  /** Like the reference's `meta_overrides`: RunMeta fields replace them, `extra` merges, anything else goes into `extra`. */
  readonly metaOverrides?: Readonly<Record<string, unknown>> | undefined;
  /** Goes into `extra.plume`. */
  readonly plume?: Readonly<Record<string, unknown>> | undefined;
  readonly softwareName?: string | undefined;
  readonly softwareVersion?: string | undefined;
  readonly system?: Readonly<Record<string, unknown>> | undefined;
  /** The start time (default now). */
  readonly now?: Date | undefined;
}

/** `%Y%m%d-%H%M%S` in UTC. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** The reference's default run id: `run-` and the UTC time, e.g. `run-20261125-175919`. */
export function defaultRunId(now: Date = new Date()): string {
  return `run-${stamp(now)}`;
}

/** Python's `datetime.now(timezone.utc).isoformat()` (microseconds, omitted when 0). */
function isoformat(date: Date, micros: number): string {
  const base = date.toISOString().slice(0, 19);
  const us = Math.floor(micros) % 1_000_000;
  return `${base}${us === 0 ? "" : `.${String(us).padStart(6, "0")}`}+00:00`;
}

/**
 * `run.json` as the reference's wrapper builds it: `start_time` in whole seconds, `extra` = overrides, then
 * `plume`, then `simulation_metadata` (software, the first 12 hex digits of the SHA-256 of
 * `json.dumps(env_config, sort_keys=True)`, the random seed, the time).
 */
export async function buildRunMeta(input: RunMetaInput): Promise<RunMeta> {
  const now = input.now ?? new Date();
  const overrides = input.metaOverrides ?? {};
  const fields: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (key === "extra" && value !== null && typeof value === "object") Object.assign(extra, value);
    else if ((RUN_META_KEYS as readonly string[]).includes(key)) fields[key] = value;
    else extra[key] = value;
  }
  if (input.plume !== undefined) extra["plume"] = input.plume;
  const configText = pyDumps(input.envConfig, { sortKeys: true });
  const digest = await sha256Hex(configText);
  extra["simulation_metadata"] = {
    software_name: input.softwareName ?? "plume",
    software_version: input.softwareVersion ?? null,
    config_hash: digest.slice(0, 12),
    random_seed: (overrides["base_seed"] as number | undefined) ?? null,
    generated_at: isoformat(now, (now.getTime() % 1000) * 1000),
  };
  return {
    run_id: input.runId,
    experiment: input.experiment ?? "default",
    start_time: `${now.toISOString().slice(0, 19)}Z`,
    env_config: input.envConfig,
    base_seed: (fields["base_seed"] as number | null | undefined) ?? null,
    episode_seeds: (fields["episode_seeds"] as number[] | null | undefined) ?? null,
    package_version: (fields["package_version"] as string | null | undefined) ?? input.softwareVersion ?? null,
    config_hash: (fields["config_hash"] as string | null | undefined) ?? null,
    git_sha: (fields["git_sha"] as string | null | undefined) ?? null,
    system: (fields["system"] as Record<string, unknown> | null | undefined) ?? input.system ?? null,
    extra,
    schema_version: SCHEMA_VERSION,
  };
}

/** SHA-256 hex of UTF-8 text with Web Crypto (browsers and Node). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `extra.plume.record` of a run, or undefined for a run recorded elsewhere (e.g. by the reference). */
export function recordStateOf(meta: RunMeta): unknown {
  const plume = meta.extra?.["plume"] as { record?: unknown } | undefined;
  return plume !== null && typeof plume === "object" ? plume.record : undefined;
}
