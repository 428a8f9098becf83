/**
 * Reads the reference's zarr (v2) movie layout with zarrita: `concentration` over `(t, y, x)`, the
 * consolidated or plain metadata, the fill-value masking of `"reference"` values (section 1.2 of the
 * fixtures' README), and every check that makes a bad store a `ConfigurationError`.
 */
import * as zarr from "zarrita";
import type { GoalEvidence } from "./attrs.js";
import { movieError, type MovieErrorContext } from "./errors.js";
import { baseName, joinKey, type MovieFiles } from "./files.js";
import { frameBuffer, makeFrames, type MovieFrames } from "./frames.js";
import type { MovieValueMode } from "./options.js";

const VARIABLE = "concentration";
const FLOAT_DTYPES = ["<f4", ">f4", "<f8", ">f8"];
const INT_DTYPES = ["|u1", "<u2", ">u2", "<u4", ">u4", "|i1", "<i2", ">i2", "<i4", ">i4"];

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

/** The store's metadata documents: from `.zmetadata` when it is readable, else the files themselves. */
async function readMetadata(files: MovieFiles, location: string, context: MovieErrorContext) {
  const decoder = new TextDecoder();
  const readJson = async (key: string, strict: boolean): Promise<unknown> => {
    const bytes = await files.read(joinKey(location, key));
    if (bytes === undefined) return undefined;
    try {
      return JSON.parse(decoder.decode(bytes)) as unknown;
    } catch {
      if (!strict) return undefined;
      throw movieError(context, "path", joinKey(location, key), "is not valid JSON", `${key}: a JSON document (zarr v2 metadata)`);
    }
  };
  const consolidated = await readJson(".zmetadata", false);
  const meta = isRecord(consolidated) && isRecord(consolidated["metadata"]) ? (consolidated["metadata"] as Json) : undefined;
  const doc = async (key: string): Promise<unknown> => (meta !== undefined && key in meta ? meta[key] : readJson(key, true));
  const has = async (key: string): Promise<boolean> => (meta !== undefined ? key in meta : (await files.read(joinKey(location, key))) !== undefined);
  return { doc, has, consolidated: meta !== undefined };
}

function fillOf(value: unknown): number | null | undefined {
  if (value === null) return null;
  if (typeof value === "number") return value;
  if (value === "NaN") return Number.NaN;
  if (value === "Infinity") return Number.POSITIVE_INFINITY;
  if (value === "-Infinity") return Number.NEGATIVE_INFINITY;
  return undefined;
}

/**
 * Opens the zarr movie at `location` and decodes every frame.
 * @throws ConfigurationError naming the store file and the problem: no store, no `concentration`
 * variable, dims other than `["t", "y", "x"]`, an unsupported dtype, a chunk that cannot be decoded,
 * a missing chunk (`"strict"`), unreadable metadata.
 */
