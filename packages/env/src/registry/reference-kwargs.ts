/**
 * The reference's `make` kwargs for `PlumeNav-v0`: `gym.make("PlumeNav-v0", **kwargs)` and
 * `plume_nav_sim.make_env(**kwargs)` call `create_plume_env(**kwargs)`, which builds `PlumeEnv(**kwargs)`
 * directly, or switches to the selector (`_create_plume_env_from_selectors`, with its own defaults: sigma
 * 20, goal radius 5, goal (64, 64) clamped into the grid when implicit, antennae = 2 sensors at distance 2,
 * wind for the wind sensor) as soon as one selector kwarg, a `movie_*` kwarg or a string `plume` appears.
 *
 * Here the direct route becomes `PlumeEnv` options and the selector route an `EnvironmentConfig` (so its
 * components are resolved like any config's). Plume models that take more reference kwargs (the
 * reference's `plume="movie"` with `movie_*`) contribute them with `registerKwargsTranslator`.
 */
import {
  ValidationError,
  coordinatesDataSchema,
  didYouMean,
  gridSizeDataSchema,
  isPlumeError,
  parseWithSchema,
  type ActionProcessor,
  type ConcentrationField,
  type ObservationModel,
  type RewardFunction,
  type VectorField,
} from "@plume/core-types";
import * as z from "zod";
import type { ComponentSpecInput, EnvironmentConfigInput } from "../config/schema.js";
import { PlumeEnvOptionsSchema, type PlumeEnvOptions } from "../env/plume-env.js";
import { RENDER_MODES, type RenderMode } from "../env/types.js";
import { finiteNumber, intAtLeast, nonNegativeNumber, positiveNumber } from "../internal/schemas.js";

type Pair = readonly [number, number];

/** The reference's `make` kwargs for `PlumeNav-v0`, as its Python code spells them (`null` is Python's `None`). */
export interface PlumeNavReferenceKwargs {
  /** `(width, height)`. Default (128, 128). */
  readonly grid_size?: Pair | null | undefined;
  /** Direct route: the goal and plume source (default: the grid centre). Selector route: read as `goal_location`. */
  readonly source_location?: Pair | null | undefined;
  /** Default: float32 epsilon (direct), 5 (selector); 0 means float32 epsilon. */
  readonly goal_radius?: number | null | undefined;
  /** Truncation limit. Default 1000. */
  readonly max_steps?: number | null | undefined;
  readonly start_location?: Pair | null | undefined;
  readonly render_mode?: RenderMode | null | undefined;
  /** Direct route: `{ sigma }` of the default Gaussian plume (default 12). Selector route: read as `plume_sigma`. */
  readonly plume_params?: { readonly sigma?: number | undefined } | null | undefined;
  /** Direct route: a `ConcentrationField`. Selector route: `"static"` (default) or `"movie"` (with `movie_*` kwargs). */
  readonly plume?: ConcentrationField | "static" | "movie" | null | undefined;
  /** Direct route: injected components. */
  readonly sensor_model?: ObservationModel<unknown> | null | undefined;
  readonly action_model?: ActionProcessor<unknown> | null | undefined;
  readonly reward_fn?: RewardFunction<unknown> | null | undefined;
  readonly wind_field?: VectorField | null | undefined;
  /** Selector route (any of these switches to it). */
  readonly goal_location?: Pair | null | undefined;
  readonly action_type?: "discrete" | "oriented" | "run_tumble" | undefined;
  readonly observation_type?: "concentration" | "antennae" | "wind_vector" | undefined;
  readonly reward_type?: "sparse" | "step_penalty" | undefined;
  readonly plume_sigma?: number | undefined;
  readonly step_size?: number | undefined;
  readonly enable_wind?: boolean | undefined;
  readonly wind_direction_deg?: number | undefined;
  readonly wind_speed?: number | undefined;
  readonly wind_vector?: Pair | null | undefined;
  readonly wind_noise_std?: number | undefined;
  /** Accepted and ignored, as by the reference. */
  readonly warn_deprecated?: boolean | undefined;
  /** `plume: "movie"`'s kwargs (`movie_path`, `movie_fps`, ...), read by the registered movie translator. */
  readonly [movieKwarg: `movie_${string}`]: unknown;
}

