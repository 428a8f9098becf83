/**
 * The page's episodes, built exactly as the `plume` command builds them: the config is parsed with
 * `@plume/env`'s schema, the baseline's sensor is applied the way `plume run --config` applies it
 * (`baselineConfig`), and the episode loop is the command's own `SteppedEnv`. Runs in the worker, and in Node
 * for the tests.
 */
import {
  BUNDLED_PLUGINS,
  createEnvironmentFromConfig,
  parseEnvironmentConfig,
  type EnvironmentConfig,
  type PlumeEnv,
} from "@plume/env";
import {
  baselineConfig,
  buildPolicy,
  checkCompatible,
  describeConfig,
  observationToJson,
  sensorLabel,
  SteppedEnv,
  SummaryAccumulator,
  type EpisodeResult,
  type JsonObservation,
} from "@plume/cli/browser";
import { BASELINE_NAMES, getBaseline } from "@plume/policies";
import { isPlugin, isPlumeError, ValidationError, type Plugin, type PluginKind } from "@plume/core-types";
import { COMPARE_TRAILS, type Choices, type CompareRow, type ErrorInfo, type RunRequest, type Scene, type StepView } from "./protocol.js";

/** A plugin package the page bundles: its name and its module (with a `plugins` or `plugin` export). */
export interface PluginPackage {
  readonly name: string;
  readonly module: unknown;
}

/** Every plugin of the bundled packages (their `plugins` arrays and `plugin` exports). */
export function pluginsOf(packages: readonly PluginPackage[]): Plugin[] {
  const found: Plugin[] = [];
  for (const { module } of packages) {
    const record = module as { plugins?: unknown; plugin?: unknown };
    if (Array.isArray(record.plugins)) for (const p of record.plugins) if (isPlugin(p) && !found.includes(p)) found.push(p);
    if (isPlugin(record.plugin) && !found.includes(record.plugin)) found.push(record.plugin);
  }
  return found;
}

/** The names a config may use in this page: `@plume/env`'s bundled plugins and those of `packages`. */
export function choicesOf(packages: readonly PluginPackage[]): Choices {
  const all = [...BUNDLED_PLUGINS, ...pluginsOf(packages)];
  const names = (kind: PluginKind) => [...new Set(all.filter((p) => p.kind === kind).map((p) => p.name))];
  return {
    plume: names("plume"),
    sensor: names("sensor"),
    action: names("action"),
    reward: names("reward"),
    wind: names("wind"),
    policy: [...BASELINE_NAMES],
    packages: packages.map((p) => p.name),
  };
}

/** An error as the page shows it. */
export function errorInfo(error: unknown): ErrorInfo {
  const parameter = (error as { parameter?: unknown } | null)?.parameter;
  if (error instanceof Error && !isPlumeError(error) && typeof parameter === "string") return { name: error.name, message: error.message, parameter };
  if (isPlumeError(error)) return { name: error.name, message: error.message, parameter: error.parameter };
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    if (isPlumeError(cause)) return { name: error.name, message: error.message, parameter: cause.parameter };
    return { name: error.name, message: error.message };
  }
  return { name: "Error", message: String(error) };
}

/** Whether `raw` names a sensor: then the policy reads that sensor, as with `plume run --config` (else it picks its own). */
function explicitSensor(raw: unknown): boolean {
  return raw !== null && typeof raw === "object" && (raw as Record<string, unknown>)["sensor"] !== undefined;
}

function checkConfigObject(raw: unknown): Record<string, unknown> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw ValidationError.invalid("config", "one config object ({ gridSize, plume, sensor, ... })", raw);
  }
  return raw as Record<string, unknown>;
}

/** The config `policy` runs on for the raw config `raw`, as `plume run --config` computes it. */
export function runConfig(raw: unknown, policy: string): EnvironmentConfig {
  const config = parseEnvironmentConfig(checkConfigObject(raw));
  return baselineConfig(config, explicitSensor(raw), getBaseline(policy));
}

/** Builds the environment of a config (as `plume run` does: through `createEnvironmentFromConfig`). */
export async function buildEnv(config: EnvironmentConfig, plugins: readonly Plugin[]): Promise<PlumeEnv<unknown, unknown>> {
  return (await createEnvironmentFromConfig(JSON.parse(JSON.stringify(config)) as never, { plugins })) as PlumeEnv<unknown, unknown>;
}

/** The mean of the numbers of an observation (its odour values for a Dict); `json` when already converted. */
export function readingOf(observation: unknown, json: JsonObservation = observationToJson(observation)): number {
  const values: number[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === "number") {
      values.push(v);
    } else if (Array.isArray(v)) {
      for (const x of v) if (typeof x === "number") values.push(x);
    } else if (v !== null && typeof v === "object") {
      const record = v as Record<string, unknown>;
      const odour = Object.keys(record).filter((k) => /odor|odour|concentration/i.test(k));
      for (const k of odour.length > 0 ? odour : Object.keys(record)) collect(record[k]);
    }
  };
  collect(json);
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

function fieldOf(env: PlumeEnv<unknown, unknown>): Float32Array {
  const { width, height } = env.gridSize;
  const own = env.plume.fieldArray;
  if (own instanceof Float32Array && own.length === width * height) return own.slice();
  const field = new Float32Array(width * height);
  const t = env.stepCount;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) field[y * width + x] = env.plume.sample(x, y, t);
  return field;
}

