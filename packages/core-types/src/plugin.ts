/**
 * `definePlugin`: how a package offers a component to Plume's config system. A config names a
 * component as `{ type, options }`; `type` is a registered name or a package specifier whose module
 * exports `plugin = definePlugin({ kind, name, options, create })`. The descriptor validates raw options
 * through the plugin's zod schema (errors name the config path) before building the component.
 */
import * as z from "zod";
import type { ActionProcessor } from "./action-processor.js";
import { ComponentError, isPlumeError } from "./errors.js";
import type { ConcentrationField, VectorField } from "./fields.js";
import type { ObservationModel } from "./observation-model.js";
import type { Policy } from "./policy.js";
import type { RewardFunction } from "./reward-function.js";
import { parseWithSchema } from "./validation.js";

/** The component kinds a plugin can provide, as config sections name them. */
export const PLUGIN_KINDS = Object.freeze(["sensor", "action", "reward", "plume", "wind", "policy"] as const);
export type PluginKind = (typeof PLUGIN_KINDS)[number];

/** The protocol a component of each kind implements. */
export interface PluginComponentMap {
  sensor: ObservationModel;
  action: ActionProcessor;
  reward: RewardFunction;
  plume: ConcentrationField;
  wind: VectorField;
  policy: Policy;
}
export type PluginComponent<K extends PluginKind> = PluginComponentMap[K];

/** Allowed plugin names: registered names (`"concentration"`, `"run_tumble"`) and package specifiers (`"@acme/plume-sensor-foo"`). */
export const PLUGIN_NAME_PATTERN = /^[A-Za-z0-9@][A-Za-z0-9@/_.:-]{0,213}$/;

/**
 * What a plugin shares between threads: state it loaded once that other threads (an `AsyncVectorEnv`'s
 * workers) adopt instead of loading again — a movie plume's frames, in a `SharedArrayBuffer`.
 */
export interface PluginSharing {
  /** This thread's shareable state, structured-cloneable (`SharedArrayBuffer`s in it are shared, not copied). */
  exportShared(): unknown;
  /** Adopts another thread's `exportShared()` result; called before any component is created here. */
  importShared(state: unknown): void;
}

/** The fields every plugin definition and descriptor has, whatever its `create` returns. */
export interface PluginIdentity<K extends PluginKind, S extends z.ZodType> {
  /** Which protocol the component implements. */
  readonly kind: K;
  /** The name configs use in `type` (1-214 characters: letters, digits, `@ / _ . : -`; no spaces). */
  readonly name: string;
  /** The zod schema of the component's options: the single source of truth for validation and types. */
  readonly options: S;
  /** Optional: state shared with other threads (see `PluginSharing`). */
  readonly sharing?: PluginSharing | undefined;
}

/** What `definePlugin` takes. */
export interface PluginDefinition<K extends PluginKind, S extends z.ZodType, C extends PluginComponent<K>> extends PluginIdentity<K, S> {
  /**
   * Builds the component from already-validated options (`context.path` is where they sit in a config,
   * for error messages). May be `async` (return a promise): such a plugin is built by the async routes
   * (`createEnvironmentFromConfig`, `makeAsync`); the synchronous ones say so.
   */
  create(options: z.output<S>, context: PluginCreateContext): C;
}

/** What `definePlugin` takes for a plugin whose `create` is asynchronous (loads data, say). */
export interface AsyncPluginDefinition<K extends PluginKind, S extends z.ZodType, C extends PluginComponent<K>> extends PluginIdentity<K, S> {
  create(options: z.output<S>, context: PluginCreateContext): Promise<C>;
}

/** Where a plugin's options come from, so that errors name the config path. */
export interface PluginCreateContext {
  /** Dotted path of the options in the config, e.g. `"sensor.options"`. Defaults to `"options"`. */
  readonly path?: string;
}

/** The frozen descriptor `definePlugin` returns. */
export interface Plugin<
  K extends PluginKind = PluginKind,
  S extends z.ZodType = z.ZodType,
  C extends PluginComponent<K> = PluginComponent<K>,
> extends PluginIdentity<K, S> {
  /**
   * Validates `rawOptions` with the options schema (`undefined` is read as `{}`) and builds the component.
   * @throws ConfigurationError naming the path of the first bad option (e.g. `"sensor.options.n"`).
   * @throws ComponentError when the plugin's own `create` throws a non-Plume error or returns a non-object.
   */
  create(rawOptions?: unknown, context?: PluginCreateContext): C;
}

/** The descriptor of a plugin whose `create` is asynchronous: `create` returns a promise of the component. */
export interface AsyncPlugin<
  K extends PluginKind = PluginKind,
  S extends z.ZodType = z.ZodType,
  C extends PluginComponent<K> = PluginComponent<K>,
> extends PluginIdentity<K, S> {
  /**
   * Validates `rawOptions` (synchronously: a bad option throws at once) and starts building.
   * @throws ConfigurationError naming the path of the first bad option.
   * @returns a promise of the component; it rejects with the plugin's Plume error, or a ComponentError.
   */
  create(rawOptions?: unknown, context?: PluginCreateContext): Promise<C>;
}

/** A plugin descriptor of either form. Callers that build components treat a returned promise as async. */
export type AnyPlugin<K extends PluginKind = PluginKind> = Plugin<K> | AsyncPlugin<K>;

