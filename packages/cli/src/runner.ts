/**
 * The episode loop every command shares. Seeding, as the whole CLI does it: episode `i` resets the environment
 * with `seeds[i]`, then the policy with `derivePolicySeed(env.npRandom)` — a draw from a clone of the
 * environment's freshly seeded generator — so the same seeds give the same episodes, action for action.
 */
import type { EnvironmentConfig, PlumeEnv } from "@plume/env";
import { createBaseline, derivePolicySeed, getBaseline } from "@plume/policies";
import { isPlumeError, type Env, type EnvInfo, type Policy } from "@plume/core-types";
import { CliError, ExitCode, oneLine } from "./errors.js";
import { createEnv, sensorLabel } from "./env-config.js";

/** A cell `[x, y]`. */
export type Cell = readonly [x: number, y: number];

/** One step as recorded: the action and what the environment returned. */
export interface StepRecord {
  readonly episode: number;
  /** The step number: 1 for the first step. */
  readonly t: number;
  readonly action: number;
  readonly reward: number;
  readonly terminated: boolean;
  readonly truncated: boolean;
  /** The agent's cell after the step. */
  readonly position: Cell;
  /** The observation after the step, as JSON (`observationToJson`). */
  readonly observation: JsonObservation;
}

/** The reset of one episode as recorded. */
export interface ResetRecord {
  readonly episode: number;
  readonly seed: number;
  readonly policySeed: number;
  readonly position: Cell;
  readonly observation: JsonObservation;
}

/** The outcome of one episode. */
export interface EpisodeResult {
  /** 0-based episode index in the run. */
  readonly episode: number;
  readonly seed: number;
  /** The seed the policy was reset with (derived from the environment's generator). */
  readonly policySeed: number;
  /** Steps taken. */
  readonly steps: number;
  /** The sum of the rewards. */
  readonly return: number;
  /** The agent reached the source (the episode terminated). */
  readonly success: boolean;
  /** The episode hit `maxSteps` without reaching the source. */
  readonly truncated: boolean;
  readonly start: Cell;
  readonly end: Cell;
  /** Every cell visited, start first (only when asked for). */
  readonly trajectory?: readonly Cell[];
}

/** The statistics of a set of episodes. */
export interface RunSummary {
  readonly episodes: number;
  readonly successes: number;
  /** successes / episodes. */
  readonly successRate: number;
  /** Mean steps to the source over the successful episodes (null when there are none). */
  readonly meanStepsToSource: number | null;
  /** Median steps to the source over the successful episodes (null when there are none). */
  readonly medianStepsToSource: number | null;
  /** Mean episode length over all episodes. */
  readonly meanEpisodeLength: number;
  /** Mean return over all episodes. */
  readonly meanReturn: number;
  readonly totalSteps: number;
  /** Wall-clock seconds for the episodes (environment and policy). Varies from run to run. */
  readonly elapsedSeconds: number;
  /** totalSteps / elapsedSeconds. Varies from run to run. */
  readonly stepsPerSecond: number;
}

/** What `runPolicy` runs. */
export interface RunSpec {
  /** A baseline name of `@plume/policies` (`random`, `temporal-gradient`, `surge-cast`, `greedy`). */
  readonly policy: string;
  /** The policy's options (validated by its schema). */
  readonly policyOptions?: Readonly<Record<string, unknown>> | undefined;
  readonly config: EnvironmentConfig;
  /** Where the config's module paths resolve from. Default: the working directory. */
  readonly baseDir?: string | undefined;
  readonly seeds: readonly number[];
  /** `"human"` draws the episodes live in the terminal. Default: no rendering. */
  readonly renderMode?: "human" | null | undefined;
  /** Keep every visited cell in the results: `true` for every episode, a number for the first that many. Default false. */
  readonly trajectories?: boolean | number | undefined;
  readonly onReset?: ((record: ResetRecord) => void) | undefined;
  readonly onStep?: ((record: StepRecord) => void) | undefined;
  readonly onEpisode?: ((result: EpisodeResult) => void) | undefined;
  /**
   * Keep every episode's result in `RunResult.episodes`. Default true; false aggregates as it goes (the
   * summary needs only the steps of the successful episodes, 8 bytes each), for runs of millions of episodes.
   */
  readonly keepEpisodes?: boolean | undefined;
  /** Wraps the environment before the episodes run (e.g. a `DataCaptureWrapper`); the wrapper is what is stepped. */
  readonly wrap?: ((env: PlumeEnv<unknown, unknown>) => Env<unknown, unknown, EnvInfo>) | undefined;
  /** Checked between episodes (which yield to the event loop at least every 100 ms, so that Ctrl-C is seen): stop early when it is aborted. */
  readonly signal?: AbortSignal | undefined;
}

/** What `runPolicy` returns. */
export interface RunResult {
  readonly policy: string;
  readonly policyOptions: Readonly<Record<string, unknown>>;
  readonly config: EnvironmentConfig;
  /** Every episode (empty with `keepEpisodes: false`). */
  readonly episodes: readonly EpisodeResult[];
  readonly summary: RunSummary;
  /** Whether `signal` stopped the run before its last seed. */
  readonly stopped: boolean;
}

