/**
 * `PlumeEnv`: the Gymnasium-compatible plume search environment with injected components, a port of
 * the reference's `PlumeEnv`. Same seed and same actions give the same episode as the reference.
 *
 * The step, as data (design.md §2; the order decides which random draws happen when):
 * validate -> processAction -> step_count += 1 -> plume/wind advanceToStep -> computeReward(prev, action,
 * next, plume) -> terminated / truncated -> envState -> getObservation -> info.
 */
import {
  AgentState,
  ComponentError,
  Coordinates,
  ENV_STATE_KEYS,
  EnvLifecycle,
  GridSize,
  STATE_KEY_PATTERN,
  StateError,
  ValidationError,
  isEnvStateExtension,
  isPlumeError,
  isTimeVaryingField,
  ndarray,
  parseWithSchema,
  resetOptionsSchema,
  type ActionProcessor,
  type ConcentrationField,
  type CoordinatesInput,
  type Env,
  type EnvLifecycleState,
  type EnvMetadata,
  type EnvState,
  type EnvStateExtension,
  type GridSizeInput,
  type NDArray,
  type ObservationModel,
  type PlumeInfo,
  type ResetOptions,
  type ResetResult,
  type RewardFunction,
  type StepResult,
  type VectorField,
} from "@plume/core-types";
import { DiscreteGridActions } from "@plume/actions-discrete";
import { ConcentrationSensor } from "@plume/sensors-concentration";
import { Generator } from "@plume/spaces";
import * as z from "zod";
import { FLOAT32_EPS } from "../internal/math.js";
import { sleepMs } from "../internal/sleep.js";
import { coordinatesInputSchema, gridSizeInputSchema, nonNegativeNumber, positiveNumber } from "../internal/schemas.js";
import { DEFAULT_PLUME_SIGMA, GaussianPlume, denseFieldOf } from "../plume/gaussian.js";
import { BatchKernel } from "../batch/kernel.js";
import { planBatch, type BatchPlan } from "../batch/plan.js";
import type { KernelConfig } from "../batch/kernel.js";
import { assertWithinMemoryBudget } from "../memory-budget.js";
import { renderRgbArray } from "../render/rgb.js";
import { observationProblem } from "./observation-check.js";
import { TerminalRenderer, type TerminalOutput } from "../render/terminal.js";
import { SparseGoalReward } from "../rewards/goal.js";
import { actionSchema, plumeSchema, rewardSchema, sensorSchema, windSchema } from "./components.js";
import { RENDER_MODES, type EnvSpec, type RenderMode } from "./types.js";

/**
 * Loads row `i` of a vector env's batch kernel into a `PlumeEnv` (internal: what `SyncVectorEnv`'s
 * `call`, `getAttr` and `render` do on the batch path, where the environments themselves are not stepped).
 */
export const LOAD_BATCH_ROW: unique symbol = Symbol("PlumeEnv.loadBatchRow");

/** The reference's defaults for the direct constructors. */
export const PLUME_ENV_DEFAULTS = Object.freeze({
  gridSize: Object.freeze([128, 128] as const),
  /** The goal radius when none (or 0) is given: float32 epsilon, i.e. "exactly on the source cell". */
  goalRadius: FLOAT32_EPS,
  maxSteps: 1000,
  sigma: DEFAULT_PLUME_SIGMA,
});

/** `metadata` of Plume environments. */
export const PLUME_ENV_METADATA: EnvMetadata = Object.freeze({
  render_modes: RENDER_MODES,
  render_fps: 30,
});

const terminalSchema = z.custom<TerminalOutput>(
  (v) => v !== null && typeof v === "object" && typeof (v as { write?: unknown }).write === "function",
  { error: "a writable stream ({ write(chunk), isTTY? })" },
);

/** Options of `PlumeEnv` (every key optional; unknown keys are rejected). */
export const PlumeEnvOptionsSchema = z.strictObject({
  /** `[width, height]`, `{ width, height }` or a `GridSize`. Default: the injected plume's `gridSize`, else `[128, 128]`. */
  gridSize: gridSizeInputSchema.optional(),
  /** The source cell, which is also the goal: inside the grid. Default: the injected plume's `sourceLocation`, else the grid centre. */
  sourceLocation: coordinatesInputSchema.optional(),
  /** Success radius in cells (>= 0; 0 means float32 epsilon). Default float32 epsilon. */
  goalRadius: nonNegativeNumber("a finite number >= 0 (cells)").optional(),
  /** Truncation limit: an integer >= 1. Default 1000. */
  maxSteps: z
    .int({ error: "an integer >= 1" })
    .min(1, { error: "an integer >= 1" })
    .max(Number.MAX_SAFE_INTEGER, { error: "an integer >= 1" })
    .optional(),
  /** A fixed start cell (inside the grid); without it every reset draws `(integers(0, W), integers(0, H))`. Default: none (drawn). */
  startLocation: coordinatesInputSchema.optional(),
  /** Parameters of the default `GaussianPlume` (ignored when `plume` is given). */
  plumeParams: z.strictObject({ sigma: positiveNumber("a finite number > 0 (cells)").optional() }).optional(),
  /** The concentration field. Default: `GaussianPlume` at `sourceLocation` with `plumeParams.sigma` (12). */
  plume: plumeSchema.optional(),
  /** A wind field, handed to sensors as `envState.wind_field`. Default: none. */
  wind: windSchema.optional(),
  /** The observation model. Default: `ConcentrationSensor`. */
  sensor: sensorSchema.optional(),
  /** The action processor. Default: `DiscreteGridActions` (4 cardinal moves). */
  action: actionSchema.optional(),
  /** The reward function. Default: `SparseGoalReward` at the goal with the goal radius. */
  reward: rewardSchema.optional(),
  /** `"rgb_array"`, `"human"` or null (no rendering). Default null. */
  renderMode: z.enum(RENDER_MODES, { error: `one of ${RENDER_MODES.join(", ")} or null` }).nullable().optional(),
  /** Where `human` frames go. Default `process.stdout` (frames are drawn only when it is a TTY). */
  terminal: terminalSchema.optional(),
  /**
   * Which sensor outputs are checked against the observation space (shape, dtype, NaN, bounds; a bad one
   * is a `ComponentError` naming the sensor, and the call changes nothing): `"episode-start"` (default:
   * the reset's and the first step's of every episode, a negligible cost) or `"every-step"` (a debug mode).
   */
  checkObservations: z.enum(["episode-start", "every-step"], { error: '"episode-start" or "every-step"' }).optional(),
  /**
   * More keys of the env state the sensor sees (`EnvStateExtension`s: `{ key, value(state), reset? }`), e.g.
   * an obstacle map. Keys must be new (not one of `ENV_STATE_KEYS`) and distinct. Default: none.
   */
  stateExtensions: z
    .array(z.custom<EnvStateExtension>(isEnvStateExtension, { error: "an EnvStateExtension ({ key, value(state), reset? })" }), {
      error: "an array of EnvStateExtensions",
    })
    .optional(),
});

