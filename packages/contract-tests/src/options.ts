/**
 * Options of the suites, validated with exported zod schemas. A bad option throws a `ValidationError`
 * whose `parameter` names it (e.g. `"numRuns"` or `"optOut.obs.finite"`).
 */
import { isEnvStateExtension, parseWithSchema, type Env, type EnvState, type EnvStateExtension, type SpaceLike } from "@plume/core-types";
import * as z from "zod";
import { CHECK_IDS, checkInfo, type CheckArea } from "./catalogue.js";

/** The seed used when neither the `seed` option nor `FC_SEED` is given (the workspace's pinned seed). */
export const DEFAULT_SEED = 20261122;
/** Default number of fast-check runs per property check. */
export const DEFAULT_NUM_RUNS = 50;
const MAX_SEED = 0xffffffff;

/**
 * Declared capabilities: they open gated checks (`E?`/`W?`) or select alternative behaviour.
 * Undeclared capabilities default to `false` (profile: `"plume"`).
 */
export const capabilitiesSchema = z.strictObject({
  /** `"plume"` (default) applies the seeds' MUSTs; `"gymnasium"` keeps Gymnasium's severities for generic envs. */
  profile: z.enum(["plume", "gymnasium"]).optional(),
  /** The component (or env) is nondeterministic by design: determinism checks are skipped. */
  nondeterministic: z.boolean().optional(),
  /** The component keeps state between calls and offers `reset()`. */
  stateful: z.boolean().optional(),
  /**
   * The component draws randomness from the generator it is given (`envState.rng` for sensors, `setRng`
   * for action processors and policies); it is then checked for determinism given the same generator state.
   * For an action processor with `setRng`, `false` means it never draws (only the same-seed half of `act.rng-hook` runs).
   */
  usesRng: z.boolean().optional(),
  /** The env follows Gymnasium's over-run behaviour: step after the episode ended is allowed (§11.1). */
  allowsStepAfterDone: z.boolean().optional(),
  /** The env factory accepts `{ components }` (see `EnvFactoryOptions`), opening the component-env checks. */
  componentEnv: z.boolean().optional(),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

const seedSchema = z
  .int({ error: `an integer in [0, ${MAX_SEED}]` })
  .min(0, { error: `an integer in [0, ${MAX_SEED}]` })
  .max(MAX_SEED, { error: `an integer in [0, ${MAX_SEED}]` });

/** Options every suite accepts. */
export const commonOptionsSchema = z.strictObject({
  /** A label for the report (default: the component's class name). */
  name: z.string({ error: "a non-empty string" }).min(1, { error: "a non-empty string" }).optional(),
  /** fast-check seed; default: `FC_SEED` from the environment, else `DEFAULT_SEED`. Reported with every failure. */
  seed: seedSchema.optional(),
  /** fast-check runs per property check (1-10000); default 50. Env rollouts use a fifth of it (at least 5). */
  numRuns: z.int({ error: "an integer in [1, 10000]" }).min(1, { error: "an integer in [1, 10000]" }).max(10_000, { error: "an integer in [1, 10000]" }).optional(),
  /** Turn warnings (`W` checks) into failures. Default `false`. */
  strict: z.boolean({ error: "a boolean" }).optional(),
  /** Declared capabilities. Default: none declared. */
  capabilities: capabilitiesSchema.optional(),
  /** Explicit opt-outs: check id -> the reason (a non-empty string). Opted-out checks are reported as skipped. Default: none. */
  optOut: z.record(z.string(), z.string({ error: "a non-empty reason" }).trim().min(1, { error: "a non-empty reason" })).optional(),
  /** Run only these check ids (the others are reported as skipped). Default: every check. */
  only: z.array(z.string()).optional(),
  /**
   * Replays one counterexample: the fast-check path a failure printed (e.g. `"3:0:1"`), with the same `seed`
   * and `only` that check. Default: none (a normal run).
   */
  path: z.string().regex(/^\d+(:\d+)*$/, { error: 'a replay path such as "3:0:1", as printed after a failure' }).optional(),
});
export type CommonOptions = z.infer<typeof commonOptionsSchema>;

const fn = <T>(what: string) => z.custom<T>((v) => typeof v === "function", { error: what });
const spaceLike = z.custom<SpaceLike>(
  (v) =>
    typeof v === "object" &&
    v !== null &&
    typeof (v as { contains?: unknown }).contains === "function" &&
    typeof (v as { sample?: unknown }).sample === "function",
  { error: "a space (an object with contains and sample)" },
);
const gridTuple = z.tuple([z.int().min(1).max(10_000), z.int().min(1).max(10_000)], { error: "[width, height] with integers in [1, 10000]" });

/** `checkObservationModel` options. */
export const observationModelOptionsSchema = commonOptionsSchema.extend({
  /** Adds the custom keys a sensor needs to every generated env state (return a new object). Default: none. */
  extendState: fn<(state: EnvState) => EnvState>("a function (state) => state").optional(),
  /**
   * The env-state extensions the sensor's environment supplies (`EnvStateExtension`s, as given to
   * `PlumeEnv`'s `stateExtensions`): their keys are added to every generated env state, before `extendState`.
   * Default: none.
   */
  stateExtensions: z
    .array(z.custom<EnvStateExtension>(isEnvStateExtension, { error: "an EnvStateExtension ({ key, value(state), reset? })" }), {
      error: "an array of EnvStateExtensions",
    })
    .optional(),
});
export type ObservationModelOptions = z.infer<typeof observationModelOptionsSchema>;

/** `checkActionProcessor` options. */
export const actionProcessorOptionsSchema = commonOptionsSchema.extend({});
export type ActionProcessorOptions = z.infer<typeof actionProcessorOptionsSchema>;

/** `checkRewardFunction` options. */
export const rewardFunctionOptionsSchema = commonOptionsSchema.extend({});
export type RewardFunctionOptions = z.infer<typeof rewardFunctionOptionsSchema>;

/** `checkConcentrationField` options. */
export const concentrationFieldOptionsSchema = commonOptionsSchema.extend({
  /**
   * Parameter sets: the factory is called with each (`factory(params)`), and checks that vary the
   * construction draw from them. Default `[undefined]`.
   */
  params: z.array(z.unknown()).min(1, { error: "at least one parameter set" }).optional(),
  /** The grid to sample when the field has no `gridSize`; default [32, 32]. */
  gridSize: gridTuple.optional(),
  /**
   * The size ladder (issue 20, class 2): maps a grid `[width, height]` to a parameter set that builds the field on
   * that grid (or `undefined` for a grid it does not support), so that the checks also run on large and elongated
   * grids. Default: when a parameter set states its grid (`grid`, `gridSize`, `grid_size`, `size` or `shape` as
   * `[w, h]` or `{ width, height }`, or `width` and `height`), that set with its grid replaced; else no ladder.
   * `false` turns the ladder off.
   */
  sizeParams: z.union([z.literal(false), fn<(grid: readonly [number, number]) => unknown>("a function (grid: [width, height]) => params, or false")]).optional(),
});
export type ConcentrationFieldOptions = z.infer<typeof concentrationFieldOptionsSchema>;

/** `checkVectorField` options. */
export const vectorFieldOptionsSchema = commonOptionsSchema.extend({
  /** The grid positions are drawn over; default [32, 32]. */
  gridSize: gridTuple.optional(),
  /** A sensor space the vectors feed (opens `wind.sensor-range`), e.g. `Box(-1, 1, [2])`. Default: none. */
  sensorSpace: spaceLike.optional(),
  /** Whether that sensor clamps out-of-range vectors itself (then `wind.sensor-range` passes). Default `false`. */
  sensorClamps: z.boolean().optional(),
});
export type VectorFieldOptions = z.infer<typeof vectorFieldOptionsSchema>;

/** `checkPolicy` options. */
export const policyOptionsSchema = commonOptionsSchema.extend({
  /** The observation space the policy expects (default: Box(0, 1, [1]) float32 as in the reference tests). */
  observationSpace: spaceLike.optional(),
  /** A paired env factory (opens `pol.env-compat` and `pol.env-semantics`). Default: none. */
  env: fn<() => Env>("a function () => Env").optional(),
});
export type PolicyOptions = z.infer<typeof policyOptionsSchema>;

/** The flatten and vector utilities the `space.flat*` and `space.dtype-shape-equiv` checks exercise. */
export interface SpaceUtilities {
  flatdim(space: never): number;
  flatten(space: never, x: unknown): unknown;
  unflatten(space: never, x: unknown): unknown;
  flattenSpace(space: never): unknown;
  isSpaceDtypeShapeEquiv?(a: unknown, b: unknown): boolean;
}

/** `checkSpace` options. */
export const spaceOptionsSchema = commonOptionsSchema.extend({
  /**
   * Flatten / vector utilities to check the space with (default: those of `@plume/spaces`, which apply
   * to `@plume/spaces` spaces only). Give your own for a custom space family.
   */
  utilities: z.custom<Partial<SpaceUtilities>>((v) => typeof v === "object" && v !== null, { error: "an object of utility functions" }).optional(),
});
export type SpaceOptions = z.infer<typeof spaceOptionsSchema>;

/** A recorded reference episode file (the plume-nav-sim fixture format). */
export const referenceFixtureSchema = z.looseObject({
  name: z.string().optional(),
  episodes: z.array(
    z.looseObject({
      seed: z.int().nullable(),
      reset: z.looseObject({ obs: z.unknown(), info: z.record(z.string(), z.unknown()) }),
      steps: z.array(
        z.looseObject({
          action: z.unknown(),
          obs: z.unknown(),
          reward: z.number(),
          terminated: z.boolean(),
          truncated: z.boolean(),
          info: z.record(z.string(), z.unknown()),
        }),
      ),
    }),
  ),
});
export type ReferenceFixture = z.infer<typeof referenceFixtureSchema>;

/** `checkEnv` options. */
export const envOptionsSchema = commonOptionsSchema.extend({
  /** Longest rollout in steps (default 200). */
  maxRolloutSteps: z.int().min(1).max(10_000).optional(),
  /** `max_steps` hint passed to the factory for the lifecycle checks (default 5). */
  shortEpisodeSteps: z.int().min(1).max(1000).optional(),
  /** The goal radius, when neither `info.goal_radius` nor `env.goalRadius` tells it. Default: none (the checks that need it are skipped). */
  goalRadius: z.number().min(0).optional(),
  /** Reference episodes to replay (opens `env.reference-parity`), with the factory options that build the matching env. Default: none. */
  reference: z
    .array(z.strictObject({ fixture: referenceFixtureSchema, factoryOptions: z.record(z.string(), z.unknown()).optional() }))
    .optional(),
});
export type EnvCheckOptions = z.infer<typeof envOptionsSchema>;

export type SuiteName =
  | "observation-model"
  | "action-processor"
  | "reward-function"
  | "concentration-field"
  | "vector-field"
  | "policy"
  | "space"
  | "env"
  | "core";

/** The catalogue areas each suite reports. */
export const SUITE_AREAS: Readonly<Record<SuiteName, readonly CheckArea[]>> = Object.freeze({
  "observation-model": ["obs"],
  "action-processor": ["act"],
  "reward-function": ["rew"],
  "concentration-field": ["field"],
  "vector-field": ["wind"],
  policy: ["pol"],
  space: ["space"],
  env: ["env"],
  core: ["core"],
});

/** The settings every suite resolves from its options. */
export interface ResolvedSettings {
  readonly seed: number;
  readonly numRuns: number;
  readonly strict: boolean;
  readonly capabilities: Capabilities;
  readonly optOut: Readonly<Record<string, string>>;
  readonly only: readonly string[] | undefined;
  /** A replay path (see `commonOptionsSchema.path`). */
  readonly path: string | undefined;
}

/** `FC_SEED` from the environment when set (an integer), else `DEFAULT_SEED`. */
export function defaultSeed(): number {
  const raw = typeof process !== "undefined" ? process.env["FC_SEED"] : undefined;
  if (raw === undefined || raw.trim() === "") return DEFAULT_SEED;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_SEED) {
    return parseWithSchema(seedSchema, Number.isNaN(value) ? raw : value, { what: "FC_SEED", path: "FC_SEED" });
  }
  return value;
}

/**
 * Parses suite options with `schema` and resolves the common settings. Opt-outs and `only` must name
 * check ids of this suite.
 * @throws ValidationError naming the bad option.
 */
export function resolveOptions<S extends typeof commonOptionsSchema>(
  schema: S,
  suite: SuiteName,
  raw: unknown,
): { options: z.output<S>; settings: ResolvedSettings } {
  const areas = SUITE_AREAS[suite];
  const withIds = schema.superRefine((value, ctx) => {
    const check = (id: string, path: (string | number)[]) => {
      const info = checkInfo(id);
      if (info === undefined) {
        ctx.addIssue({ code: "custom", path, message: `an id from the catalogue (${CHECK_IDS.length} ids, e.g. "obs.finite"); "${id}" is unknown` });
      } else if (!areas.includes(info.area)) {
        ctx.addIssue({ code: "custom", path, message: `a check id of the ${suite} suite (${areas.join(", ")}.*); "${id}" belongs to another suite` });
      }
    };
    const v = value as CommonOptions;
    for (const id of Object.keys(v.optOut ?? {})) check(id, ["optOut", id]);
    (v.only ?? []).forEach((id, i) => check(id, ["only", i]));
  });
  const options = parseWithSchema(withIds, raw ?? {}, { what: `${suite} suite options` }) as z.output<S>;
  const common = options as CommonOptions;
  return {
    options,
    settings: Object.freeze({
      seed: common.seed ?? defaultSeed(),
      numRuns: common.numRuns ?? DEFAULT_NUM_RUNS,
      strict: common.strict ?? false,
      capabilities: Object.freeze({ ...(common.capabilities ?? {}) }),
      optOut: Object.freeze({ ...(common.optOut ?? {}) }),
      only: common.only,
      path: common.path,
    }),
  };
}
