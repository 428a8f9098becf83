/**
 * The Parquet export against the reference's own export (`selector-oriented-antennae` has the `steps.parquet`
 * and `episodes.parquet` pyarrow wrote): the same columns, types, nesting and values.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixturesDir } from "@plume/tooling/fixtures";
import { parquetMetadata, parquetReadObjects, parquetSchema } from "hyparquet";
import { describe, expect, it } from "vitest";
import { exportParquet } from "../src/node.js";

const reference = join(fixturesDir(), "data-capture", "selector-oriented-antennae");

async function read(path: string) {
  const bytes = readFileSync(path);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const meta = parquetMetadata(buffer);
  const describe = (node: ReturnType<typeof parquetSchema>): unknown => ({
    name: node.element.name,
    type: node.element.type,
    converted: node.element.converted_type,
    children: node.children.map(describe),
  });
  return { rows: await parquetReadObjects({ file: buffer }), schema: describe(parquetSchema(meta)) };
}

describe("Parquet export", () => {
  it("gives the reference's columns, types and values, in several row groups when asked", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "plume-parquet-")), "run");
    try {
      cpSync(reference, dir, { recursive: true });
      rmSync(join(dir, "steps.parquet"));
      rmSync(join(dir, "episodes.parquet"));
      const written = await exportParquet(dir, { rowGroupSize: 40 });
      expect(written.steps.rows).toBe(96);
      expect(written.episodes.rows).toBe(4);
      for (const name of ["steps.parquet", "episodes.parquet"]) {
        const ours = await read(join(dir, name));
        const theirs = await read(join(reference, name));
        expect(ours.schema).toEqual(theirs.schema);
        expect(ours.rows).toEqual(theirs.rows);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
