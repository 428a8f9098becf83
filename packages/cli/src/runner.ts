/**
 * The episode loop every command shares. Seeding, as the whole CLI does it: episode `i` resets the environment
 * with `seeds[i]`, then the policy with `derivePolicySeed(env.npRandom)` — a draw from a clone of the
 * environment's freshly seeded generator — so the same seeds give the same episodes, action for action.
 */
import type { EnvironmentConfig, PlumeEnv } from "@plume/env";
import { createBaseline, derivePolicySeed, getBaseline } from "@plume/policies";
import { isPlumeError, type Policy } from "@plume/core-types";
import { CliError, oneLine } from "./errors.js";
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
}

/** What `runPolicy` returns. */
export interface RunResult {
  readonly policy: string;
  readonly policyOptions: Readonly<Record<string, unknown>>;
  readonly config: EnvironmentConfig;
  readonly episodes: readonly EpisodeResult[];
  readonly summary: RunSummary;
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

/** The statistics of `episodes` run in `elapsedSeconds`. */
export function summarize(episodes: readonly EpisodeResult[], elapsedSeconds: number): RunSummary {
  const n = episodes.length;
  const successes = episodes.filter((e) => e.success);
  const toSource = successes.map((e) => e.steps).sort((a, b) => a - b);
  const totalSteps = episodes.reduce((sum, e) => sum + e.steps, 0);
  const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
  return {
    episodes: n,
    successes: successes.length,
    successRate: n === 0 ? 0 : successes.length / n,
    meanStepsToSource: toSource.length === 0 ? null : mean(toSource),
    medianStepsToSource: toSource.length === 0 ? null : median(toSource),
    meanEpisodeLength: mean(episodes.map((e) => e.steps)),
    meanReturn: mean(episodes.map((e) => e.return)),
    totalSteps,
    elapsedSeconds,
    stepsPerSecond: elapsedSeconds > 0 ? totalSteps / elapsedSeconds : 0,
  };
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
  const env = await createEnv(spec.config, spec.baseDir ?? process.cwd(), spec.renderMode ?? null);
  try {
    checkCompatible(spec.policy, policy, env, spec.config);
    const episodes: EpisodeResult[] = [];
    const started = performance.now();
    spec.seeds.forEach((seed, episode) => {
      let [observation, info] = env.reset({ seed });
      const policySeed = derivePolicySeed(env.npRandom);
      policy.reset({ seed: policySeed });
      const start = cellOf(info);
      spec.onReset?.({ episode, seed, policySeed, position: start, observation: observationToJson(observation) });
      const keep = spec.trajectories === true || (typeof spec.trajectories === "number" && episode < spec.trajectories);
      const trajectory: Cell[] | undefined = keep ? [start] : undefined;
      let steps = 0;
      let total = 0;
      let end = start;
      for (;;) {
        const action = selectOrExplain(spec.policy, policy, observation, spec.config);
        const [next, reward, terminated, truncated, nextInfo] = env.step(action);
        steps += 1;
        total += reward;
        end = cellOf(nextInfo);
        trajectory?.push(end);
        observation = next;
        info = nextInfo;
        spec.onStep?.({ episode, t: steps, action, reward, terminated, truncated, position: end, observation: observationToJson(next) });
        if (terminated || truncated) {
          const result: EpisodeResult = {
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
          episodes.push(result);
          spec.onEpisode?.(result);
          return;
        }
      }
    });
    const elapsed = (performance.now() - started) / 1000;
    return { policy: spec.policy, policyOptions, config: spec.config, episodes, summary: summarize(episodes, elapsed) };
  } finally {
    env.close();
  }
}