/** `PlumeEnv(**kwargs)`'s parameters, and the `PlumeEnv` option each becomes. */
const DIRECT_NAMES: Readonly<Record<string, keyof PlumeEnvOptions<unknown, unknown>>> = Object.freeze({
  grid_size: "gridSize",
  source_location: "sourceLocation",
  goal_radius: "goalRadius",
  max_steps: "maxSteps",
  plume: "plume",
  sensor_model: "sensor",
  action_model: "action",
  reward_fn: "reward",
  plume_params: "plumeParams",
  start_location: "startLocation",
  render_mode: "renderMode",
  wind_field: "wind",
});

/** The reference's names for `PlumeSearchEnv`'s options (its `PlumeEnv` parameters without `sensor_model`). */
export type PlumeSearchReferenceKwargs = Pick<
  PlumeNavReferenceKwargs,
  "grid_size" | "source_location" | "goal_radius" | "max_steps" | "start_location" | "render_mode" | "plume_params" | "action_model" | "reward_fn" | "wind_field"
> & { readonly plume?: ConcentrationField | null | undefined };

/** `PlumeSearch-v0`'s reference kwarg names. */
export const PLUMESEARCH_REFERENCE_KWARGS: readonly string[] = Object.freeze(Object.keys(DIRECT_NAMES).filter((k) => k !== "sensor_model"));

/** Renames the reference's `PlumeEnv` parameters to `PlumeEnv` options (`null` dropped, as Python's `None` defaults). */
export function renameReferenceKwargs(kwargs: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(kwargs)) {
    const name = DIRECT_NAMES[key];
    if (name === undefined) {
      throw new ValidationError(`"${key}" is not a parameter of the reference's PlumeEnv${didYouMean(key, Object.keys(DIRECT_NAMES))}`, {
        parameter: key,
        expected: `one of ${Object.keys(DIRECT_NAMES).join(", ")} (or a selector kwarg: ${SELECTOR_KWARGS.join(", ")})`,
        received: value,
      });
    }
    if (value !== null && value !== undefined) options[name] = value;
  }
  return options;
}

/** Any of these switches `create_plume_env` to the selector. */
export const SELECTOR_KWARGS: readonly string[] = Object.freeze([
  "goal_location",
  "action_type",
  "observation_type",
  "reward_type",
  "plume_sigma",
  "step_size",
  "enable_wind",
  "wind_direction_deg",
  "wind_speed",
  "wind_vector",
  "wind_noise_std",
]);

/** The selector's own parameters (besides `movie_*`), plus the two `create_plume_env` maps onto them. */
const SELECTOR_PARAMETERS: readonly string[] = Object.freeze([
  "grid_size",
  "goal_location",
  "start_location",
  "max_steps",
  "goal_radius",
  "action_type",
  "observation_type",
  "reward_type",
  "plume_sigma",
  "step_size",
  "render_mode",
  "warn_deprecated",
  "plume",
  "enable_wind",
  "wind_direction_deg",
  "wind_speed",
  "wind_vector",
  "wind_noise_std",
  "source_location",
  "plume_params",
]);

/** The reference's `movie_*` kwargs (read by a registered translator for `plume: "movie"`). */
export const REFERENCE_MOVIE_KWARGS: readonly string[] = Object.freeze([
  "movie_path",
  "movie_dataset_id",
  "movie_auto_download",
  "movie_cache_root",
  "movie_fps",
  "movie_pixel_to_grid",
  "movie_origin",
  "movie_extent",
  "movie_h5_dataset",
  "movie_step_policy",
  "movie_normalize",
  "movie_chunks",
  "movie_data",
]);

/** Every reference kwarg name a `PlumeNav-v0` call may use (without the translators' own). */
export const PLUMENAV_REFERENCE_KWARGS: readonly string[] = Object.freeze([
  ...new Set([...Object.keys(DIRECT_NAMES), ...SELECTOR_PARAMETERS, ...REFERENCE_MOVIE_KWARGS]),
]);

