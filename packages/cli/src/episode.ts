/**
 * One episode, one step at a time: the episode loop every `plume` command and the `@plume/web` page share, so
 * that the same config and seed give the same episode, action for action, wherever it runs. Seeding: the
 * environment resets with the episode's seed, then the policy with `derivePolicySeed(env.npRandom)` — a draw
 * from a clone of the environment's freshly seeded generator. Pure: runs in a browser.
 */
import type { EnvironmentConfig, PlumeEnv } from "@plume/env";
import { createBaseline, derivePolicySeed, getBaseline, BASELINE_NAMES } from "@plume/policies";
import { isPlumeError, type Env, type EnvInfo, type Policy } from "@plume/core-types";
import { CliError, ExitCode, oneLine } from "./errors.js";
import { sensorLabel } from "./config.js";

/** A cell `[x, y]`. */
export type Cell = readonly [x: number, y: number];

/** An observation as JSON: numbers for arrays and scalars, objects for Dict observations. */
export type JsonObservation = number | readonly (number | string)[] | { readonly [key: string]: JsonObservation };

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

/** The agent's cell of an info object. @throws CliError when it has no `agent_position`. */
export function cellOf(info: unknown): Cell {
  const position = (info as { agent_position?: unknown } | undefined)?.agent_position;
  if (!Array.isArray(position) || position.length !== 2) throw new CliError("the environment's info has no agent_position [x, y]");
  return [Number(position[0]), Number(position[1])];
}

/**
 * Builds the baseline `name` with `options`.
 * @throws CliError naming `--policy` or `--policy-options` and the fix.
 */
export function buildPolicy(name: string, options: Readonly<Record<string, unknown>> | undefined): Policy<unknown, number> {
  try {
    getBaseline(name);
  } catch {
    throw new CliError(`--policy: unknown policy "${name}"; use one of ${BASELINE_NAMES.join(", ")} (plume run --help lists them)`);
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

/** The one-line error of a component that failed during episode `episode` (seed `seed`) at step `t` (0 = its reset). */
function episodeError(error: unknown, episode: number, seed: number, t: number): CliError {
  const where = `episode ${episode} (seed ${seed}) ${t === 0 ? "reset" : `step ${t}`}`;
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(`${where}: the environment failed: ${oneLine(message)}`, ExitCode.FAILURE, { cause: error });
}

/** One step of a `SteppedEnv`: a `StepRecord` with the observation and info as the env returned them. */
export interface Stepped extends Omit<StepRecord, "episode" | "observation"> {
  readonly observation: unknown;
  readonly info: EnvInfo;
}

/** What a `SteppedEnv` steps: the baseline, the environment (possibly wrapped) and the raw `PlumeEnv` under it. */
export interface SteppedEnvSpec {
  /** The baseline's name (for error messages). */
  readonly policyName: string;
  readonly policy: Policy<unknown, number>;
  /** The environment the steps go through (a wrapper, or `raw` itself). */
  readonly env: Env<unknown, unknown, EnvInfo>;
  /** The `PlumeEnv` under `env`: its generator seeds the policy. */
  readonly raw: PlumeEnv<unknown, unknown>;
  readonly config: EnvironmentConfig;
}

/**
 * A policy acting in an environment, one step per `step()` call: the episode loop of `plume run`, `record`,
 * `compare` and the web page. `reset(episode, seed)` starts an episode; `step()` until `done`; `result()`.
 */
export class SteppedEnv {
  readonly #spec: SteppedEnvSpec;
  #episode = 0;
  #seed = 0;
  #policySeed = 0;
  #observation: unknown;
  #start: Cell = [0, 0];
  #end: Cell = [0, 0];
  #steps = 0;
  #total = 0;
  #terminated = false;
  #truncated = false;
  #started = false;
  #trajectory: Cell[] | undefined;

  constructor(spec: SteppedEnvSpec) {
    this.#spec = spec;
  }

  /**
   * Starts episode `episode` with `seed`; keeps every visited cell when `keepTrajectory`.
   * @returns the reset's observation and info, the start cell and the policy's seed.
   * @throws CliError naming the episode and seed when the environment fails.
   */
  reset(episode: number, seed: number, keepTrajectory = false): { observation: unknown; info: EnvInfo; position: Cell; policySeed: number } {
    const { env, raw, policy } = this.#spec;
    let observation: unknown;
    let info: EnvInfo;
    try {
      [observation, info] = env.reset({ seed });
    } catch (error) {
      throw episodeError(error, episode, seed, 0);
    }
    this.#policySeed = derivePolicySeed(raw.npRandom);
    policy.reset({ seed: this.#policySeed });
    this.#episode = episode;
    this.#seed = seed;
    this.#observation = observation;
    this.#start = cellOf(info);
    this.#end = this.#start;
    this.#steps = 0;
    this.#total = 0;
    this.#terminated = false;
    this.#truncated = false;
    this.#started = true;
    this.#trajectory = keepTrajectory ? [this.#start] : undefined;
    return { observation, info, position: this.#start, policySeed: this.#policySeed };
  }

  /** Whether the episode ended (terminated or truncated). */
  get done(): boolean {
    return this.#terminated || this.#truncated;
  }

  /** The observation the policy acts on next. */
  get observation(): unknown {
    return this.#observation;
  }

  /**
   * The policy picks an action for the current observation and the environment takes it.
   * @throws CliError when there is no running episode, the policy cannot read the observation or the environment fails.
   */
  step(): Stepped {
    if (!this.#started || this.done) throw new CliError("SteppedEnv.step: no running episode; call reset(episode, seed) first", ExitCode.FAILURE);
    const { env, policy, policyName, config } = this.#spec;
    const action = selectOrExplain(policyName, policy, this.#observation, config);
    let stepped;
    try {
      stepped = env.step(action);
    } catch (error) {
      throw episodeError(error, this.#episode, this.#seed, this.#steps + 1);
    }
    const [observation, reward, terminated, truncated, info] = stepped;
    this.#steps += 1;
    this.#total += reward;
    this.#end = cellOf(info);
    this.#trajectory?.push(this.#end);
    this.#observation = observation;
    this.#terminated = terminated;
    this.#truncated = truncated;
    return { t: this.#steps, action, reward, terminated, truncated, position: this.#end, observation, info };
  }

  /** The episode so far as an `EpisodeResult`. */
  result(): EpisodeResult {
    return {
      episode: this.#episode,
      seed: this.#seed,
      policySeed: this.#policySeed,
      steps: this.#steps,
      return: this.#total,
      success: this.#terminated,
      truncated: this.#truncated && !this.#terminated,
      start: this.#start,
      end: this.#end,
      ...(this.#trajectory !== undefined && { trajectory: this.#trajectory }),
    };
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
