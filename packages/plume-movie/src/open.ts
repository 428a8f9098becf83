/**
 * `openMoviePlume(options)`: validates the options, reads the movie (zarr store or HDF5 file + sidecar)
 * once per location and value mode (environments on one movie share its frames), applies the metadata
 * rules and returns a `MoviePlume`.
 */
import { parseWithSchema } from "@plume/core-types";
import { implicitGoal, validateAttrs } from "./attrs.js";
import { movieError, type MovieErrorContext } from "./errors.js";
import { defaultFiles, resolveLocation, type MovieFiles } from "./files.js";
import { checkStrictValues, makeFrames, type MovieFrames } from "./frames.js";
import { readH5Movie } from "./h5.js";
import { MoviePlumeOptionsSchema, type MoviePlumeOptions, type MoviePlumeOptionsInput } from "./options.js";
import { MoviePlume as MovieField } from "./field.js";
import { parseSidecar, sidecarPathOf, type MovieSidecar } from "./sidecar.js";
import { readZarrMovie } from "./zarr.js";
import { DemoMovieOptionsSchema, demoZarrStore, memoryFiles, parseDemoPath, type DemoMovieOptions } from "./demo.js";

/** The canonical location of a demo movie (`demo://128x96x200?seed=0`), so equal movies share frames. */
function demoLocation(demo: DemoMovieOptions): string {
  const d = DemoMovieOptionsSchema.parse(demo);
  return `demo://${d.width}x${d.height}x${d.frames}?seed=${d.seed}`;
}

/** The demo movie's store, generated on first read. */
function lazyDemoFiles(location: string, demo: DemoMovieOptions): MovieFiles {
  let files: MovieFiles | undefined;
  const get = () => (files ??= memoryFiles(location, demoZarrStore(demo)));
  return { read: (l) => get().read(l), kind: (l) => get().kind(l), resolve: (b, r) => get().resolve(b, r) };
}

/** How `openMoviePlume` reads. */
export interface OpenMovieContext extends MovieErrorContext {
  /** Where the bytes come from. Default: Node's file system for local paths, `fetch` for URLs. */
  readonly files?: MovieFiles | undefined;
}

const loaded = new Map<string, WeakRef<MovieFrames>>();
const loading = new Map<string, Promise<MovieFrames>>();
const registry =
  typeof FinalizationRegistry === "function"
    ? new FinalizationRegistry<string>((key) => {
        const ref = loaded.get(key);
        if (ref !== undefined && ref.deref() === undefined) loaded.delete(key);
      })
    : undefined;

/** A movie's frames as another thread adopts them (`exportSharedMovies` / `importSharedMovies`). */
export interface SharedMovie extends Omit<MovieFrames, "views"> {
  /** The cache key: location, value mode and reading options. */
  readonly key: string;
}

/** Frames adopted from another thread, held for this thread's lifetime (environments are built from them later). */
const adopted = new Set<MovieFrames>();

/**
 * The movies this thread holds in `SharedArrayBuffer`s, for other threads (an `AsyncVectorEnv`'s workers)
 * to adopt instead of reading them again: posting them to a worker shares their memory, copies nothing.
 */
export function exportSharedMovies(): SharedMovie[] {
  const out: SharedMovie[] = [];
  const Shared = (globalThis as { SharedArrayBuffer?: typeof SharedArrayBuffer }).SharedArrayBuffer;
  for (const [key, ref] of loaded) {
    const frames = ref.deref();
    if (frames === undefined || Shared === undefined || !(frames.data.buffer instanceof Shared)) continue;
    const { views: _views, ...rest } = frames;
    out.push({ key, ...rest });
  }
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Adopts movies exported by another thread (`exportSharedMovies()`): an `openMoviePlume` of the same
 * movie here then uses those frames. Records that are not well-formed are ignored (the movie is then read
 * as usual).
 */
export function importSharedMovies(state: unknown): void {
  if (!Array.isArray(state)) return;
  for (const record of state) {
    if (!isRecord(record) || typeof record["key"] !== "string" || !(record["data"] instanceof Float32Array)) continue;
    const { key, numFrames, width, height } = record as unknown as SharedMovie;
    if (![numFrames, width, height].every((n) => Number.isSafeInteger(n) && n > 0) || record["data"].length !== numFrames * width * height) continue;
    if (loaded.get(key)?.deref() !== undefined) continue;
    const { key: _key, ...parts } = record as unknown as SharedMovie;
    const frames = makeFrames(parts);
    adopted.add(frames);
    loaded.set(key, new WeakRef(frames));
  }
}

/** The number of movies whose frames are held now (shared by every plume on them). */
export function loadedMovieCount(): number {
  let n = 0;
  for (const ref of loaded.values()) if (ref.deref() !== undefined) n++;
  return n;
}

async function framesFor(key: string, load: () => Promise<MovieFrames>, shared: boolean): Promise<MovieFrames> {
  if (!shared) return load();
  const hit = loaded.get(key)?.deref();
  if (hit !== undefined) return hit;
  const pending = loading.get(key);
  if (pending !== undefined) return pending;
  const promise = load().then(
    (frames) => {
      loaded.set(key, new WeakRef(frames));
      registry?.register(frames, key);
      loading.delete(key);
      return frames;
    },
    (error: unknown) => {
      loading.delete(key);
      throw error;
    },
  );
  loading.set(key, promise);
  return promise;
}

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));
const asPair = (v: number | readonly [number, number]): readonly [number, number] => (typeof v === "number" ? [v, v] : v);