/** True for a promise-like value (what an async plugin's `create` returns). */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as { then?: unknown }).then === "function";
}

const PLUGIN_BRAND = Symbol.for("@plume/core-types/plugin");

function isZodSchema(value: unknown): value is z.ZodType {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { safeParse?: unknown }).safeParse === "function" &&
    typeof (value as { parse?: unknown }).parse === "function"
  );
}

/** Schema of a plugin definition (checked by `definePlugin`). */
export const pluginDefinitionSchema = z.object({
  kind: z.enum(PLUGIN_KINDS, { error: `one of ${PLUGIN_KINDS.join(", ")}` }),
  name: z
    .string({ error: "a non-empty string" })
    .regex(PLUGIN_NAME_PATTERN, { error: "1-214 characters: letters, digits or @ / _ . : - (no spaces)" }),
  options: z.custom<z.ZodType>(isZodSchema, { error: "a zod schema" }),
  create: z.custom<(options: unknown) => unknown>((value) => typeof value === "function", { error: "a function" }),
  sharing: z
    .custom<PluginSharing>(
      (value) =>
        value !== null &&
        typeof value === "object" &&
        typeof (value as PluginSharing).exportShared === "function" &&
        typeof (value as PluginSharing).importShared === "function",
      { error: "{ exportShared(), importShared(state) }" },
    )
    .optional(),
});

/**
 * Declares a plugin. Returns a frozen descriptor whose `create(rawOptions)` validates the options
 * before calling `definition.create`.
 * @throws ValidationError (`parameter` `"kind"`, `"name"`, `"options"` or `"create"`) for a bad definition.
 *
 * @example
 * export const plugin = definePlugin({
 *   kind: "sensor",
 *   name: "@acme/plume-sensor-foo",
 *   options: z.object({ gain: z.number().positive().default(1) }),
 *   create: ({ gain }) => new FooSensor(gain),
 * });
 */
export function definePlugin<K extends PluginKind, S extends z.ZodType, C extends PluginComponent<K>>(
  definition: PluginDefinition<K, S, C>,
): Plugin<K, S, C>;
export function definePlugin<K extends PluginKind, S extends z.ZodType, C extends PluginComponent<K>>(
  definition: AsyncPluginDefinition<K, S, C>,
): AsyncPlugin<K, S, C>;
export function definePlugin<K extends PluginKind, S extends z.ZodType, C extends PluginComponent<K>>(
  definition: PluginDefinition<K, S, C> | AsyncPluginDefinition<K, S, C>,
): Plugin<K, S, C> | AsyncPlugin<K, S, C> {
  parseWithSchema(pluginDefinitionSchema, definition, { what: "plugin definition" });
  const { kind, name, options } = definition;
  const build = definition.create;
  const label = `${kind} plugin "${name}"`;

  const failed = (error: unknown): unknown =>
    isPlumeError(error)
      ? error
      : new ComponentError(`create() failed: ${error instanceof Error ? error.message : String(error)}`, { component: label, cause: error });
  const checked = (component: C): C => {
    if (component === null || (typeof component !== "object" && typeof component !== "function")) {
      throw new ComponentError("create() must return the component object", {
        component: label,
        expected: `an object implementing the ${kind} protocol`,
        received: component,
      });
    }
    return component;
  };
  const create = (rawOptions?: unknown, context: PluginCreateContext = {}): C | Promise<C> => {
    const parsed = parseWithSchema(options, rawOptions === undefined ? {} : rawOptions, {
      what: `${label} options`,
      path: context.path ?? "options",
      kind: "configuration",
    });
    let component: C | Promise<C>;
    try {
      component = (build as (o: unknown, c: PluginCreateContext) => C | Promise<C>).call(definition, parsed, { path: context.path ?? "options" });
    } catch (error) {
      throw failed(error);
    }
    if (isPromiseLike(component)) {
      return Promise.resolve(component).then(checked, (error: unknown) => {
        throw failed(error);
      });
    }
    return checked(component);
  };

  const sharing = definition.sharing;
  return Object.freeze({ kind, name, options, create, ...(sharing !== undefined && { sharing }), [PLUGIN_BRAND]: true }) as unknown as Plugin<K, S, C> | AsyncPlugin<K, S, C>;
}

/**
 * True for a descriptor made by `definePlugin` (from any copy of this package), optionally of a given kind.
 * Use it on a dynamically imported module's `plugin` export. An async plugin (see `AsyncPlugin`) passes too: its
 * `create` returns a promise, which callers that build components check with `isPromiseLike`.
 */
export function isPlugin<K extends PluginKind = PluginKind>(value: unknown, kind?: K): value is Plugin<K> {
  if (value === null || typeof value !== "object") return false;
  const candidate = value as Partial<AnyPlugin> & { [PLUGIN_BRAND]?: unknown };
  return (
    candidate[PLUGIN_BRAND] === true &&
    (PLUGIN_KINDS as readonly unknown[]).includes(candidate.kind) &&
    (kind === undefined || candidate.kind === kind) &&
    typeof candidate.name === "string" &&
    isZodSchema(candidate.options) &&
    typeof candidate.create === "function"
  );
}
