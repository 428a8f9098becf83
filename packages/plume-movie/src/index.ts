/**
 * `@plume/plume-movie`: recorded concentration movies (zarr v2 stores, HDF5 files with a sidecar) as a
 * time-varying plume model, episode-exact with plume_nav_sim's `VideoPlume`.
 */
export { MoviePlume } from "./field.js";
export { openMoviePlume, loadedMovieCount, exportSharedMovies, importSharedMovies, type OpenMovieContext, type SharedMovie } from "./open.js";
export { MoviePlumeOptionsSchema, MOVIE_VALUE_MODES, STEP_POLICIES, type MoviePlumeOptions, type MoviePlumeOptionsInput, type MovieValueMode, type StepPolicy } from "./options.js";
export { SOURCE_DTYPES, implicitGoal, validateAttrs, type MovieAttrs, type AttrOverrides, type GoalEvidence } from "./attrs.js";
export { MovieSidecarSchema, parseSidecar, sidecarPathOf, type MovieSidecar } from "./sidecar.js";
export { fetchFiles, defaultFiles, resolveLocation, type MovieFiles } from "./files.js";
export type { MovieFrames } from "./frames.js";
export { moviePlumePlugin, movieKwargsTranslator, plugins, MOVIE_KWARGS } from "./plugin.js";
export { movieKwargsTranslator as kwargsTranslator } from "./plugin.js";
export { DemoMovieOptionsSchema, demoMovie, demoZarrStore, memoryFiles, parseDemoPath, type DemoMovieOptions } from "./demo.js";