export async function readZarrMovie(
  files: MovieFiles,
  location: string,
  mode: MovieValueMode,
  maxBytes: number,
  context: MovieErrorContext,
): Promise<Omit<MovieFrames, "views"> & { readonly views?: never }> {
  const kind = await files.kind(location);
  if (kind === "missing") throw movieError(context, "path", location, "no such file or directory", "an existing .zarr directory or .h5 file", location);
  if (kind === "file") throw movieError(context, "path", location, "is a file, not a zarr directory store (HDF5 movies end in .h5 or .hdf5)", "a .zarr directory or an .h5/.hdf5 file", location);
  const { doc, has } = await readMetadata(files, location, context);
  const zgroup = await doc(".zgroup");
  if (!isRecord(zgroup)) throw movieError(context, "path", joinKey(location, ".zgroup"), "is missing: not a zarr (v2) group", "a zarr v2 directory store with .zgroup", location);
  if (zgroup["zarr_format"] !== 2) throw movieError(context, "path", joinKey(location, ".zgroup"), `zarr_format is ${JSON.stringify(zgroup["zarr_format"])}`, "zarr_format 2", zgroup["zarr_format"]);
  const zarray = await doc(`${VARIABLE}/.zarray`);
  const arrayPath = joinKey(location, `${VARIABLE}/.zarray`);
  if (!isRecord(zarray)) {
    throw movieError(context, "path", location, `has no "${VARIABLE}" array (${VARIABLE}/.zarray is missing)`, `a store with a "${VARIABLE}" variable over (t, y, x)`, location);
  }
  const arrayAttrsRaw = await doc(`${VARIABLE}/.zattrs`);
  const arrayAttrs = isRecord(arrayAttrsRaw) ? arrayAttrsRaw : {};
  const dims = arrayAttrs["_ARRAY_DIMENSIONS"];
  if (!Array.isArray(dims) || dims.length !== 3 || dims[0] !== "t" || dims[1] !== "y" || dims[2] !== "x") {
    throw movieError(context, "path", joinKey(location, `${VARIABLE}/.zattrs`), `_ARRAY_DIMENSIONS is ${JSON.stringify(dims)}`, '_ARRAY_DIMENSIONS ["t", "y", "x"]', dims);
  }
  const shape = zarray["shape"];
  if (!Array.isArray(shape) || shape.length !== 3 || !shape.every((n) => Number.isSafeInteger(n) && (n as number) > 0)) {
    throw movieError(context, "path", arrayPath, `shape is ${JSON.stringify(shape)}`, "shape [T, H, W] with T, H, W >= 1", shape);
  }
  const dtype = zarray["dtype"];
  const isInt = typeof dtype === "string" && INT_DTYPES.includes(dtype);
  if (typeof dtype !== "string" || !(FLOAT_DTYPES.includes(dtype) || isInt)) {
    throw movieError(context, "path", arrayPath, `dtype ${JSON.stringify(dtype)} is not supported`, `dtype one of ${[...FLOAT_DTYPES, ...INT_DTYPES].join(", ")}`, dtype);
  }
  if (isInt && mode === "strict") {
    throw movieError(
      context,
      "values",
      arrayPath,
      `dtype ${dtype} holds unnormalised integers`,
      'float32 concentrations in [0, 1] (values: "reference" plays integers unscaled, as plume_nav_sim does)',
      dtype,
    );
  }
  const fill = fillOf(zarray["fill_value"]);
  if (fill === undefined) throw movieError(context, "path", arrayPath, `fill_value ${JSON.stringify(zarray["fill_value"])} is not a number`, 'fill_value null, a number, "NaN" or "Infinity"', zarray["fill_value"]);
  const rootAttrsRaw = await doc(".zattrs");
  const rootAttrs = isRecord(rootAttrsRaw) ? rootAttrsRaw : {};

  const [numFrames, height, width] = shape as [number, number, number];
  const data = frameBuffer(numFrames * height * width, maxBytes, location, context);

  const missing: string[] = [];
  const chunkKey = new RegExp(`^/?${VARIABLE}/\\d+([./]\\d+){2}$`);
  const store = {
    async get(key: string): Promise<Uint8Array | undefined> {
      const bytes = await files.read(joinKey(location, key));
      if (bytes === undefined && chunkKey.test(key)) missing.push(key.replace(/^\//, ""));
      return bytes;
    },
  };
  let decoded: { data: ArrayLike<number>; shape: number[]; stride: number[] };
  try {
    const array = await zarr.open.v2(zarr.root(store).resolve(VARIABLE), { kind: "array", attrs: false });
    decoded = (await zarr.get(array, [null, null, null])) as unknown as typeof decoded;
  } catch (error) {
    throw movieError(context, "path", joinKey(location, VARIABLE), `cannot be decoded (${error instanceof Error ? error.message : String(error)})`, "zarr v2 chunks of the declared dtype, shape and codec (none, zlib, gzip, blosc)");
  }
  if (mode === "strict" && missing.length > 0) {
    missing.sort();
    throw movieError(
      context,
      "path",
      joinKey(location, missing[0] as string),
      `chunk file missing${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ""}`,
      'every chunk of the movie (values: "reference" reads a missing chunk as fill_value, as zarr does)',
    );
  }
  const [st, sy, sx] = decoded.stride as [number, number, number];
  const src = decoded.data;
  const mask = mode === "reference" && fill !== null && !Number.isNaN(fill);
  let i = 0;
  for (let t = 0; t < numFrames; t++) {
    for (let y = 0; y < height; y++) {
      let k = t * st + y * sy;
      for (let x = 0; x < width; x++, k += sx) {
        const v = src[k] as number;
        data[i++] = mask && v === fill ? Number.NaN : v;
      }
    }
  }
  const hasXY = (await has("x/.zarray")) && (await has("y/.zarray"));
  const goalEvidence: GoalEvidence = { rootAttrs, hasXY, folderName: baseName(location) };
  // media/schema.py: the array's attributes merged with the group's, the group winning.
  const { _ARRAY_DIMENSIONS: _dims, ...varAttrs } = arrayAttrs;
  const attrsWhere = Object.keys(rootAttrs).length > 0 ? joinKey(location, ".zattrs") : joinKey(location, `${VARIABLE}/.zattrs`);
  return { data, numFrames, width, height, rawAttrs: { ...varAttrs, ...rootAttrs }, attrsWhere, goalEvidence, location };
}

export { makeFrames };
