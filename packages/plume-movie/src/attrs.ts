/**
 * The movie metadata (the reference's `VideoPlumeAttrs`): validation of the merged attributes, the
 * option overrides, and the report (`MovieAttrs`, pairs as `[y, x]`).
 */
import type { MovieErrorContext } from "./errors.js";
import { movieError } from "./errors.js";

/** The validated movie metadata, as the reference reports it (after overrides). */
export interface MovieAttrs {
  readonly schema_version: string;
  readonly fps: number;
  readonly source_dtype: "uint8" | "uint16" | "float32" | "float64";
  readonly pixel_to_grid: readonly [number, number];
  readonly origin: readonly [number, number];
  readonly extent: readonly [number, number];
  readonly dims: readonly ["t", "y", "x"];
}

/** The option overrides (`fps`, `pixelToGrid`, `origin`, `extent`). */
export interface AttrOverrides {
  readonly fps?: number | undefined;
  readonly pixelToGrid?: number | readonly [number, number] | undefined;
  readonly origin?: number | readonly [number, number] | undefined;
  readonly extent?: number | readonly [number, number] | undefined;
}

export const SOURCE_DTYPES = Object.freeze(["uint8", "uint16", "float32", "float64"] as const);
const DIMS = Object.freeze(["t", "y", "x"] as const);

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** A number (both axes) or a `[y, x]` pair, checked; `positive` requires both > 0. */
function pairOf(value: unknown, positive: boolean): readonly [number, number] | undefined {
  const ok = (v: unknown): v is number => isNumber(v) && (!positive || v > 0);
  if (ok(value)) return [value, value];
  if (Array.isArray(value) && value.length === 2 && ok(value[0]) && ok(value[1])) return [value[0], value[1]];
  return undefined;
}

/**
 * Validates merged attributes (`{ ...arrayAttrs, ...groupAttrs }`) after applying `overrides`, as the
 * reference does: `fps` > 0, `source_dtype` one of uint8/uint16/float32/float64, `pixel_to_grid` and
 * `extent` a number or pair > 0, `origin` a number or pair, `schema_version` "1.0.0" and `dims`
 * ["t", "y", "x"] when present. Unknown keys are ignored.
 * @throws ConfigurationError naming `where` (the attributes' file) and the bad key.
 */
export function validateAttrs(raw: Readonly<Record<string, unknown>>, overrides: AttrOverrides, where: string, context: MovieErrorContext): MovieAttrs {
  const bad = (key: string, expected: string, received: unknown) =>
    movieError(context, "path", where, `attribute "${key}" is ${received === undefined ? "missing" : `invalid (${JSON.stringify(received)})`}`, `${key}: ${expected}`, received);
  const fps = overrides.fps ?? raw["fps"];
  if (!isNumber(fps) || fps <= 0) throw bad("fps", "a number > 0 (frames per second)", fps);
  const sourceDtype = raw["source_dtype"];
  if (typeof sourceDtype !== "string" || !(SOURCE_DTYPES as readonly string[]).includes(sourceDtype)) {
    throw bad("source_dtype", `one of ${SOURCE_DTYPES.join(", ")}`, sourceDtype);
  }
  const ptgRaw = overrides.pixelToGrid ?? raw["pixel_to_grid"];
  const pixelToGrid = pairOf(ptgRaw, true);
  if (pixelToGrid === undefined) throw bad("pixel_to_grid", "a number > 0 or a [y, x] pair of numbers > 0", ptgRaw);
  const originRaw = overrides.origin ?? raw["origin"];
  const origin = pairOf(originRaw, false);
  if (origin === undefined) throw bad("origin", "a number or a [y, x] pair of numbers", originRaw);
  const extentRaw = overrides.extent ?? raw["extent"];
  const extent = pairOf(extentRaw, true);
  if (extent === undefined) throw bad("extent", "a number > 0 or a [y, x] pair of numbers > 0", extentRaw);
  const version = raw["schema_version"] ?? "1.0.0";
  if (version !== "1.0.0") throw bad("schema_version", '"1.0.0"', version);
  const dims = raw["dims"] ?? DIMS;
  if (!Array.isArray(dims) || dims.length !== 3 || dims.some((d, i) => d !== DIMS[i])) throw bad("dims", '["t", "y", "x"]', dims);
  return Object.freeze({
    schema_version: "1.0.0",
    fps,
    source_dtype: sourceDtype as MovieAttrs["source_dtype"],
    pixel_to_grid: Object.freeze(pixelToGrid),
    origin: Object.freeze(origin),
    extent: Object.freeze(extent),
    dims: DIMS,
  });
}

/** What the implicit-goal rules read from a zarr store's root. */
export interface GoalEvidence {
  readonly rootAttrs: Readonly<Record<string, unknown>>;
  /** Whether the store holds members named `x` and `y` beside `concentration`. */
  readonly hasXY: boolean;
  /** The store folder's name. */
  readonly folderName: string;
}

/**
 * The reference factory's implicit goal (`_source_location_px_from_dataset_dir`): `source_location_px`,
 * else `ingest_args.source_location_px` (and nothing else when `ingest_args` exists), else `(0, H // 2)`
 * for stores with `x`/`y` coordinates (or Rigolli/Emonet sources), else `(64, 64)`; a point outside the
 * movie becomes the grid centre. Returns `[x, y]`.
 */
export function implicitGoal(evidence: GoalEvidence | undefined, width: number, height: number): readonly [number, number] {
  const fromPx = (value: unknown): readonly [number, number] | undefined =>
    Array.isArray(value) && value.length === 2 && value.every((v) => Number.isInteger(v)) ? [value[0] as number, value[1] as number] : undefined;
  let goal: readonly [number, number] | undefined;
  if (evidence !== undefined) {
    const attrs = evidence.rootAttrs;
    goal = fromPx(attrs["source_location_px"]);
    if (goal === undefined) {
      const ingest = attrs["ingest_args"];
      if (ingest !== null && typeof ingest === "object" && !Array.isArray(ingest)) {
        goal = fromPx((ingest as Record<string, unknown>)["source_location_px"]);
      } else {
        const dims = attrs["dims"];
        const tyx = Array.isArray(dims) && dims.length === 3 && dims.every((d, i) => d === DIMS[i]);
        const named = /^(rigolli_|emonet_)/.test(evidence.folderName);
        const format = attrs["source_format"];
        if ((tyx && evidence.hasXY) || named || format === "matlab_v73" || format === "emonet_flywalk") goal = [0, Math.floor(height / 2)];
      }
    }
  }
  const [x, y] = goal ?? [64, 64];
  if (x < 0 || y < 0 || x >= width || y >= height) return [Math.floor(width / 2), Math.floor(height / 2)];
  return [x, y];
}
