/**
 * The `movie` plume plugin (`plume: { type: "movie", options: { path, ... } }` in a config) and the
 * reference-kwargs translator for `make("PlumeNav-v0", { plume: "movie", movie_path, ... })`.
 */
import { ValidationError, definePlugin } from "@plume/core-types";
import { exportSharedMovies, importSharedMovies, openMoviePlume } from "./open.js";
import { MoviePlumeOptionsSchema } from "./options.js";

/** `{ type: "movie", options: { path, stepPolicy?, fps?, pixelToGrid?, origin?, extent?, h5Dataset?, values?, ... } }` -> `MoviePlume` (loads asynchronously). */
export const moviePlumePlugin = definePlugin({
  kind: "plume",
  name: "movie",
  options: MoviePlumeOptionsSchema,
  create: (options, context) => openMoviePlume(options, { path: context?.path }),
  // An AsyncVectorEnv's workers adopt the movies the main thread loaded (their frames are SharedArrayBuffers).
  sharing: { exportShared: exportSharedMovies, importShared: importSharedMovies },
});

/** Every plugin of this package. */
export const plugins = Object.freeze([moviePlumePlugin] as const);

/** The reference's `movie_*` kwargs this translator reads. */
export const MOVIE_KWARGS = Object.freeze([
  "movie_path",
  "movie_fps",
  "movie_pixel_to_grid",
  "movie_origin",
  "movie_extent",
  "movie_h5_dataset",
  "movie_step_policy",
  "movie_values",
] as const);

/** Reference kwargs Plume does not implement (dataset registry downloads, in-memory xarray data). */
const UNSUPPORTED = Object.freeze({
  movie_dataset_id: "the reference's dataset registry (downloads) is not part of Plume: pass movie_path",
  movie_auto_download: "the reference's dataset registry (downloads) is not part of Plume: pass movie_path",
  movie_cache_root: "the reference's dataset registry (downloads) is not part of Plume: pass movie_path",
  movie_data: "in-memory xarray data: pass movie_path to a zarr store or HDF5 file",
  movie_normalize: "HDF5 integer movies are always normalised (as the reference's default)",
  movie_chunks: "chunking is the store's; Plume reads whole movies",
} as const);

const pairOrNumber = (value: unknown): unknown => (Array.isArray(value) ? [...value] : value);

/**
 * The reference's `plume: "movie"` kwargs as config parts: `movie_*` become the movie plugin's options
 * with the reference's reading (`values: "reference"`: fill-value masking, NaN passes through) unless
 * `movie_values: "strict"`; the sensors then propagate NaN as the reference's do. The grid and the
 * implicit goal are the movie's (the env takes them from the plume).
 */
export const movieKwargsTranslator = Object.freeze({
  plume: "movie",
  kwargs: Object.freeze([...MOVIE_KWARGS, ...Object.keys(UNSUPPORTED)]) as readonly string[],
  toConfig(kwargs: Readonly<Record<string, unknown>>) {
    for (const [name, why] of Object.entries(UNSUPPORTED)) {
      if (kwargs[name] !== undefined && kwargs[name] !== null) throw ValidationError.invalid(name, why, kwargs[name]);
    }
    const path = kwargs["movie_path"];
    if (path === undefined || path === null) throw ValidationError.invalid("movie_path", "a path to a .zarr directory or an .h5 file (required with plume: \"movie\")", path);
    const values = kwargs["movie_values"] ?? "reference";
    const options: Record<string, unknown> = { path, stepPolicy: kwargs["movie_step_policy"] ?? "wrap", values };
    const set = (kwarg: string, option: string) => {
      const v = kwargs[kwarg];
      if (v !== undefined && v !== null) options[option] = pairOrNumber(v);
    };
    set("movie_fps", "fps");
    set("movie_pixel_to_grid", "pixelToGrid");
    set("movie_origin", "origin");
    set("movie_extent", "extent");
    set("movie_h5_dataset", "h5Dataset");
    return {
      plume: { type: "movie", options },
      gridFromPlume: true,
      ...(values === "reference" && { sensorOptions: { nan: "propagate" } }),
    };
  },
});
