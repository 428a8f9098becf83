/**
 * The optional Parquet export (the reference's `finalize(export_parquet=True)`): `steps.parquet` and
 * `episodes.parquet` beside the JSON Lines files, with the columns, types and nesting pyarrow infers from the
 * reference's records (`agent_position`/`final_position` as `struct<x: int64, y: int64>`, `observation_summary`
 * as `list<element: double>`, Snappy compression). Written with hyparquet-writer's incremental `ParquetWriter`,
 * one row group per `rowGroupSize` records, so memory stays bounded whatever the run's length (pyarrow builds
 * one table, hence one row group). Unlike the reference, the rotated `.partN.gz` files are included.
 */
import { join } from "node:path";
import { ParquetWriter, fileWriter } from "hyparquet-writer";
import type { EpisodeRecord, StepRecord } from "../records.js";
import { openRun } from "./loader.js";

/** A Parquet schema element (hyparquet's `SchemaElement`, as far as this module writes it). */
interface SchemaElement {
  readonly name: string;
  readonly type?: "INT64" | "DOUBLE" | "BOOLEAN" | "BYTE_ARRAY";
  readonly repetition_type?: "OPTIONAL" | "REPEATED" | "REQUIRED";
  readonly converted_type?: "UTF8" | "LIST";
  readonly num_children?: number;
}

const int64 = (name: string): SchemaElement => ({ name, type: "INT64", repetition_type: "OPTIONAL" });
const double = (name: string): SchemaElement => ({ name, type: "DOUBLE", repetition_type: "OPTIONAL" });
const bool = (name: string): SchemaElement => ({ name, type: "BOOLEAN", repetition_type: "OPTIONAL" });
const text = (name: string): SchemaElement => ({ name, type: "BYTE_ARRAY", converted_type: "UTF8", repetition_type: "OPTIONAL" });
const position = (name: string): SchemaElement[] => [{ name, repetition_type: "OPTIONAL", num_children: 2 }, int64("x"), int64("y")];

/** `steps.parquet`'s columns, in pyarrow's order (the sorted keys of the first record). */
export const STEPS_PARQUET_SCHEMA: readonly SchemaElement[] = [
  { name: "schema", num_children: 13 },
  int64("action"),
  ...position("agent_position"),
  double("distance_to_goal"),
  text("episode_id"),
  { name: "observation_summary", repetition_type: "OPTIONAL", converted_type: "LIST", num_children: 1 },
  { name: "list", repetition_type: "REPEATED", num_children: 1 },
  double("element"),
  double("reward"),
  text("run_id"),
  text("schema_version"),
  int64("seed"),
  int64("step"),
  bool("terminated"),
  bool("truncated"),
  double("ts"),
];

/** `episodes.parquet`'s columns. */
export const EPISODES_PARQUET_SCHEMA: readonly SchemaElement[] = [
  { name: "schema", num_children: 11 },
  double("avg_step_time_ms"),
  double("duration_ms"),
  text("episode_id"),
  double("final_distance_to_goal"),
  ...position("final_position"),
  text("run_id"),
  text("schema_version"),
  bool("terminated"),
  double("total_reward"),
  int64("total_steps"),
  bool("truncated"),
];

const big = (v: number | null) => (v === null ? null : BigInt(v));
const pos = (p: { x: number; y: number }) => ({ x: BigInt(p.x), y: BigInt(p.y) });

function stepColumns(rows: readonly StepRecord[]) {
  return [
    { name: "action", data: rows.map((r) => BigInt(r.action)) },
    { name: "agent_position", data: rows.map((r) => pos(r.agent_position)) },
    { name: "distance_to_goal", data: rows.map((r) => r.distance_to_goal) },
    { name: "episode_id", data: rows.map((r) => r.episode_id) },
    { name: "observation_summary", data: rows.map((r) => (r.observation_summary === null ? null : [...r.observation_summary])) },
    { name: "reward", data: rows.map((r) => r.reward) },
    { name: "run_id", data: rows.map((r) => r.run_id) },
    { name: "schema_version", data: rows.map((r) => r.schema_version) },
    { name: "seed", data: rows.map((r) => big(r.seed)) },
    { name: "step", data: rows.map((r) => BigInt(r.step)) },
    { name: "terminated", data: rows.map((r) => r.terminated) },
    { name: "truncated", data: rows.map((r) => r.truncated) },
    { name: "ts", data: rows.map((r) => r.ts) },
  ];
}

function episodeColumns(rows: readonly EpisodeRecord[]) {
  return [
    { name: "avg_step_time_ms", data: rows.map((r) => r.avg_step_time_ms) },
    { name: "duration_ms", data: rows.map((r) => r.duration_ms) },
    { name: "episode_id", data: rows.map((r) => r.episode_id) },
    { name: "final_distance_to_goal", data: rows.map((r) => r.final_distance_to_goal) },
    { name: "final_position", data: rows.map((r) => pos(r.final_position)) },
    { name: "run_id", data: rows.map((r) => r.run_id) },
    { name: "schema_version", data: rows.map((r) => r.schema_version) },
    { name: "terminated", data: rows.map((r) => r.terminated) },
    { name: "total_reward", data: rows.map((r) => r.total_reward) },
    { name: "total_steps", data: rows.map((r) => BigInt(r.total_steps)) },
    { name: "truncated", data: rows.map((r) => r.truncated) },
  ];
}

async function writeTable<T>(
  path: string,
  schema: readonly SchemaElement[],
  records: AsyncIterable<T>,
  columns: (rows: readonly T[]) => { name: string; data: unknown[] }[],
  rowGroupSize: number,
): Promise<number> {
  const writer = new ParquetWriter({ writer: fileWriter(path), schema: schema as never, createdBy: "@plume/data-capture (hyparquet-writer)" });
  let rows: T[] = [];
  let count = 0;
  const flush = () => {
    if (rows.length === 0) return;
    writer.write({ columnData: columns(rows) as never, rowGroupSize: rows.length });
    count += rows.length;
    rows = [];
  };
  for await (const record of records) {
    rows.push(record);
    if (rows.length >= rowGroupSize) flush();
  }
  flush();
  writer.finish();
  return count;
}

/** What `exportParquet` wrote. */
export interface ParquetExport {
  readonly steps: { readonly path: string; readonly rows: number };
  readonly episodes: { readonly path: string; readonly rows: number };
}

/**
 * Writes `steps.parquet` and `episodes.parquet` into the run directory `dir` from its (checked) records.
 * @throws ValidationError for a run directory that does not load (see `openRun`).
 */
export async function exportParquet(dir: string, options: { readonly rowGroupSize?: number } = {}): Promise<ParquetExport> {
  const run = await openRun(dir);
  const size = options.rowGroupSize ?? 100_000;
  const stepsPath = join(run.dir, "steps.parquet");
  const episodesPath = join(run.dir, "episodes.parquet");
  const steps = await writeTable(stepsPath, STEPS_PARQUET_SCHEMA, run.steps(), stepColumns, size);
  const episodes = await writeTable(episodesPath, EPISODES_PARQUET_SCHEMA, run.episodes(), episodeColumns, size);
  return { steps: { path: stepsPath, rows: steps }, episodes: { path: episodesPath, rows: episodes } };
}
