/**
 * The movie plume's options (`plume: { type: "movie", options }` in a config, or `openMoviePlume(options)`),
 * as a zod schema: the single source of truth for validation and types.
 */
import * as z from "zod";

const positive = z.number({ error: "a finite number > 0" }).finite({ error: "a finite number > 0" }).gt(0, { error: "a finite number > 0" });
const finite = z.number({ error: "a finite number" }).finite({ error: "a finite number" });
/** A number (used for both axes) or a `[y, x]` pair, as the reference's attrs take them. */
const positivePair = z.union([positive, z.tuple([positive, positive])], { error: "a number > 0 or a [y, x] pair of numbers > 0" });
const finitePair = z.union([finite, z.tuple([finite, finite])], { error: "a number or a [y, x] pair of finite numbers" });

/** How frame values are handled. */
export const MOVIE_VALUE_MODES = Object.freeze(["strict", "reference"] as const);
export type MovieValueMode = (typeof MOVIE_VALUE_MODES)[number];

/** What step `n` of an episode shows: frame `n mod T` (`"wrap"`) or `min(n, T - 1)` (`"clamp"`). */
export const STEP_POLICIES = Object.freeze(["wrap", "clamp"] as const);
export type StepPolicy = (typeof STEP_POLICIES)[number];

export const MoviePlumeOptionsSchema = z.strictObject({
  /**
   * The movie: a zarr (v2) directory store (`NAME.zarr`) or an HDF5 file (`.h5`/`.hdf5`, with its
   * `<file>.plume-movie.yaml` sidecar). A local path in Node (relative paths resolve from the working
   * directory, or `baseDir`), an `http(s):` URL anywhere (fetched). Required.
   */
  path: z.string({ error: "a path to a .zarr directory or an .h5 file" }).min(1, { error: "a path to a .zarr directory or an .h5 file" }),
  /** Folder a relative `path` resolves from. Default: the working directory (in a browser: the page). */
  baseDir: z.string({ error: "a folder path" }).optional(),
  /** `"wrap"` (default) or `"clamp"`: how steps past the last frame are shown. */
  stepPolicy: z.enum(STEP_POLICIES, { error: "one of wrap, clamp" }).default("wrap"),
  /** Overrides the movie's `fps` attribute (validated and reported; one step is one frame whatever it says). */
  fps: positive.optional(),
  /** Overrides `pixel_to_grid` (grid units per pixel, `[y, x]` or one number). Reported only. */
  pixelToGrid: positivePair.optional(),
  /** Overrides `origin` (`[y, x]` or one number). Reported only. */
  origin: finitePair.optional(),
  /** Overrides `extent` (`[y, x]` or one number). Reported only. */
  extent: positivePair.optional(),
  /** HDF5 movies: the dataset path; must equal the sidecar's `h5_dataset` when given. */
  h5Dataset: z.string({ error: "an HDF5 dataset path, e.g. \"movie/frames\"" }).min(1).optional(),
  /**
   * `"strict"` (default): values are read as stored (no fill-value masking) and every value must be a
   * number in [0, 1] (float data) — NaN, values outside [0, 1] and integer zarr data are rejected with a
   * ConfigurationError. `"reference"`: plume_nav_sim's reading — every value equal to the store's
   * `fill_value` becomes NaN, everything else passes through unchecked (replays the reference exactly).
   */
  values: z.enum(MOVIE_VALUE_MODES, { error: "one of strict, reference" }).default("strict"),
  /**
   * HDF5 movies in `"reference"` mode: apply the zero -> NaN masking of the zarr store the reference
   * converts them to (its `fill_value` is 0.0). Default true in `"reference"` mode; ignored in `"strict"`.
   */
  h5FillZero: z.boolean({ error: "a boolean" }).optional(),
  /** Which rules pick the default goal: `"selector"` (the reference's factory: `source_location_px`, ...) or `"centre"`. Default `"selector"`. */
  implicitGoal: z.enum(["selector", "centre"], { error: "one of selector, centre" }).default("selector"),
  /** The most bytes of frames held in memory (all frames are resident). Default 1 GiB. */
  maxBytes: z.number({ error: "an integer number of bytes > 0" }).int({ error: "an integer number of bytes > 0" }).positive({ error: "an integer number of bytes > 0" }).default(1 << 30),
});

export type MoviePlumeOptionsInput = z.input<typeof MoviePlumeOptionsSchema>;
export type MoviePlumeOptions = z.output<typeof MoviePlumeOptionsSchema>;