/** `PlumeEnv`'s option names (Plume's camelCase kwargs). */
export const PLUME_ENV_OPTION_NAMES: readonly string[] = Object.freeze(Object.keys(PlumeEnvOptionsSchema.shape));

// ------------------------------------------------------------------------------------------ translators

/** What a translator knows of the selector's resolved geometry when it is asked for its config parts. */
export interface KwargsTranslatorContext {
  /** The grid the kwargs give (default `[128, 128]`). */
  readonly gridSize: Pair;
  /** The goal the kwargs give explicitly (`goal_location`, or `source_location`), else undefined. */
  readonly goalLocation: Pair | undefined;
}

/**
 * Translates the reference's kwargs of one plume model into config parts: e.g. `plume: "movie"` with
 * `movie_*` kwargs into `plume: { type: "movie", options: {...} }`. A plume-model package exports one (a
 * plain object: it needs nothing from `@plume/env`), and the application registers it with
 * `registerKwargsTranslator(translator)`.
 */
export interface KwargsTranslator {
  /** The value of the reference's `plume` kwarg this translator handles, e.g. `"movie"`. */
  readonly plume: string;
  /** The reference kwargs it reads besides the selector's own (e.g. the `movie_*` names). */
  readonly kwargs: readonly string[];
  /**
   * The config parts for `kwargs` (only those listed in `kwargs`, as given): at least `plume` (a component
   * spec, resolved like any config's); `gridSize`, `goalLocation` and `goalRadius` where the plume model
   * fixes them (the movie's own grid, say), which replace the selector's.
   * @throws a Plume error naming the bad kwarg.
   */
  toConfig(kwargs: Readonly<Record<string, unknown>>, context: KwargsTranslatorContext): TranslatedConfig;
}

/** The config parts a `KwargsTranslator` returns. */
export interface TranslatedConfig {
  readonly plume: ComponentSpecInput;
  readonly gridSize?: EnvironmentConfigInput["gridSize"];
  readonly goalLocation?: EnvironmentConfigInput["goalLocation"];
  readonly goalRadius?: number | undefined;
  /**
   * The plume covers its own grid (a movie): the config then names no `gridSize` and the env takes the
   * plume's (the selector's `grid_size` still bounds an explicit goal and start, as in the reference).
   */
  readonly gridFromPlume?: boolean | undefined;
  /** Options added to the selector's sensor (e.g. `{ nan: "propagate" }` for a movie read as the reference reads it). */
  readonly sensorOptions?: Readonly<Record<string, unknown>> | undefined;
}

const KwargsTranslatorSchema = z.strictObject({
  plume: z.string({ error: "a plume name, e.g. \"movie\"" }).regex(/^[a-z][a-z0-9_]*$/, { error: "a lower-case plume name, e.g. \"movie\"" }),
  kwargs: z.array(z.string().regex(/^[a-z][a-z0-9_]*$/, { error: "snake_case kwarg names" }), { error: "an array of kwarg names" }),
  toConfig: z.custom<KwargsTranslator["toConfig"]>((v) => typeof v === "function", { error: "a function (kwargs, context) => config parts" }),
});

const translators = new Map<string, KwargsTranslator>();

/**
 * Registers a plume model's reference-kwargs translator: `make("PlumeNav-v0", { plume: translator.plume,
 * ...its kwargs })` then builds through it. Returns a function that unregisters it.
 * @throws ValidationError for a malformed translator, a plume name already taken (`"static"` is the
 * Gaussian plume's), or a kwarg another translator or the selector reads.
 */
export function registerKwargsTranslator(translator: KwargsTranslator): () => void {
  const parsed = parseWithSchema(KwargsTranslatorSchema, translator, { what: "kwargs translator" });
  if (parsed.plume === "static" || translators.has(parsed.plume)) {
    throw ValidationError.invalid("plume", "a plume name no other translator handles (\"static\" is the Gaussian plume)", parsed.plume);
  }
  const taken = new Set([...Object.keys(DIRECT_NAMES), ...SELECTOR_PARAMETERS, ...[...translators.values()].flatMap((t) => t.kwargs)]);
  const clash = parsed.kwargs.find((k) => taken.has(k));
  if (clash !== undefined) throw ValidationError.invalid("kwargs", "kwarg names no other translator (or the selector) reads", clash);
  translators.set(parsed.plume, translator);
  return () => {
    if (translators.get(parsed.plume) === translator) translators.delete(parsed.plume);
  };
}

