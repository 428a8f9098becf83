/**
 * `EnvironmentConfig`: the configuration-file form of an environment. Components are `{ type, options }`
 * where `type` is a built-in name (`"concentration"`, `"antennae"`, `"discrete"`, `"gaussian"`, ...), a
 * package specifier (`"@acme/plume-sensor-foo"`) or a relative path to a module (`"./my-sensor.mjs"`),
 * whose `plugin` export is a `definePlugin` descriptor. Defaults follow the reference's selector
 * (`create_component_environment`): sigma 20, goal radius 5, goal (64, 64) clamped into the grid.
 */
import { ConfigurationError, ENV_STATE_KEYS, STATE_KEY_PATTERN, gridSizeDataSchema, coordinatesDataSchema } from "@plume/core-types";
import * as z from "zod";
import { RENDER_MODES } from "../env/types.js";
import { nonNegativeNumber } from "../internal/schemas.js";

/** The selector's defaults (the reference's `create_component_environment`). */
export const SELECTOR_DEFAULTS = Object.freeze({
  gridSize: Object.freeze([128, 128] as const),
  /** The implicit goal, clamped into smaller grids: `(min(64, w - 1), min(64, h - 1))`. */
  goalLocation: Object.freeze([64, 64] as const),
  goalRadius: 5,
  maxSteps: 1000,
  /** Sigma of the built-in `gaussian` plume. */
  plumeSigma: 20,
  /** The built-in `antennae` sensor: 2 sensors at distance 2. */
  antennae: Object.freeze({ nSensors: 2, sensorDistance: 2 }),
  /** The wind added for a `wind_vector` sensor when the config has no `wind`. */
  wind: Object.freeze({ type: "constant", options: Object.freeze({ directionDeg: 0, speed: 1 }) }),
});

/**
 * Names a component: a registered name, a package specifier, or a module path (`./x.mjs`, `../x.js`,
 * `/abs/x.mjs`, `file:///...`), resolved against the config file's folder.
 */
export const COMPONENT_TYPE_PATTERN = /^(?:[A-Za-z0-9@][A-Za-z0-9@/_.:+-]{0,213}|\.{1,2}\/\S.*|\/\S.*|file:\S+)$/;

const componentTypeSchema = z
  .string({ error: "a component type: a built-in name, a package specifier or a module path" })
  .regex(COMPONENT_TYPE_PATTERN, {
    error: "a component type: a built-in name (e.g. \"concentration\"), a package specifier (\"@acme/plume-sensor-foo\") or a module path (\"./sensor.mjs\")",
  });

/** `{ type, options? }`; a bare string is read as `{ type }`. */
export const ComponentSpecSchema = z.preprocess(
  (value) => (typeof value === "string" ? { type: value } : value),
  z.strictObject(
    {
      type: componentTypeSchema,
      /** The component's options, validated by its plugin's schema. Default `{}`. */
      options: z.record(z.string(), z.unknown(), { error: "an object of options" }).optional(),
    },
    { error: "a component: { type, options? } or a type name" },
  ),
);
export type ComponentSpec = z.output<typeof ComponentSpecSchema>;
export type ComponentSpecInput = string | { readonly type: string; readonly options?: Readonly<Record<string, unknown>> | undefined };

const maxStepsSchema = z
  .int({ error: "an integer >= 1" })
  .min(1, { error: "an integer >= 1" })
  .max(Number.MAX_SAFE_INTEGER, { error: "an integer >= 1" });

/** The configuration of one environment (JSON/YAML file or object). Unknown keys are rejected. */
export const EnvironmentConfigSchema = z.strictObject({
  /** Optional link to a JSON schema, ignored. */
  $schema: z.string().optional(),
  /** Optional name, for your own bookkeeping. */
  name: z.string({ error: "a string" }).optional(),
  /** `[width, height]` (or `{ width, height }`), integers in [1, 10000]. Default `[128, 128]`. */
  gridSize: gridSizeDataSchema.default({ width: SELECTOR_DEFAULTS.gridSize[0], height: SELECTOR_DEFAULTS.gridSize[1] }),
  /** The goal (and plume source) cell, inside the grid. Default `(64, 64)` clamped into the grid. */
  goalLocation: coordinatesDataSchema.optional(),
  /** Success radius in cells (>= 0; 0 means float32 epsilon). Default 5. */
  goalRadius: nonNegativeNumber("a finite number >= 0 (cells)").default(SELECTOR_DEFAULTS.goalRadius),
  /** Truncation limit. Default 1000. */
  maxSteps: maxStepsSchema.default(SELECTOR_DEFAULTS.maxSteps),
  /** A fixed start cell; default: drawn at every reset. */
  startLocation: coordinatesDataSchema.optional(),
  /** `"rgb_array"`, `"human"` or null. Default null. */
  renderMode: z.enum(RENDER_MODES, { error: `one of ${RENDER_MODES.join(", ")} or null` }).nullable().optional(),
  /** The concentration field. Default `{ type: "gaussian", options: { sigma: 20 } }` at the goal. */
  plume: ComponentSpecSchema.default({ type: "gaussian" }),
  /** The observation model. Default `{ type: "concentration" }`. */
  sensor: ComponentSpecSchema.default({ type: "concentration" }),
  /** The action processor. Default `{ type: "discrete" }`. */
  action: ComponentSpecSchema.default({ type: "discrete" }),
  /** The reward function. Default `{ type: "sparse" }` at the goal with `goalRadius`. */
  reward: ComponentSpecSchema.default({ type: "sparse" }),
  /**
   * A wind field, handed to sensors as `envState.wind_field`, e.g. `{ type: "constant", options:
   * { directionDeg: 30, speed: 0.8 } }`. Default: none, except `{ type: "constant" }` (direction 0,
   * speed 1) when the sensor is `wind_vector`.
   */
  wind: ComponentSpecSchema.optional(),
  /**
   * More env-state keys for the sensor, as constant JSON data (e.g. `obstacle_map: { ... }` for a sensor
   * that declares `obstacle_map` in its `required_state_keys`). A file can only give data here, never code;
   * computed keys come from `PlumeEnv`'s `stateExtensions` option or the `ExtendEnvState` wrapper.
   */
  state: z
    .record(
      z
        .string()
        .regex(STATE_KEY_PATTERN, { error: "an identifier ([A-Za-z_][A-Za-z0-9_]*)" })
        .refine((k) => !(ENV_STATE_KEYS as readonly string[]).includes(k), { error: `a key that is not one of the env's own (${ENV_STATE_KEYS.join(", ")})` }),
      z.json({ error: "JSON data" }),
      { error: "an object of env-state keys and their (JSON) values" },
    )
    .optional(),
});

