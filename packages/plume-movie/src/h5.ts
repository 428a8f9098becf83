/**
 * Reads an HDF5 movie (one 3-D `(t, y, x)` dataset) with h5wasm, as the reference's conversion does
 * (`media/h5_movie.py` with `normalize=True`): integers divided by their dtype's maximum (`uint8` ->
 * `fround(v / 255)`), floats as float32, and (in `"reference"` mode) every 0 turned to NaN by the
 * `fill_value` 0.0 of the zarr store the reference plays it from. The sidecar decides the metadata.
 */
import { movieError, type MovieErrorContext } from "./errors.js";
import type { MovieFiles } from "./files.js";
import { frameBuffer, type MovieFrames } from "./frames.js";
import type { MovieValueMode } from "./options.js";
import type { MovieSidecar } from "./sidecar.js";

interface H5Metadata {
  readonly type: number;
  readonly size: number;
  readonly signed?: boolean;
}
interface H5Dataset {
  readonly shape: number[] | null;
  readonly metadata: H5Metadata;
  readonly value: unknown;
}
interface H5File {
  get(path: string): unknown;
  close(): unknown;
}
interface H5Module {
  default: {
    ready: Promise<{ FS: { writeFile(path: string, data: Uint8Array): void; unlink(path: string): void } }>;
    File: new (path: string, mode: string) => H5File;
    Dataset: abstract new (...args: never[]) => unknown;
  };
}

/** HDF5 integer and float classes (H5T_INTEGER = 0, H5T_FLOAT = 1). */
function dtypeName(meta: H5Metadata): "uint8" | "uint16" | "float32" | "float64" | undefined {
  if (meta.type === 0 && meta.signed === false && meta.size === 1) return "uint8";
  if (meta.type === 0 && meta.signed === false && meta.size === 2) return "uint16";
  if (meta.type === 1 && meta.size === 4) return "float32";
  if (meta.type === 1 && meta.size === 8) return "float64";
  return undefined;
}

let counter = 0;

const SIGNATURE = [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a];

/** The HDF5 superblock signature sits at offset 0, 512, 1024, 2048, ... (a user block may precede it). */
function hasHdf5Signature(bytes: Uint8Array): boolean {
  for (let offset = 0; offset + SIGNATURE.length <= bytes.length; offset = offset === 0 ? 512 : offset * 2) {
    if (SIGNATURE.every((b, i) => bytes[offset + i] === b)) return true;
  }
  return false;
}

/**
 * Decodes dataset `datasetPath` of the HDF5 file at `location`.
 * @throws ConfigurationError naming the file and the problem: not an HDF5 file, no such dataset, not
 * 3-D, an unsupported dtype.
 */
export async function readH5Movie(
  files: MovieFiles,
  location: string,
  sidecar: MovieSidecar,
  mode: MovieValueMode,
  fillZero: boolean,
  maxBytes: number,
  context: MovieErrorContext,
): Promise<Omit<MovieFrames, "views">> {
  const bytes = await files.read(location);
  if (bytes === undefined) throw movieError(context, "path", location, "no such file", "an existing .h5 file", location);
  if (!hasHdf5Signature(bytes)) {
    throw movieError(context, "path", location, "is not a readable HDF5 file (no HDF5 signature)", "an HDF5 file");
  }
  const datasetPath = sidecar.h5_dataset as string;
  const h5 = ((await import("h5wasm")) as unknown as H5Module).default;
  const { FS } = await h5.ready;
  const name = `/plume-movie-${++counter}.h5`;
  FS.writeFile(name, bytes);
  let file: H5File | undefined;
  try {
    try {
      file = new h5.File(name, "r");
    } catch (error) {
      throw movieError(context, "path", location, `is not a readable HDF5 file (${error instanceof Error ? error.message : String(error)})`, "an HDF5 file");
    }
    let node: unknown;
    try {
      node = file.get(datasetPath);
    } catch {
      node = null;
    }
    if (node === null || node === undefined || typeof (node as Partial<H5Dataset>).metadata !== "object" || (node as Partial<H5Dataset>).shape === undefined) {
      throw movieError(context, "path", location, `has no dataset "${datasetPath}" (h5_dataset in the sidecar)`, "h5_dataset naming a 3-D (t, y, x) dataset of the file", datasetPath);
    }
    const ds = node as H5Dataset;
    const shape = ds.shape;
    if (shape === null || shape.length !== 3 || !shape.every((n) => n > 0)) {
      throw movieError(context, "path", location, `dataset "${datasetPath}" has shape ${JSON.stringify(shape)}`, "a 3-D (t, y, x) dataset with T, H, W >= 1", shape);
    }
    const dtype = dtypeName(ds.metadata);
    if (dtype === undefined) {
      throw movieError(context, "path", location, `dataset "${datasetPath}" has an unsupported dtype`, "uint8, uint16, float32 or float64", ds.metadata);
    }
    const [numFrames, height, width] = shape as [number, number, number];
    const data = frameBuffer(numFrames * height * width, maxBytes, location, context);
    const values = ds.value as ArrayLike<number>;
    const max = dtype === "uint8" ? 255 : dtype === "uint16" ? 65535 : 0;
    const mask = mode === "reference" && fillZero;
    for (let i = 0; i < data.length; i++) {
      const raw = values[i] as number;
      const v = max > 0 ? Math.fround(raw / max) : Math.fround(raw);
      data[i] = mask && v === 0 ? Number.NaN : v;
    }
    const pixelToGrid: [number, number] =
      sidecar.pixels_per_unit === undefined ? [1, 1] : [1 / sidecar.pixels_per_unit[0], 1 / sidecar.pixels_per_unit[1]];
    const rawAttrs = {
      fps: sidecar.fps,
      source_dtype: dtype,
      pixel_to_grid: pixelToGrid,
      origin: [0, 0],
      extent: [height * pixelToGrid[0], width * pixelToGrid[1]],
      ingest_args: { h5_dataset: datasetPath },
    };
    // The reference's converted store has ingest_args (without source_location_px): no implicit source.
    return { data, numFrames, width, height, rawAttrs, attrsWhere: location, goalEvidence: { rootAttrs: rawAttrs, hasXY: false, folderName: "" }, location };
  } finally {
    try {
      file?.close();
    } finally {
      FS.unlink(name);
    }
  }
}