/** What `new PlumeEnv(options)` accepts. */
export interface PlumeEnvOptions<Obs = NDArray<"float32">, Act = number> {
  readonly gridSize?: GridSize | GridSizeInput | undefined;
  readonly sourceLocation?: Coordinates | CoordinatesInput | undefined;
  readonly goalRadius?: number | undefined;
  readonly maxSteps?: number | undefined;
  readonly startLocation?: Coordinates | CoordinatesInput | undefined;
  readonly plumeParams?: { readonly sigma?: number | undefined } | undefined;
  readonly plume?: ConcentrationField | undefined;
  readonly wind?: VectorField | undefined;
  readonly sensor?: ObservationModel<Obs> | undefined;
  readonly action?: ActionProcessor<Act> | undefined;
  readonly reward?: RewardFunction<Act> | undefined;
  readonly renderMode?: RenderMode | null | undefined;
  readonly terminal?: TerminalOutput | undefined;
  readonly checkObservations?: "episode-start" | "every-step" | undefined;
  readonly stateExtensions?: readonly EnvStateExtension[] | undefined;
}

/** The info of `PlumeEnv` (`PlumeInfo` with `agent_xy` always present). */
export type PlumeEnvInfo = PlumeInfo & { readonly agent_xy: readonly [x: number, y: number] };

function defaultTerminal(): TerminalOutput {
  const stdout = (globalThis as { process?: { stdout?: TerminalOutput } }).process?.stdout;
  return stdout ?? { write: () => undefined, isTTY: false };
}

function describeComponentError(component: string, error: unknown): unknown {
  if (isPlumeError(error)) return error;
  return new ComponentError(`${error instanceof Error ? error.message : String(error)}`, { component, cause: error });
}

/** A plume's `gridSize` as a `GridSize` (from any copy of core-types), or undefined. */
function asGrid(value: unknown): GridSize | undefined {
  const { width, height } = (value ?? {}) as { width?: unknown; height?: unknown };
  if (typeof width !== "number" || typeof height !== "number") return undefined;
  try {
    return value instanceof GridSize ? value : new GridSize(width, height);
  } catch {
    return undefined;
  }
}

/** A plume's `sourceLocation` as `Coordinates`, or undefined. */
function asCell(value: unknown): Coordinates | undefined {
  const { x, y } = (value ?? {}) as { x?: unknown; y?: unknown };
  if (!Number.isSafeInteger(x) || !Number.isSafeInteger(y)) return undefined;
  return value instanceof Coordinates ? value : new Coordinates(x as number, y as number);
}

/**
 * Rejects a reward whose returns could overflow: when its metadata gives a `reward_range`, `maxSteps`
 * rewards of the largest magnitude must still add up to a finite number (`stepPenalty: 1e308` would make
 * `total_reward` -Infinity from the second step).
 * @throws ValidationError (`parameter` `"reward"`).
 */
function assertFiniteReturns(reward: RewardFunction<unknown>, maxSteps: number): void {
  let range: unknown;
  try {
    range = (reward.getMetadata?.() as { reward_range?: unknown } | undefined)?.reward_range;
  } catch {
    return;
  }
  if (!Array.isArray(range) || range.length !== 2 || !range.every((v) => typeof v === "number")) return;
  const largest = Math.max(Math.abs(range[0] as number), Math.abs(range[1] as number));
  if (!Number.isFinite(largest * maxSteps)) {
    throw ValidationError.invalid(
      "reward",
      `rewards whose sum over maxSteps (${maxSteps}) steps is finite: |reward| <= ${Number.MAX_VALUE / maxSteps}`,
      `reward_range [${String(range[0])}, ${String(range[1])}]`,
    );
  }
}

const BASE_STATE_KEYS: ReadonlySet<string> = new Set(ENV_STATE_KEYS);