/** The registered translators' plume names. */
export function kwargsTranslators(): string[] {
  return [...translators.keys()].sort();
}

// ------------------------------------------------------------------------------------------ translation

/** What a `PlumeNav-v0` call's kwargs become. */
export type PlumeNavBuild =
  | { readonly route: "direct"; readonly options: PlumeEnvOptions<unknown, unknown> }
  | { readonly route: "selector"; readonly config: EnvironmentConfigInput };

const SNAKE_OF: Readonly<Record<string, string>> = Object.freeze(Object.fromEntries(Object.entries(DIRECT_NAMES).map(([s, c]) => [c, s])));

/** Renames a `PlumeEnv` error's parameter to the reference kwarg it came from (`gridSize.width` -> `grid_size.width`). */
export function asReferenceError(error: unknown): unknown {
  if (!isPlumeError(error) || error.parameter === undefined) return error;
  const [head, ...rest] = error.parameter.split(".");
  const snake = SNAKE_OF[head as string];
  if (snake === undefined) return error;
  const parameter = [snake, ...rest].join(".");
  Object.defineProperty(error, "parameter", { value: parameter, writable: true, configurable: true });
  Object.defineProperty(error, "message", { value: error.message.split(head as string).join(snake), writable: true, configurable: true });
  return error;
}

function isPresent(kwargs: Readonly<Record<string, unknown>>, key: string): boolean {
  return Object.hasOwn(kwargs, key) && kwargs[key] !== undefined;
}

/** The reference's direct route: `PlumeEnv(**kwargs)` with its parameter names. */
function directRoute(kwargs: Readonly<Record<string, unknown>>): PlumeNavBuild {
  return { route: "direct", options: renameReferenceKwargs(kwargs) as PlumeEnvOptions<unknown, unknown> };
}

const finite = finiteNumber;
const nonNegative = nonNegativeNumber;
const positive = positiveNumber;
const positiveInt = intAtLeast(1);

/** The selector's parameters, as the reference validates (and a little stricter: see the README's departures). */
const SelectorKwargsSchema = z.strictObject({
  grid_size: gridSizeDataSchema.optional(),
  goal_location: coordinatesDataSchema.nullable().optional(),
  source_location: coordinatesDataSchema.nullable().optional(),
  plume_params: z.unknown().optional(),
  start_location: coordinatesDataSchema.nullable().optional(),
  max_steps: positiveInt.optional(),
  goal_radius: nonNegative("a finite number >= 0 (cells; 0 means float32 epsilon)").optional(),
  action_type: z.enum(["discrete", "oriented", "run_tumble"], { error: "one of discrete, oriented, run_tumble" }).optional(),
  observation_type: z.enum(["concentration", "antennae", "wind_vector"], { error: "one of concentration, antennae, wind_vector" }).optional(),
  reward_type: z.enum(["sparse", "step_penalty"], { error: "one of sparse, step_penalty" }).optional(),
  plume_sigma: positive("a finite number > 0 (cells)").optional(),
  step_size: positiveInt.optional(),
  render_mode: z.enum(RENDER_MODES, { error: `one of ${RENDER_MODES.join(", ")} or null` }).nullable().optional(),
  warn_deprecated: z.boolean({ error: "a boolean" }).optional(),
  plume: z.string({ error: 'a plume name: "static" (the Gaussian plume) or a registered translator\'s, e.g. "movie"' }).optional(),
  enable_wind: z.boolean({ error: "a boolean" }).optional(),
  wind_direction_deg: finite("a finite number of degrees").optional(),
  wind_speed: finite("a finite number").optional(),
  wind_vector: z.tuple([finite("a finite number"), finite("a finite number")], { error: "[vx, vy] with finite numbers" }).nullable().optional(),
  wind_noise_std: nonNegative("a finite number >= 0").optional(),
});