/** A loaded episode: the environment, the baseline, and the command's episode loop over them. */
export class Episode {
  readonly request: RunRequest;
  readonly config: EnvironmentConfig;
  readonly #env: PlumeEnv<unknown, unknown>;
  readonly #stepper: SteppedEnv;
  #scene: Scene | undefined;

  private constructor(request: RunRequest, config: EnvironmentConfig, env: PlumeEnv<unknown, unknown>, stepper: SteppedEnv) {
    this.request = request;
    this.config = config;
    this.#env = env;
    this.#stepper = stepper;
  }

  /** Builds the environment and policy of `request` and resets episode 0 with its seed. @throws ConfigurationError / CliError. */
  static async load(request: RunRequest, plugins: readonly Plugin[]): Promise<Episode> {
    const config = runConfig(request.config, request.policy);
    let policy;
    try {
      policy = buildPolicy(request.policy, request.policyOptions);
    } catch (error) {
      // The CLI's message names --policy-options; the page's field is policyOptions.
      throw Object.assign(new Error((error as Error).message.replace(/^--policy-options: /, "policy options: "), { cause: error }), { name: "PolicyOptionsError", parameter: "policyOptions" });
    }
    const env = await buildEnv(config, plugins);
    try {
      checkCompatible(request.policy, policy, env, config);
    } catch (error) {
      env.close();
      throw error;
    }
    const episode = new Episode(request, config, env, new SteppedEnv({ policyName: request.policy, policy, env, raw: env, config }));
    episode.reset();
    return episode;
  }

  /** Restarts the episode with the request's seed. */
  reset(): Scene {
    const { position, policySeed } = this.#stepper.reset(0, this.request.seed, true);
    const env = this.#env;
    this.#scene = {
      width: env.gridSize.width,
      height: env.gridSize.height,
      source: [env.sourceLocation.x, env.sourceLocation.y],
      goal: [env.goalLocation.x, env.goalLocation.y],
      goalRadius: env.goalRadius,
      maxSteps: env.maxSteps,
      field: fieldOf(env),
      timeVarying: typeof env.plume.advanceToStep === "function",
      start: position,
      heading: env.agentState?.orientation ?? 0,
      policy: this.request.policy,
      seed: this.request.seed,
      policySeed,
      sensor: sensorLabel(this.config),
      description: describeConfig(this.config),
      resolvedConfig: JSON.parse(JSON.stringify(this.config)),
    };
    return this.#scene;
  }

  /** Restarts the episode with the request's seed without building its scene (for measuring the loop). */
  restart(): void {
    this.#stepper.reset(0, this.request.seed, true);
  }

  get scene(): Scene {
    return this.#scene ?? this.reset();
  }

  get done(): boolean {
    return this.#stepper.done;
  }

  get timeVarying(): boolean {
    return this.scene.timeVarying;
  }

  /** The current field (for time-varying plumes). */
  field(): Float32Array {
    return fieldOf(this.#env);
  }

  /** One step of the policy. */
  step(): StepView {
    const s = this.#stepper.step();
    const { t, action, reward, terminated, truncated, position, observation, info } = s;
    const json = observationToJson(observation);
    return {
      record: { episode: 0, t, action, reward, terminated, truncated, position, observation: json },
      heading: this.#env.agentState?.orientation ?? 0,
      reading: readingOf(observation, json),
      distance: Number((info as { distance_to_goal?: unknown }).distance_to_goal),
    };
  }

  /** Steps without building views, for measuring the loop's speed. Returns the steps taken. */
  stepRaw(): void {
    this.#stepper.step();
  }

  result(): EpisodeResult {
    return this.#stepper.result();
  }

  close(): void {
    this.#env.close();
  }
}

/**
 * `plume compare` in the page: every policy on the same seeds, each on the config it runs on (greedy gets its
 * antennae unless the config names a sensor), summarised with the command's `SummaryAccumulator`.
 */
export async function compare(
  raw: unknown,
  policies: readonly string[],
  seeds: readonly number[],
  plugins: readonly Plugin[],
  onProgress: (policy: string, done: number, total: number) => void = () => {},
  yieldEvery: () => Promise<void> = async () => {},
): Promise<CompareRow[]> {
  const rows: CompareRow[] = [];
  const total = policies.length * seeds.length;
  let done = 0;
  for (const name of policies) {
    const config = runConfig(raw, name);
    const policy = buildPolicy(name, undefined);
    const env = await buildEnv(config, plugins);
    try {
      checkCompatible(name, policy, env, config);
      const stepper = new SteppedEnv({ policyName: name, policy, env, raw: env, config });
      const summary = new SummaryAccumulator();
      const episodes: Omit<EpisodeResult, "trajectory">[] = [];
      const trails: (readonly (readonly [number, number])[])[] = [];
      const started = performance.now();
      for (let i = 0; i < seeds.length; i++) {
        stepper.reset(i, seeds[i] as number, i < COMPARE_TRAILS);
        while (!stepper.done) stepper.step();
        const { trajectory, ...result } = stepper.result();
        summary.add(result);
        episodes.push(result);
        if (trajectory !== undefined) trails.push(trajectory);
        done += 1;
        onProgress(name, done, total);
        await yieldEvery();
      }
      rows.push({ policy: name, policyOptions: {}, sensor: sensorLabel(config), summary: summary.summary((performance.now() - started) / 1000), episodes, trails });
    } finally {
      env.close();
    }
  }
  return rows;
}