/** Checks an extension's key (pattern, not a base key, not taken) and returns it. */
function checkExtension(extension: EnvStateExtension, taken: readonly EnvStateExtension[], parameter: string): EnvStateExtension {
  if (!isEnvStateExtension(extension)) {
    throw ValidationError.invalid(parameter, "an EnvStateExtension ({ key, value(state), reset? })", extension);
  }
  const { key } = extension;
  if (!STATE_KEY_PATTERN.test(key)) throw ValidationError.invalid(`${parameter}.key`, "an identifier ([A-Za-z_][A-Za-z0-9_]*)", key);
  if (BASE_STATE_KEYS.has(key)) {
    throw ValidationError.invalid(`${parameter}.key`, `a key that is not one of the env's own keys (${ENV_STATE_KEYS.join(", ")})`, key);
  }
  if (taken.some((e) => e.key === key)) throw ValidationError.invalid(`${parameter}.key`, "a key no other state extension supplies", key);
  return extension;
}

/**
 * The plume search environment. Lifecycle: CREATED -> (reset) READY -> (step) READY | TERMINATED |
 * TRUNCATED -> (reset) READY ...; `close()` -> CLOSED from anywhere.
 *
 * ```ts
 * const env = new PlumeEnv();                       // 128x128, source at (64, 64), sigma 12
 * let [obs, info] = env.reset({ seed: 42 });
 * const [obs2, reward, terminated, truncated, info2] = env.step(1);
 * ```
 *
 * @typeParam Obs - the sensor's observation type; @typeParam Act - the action processor's action type.
 */
export class PlumeEnv<Obs = NDArray<"float32">, Act = number> implements Env<Obs, Act, PlumeEnvInfo> {
  /** `{ render_modes: ["human", "rgb_array"], render_fps: 30 }`. */
  static readonly metadata: EnvMetadata = PLUME_ENV_METADATA;

  /** The registry spec when built by `make` (Gymnasium's `env.spec`), else undefined. */
  spec: EnvSpec | undefined = undefined;

  readonly #grid: GridSize;
  readonly #goal: Coordinates;
  readonly #goalTuple: readonly [number, number];
  readonly #goalRadius: number;
  readonly #maxSteps: number;
  readonly #start: Coordinates | undefined;
  readonly #plume: ConcentrationField;
  readonly #wind: VectorField | undefined;
  readonly #sensor: ObservationModel<Obs>;
  readonly #action: ActionProcessor<Act>;
  readonly #reward: RewardFunction<Act>;
  readonly #renderMode: RenderMode | null;
  readonly #terminalOutput: TerminalOutput | undefined;
  readonly #checkEveryStep: boolean;
  #terminal: TerminalRenderer | undefined = undefined;
  /** The size-1 batch kernel that steps built-in (batch-capable) components without allocation, if they are. */
  readonly #kernel: BatchKernel | undefined;
  /** Whether the plume is a `TimeVaryingField` (the kernel reads its frames by step; the object is advanced after). */
  readonly #timeVarying: boolean;
  /** Reused by the kernel path: the action as numbers, and the index list `[0]`. */
  readonly #actionBuffer: Float64Array;
  /** True when the kernel holds a newer agent than `#agent` (materialized on demand). */
  #agentStale = false;

  #state: EnvLifecycleState = EnvLifecycle.CREATED;
  #agent: AgentState | undefined = undefined;
  #stepCount = 0;
  #episodeCount = 0;
  #seed: number | undefined = undefined;
  #rng: Generator | undefined = undefined;
  #fieldBuffer: Float32Array | undefined = undefined;
  #fieldBufferStep = -1;
  #lastFrameAt = -Infinity;
  /** The env-state extensions, in the order they were added. */
  readonly #extensions: EnvStateExtension[] = [];
  /** Whether the sensor's required keys were found supplied since the extensions last changed. */
  #stateKeysChecked = false;