/** The reference's selector route as an `EnvironmentConfig`. */
function selectorRoute(kwargs: Readonly<Record<string, unknown>>): PlumeNavBuild {
  // create_plume_env: source_location -> goal_location, plume_params.sigma -> plume_sigma (when not given).
  const given: Record<string, unknown> = {};
  const model: Record<string, unknown> = {};
  const plumeName = typeof kwargs["plume"] === "string" ? (kwargs["plume"] as string) : "static";
  const translator = translators.get(plumeName);
  for (const [key, value] of Object.entries(kwargs)) {
    if (value === undefined) continue;
    if (translator?.kwargs.includes(key)) model[key] = value;
    else if (key.startsWith("movie_") || [...translators.values()].some((t) => t.kwargs.includes(key))) {
      const owner = [...translators.values()].find((t) => t.kwargs.includes(key));
      throw new ValidationError(
        owner !== undefined
          ? `"${key}" belongs to plume "${owner.plume}", not to plume "${plumeName}"`
          : translator !== undefined
            ? `"${key}" is not a kwarg of plume "${plumeName}"${didYouMean(key, translator.kwargs)}`
            : `"${key}" needs plume: "movie" and a registered movie translator (registerKwargsTranslator; the movie plume package exports one)`,
        { parameter: key, expected: translator !== undefined ? `one of ${translator.kwargs.join(", ")}` : "a kwarg of the selected plume", received: value },
      );
    } else if (!SELECTOR_PARAMETERS.includes(key)) {
      throw new ValidationError(`"${key}" is not a parameter of the reference's selector${didYouMean(key, SELECTOR_PARAMETERS)}`, {
        parameter: key,
        expected: `one of ${SELECTOR_PARAMETERS.join(", ")}${translator !== undefined ? `, ${translator.kwargs.join(", ")}` : ""}`,
        received: value,
      });
    } else given[key] = value;
  }
  if (given["plume"] !== undefined && typeof given["plume"] !== "string") {
    throw ValidationError.invalid("plume", 'a plume name ("static" or a registered translator\'s) with selector kwargs; a ConcentrationField object only without them', given["plume"]);
  }
  const s = parseWithSchema(SelectorKwargsSchema, given, { what: "PlumeNav-v0 kwargs" });
  if (plumeName !== "static" && translator === undefined) {
    throw new ValidationError(`no translator is registered for plume "${plumeName}"`, {
      parameter: "plume",
      expected: `"static"${kwargsTranslators().map((p) => `, "${p}"`).join("")} (register the plume model's translator with registerKwargsTranslator)`,
      received: plumeName,
    });
  }
  const sigmaFromParams = (() => {
    const params = s.plume_params;
    if (params === null || params === undefined) return undefined;
    const parsed = parseWithSchema(z.strictObject({ sigma: positive("a finite number > 0 (cells)").optional() }), params, { what: "plume_params", path: "plume_params" });
    return parsed.sigma;
  })();
  const grid: Pair = s.grid_size === undefined ? [128, 128] : [s.grid_size.width, s.grid_size.height];
  // A goal_location that is given, even as null (Python's None: implicit), hides source_location.
  const goalName = "goal_location" in given ? "goal_location" : "source_location";
  const goalData = goalName === "goal_location" ? s.goal_location : s.source_location;
  const goal: Pair | undefined = goalData === undefined || goalData === null ? undefined : [goalData.x, goalData.y];
  const inside = (name: string, p: Pair): Pair => {
    if (p[0] < 0 || p[1] < 0 || p[0] >= grid[0] || p[1] >= grid[1]) {
      throw ValidationError.invalid(name, `a cell inside the ${grid[0]}x${grid[1]} grid (0 <= x < ${grid[0]}, 0 <= y < ${grid[1]})`, [...p]);
    }
    return p;
  };
  if (goal !== undefined) inside(goalName, goal);
  const start: Pair | undefined = s.start_location === undefined || s.start_location === null ? undefined : inside("start_location", [s.start_location.x, s.start_location.y]);
  const stepSize = s.step_size ?? 1;
  const observation = s.observation_type ?? "concentration";
  const wind =
    s.enable_wind === true || observation === "wind_vector"
      ? {
          type: "constant",
          options: {
            directionDeg: s.wind_direction_deg ?? 0,
            speed: s.wind_speed ?? 1,
            ...(s.wind_vector !== undefined && s.wind_vector !== null && { vector: [...s.wind_vector] }),
          },
        }
      : undefined;
  const translated = translator?.toConfig(model, { gridSize: grid, goalLocation: goal });
  const sensorExtra = translated?.sensorOptions ?? {};
  const config: EnvironmentConfigInput = {
    ...(translated?.gridFromPlume !== true && { gridSize: translated?.gridSize ?? grid }),
    ...((translated?.goalLocation ?? goal) !== undefined && { goalLocation: translated?.goalLocation ?? goal }),
    goalRadius: translated?.goalRadius ?? s.goal_radius ?? 5,
    maxSteps: s.max_steps ?? 1000,
    ...(start !== undefined && { startLocation: start }),
    renderMode: s.render_mode ?? null,
    plume: translated?.plume ?? { type: "gaussian", options: { sigma: s.plume_sigma ?? sigmaFromParams ?? 20 } },
    sensor:
      observation === "antennae"
        ? { type: "antennae", options: { nSensors: 2, sensorDistance: 2, ...sensorExtra } }
        : observation === "wind_vector"
          ? { type: "wind_vector", options: { noiseStd: s.wind_noise_std ?? 0 } }
          : { type: "concentration", ...(Object.keys(sensorExtra).length > 0 && { options: { ...sensorExtra } }) },
    action: { type: s.action_type ?? "discrete", options: { stepSize } },
    reward: s.reward_type === "step_penalty" ? { type: "step_penalty", options: { goalReward: 1, stepPenalty: 0.01 } } : { type: "sparse" },
    ...(wind !== undefined && { wind }),
  };
  return { route: "selector", config };
}