/** An observation as JSON: numbers for arrays and scalars, objects for Dict observations. */
export type JsonObservation = number | readonly (number | string)[] | { readonly [key: string]: JsonObservation };

/** Converts an observation to JSON exactly: float32 values become the same doubles, bigints become strings. */
export function observationToJson(observation: unknown): JsonObservation {
  if (typeof observation === "number") return observation;
  if (typeof observation === "bigint") return [observation.toString()];
  if (ArrayBuffer.isView(observation) && !(observation instanceof DataView)) {
    return Array.from(observation as unknown as ArrayLike<number | bigint>, (v) => (typeof v === "bigint" ? v.toString() : v));
  }
  if (Array.isArray(observation)) return observation.map((v) => (typeof v === "bigint" ? v.toString() : Number(v)));
  if (observation !== null && typeof observation === "object") {
    if ("data" in observation && "shape" in observation) return observationToJson((observation as { data: unknown }).data);
    const out: Record<string, JsonObservation> = {};
    for (const key of Object.keys(observation).sort()) out[key] = observationToJson((observation as Record<string, unknown>)[key]);
    return out;
  }
  throw new CliError(`cannot record an observation of type ${observation === null ? "null" : typeof observation}`);
}

function cellOf(info: unknown): Cell {
  const position = (info as { agent_position?: unknown } | undefined)?.agent_position;
  if (!Array.isArray(position) || position.length !== 2) throw new CliError("the environment's info has no agent_position [x, y]");
  return [Number(position[0]), Number(position[1])];
}

/** The median of sorted numbers. */
function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The statistics of a run, accumulated episode by episode: counts and sums, and the step counts of the
 * successful episodes (in a growing typed array, for the median) — never the episodes themselves.
 */
export class SummaryAccumulator {
  #episodes = 0;
  #totalSteps = 0;
  #returns = 0;
  #toSource = new Float64Array(64);
  #successes = 0;

