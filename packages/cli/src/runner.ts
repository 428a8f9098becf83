/**
 * The episode loop every command shares (`SteppedEnv` of `./episode.js`, also used by the web page). Seeding,
 * as the whole CLI does it: episode `i` resets the environment with `seeds[i]`, then the policy with
 * `derivePolicySeed(env.npRandom)` — a draw from a clone of the environment's freshly seeded generator — so the
 * same seeds give the same episodes, action for action.
 */
import type { EnvironmentConfig, PlumeEnv } from "@plume/env";
import type { Env, EnvInfo } from "@plume/core-types";
import { createEnv } from "./env-config.js";
import { buildPolicy, checkCompatible, observationToJson, SteppedEnv, type EpisodeResult, type ResetRecord, type StepRecord } from "./episode.js";
import { SummaryAccumulator, type RunSummary } from "./summary.js";


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
    const stepper = new SteppedEnv({ policyName: spec.policy, policy, env, raw, config: spec.config });
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
      const result = runEpisode(spec, stepper, episode, seed);
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

function runEpisode(spec: RunSpec, stepper: SteppedEnv, episode: number, seed: number): EpisodeResult {
  const keep = spec.trajectories === true || (typeof spec.trajectories === "number" && episode < spec.trajectories);
  const reset = stepper.reset(episode, seed, keep);
  if (spec.onReset !== undefined) spec.onReset({ episode, seed, policySeed: reset.policySeed, position: reset.position, observation: observationToJson(reset.observation) });
  while (!stepper.done) {
    const step = stepper.step();
    if (spec.onStep !== undefined) {
      const { t, action, reward, terminated, truncated, position, observation } = step;
      spec.onStep({ episode, t, action, reward, terminated, truncated, position, observation: observationToJson(observation) });
    }
  }
  return stepper.result();
}