/**
 * The reference's `create_plume_env(**kwargs)` routing: the selector when a selector kwarg, a `movie_*`
 * kwarg or a string `plume` is present, else `PlumeEnv(**kwargs)`.
 * @throws ValidationError naming the kwarg for `plume_type` and `video_*` (removed in the reference), an
 * unknown kwarg (with the closest name), or a bad value.
 */
export function translatePlumeNavKwargs(kwargs: Readonly<Record<string, unknown>>): PlumeNavBuild {
  if (isPresent(kwargs, "plume_type")) {
    throw new ValidationError("plume_type is no longer supported by the reference: use plume: \"static\" or plume: \"movie\"", {
      parameter: "plume_type",
      expected: 'plume: "static" or "movie"',
      received: kwargs["plume_type"],
    });
  }
  const video = Object.keys(kwargs).filter((k) => k.startsWith("video_") && kwargs[k] !== undefined).sort()[0];
  if (video !== undefined) {
    throw new ValidationError(`${video} is no longer supported by the reference: use the matching movie_* kwarg`, {
      parameter: video,
      expected: `movie_${video.slice("video_".length)}`,
      received: kwargs[video],
    });
  }
  const selector =
    SELECTOR_KWARGS.some((k) => isPresent(kwargs, k)) ||
    Object.keys(kwargs).some((k) => k.startsWith("movie_") && kwargs[k] !== undefined) ||
    [...translators.values()].some((t) => t.kwargs.some((k) => isPresent(kwargs, k))) ||
    typeof kwargs["plume"] === "string";
  return selector ? selectorRoute(kwargs) : directRoute(kwargs);
}

/** Which naming a kwargs object uses: the reference's snake_case, Plume's camelCase, or neither yet. */
export type KwargsStyle = "reference" | "plume" | "either";

/**
 * Classifies kwargs as the reference's or Plume's names (a name both use, `plume`, says nothing).
 * @throws ValidationError when they mix the two, or for a name that is neither (with the closest one).
 */