/** `media/h5_movie` route: the sidecar decides; given options must agree with it (none is applied). */
function checkAgainstSidecar(options: MoviePlumeOptions, sidecar: MovieSidecar, where: string, context: MovieErrorContext): void {
  const disagree = (option: string, problem: string, expected: string, received: unknown) => movieError(context, option, where, problem, expected, received);
  if (options.fps !== undefined && !same(options.fps, sidecar.fps)) throw disagree("fps", `fps ${options.fps} differs from the sidecar's ${sidecar.fps}`, `fps ${sidecar.fps} (or none)`, options.fps);
  if (options.pixelToGrid !== undefined) {
    const want = sidecar.pixels_per_unit === undefined ? [1, 1] : [1 / sidecar.pixels_per_unit[0], 1 / sidecar.pixels_per_unit[1]];
    const got = asPair(options.pixelToGrid);
    if (!same(got[0], want[0] as number) || !same(got[1], want[1] as number)) {
      throw disagree("pixelToGrid", `pixelToGrid [${got.join(", ")}] differs from the sidecar's [${want.join(", ")}]`, `pixelToGrid [${want.join(", ")}] (or none)`, options.pixelToGrid);
    }
  }
  if (options.origin !== undefined) {
    const got = asPair(options.origin);
    if (got[0] !== 0 || got[1] !== 0) throw disagree("origin", `origin [${got.join(", ")}] cannot apply to an HDF5 movie (its origin is [0, 0])`, "origin [0, 0] (or none)", options.origin);
  }
  if (options.extent !== undefined) throw disagree("extent", "extent cannot be given for an HDF5 movie (it follows from the sidecar)", "no extent", options.extent);
  if (options.h5Dataset !== undefined && options.h5Dataset !== sidecar.h5_dataset) {
    throw disagree("h5Dataset", `h5Dataset "${options.h5Dataset}" differs from the sidecar's h5_dataset "${sidecar.h5_dataset}"`, `h5Dataset "${sidecar.h5_dataset}" (or none)`, options.h5Dataset);
  }
}

/**
 * Opens a movie plume.
 *
 * ```ts
 * const plume = await openMoviePlume({ path: "plumes/tunnel.zarr", stepPolicy: "clamp" });
 * const env = new PlumeEnv({ plume, maxSteps: 500 });
 * ```
 * @throws ConfigurationError naming the option (`options.path`, `options.values`, ...; under
 * `context.path` when given) and, for a bad dataset, its file and the problem.
 */
export async function openMoviePlume(input: MoviePlumeOptionsInput, context: OpenMovieContext = {}): Promise<MovieField> {
  const options = parseWithSchema(MoviePlumeOptionsSchema, input, { what: "movie plume options", path: context.path ?? "options", kind: "configuration" });
  const demo = parseDemoPath(options.path);
  const location = demo !== undefined ? demoLocation(demo) : resolveLocation(options.path, options.baseDir);
  const files = context.files ?? (demo !== undefined ? lazyDemoFiles(location, demo) : defaultFiles(location));
  const isH5 = /\.(h5|hdf5)$/i.test(location);
  let sidecar: MovieSidecar | undefined;
  if (isH5) {
    const sidecarLocation = sidecarPathOf(location);
    const text = await files.read(sidecarLocation);
    if (text === undefined) {
      if ((await files.read(location)) === undefined) throw movieError(context, "path", location, "no such file", "an existing .h5 file (with its .plume-movie.yaml sidecar)", options.path);
      throw movieError(context, "path", sidecarLocation, "the HDF5 movie's sidecar is missing", `a sidecar ${sidecarLocation} (version, fps, spatial_unit, pixels_per_unit, h5_dataset)`);
    }
    sidecar = parseSidecar(new TextDecoder().decode(text), sidecarLocation, true, context);
    checkAgainstSidecar(options, sidecar, sidecarLocation, context);
  }
  const fillZero = options.h5FillZero ?? true;
  const key = JSON.stringify([location, options.values, isH5 ? [fillZero, sidecar?.h5_dataset] : null, options.maxBytes]);
  const frames = await framesFor(
    key,
    async () => {
      const raw = isH5
        ? await readH5Movie(files, location, sidecar as MovieSidecar, options.values, fillZero, options.maxBytes, context)
        : await readZarrMovie(files, location, options.values, options.maxBytes, context);
      const made = makeFrames(raw);
      if (options.values === "strict") checkStrictValues(made, context);
      return made;
    },
    context.files === undefined,
  );
  const attrs = validateAttrs(frames.rawAttrs, isH5 ? {} : { fps: options.fps, pixelToGrid: options.pixelToGrid, origin: options.origin, extent: options.extent }, frames.attrsWhere, context);
  const goal =
    options.implicitGoal === "selector"
      ? implicitGoal(frames.goalEvidence, frames.width, frames.height)
      : ([Math.floor(frames.width / 2), Math.floor(frames.height / 2)] as const);
  return new MovieField(frames, { stepPolicy: options.stepPolicy, attrs, implicitGoal: goal, values: options.values });
}