  /**
   * @throws ValidationError naming the bad option (`gridSize.width`, `sourceLocation`, `goalRadius`,
   * `maxSteps`, `startLocation`, `plumeParams.sigma`, `sensor`, `renderMode`, an unknown key, ...).
   * Positions must lie inside the grid.
   */
  constructor(options: PlumeEnvOptions<Obs, Act> = {}) {
    const parsed = parseWithSchema(PlumeEnvOptionsSchema, options ?? {}, { what: "PlumeEnv options" });
    // An injected plume that knows its grid and source supplies the defaults for them.
    const plumeGrid = asGrid(parsed.plume?.gridSize);
    const plumeSource = asCell(parsed.plume?.sourceLocation);
    const grid = parsed.gridSize ?? plumeGrid ?? new GridSize(PLUME_ENV_DEFAULTS.gridSize[0], PLUME_ENV_DEFAULTS.gridSize[1]);
    if (plumeGrid !== undefined && !plumeGrid.equals(grid)) {
      throw ValidationError.invalid("plume", `a plume over the ${grid.width}x${grid.height} grid (gridSize)`, `a plume over ${plumeGrid.width}x${plumeGrid.height}`);
    }
    const inside = (name: string, point: Coordinates): Coordinates => {
      if (!grid.contains(point)) {
        throw ValidationError.invalid(
          name,
          `a cell inside the ${grid.width}x${grid.height} grid (0 <= x < ${grid.width}, 0 <= y < ${grid.height})`,
          point.toTuple(),
        );
      }
      return point;
    };
    const goal =
      parsed.sourceLocation !== undefined
        ? inside("sourceLocation", parsed.sourceLocation)
        : plumeSource !== undefined && grid.contains(plumeSource)
          ? plumeSource
          : grid.center();
    const radius = parsed.goalRadius === undefined || parsed.goalRadius === 0 ? PLUME_ENV_DEFAULTS.goalRadius : parsed.goalRadius;

    this.#grid = grid;
    this.#goal = goal;
    this.#goalTuple = Object.freeze(goal.toTuple());
    this.#goalRadius = radius;
    this.#maxSteps = parsed.maxSteps ?? PLUME_ENV_DEFAULTS.maxSteps;
    this.#start = parsed.startLocation === undefined ? undefined : inside("startLocation", parsed.startLocation);
    if (parsed.plume === undefined) {
      assertWithinMemoryBudget(4 * grid.width * grid.height, `the float32 plume field of a ${grid.width}x${grid.height} grid`, "gridSize", [grid.width, grid.height]);
    }
    this.#plume =
      parsed.plume ??
      new GaussianPlume({ gridSize: grid, sourceLocation: goal, sigma: parsed.plumeParams?.sigma ?? PLUME_ENV_DEFAULTS.sigma });
    this.#wind = parsed.wind;
    this.#sensor = (parsed.sensor ?? new ConcentrationSensor()) as ObservationModel<Obs>;
    this.#action = (parsed.action ?? new DiscreteGridActions()) as ActionProcessor<Act>;
    this.#reward = (parsed.reward ?? new SparseGoalReward({ goalPosition: goal, goalRadius: radius })) as RewardFunction<Act>;
    assertFiniteReturns(this.#reward, this.#maxSteps);
    this.#renderMode = parsed.renderMode ?? null;
    this.#terminalOutput = parsed.terminal;
    this.#checkEveryStep = parsed.checkObservations === "every-step";
    this.#timeVarying = isTimeVaryingField(this.#plume);
    const plan = planBatch({
      action: this.#action,
      sensor: this.#sensor,
      reward: this.#reward,
      plume: this.#plume,
      wind: this.#wind,
    });
    this.#kernel = plan === undefined ? undefined : new BatchKernel(1, plan, this.kernelConfig);
    if (this.#kernel !== undefined) {
      const kernel = this.#kernel;
      const space = this.#sensor.observationSpace;
      const shape = plan?.observationShape ?? [];
      kernel.afterObservations = () => {
        if (!this.#checkEveryStep && kernel.agents.stepCount[0] !== 1) return;
        this.#checkObservation(ndarray("float32", shape, kernel.observationRow(0)), space);
      };
    }
    this.#actionBuffer = new Float64Array(plan?.actionSize ?? 0);
    (parsed.stateExtensions ?? []).forEach((extension, i) =>
      this.#extensions.push(checkExtension(extension, this.#extensions, `stateExtensions[${i}]`)),
    );
  }

  /** See `LOAD_BATCH_ROW`: this env's state becomes row `i` of `kernel` (a kernel of this env's configuration). */
  [LOAD_BATCH_ROW](kernel: BatchKernel, i: number, started: boolean): void {
    if (this.#state === EnvLifecycle.CLOSED || !started) return;
    const a = kernel.agents;
    const x = a.x[i] as number;
    const y = a.y[i] as number;
    const terminated = kernel.terminated[i] === 1;
    const rng = kernel.rngs[i] as Generator;
    const seed = kernel.seeded[i] === 1 ? (kernel.seeds[i] as number) : undefined;
    this.#agent = new AgentState({
      position: new Coordinates(x, y),
      orientation: a.orientation[i] as number,
      step_count: a.stepCount[i] as number,
      total_reward: a.totalReward[i] as number,
      goal_reached: terminated,
    });
    this.#agentStale = false;
    this.#stepCount = a.stepCount[i] as number;
    this.#episodeCount = kernel.episodeCounts[i] as number;
    this.#seed = seed;
    this.#rng = rng;
    this.#state = terminated ? EnvLifecycle.TERMINATED : kernel.truncated[i] === 1 ? EnvLifecycle.TRUNCATED : EnvLifecycle.READY;
    if (this.#timeVarying) this.#advance(this.#stepCount);
    const own = this.#kernel;
    if (own !== undefined) {
      own.load(0, x, y, rng, this.#episodeCount, seed);
      own.agents.orientation[0] = a.orientation[i] as number;
      own.agents.stepCount[0] = this.#stepCount;
      own.agents.totalReward[0] = a.totalReward[i] as number;
    }
  }

  // ---------------------------------------------------------------- env-state extensions

  /** The env-state extensions, in the order they were added. */
  get stateExtensions(): readonly EnvStateExtension[] {
    return [...this.#extensions];
  }

  /**
   * Adds a key to the env state the sensor sees, from the next reset on (what the `ExtendEnvState`
   * wrapper calls). Returns a function that removes it again.
   * @throws ValidationError (`parameter` `"extension"`) for a malformed extension, a key of the env's own
   * state, or a key another extension supplies.
   */
  addStateExtension(extension: EnvStateExtension): () => void {
    this.#extensions.push(checkExtension(extension, this.#extensions, "extension"));
    this.#stateKeysChecked = false;
    return () => {
      const at = this.#extensions.indexOf(extension);
      if (at >= 0) this.#extensions.splice(at, 1);
      this.#stateKeysChecked = false;
    };
  }

  /**
   * The sensor's `required_state_keys` that neither the env nor an extension supplies (empty when all are).
   * @throws ComponentError when the sensor's `getMetadata()` throws.
   */
  missingStateKeys(): string[] {
    const metadata = this.#callComponent("sensor", () => this.#sensor.getMetadata());
    const required = (metadata as { required_state_keys?: unknown } | null)?.required_state_keys;
    if (!Array.isArray(required)) return [];
    return required.filter(
      (key): key is string => typeof key === "string" && !BASE_STATE_KEYS.has(key) && !this.#extensions.some((e) => e.key === key),
    );
  }

  #checkStateKeys(): void {
    if (this.#stateKeysChecked) return;
    const missing = this.missingStateKeys();
    if (missing.length > 0) {
      const list = missing.map((k) => `"${k}"`).join(", ");
      throw new ValidationError(`the sensor requires the env-state key${missing.length === 1 ? "" : "s"} ${list}, which nothing supplies`, {
        parameter: "sensor",
        expected: `a state extension for ${list} (the stateExtensions option, a config's \`state\` section, or the ExtendEnvState wrapper), or a sensor that reads only ${ENV_STATE_KEYS.join(", ")}`,
        received: missing,
      });
    }
    this.#stateKeysChecked = true;
  }

  /** The fixed numbers a `BatchKernel` needs to step this environment's configuration. */
  get kernelConfig(): KernelConfig {
    return {
      gridWidth: this.#grid.width,
      gridHeight: this.#grid.height,
      goalX: this.#goal.x,
      goalY: this.#goal.y,
      goalRadius: this.#goalRadius,
      maxSteps: this.#maxSteps,
      startX: this.#start?.x,
      startY: this.#start?.y,
    };
  }

  /** Which sensor outputs are checked: `"episode-start"` (the default) or `"every-step"` (the `checkObservations` option). */
  get checkObservations(): "episode-start" | "every-step" {
    return this.#checkEveryStep ? "every-step" : "episode-start";
  }

  /** The batch plan of this environment's components (undefined when one lacks its batch method). */
  get batchPlan(): BatchPlan | undefined {
    return this.#kernel?.plan;
  }

  // ---------------------------------------------------------------- Gymnasium attributes

  /** The sensor's observation space (the same instance every read). */
  get observationSpace(): ObservationModel<Obs>["observationSpace"] {
    return this.#sensor.observationSpace;
  }

  /** The action processor's action space (the same instance every read). */
  get actionSpace(): ActionProcessor<Act>["actionSpace"] {
    return this.#action.actionSpace;
  }

  get metadata(): EnvMetadata {
    return PLUME_ENV_METADATA;
  }

  get renderMode(): RenderMode | null {
    return this.#renderMode;
  }

  /** The environment's generator (Gymnasium's `np_random`): undefined until the first reset. */
  get npRandom(): Generator | undefined {
    return this.#rng;
  }

  /** Itself: this is the innermost environment. */
  get unwrapped(): this {
    return this;
  }

  // ---------------------------------------------------------------- configuration and state

  get gridSize(): GridSize {
    return this.#grid;
  }
  /** The source cell, which is the goal. */
  get sourceLocation(): Coordinates {
    return this.#goal;
  }
  /** Alias of `sourceLocation`. */
  get goalLocation(): Coordinates {
    return this.#goal;
  }
  get goalRadius(): number {
    return this.#goalRadius;
  }
  get maxSteps(): number {
    return this.#maxSteps;
  }
  get startLocation(): Coordinates | undefined {
    return this.#start;
  }
  get plume(): ConcentrationField {
    return this.#plume;
  }
  get wind(): VectorField | undefined {
    return this.#wind;
  }
  get sensor(): ObservationModel<Obs> {
    return this.#sensor;
  }
  get actionProcessor(): ActionProcessor<Act> {
    return this.#action;
  }
  get rewardFunction(): RewardFunction<Act> {
    return this.#reward;
  }
  /** `CREATED`, `READY`, `TERMINATED`, `TRUNCATED` or `CLOSED`. */
  get lifecycleState(): EnvLifecycleState {
    return this.#state;
  }
  /** The agent now (undefined before the first reset and after close). */
  get agentState(): AgentState | undefined {
    return this.#currentAgent();
  }
  get stepCount(): number {
    return this.#stepCount;
  }
  get episodeCount(): number {
    return this.#episodeCount;
  }
  /** The seed of the last seeded reset, while no unseeded reset has followed. */
  get seed(): number | undefined {
    return this.#seed;
  }

  // ---------------------------------------------------------------- lifecycle

  /**
   * Starts an episode: `[observation, info]`. With `seed`, re-creates the generator
   * (`Generator.fromSeed(seed)`, NumPy's `default_rng(seed)`); without it the stream continues (the
   * first reset ever then seeds from OS entropy). The start cell is `startLocation` or
   * `(integers(0, width), integers(0, height))`, drawn in that order.
   * @throws ValidationError (`parameter` `"seed"`, or the unknown key) for a bad argument; nothing changes then.
   * @throws StateError after `close()`.
   */
  reset(options?: ResetOptions): ResetResult<Obs, PlumeEnvInfo> {
    if (this.#state === EnvLifecycle.CLOSED) {
      throw new StateError("cannot reset a closed environment", {
        currentState: this.#state,
        allowedStates: [EnvLifecycle.CREATED, EnvLifecycle.READY, EnvLifecycle.TERMINATED, EnvLifecycle.TRUNCATED],
      });
    }
    const parsed = parseWithSchema(resetOptionsSchema, options, { what: "reset options" });
    this.#checkStateKeys();
    const seed = parsed?.seed;
    const rng = seed !== undefined ? Generator.fromSeed(seed) : (this.#rng ?? Generator.fromSeed());
    let start = this.#start;
    if (start === undefined) {
      const x = rng.integers(0, this.#grid.width);
      const y = rng.integers(0, this.#grid.height);
      start = new Coordinates(x, y);
    }
    const agent = new AgentState({ position: start, orientation: 0, step_count: 0, total_reward: 0, goal_reached: false });

    // Component hooks, in the reference's order: the processor's generator, then the fields.
    this.#callHook("action", () => this.#action.setRng?.(rng));
    this.#callHook("plume", () => {
      if (typeof this.#plume.reset === "function") this.#plume.reset(seed);
      else (this.#plume as { onReset?: () => void }).onReset?.();
    });
    this.#callHook("wind", () => this.#wind?.reset?.(seed));
    this.#callHook("sensor", () => this.#sensor.reset?.());
    this.#callHook("reward", () => this.#reward.reset?.());
    for (const extension of this.#extensions) this.#callHook(`stateExtensions.${extension.key}`, () => extension.reset?.(rng, seed));

    const observation = this.#observe(agent, 0, rng);
    this.#checkObservation(observation, this.#sensor.observationSpace);

    // Commit.
    this.#rng = rng;
    this.#seed = seed;
    this.#agent = agent;
    this.#agentStale = false;
    this.#kernel?.load(0, start.x, start.y, rng, this.#episodeCount + 1, seed);
    this.#stepCount = 0;
    this.#episodeCount += 1;
    this.#state = EnvLifecycle.READY;

    const [x, y] = [start.x, start.y];
    const info: PlumeEnvInfo = {
      agent_position: [x, y],
      agent_xy: [x, y],
      goal_location: [this.#goalTuple[0], this.#goalTuple[1]],
      source_location: [this.#goalTuple[0], this.#goalTuple[1]],
      step_count: 0,
      episode_count: this.#episodeCount,
      total_reward: 0,
      goal_reached: false,
      ...(seed !== undefined && { seed }),
    };
    if (this.#renderMode === "human") this.#drawHuman();
    return [observation, info];
  }

  /**
   * Applies `action`: `[observation, reward, terminated, truncated, info]`. `terminated` is
   * `distance(agent, goal) <= goalRadius`, `truncated` is `step_count >= maxSteps`; both may be true.
   * @throws ValidationError (`parameter` `"action"`) when the processor's `validateAction` rejects it; nothing changes then.
   * @throws StateError before the first reset, after the episode ended (until reset) and after close.
   */
  step(action: Act): StepResult<Obs, PlumeEnvInfo> {
    if (this.#state !== EnvLifecycle.READY) throw this.#stepStateError();
    if (!this.#validate(action)) {
      throw new ValidationError("invalid action", {
        parameter: "action",
        expected: `an element of ${String(this.#action.actionSpace)}`,
        received: action,
      });
    }
    if (this.#kernel !== undefined) return this.#kernelStep(this.#kernel, action);
    const prev = this.#agent as AgentState;
    const grid = this.#grid;
    const moved = this.#callComponent("action", () => this.#action.processAction(action, prev, grid));
    const position = this.#checkMoved(moved);
    const stepCount = this.#stepCount + 1;

    this.#advance(stepCount);
    let reward: number;
    try {
      reward = this.#callComponent("reward", () => this.#reward.computeReward(prev, action, moved, this.#plume));
      if (typeof reward !== "number" || !Number.isFinite(reward)) {
        throw new ComponentError("computeReward must return a finite number", {
          component: "reward",
          expected: "a finite number",
          received: reward,
        });
      }
    } catch (error) {
      this.#advance(this.#stepCount);
      throw error;
    }

    const dx = position.x - this.#goal.x;
    const dy = position.y - this.#goal.y;
    const distance = Math.sqrt(dx * dx + dy * dy);
    const terminated = distance <= this.#goalRadius;
    const truncated = stepCount >= this.#maxSteps;
    const totalReward = prev.total_reward + reward;
    if (!Number.isFinite(totalReward)) {
      this.#advance(this.#stepCount);
      throw new ComponentError("the episode's total reward is no longer finite", {
        component: "reward",
        expected: "rewards whose running sum stays finite",
        received: `${prev.total_reward} + ${reward}`,
      });
    }
    const next = new AgentState({
      position,
      orientation: moved.orientation,
      step_count: stepCount,
      total_reward: totalReward,
      goal_reached: terminated,
    });

    let observation: Obs;
    try {
      observation = this.#observe(next, stepCount, this.#rng as Generator);
      if (this.#checkEveryStep || stepCount === 1) this.#checkObservation(observation, this.#sensor.observationSpace);
    } catch (error) {
      this.#advance(this.#stepCount);
      throw error;
    }

    // Commit.
    this.#agent = next;
    this.#stepCount = stepCount;
    this.#state = terminated ? EnvLifecycle.TERMINATED : truncated ? EnvLifecycle.TRUNCATED : EnvLifecycle.READY;

    const info: PlumeEnvInfo = {
      agent_position: [position.x, position.y],
      agent_xy: [position.x, position.y],
      goal_location: [this.#goalTuple[0], this.#goalTuple[1]],
      source_location: [this.#goalTuple[0], this.#goalTuple[1]],
      step_count: stepCount,
      episode_count: this.#episodeCount,
      total_reward: totalReward,
      goal_reached: terminated,
      distance_to_goal: distance,
      ...(this.#seed !== undefined && { seed: this.#seed }),
    };
    if (this.#renderMode === "human") this.#drawHuman();
    return [observation, reward, terminated, truncated, info];
  }

  /**
   * `rgb_array`: a new uint8 `NDArray` `[height, width, 3]` identical to the reference's frame.
   * `human`: draws that picture in the terminal (when it is a TTY) and returns undefined.
   * Without a render mode: undefined. `mode` overrides the render mode for this call, as the reference's
   * `render(mode)` does. Rendering never changes the trajectory.
   * @throws ValidationError (`parameter` `"mode"`) for a mode that is not in `metadata.render_modes`.
   */
  render(mode?: RenderMode): NDArray<"uint8"> | undefined {
    let effective = this.#renderMode;
    if (mode !== undefined) {
      if (!(RENDER_MODES as readonly unknown[]).includes(mode)) {
        throw ValidationError.invalid("mode", `one of ${RENDER_MODES.join(", ")}`, mode);
      }
      effective = mode;
    }
    if (effective === "rgb_array") return this.renderFrame();
    if (effective === "human" && this.#state !== EnvLifecycle.CLOSED) this.#drawHuman();
    return undefined;
  }

  /**
   * The `rgb_array` frame of the current state, whatever the render mode.
   * @throws ValidationError (`parameter` `"gridSize"`) when the frame (3 bytes a cell) is over the memory budget.
   */
  renderFrame(): NDArray<"uint8"> {
    assertWithinMemoryBudget(3 * this.#grid.width * this.#grid.height, `an rgb_array frame of the ${this.#grid.width}x${this.#grid.height} grid`, "gridSize", [this.#grid.width, this.#grid.height]);
    const agent = this.#currentAgent()?.position ?? this.#start ?? this.#grid.center();
    return renderRgbArray(this.#grid, this.#fieldArray(this.#stepCount), this.#goal, agent);
  }

  /** Moves to CLOSED. Idempotent; never throws. */
  close(): void {
    if (this.#state === EnvLifecycle.CLOSED) return;
    this.#state = EnvLifecycle.CLOSED;
    this.#agent = undefined;
    this.#agentStale = false;
    try {
      this.#terminal?.finish();
    } catch {
      // close never throws
    }
  }

  toString(): string {
    return `PlumeEnv(grid=${this.#grid.width}x${this.#grid.height}, source=(${this.#goal.x}, ${this.#goal.y}), max_steps=${this.#maxSteps})`;
  }

  // ---------------------------------------------------------------- internals

  /** `step` through the size-1 kernel: the same numbers as the object path, without its allocations. */
  #kernelStep(kernel: BatchKernel, action: Act): StepResult<Obs, PlumeEnvInfo> {
    const buffer = this.#actionBuffer;
    if (kernel.plan.discrete !== undefined) buffer[0] = action as number;
    else {
      const values = ((action as { data?: ArrayLike<number> }).data ?? action) as ArrayLike<number>;
      for (let k = 0; k < buffer.length; k++) buffer[k] = values[k] as number;
    }
    kernel.step(buffer, kernel.all, 1);
    const agents = kernel.agents;
    const x = agents.x[0] as number;
    const y = agents.y[0] as number;
    const stepCount = agents.stepCount[0] as number;
    // A time-varying plume (the kernel read its frame by step): keep the plume object on the same frame, for
    // `plume_field`, rendering and anyone reading the plume.
    if (this.#timeVarying) this.#advance(stepCount);
    const reward = kernel.rewards[0] as number;
    const terminated = kernel.terminated[0] === 1;
    const truncated = kernel.truncated[0] === 1;
    const totalReward = agents.totalReward[0] as number;
    const size = kernel.plan.observationSize;
    const data = new Float32Array(size);
    const source = kernel.observations;
    for (let k = 0; k < size; k++) data[k] = source[k] as number;
    // A plain (unfrozen) NDArray: freezing costs more than the rest of the step; its shape is frozen and shared.
    const observation = { dtype: "float32" as const, shape: kernel.plan.observationShape, data } as unknown as Obs;

    this.#agentStale = true;
    this.#stepCount = stepCount;
    this.#state = terminated ? EnvLifecycle.TERMINATED : truncated ? EnvLifecycle.TRUNCATED : EnvLifecycle.READY;
    const goal = this.#goalTuple;
    const info: { -readonly [K in keyof PlumeEnvInfo]: PlumeEnvInfo[K] } = {
      agent_position: [x, y],
      agent_xy: [x, y],
      goal_location: [goal[0], goal[1]],
      source_location: [goal[0], goal[1]],
      step_count: stepCount,
      episode_count: this.#episodeCount,
      total_reward: totalReward,
      goal_reached: terminated,
      distance_to_goal: kernel.distances[0] as number,
    };
    if (this.#seed !== undefined) info.seed = this.#seed;
    if (this.#renderMode === "human") this.#drawHuman();
    return [observation, reward, terminated, truncated, info];
  }

  /** The agent now, materialized from the kernel when the kernel has stepped since. */
  #currentAgent(): AgentState | undefined {
    const kernel = this.#kernel;
    if (this.#agentStale && kernel !== undefined && this.#agent !== undefined) {
      const a = kernel.agents;
      this.#agent = new AgentState({
        position: new Coordinates(a.x[0] as number, a.y[0] as number),
        orientation: a.orientation[0] as number,
        step_count: a.stepCount[0] as number,
        total_reward: a.totalReward[0] as number,
        goal_reached: kernel.terminated[0] === 1,
      });
      this.#agentStale = false;
    }
    return this.#agent;
  }

  /** The env state handed to the sensor (design.md §2's keys, `wind_field` undefined without wind, then the extensions' keys). */
  #envState(agent: AgentState, stepCount: number, rng: Generator): EnvState {
    const base: EnvState = {
      agent_state: agent,
      plume_field: this.#fieldArray(stepCount),
      concentration_field: this.#plume,
      wind_field: this.#wind,
      goal_location: this.#goal,
      grid_size: this.#grid,
      step_count: stepCount,
      max_steps: this.#maxSteps,
      rng,
    };
    if (this.#extensions.length === 0) return base;
    const state: Record<string, unknown> = { ...base };
    for (const extension of this.#extensions) {
      state[extension.key] = this.#callComponent(`stateExtensions.${extension.key}`, () => extension.value(base));
    }
    return state as unknown as EnvState;
  }

  /** @throws ComponentError naming the sensor when `observation` is not an element of its space (see `observationProblem`). */
  #checkObservation(observation: unknown, space: ObservationModel<Obs>["observationSpace"]): void {
    const problem = observationProblem(space as never, observation);
    if (problem === undefined) return;
    throw new ComponentError(`getObservation returned an observation outside its observation space: ${problem}`, {
      component: "sensor",
      expected: `an element of ${String(space)}`,
    });
  }

  #observe(agent: AgentState, stepCount: number, rng: Generator): Obs {
    const envState = this.#envState(agent, stepCount, rng);
    return this.#callComponent("sensor", () => this.#sensor.getObservation(envState));
  }

  /** The plume's dense field: a `GaussianPlume`'s shared field, another plume's `fieldArray`, or (for fields without one) a sampled buffer. */
  #fieldArray(stepCount: number): Float32Array {
    const cells = this.#grid.width * this.#grid.height;
    const own = denseFieldOf(this.#plume);
    if (own !== undefined && own.length === cells) return own;
    if (this.#fieldBuffer === undefined || this.#fieldBufferStep !== stepCount) {
      const buffer = this.#fieldBuffer ?? new Float32Array(cells);
      const { width, height } = this.#grid;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) buffer[y * width + x] = Number(this.#plume.sample(x, y, stepCount));
      }
      this.#fieldBuffer = buffer;
      this.#fieldBufferStep = stepCount;
    }
    return this.#fieldBuffer;
  }

  #advance(stepCount: number): void {
    this.#callHook("plume", () => this.#plume.advanceToStep?.(stepCount));
    this.#callHook("wind", () => this.#wind?.advanceToStep?.(stepCount));
  }

  #validate(action: Act): boolean {
    try {
      return this.#action.validateAction(action) === true;
    } catch {
      return false;
    }
  }

  #checkMoved(moved: AgentState): Coordinates {
    const position = (moved as { position?: { x?: unknown; y?: unknown } } | null)?.position;
    const x = position?.x;
    const y = position?.y;
    if (
      typeof x !== "number" ||
      typeof y !== "number" ||
      !Number.isSafeInteger(x) ||
      !Number.isSafeInteger(y) ||
      !this.#grid.contains({ x, y })
    ) {
      throw new ComponentError("processAction must return an AgentState inside the grid", {
        component: "action",
        expected: `an AgentState with integer 0 <= x < ${this.#grid.width}, 0 <= y < ${this.#grid.height}`,
        received: position,
      });
    }
    return position instanceof Coordinates ? position : new Coordinates(x, y);
  }

  #callComponent<T>(component: string, call: () => T): T {
    try {
      return call();
    } catch (error) {
      throw describeComponentError(component, error);
    }
  }

  #callHook(component: string, call: () => unknown): void {
    this.#callComponent(component, call);
  }

  #stepStateError(): StateError {
    const allowed = [EnvLifecycle.READY];
    switch (this.#state) {
      case EnvLifecycle.CREATED:
        return new StateError("step() called before reset()", { currentState: this.#state, allowedStates: allowed });
      case EnvLifecycle.CLOSED:
        return new StateError("cannot step a closed environment", { currentState: this.#state, allowedStates: allowed });
      default:
        return new StateError("the episode has ended: call reset() before step()", {
          currentState: this.#state,
          allowedStates: allowed,
        });
    }
  }

  #drawHuman(): void {
    const terminal = (this.#terminal ??= new TerminalRenderer(this.#terminalOutput ?? defaultTerminal()));
    if (!terminal.active) return;
    const fps = Number(PLUME_ENV_METADATA.render_fps);
    const now = performance.now();
    sleepMs(this.#lastFrameAt + 1000 / fps - now);
    this.#lastFrameAt = performance.now();
    const agent = this.#currentAgent();
    const caption =
      agent === undefined
        ? undefined
        : `step ${this.#stepCount}/${this.#maxSteps}  agent (${agent.position.x}, ${agent.position.y})  source (${this.#goal.x}, ${this.#goal.y})  reward ${agent.total_reward}`;
    terminal.draw(this.renderFrame(), caption);
  }
}