export function kwargsStyle(
  kwargs: Readonly<Record<string, unknown>>,
  id: string,
  referenceNames: readonly string[],
  plumeNames: readonly string[],
): KwargsStyle {
  const reference = new Set([...referenceNames, ...[...translators.values()].flatMap((t) => t.kwargs)]);
  const plume = new Set(plumeNames);
  const snake: string[] = [];
  const camel: string[] = [];
  for (const key of Object.keys(kwargs)) {
    const isReference = reference.has(key) || key.startsWith("movie_") || key.startsWith("video_") || key === "plume_type";
    const isPlume = plume.has(key);
    if (isReference && !isPlume) snake.push(key);
    else if (isPlume && !isReference) camel.push(key);
    else if (!isReference && !isPlume) {
      const all = [...plume, ...reference];
      throw new ValidationError(`"${key}" is not a kwarg of ${id}${didYouMean(key, all)}`, {
        parameter: key,
        expected: `Plume's options (${[...plume].join(", ")}) or the reference's kwargs (${[...reference].join(", ")})`,
        received: kwargs[key],
      });
    }
  }
  if (snake.length > 0 && camel.length > 0) {
    throw new ValidationError(
      `${id} kwargs mix the reference's snake_case names (${snake.join(", ")}) with Plume's camelCase options (${camel.join(", ")}): use one or the other`,
      { parameter: camel[0] as string, expected: "kwargs in one naming: all the reference's (grid_size, ...) or all Plume's (gridSize, ...)", received: Object.keys(kwargs) },
    );
  }
  return snake.length > 0 ? "reference" : camel.length > 0 ? "plume" : "either";
}

/** `PlumeEnv` options that are components (objects), which a config cannot hold. */
const COMPONENT_OPTIONS: readonly string[] = Object.freeze(["plume", "wind", "sensor", "action", "reward", "terminal", "stateExtensions"]);

function pairOf(value: unknown, a: "width" | "x", b: "height" | "y"): Pair | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return [value[0] as number, value[1] as number];
  const record = value as Record<string, unknown>;
  return [record[a] as number, record[b] as number];
}

/**
 * `PlumeNav-v0`'s kwargs (Plume's or the reference's) as an `EnvironmentConfig`, for environments rebuilt
 * elsewhere (`AsyncVectorEnv`'s worker threads): the selector route's config, or the direct route's
 * defaults spelled out (sigma 12, goal radius float32 epsilon, goal at the grid centre).
 * @throws ValidationError (`parameter` the kwarg) for a component object, which a config cannot carry.
 */
export function plumeNavConfig(kwargs: Readonly<Record<string, unknown>>): EnvironmentConfigInput {
  const style = kwargsStyle(kwargs, "PlumeNav-v0", PLUMENAV_REFERENCE_KWARGS, PLUME_ENV_OPTION_NAMES);
  let options: Readonly<Record<string, unknown>> = kwargs;
  if (style === "reference" || typeof kwargs["plume"] === "string") {
    const build = translatePlumeNavKwargs(kwargs);
    if (build.route === "selector") return build.config;
    options = build.options as Readonly<Record<string, unknown>>;
  }
  for (const key of COMPONENT_OPTIONS) {
    if (options[key] !== undefined && options[key] !== null) {
      throw ValidationError.invalid(key, "data only: the environment is rebuilt from a config in other threads (name plugins in an EnvironmentConfig instead)", typeof options[key]);
    }
  }
  const grid = pairOf(options["gridSize"], "width", "height") ?? [128, 128];
  const source = pairOf(options["sourceLocation"], "x", "y") ?? [Math.floor(grid[0] / 2), Math.floor(grid[1] / 2)];
  const start = pairOf(options["startLocation"], "x", "y");
  const sigma = (options["plumeParams"] as { sigma?: number } | undefined)?.sigma ?? 12;
  return {
    gridSize: grid,
    goalLocation: source,
    goalRadius: (options["goalRadius"] as number | undefined) ?? 0,
    maxSteps: (options["maxSteps"] as number | undefined) ?? 1000,
    ...(start !== undefined && { startLocation: start }),
    plume: { type: "gaussian", options: { sigma } },
    sensor: { type: "concentration" },
    action: { type: "discrete" },
    reward: { type: "sparse" },
  };
}