/** A parsed config (defaults filled in). */
export type EnvironmentConfig = z.output<typeof EnvironmentConfigSchema>;

/** What a config object may look like before parsing. */
export interface EnvironmentConfigInput {
  readonly $schema?: string | undefined;
  readonly name?: string | undefined;
  readonly gridSize?: readonly [width: number, height: number] | { readonly width: number; readonly height: number } | undefined;
  readonly goalLocation?: readonly [x: number, y: number] | { readonly x: number; readonly y: number } | undefined;
  readonly goalRadius?: number | undefined;
  readonly maxSteps?: number | undefined;
  readonly startLocation?: readonly [x: number, y: number] | { readonly x: number; readonly y: number } | undefined;
  readonly renderMode?: (typeof RENDER_MODES)[number] | null | undefined;
  readonly plume?: ComponentSpecInput | undefined;
  readonly sensor?: ComponentSpecInput | undefined;
  readonly action?: ComponentSpecInput | undefined;
  readonly reward?: ComponentSpecInput | undefined;
  readonly wind?: ComponentSpecInput | undefined;
  readonly state?: Readonly<Record<string, unknown>> | undefined;
}

/** How deeply a config's values may nest (real configs stay under 20 levels). */
export const MAX_CONFIG_DEPTH = 100;

function configDataError(parameter: string, summary: string, expected: string, received?: unknown): ConfigurationError {
  return new ConfigurationError(`${parameter}: ${summary}`, { parameter, expected, ...(received !== undefined && { received }) });
}

/**
 * Checks that a config is plain data before it is parsed: the top level a plain object (not a `Map`, an
 * array or a class instance), no `Map` or `Set` anywhere (they would read as empty objects), no own
 * `__proto__` key (which object spreads and zod records silently drop), no cycle (a self-referencing YAML
 * alias), and at most `MAX_CONFIG_DEPTH` levels of nesting (deeper ones would overflow the stack).
 * Values shared by two keys (a YAML alias used twice) are fine.
 * @throws ConfigurationError naming the path of the offending value.
 */
export function checkConfigData(input: unknown): void {
  const proto = input !== null && typeof input === "object" ? (Object.getPrototypeOf(input) as unknown) : undefined;
  if (input === null || typeof input !== "object" || Array.isArray(input) || (proto !== Object.prototype && proto !== null)) {
    const kind = input === null ? "null" : Array.isArray(input) ? "an array" : typeof input === "object" ? `a ${(input as object).constructor?.name ?? "non-plain object"}` : typeof input;
    throw configDataError("config", "the config must be a plain object", "a plain object ({ gridSize, plume, sensor, ... }) or a JSON/YAML file", kind);
  }
  const onPath = new Set<object>();
  const walk = (value: unknown, path: string, depth: number): void => {
    if (value === null || typeof value !== "object") return;
    const where = path === "" ? "config" : path;
    if (depth > MAX_CONFIG_DEPTH) throw configDataError(where, `nested more than ${MAX_CONFIG_DEPTH} levels deep`, `at most ${MAX_CONFIG_DEPTH} levels of nesting`);
    if (value instanceof Map || value instanceof Set) throw configDataError(where, `a ${value.constructor.name} is not config data`, "plain objects, arrays, strings, numbers, booleans and null");
    if (onPath.has(value)) throw configDataError(where, "the config refers to itself (a cycle, e.g. a YAML alias inside its own anchor)", "a config without cycles");
    onPath.add(value);
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${where}.${i}`, depth + 1));
    else if (!ArrayBuffer.isView(value)) {
      if (Object.prototype.hasOwnProperty.call(value, "__proto__")) throw configDataError(`${where}.__proto__`, 'unknown key "__proto__"', "the keys the field's schema lists");
      for (const key of Object.keys(value)) walk((value as Record<string, unknown>)[key], path === "" ? key : `${path}.${key}`, depth + 1);
    }
    onPath.delete(value);
  };
  walk(input, "", 0);
}