  add(episode: Pick<EpisodeResult, "steps" | "return" | "success">): void {
    this.#episodes += 1;
    this.#totalSteps += episode.steps;
    this.#returns += episode.return;
    if (episode.success) {
      if (this.#successes === this.#toSource.length) {
        const grown = new Float64Array(this.#toSource.length * 2);
        grown.set(this.#toSource);
        this.#toSource = grown;
      }
      this.#toSource[this.#successes++] = episode.steps;
    }
  }

  summary(elapsedSeconds: number): RunSummary {
    const n = this.#episodes;
    const toSource = this.#toSource.slice(0, this.#successes).sort();
    const sum = toSource.reduce((a, b) => a + b, 0);
    return {
      episodes: n,
      successes: this.#successes,
      successRate: n === 0 ? 0 : this.#successes / n,
      meanStepsToSource: toSource.length === 0 ? null : sum / toSource.length,
      medianStepsToSource: toSource.length === 0 ? null : median(Array.from(toSource)),
      meanEpisodeLength: n === 0 ? 0 : this.#totalSteps / n,
      meanReturn: n === 0 ? 0 : this.#returns / n,
      totalSteps: this.#totalSteps,
      elapsedSeconds,
      stepsPerSecond: elapsedSeconds > 0 ? this.#totalSteps / elapsedSeconds : 0,
    };
  }
}

/** The statistics of `episodes` run in `elapsedSeconds`. */
export function summarize(episodes: readonly EpisodeResult[], elapsedSeconds: number): RunSummary {
  const acc = new SummaryAccumulator();
  for (const e of episodes) acc.add(e);
  return acc.summary(elapsedSeconds);
}

/**
 * Builds the baseline `name` with `options`.
 * @throws CliError naming `--policy` or `--policy-options` and the fix.
 */
export function buildPolicy(name: string, options: Readonly<Record<string, unknown>> | undefined): Policy<unknown, number> {
  try {
    getBaseline(name);
  } catch {
    throw new CliError(`--policy: unknown policy "${name}"; use one of random, temporal-gradient, surge-cast, greedy (plume run --help lists them)`);
  }
  try {
    return createBaseline(name, options ?? {});
  } catch (error) {
    if (isPlumeError(error)) throw new CliError(`--policy-options: ${oneLine(error.message)}`, undefined, { cause: error });
    throw error;
  }
}

/** Checks that the policy's Discrete actions fit the environment's. @throws CliError with the fix. */
export function checkCompatible(policyName: string, policy: Policy<unknown, number>, env: PlumeEnv<unknown, unknown>, config: EnvironmentConfig): void {
  const want = (policy.actionSpace as { n?: unknown }).n;
  const have = (env.actionSpace as { n?: unknown; start?: unknown }).n;
  const start = (env.actionSpace as { start?: unknown }).start ?? 0;
  if (typeof want === "number" && (typeof have !== "number" || start !== 0 || want > have)) {
    const hint =
      config.action.type === "run_tumble" && policyName === "temporal-gradient"
        ? `use --policy-options '{"actions":"run_tumble"}'`
        : config.action.type === "surge_cast" && policyName === "surge-cast"
          ? `use --policy-options '{"actions":"surge_cast"}'`
          : policyName === "random"
            ? `use --policy-options '{"nActions":${typeof have === "number" ? have : 1}}'`
            : `use an environment with action "discrete" (4 cardinal moves)`;
    throw new CliError(
      `policy "${policyName}" selects from Discrete(${want}) but the environment's "${config.action.type}" actions are ${String(env.actionSpace)}: ${hint}`,
    );
  }
}

function selectOrExplain(policyName: string, policy: Policy<unknown, number>, observation: unknown, config: EnvironmentConfig): number {
  try {
    return policy.selectAction(observation);
  } catch (error) {
    if (isPlumeError(error)) {
      const needs = getBaseline(policyName).sensor;
      const fix = needs === undefined ? "" : `; it needs the sensor ${JSON.stringify(needs)} (leave "sensor" out of the config to get it)`;
      throw new CliError(`policy "${policyName}" cannot read the ${sensorLabel(config)} sensor's observation: ${oneLine(error.message)}${fix}`, undefined, { cause: error });
    }
    throw error;
  }
}

/**
 * Runs `spec.policy` for one episode per seed and returns the episodes and their statistics.
 * @throws CliError / ConfigurationError for a bad policy, options or config.
 */
export async function runPolicy(spec: RunSpec): Promise<RunResult> {
  const policyOptions = spec.policyOptions ?? {};
  const policy = buildPolicy(spec.policy, policyOptions);
  const raw = await createEnv(spec.config, spec.baseDir ?? process.cwd(), spec.renderMode ?? null);
  let env: Env<unknown, unknown, EnvInfo> = raw;
  try {
    checkCompatible(spec.policy, policy, raw, spec.config);
    if (spec.wrap !== undefined) env = spec.wrap(raw);
    const keep = spec.keepEpisodes !== false;
    const episodes: EpisodeResult[] = [];
    const summary = new SummaryAccumulator();
    const started = performance.now();
    let yielded = started;
    let stopped = false;
    for (let episode = 0; episode < spec.seeds.length; episode++) {
      if (performance.now() - yielded >= 100) {
        await new Promise((resolve) => setImmediate(resolve));
        yielded = performance.now();
      }
      if (spec.signal?.aborted === true) {
        stopped = true;
        break;
      }
      const seed = spec.seeds[episode] as number;
      const result = runEpisode(spec, policy, env, raw, episode, seed);
      summary.add(result);
      if (keep) episodes.push(result);
      spec.onEpisode?.(result);
    }
    const elapsed = (performance.now() - started) / 1000;
    return { policy: spec.policy, policyOptions, config: spec.config, episodes, summary: summary.summary(elapsed), stopped };
  } finally {
    env.close();
  }
}

/** The one-line error of a component that failed during episode `episode` (seed `seed`) at step `t` (0 = its reset). */
function episodeError(error: unknown, episode: number, seed: number, t: number): CliError {
  const where = `episode ${episode} (seed ${seed}) ${t === 0 ? "reset" : `step ${t}`}`;
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(`${where}: the environment failed: ${oneLine(message)}`, ExitCode.FAILURE, { cause: error });
}

function runEpisode(spec: RunSpec, policy: Policy<unknown, number>, env: Env<unknown, unknown, EnvInfo>, raw: PlumeEnv<unknown, unknown>, episode: number, seed: number): EpisodeResult {
  let observation: unknown;
  let info: unknown;
  try {
    [observation, info] = env.reset({ seed });
  } catch (error) {
    throw episodeError(error, episode, seed, 0);
  }
  const policySeed = derivePolicySeed(raw.npRandom);
  policy.reset({ seed: policySeed });
  const start = cellOf(info);
  if (spec.onReset !== undefined) spec.onReset({ episode, seed, policySeed, position: start, observation: observationToJson(observation) });
  const keep = spec.trajectories === true || (typeof spec.trajectories === "number" && episode < spec.trajectories);
  const trajectory: Cell[] | undefined = keep ? [start] : undefined;
  let steps = 0;
  let total = 0;
  let end = start;
  for (;;) {
    const action = selectOrExplain(spec.policy, policy, observation, spec.config);
    let stepped;
    try {
      stepped = env.step(action);
    } catch (error) {
      throw episodeError(error, episode, seed, steps + 1);
    }
    const [next, reward, terminated, truncated, nextInfo] = stepped;
    steps += 1;
    total += reward;
    end = cellOf(nextInfo);
    trajectory?.push(end);
    observation = next;
    if (spec.onStep !== undefined) {
      spec.onStep({ episode, t: steps, action, reward, terminated, truncated, position: end, observation: observationToJson(next) });
    }
    if (terminated || truncated) {
      return {
        episode,
        seed,
        policySeed,
        steps,
        return: total,
        success: terminated,
        truncated: truncated && !terminated,
        start,
        end,
        ...(trajectory !== undefined && { trajectory }),
      };
    }
  }
}
