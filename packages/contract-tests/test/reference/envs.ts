/**
 * Correct reference environments for `checkEnv`: a component env following design.md §2 (Box, Dict
 * and Tuple observations), and a CartPole-like env for the `gymnasium` profile.
 */
import {
  AgentState,
  Coordinates,
  EnvLifecycle,
  GridSize,
  RenderingError,
  StateError,
  ValidationError,
  ndarray,
  parseWithSchema,
  resetOptionsSchema,
  type ActionProcessor,
  type ConcentrationField,
  type Env,
  type EnvInfo,
  type EnvLifecycleState,
  type EnvMetadata,
  type EnvState,
  type NDArray,
  type ObservationMetadata,
  type ObservationModel,
  type RenderResult,
  type ResetOptions,
  type RewardFunction,
  type StepResult,
  type VectorField,
} from "@plume/core-types";
import { Box, Discrete, Generator, Tuple, type Space } from "@plume/spaces";
import type { EnvFactoryOptions } from "../../src/index.js";
import { DiscreteGridActions } from "./actions.js";
import { GaussianPlume } from "./fields.js";
import { SparseGoalReward } from "./rewards.js";
import { ConcentrationSensor, MultiModalSensor, WindVectorSensor } from "./sensors.js";

export interface GridPlumeEnvOptions extends EnvFactoryOptions {
  readonly grid?: readonly [number, number];
  readonly goalRadius?: number;
  readonly observation?: "box" | "dict" | "tuple";
}

/** A Discrete position sensor plus the concentration, as a Tuple observation. */
class TupleSensor implements ObservationModel<readonly unknown[]> {
  readonly #conc = new ConcentrationSensor();
  readonly #space: Tuple;
  constructor(readonly grid: GridSize) {
    this.#space = new Tuple([this.#conc.observationSpace as unknown as Space<unknown>, new Discrete(grid.totalCells())]);
  }
  get observationSpace(): Tuple {
    return this.#space;
  }
  getObservation(envState: EnvState): readonly unknown[] {
    return [this.#conc.getObservation(envState), this.grid.cellIndex(envState.agent_state.position)];
  }
  getMetadata(): ObservationMetadata {
    return { type: "tuple_sensor", modality: "composite", parameters: {}, required_state_keys: ["agent_state", "concentration_field"] };
  }
}

/** A component environment implementing the Gymnasium API and Plume's lifecycle, info and data flow. */
export class GridPlumeEnv implements Env<unknown, unknown, EnvInfo> {
  readonly metadata: EnvMetadata = Object.freeze({ render_modes: Object.freeze(["human", "rgb_array", "ansi"]), render_fps: 4 });
  readonly renderMode: string | null;
  readonly gridSize: GridSize;
  readonly maxSteps: number;
  readonly goalRadius: number;
  readonly sensor: ObservationModel<unknown>;
  readonly processor: ActionProcessor<unknown>;
  readonly reward: RewardFunction<unknown>;
  readonly plume: ConcentrationField;
  readonly wind: VectorField | undefined;
  readonly goal: Coordinates;
  npRandom: Generator | undefined;
  #state: EnvLifecycleState = EnvLifecycle.CREATED;
  #agent: AgentState | undefined;
  #episodes = 0;
  #seed: number | undefined;

  constructor(options: GridPlumeEnvOptions = {}) {
    const c = options.components ?? {};
    const grid = options.grid ?? [24, 16];
    this.plume = c.plume ?? new GaussianPlume({ grid, source: [Math.floor(grid[0] * 0.7), Math.floor(grid[1] / 2)], sigma: 4 });
    this.gridSize = this.plume.gridSize ?? new GridSize(grid[0], grid[1]);
    this.goal = this.plume.sourceLocation ?? this.gridSize.center();
    this.goalRadius = options.goalRadius ?? 1;
    this.maxSteps = options.maxSteps ?? 60;
    this.wind = c.wind;
    this.sensor =
      c.sensor ??
      (options.observation === "dict"
        ? new MultiModalSensor({ odor: new ConcentrationSensor(), wind: new WindVectorSensor(0) })
        : options.observation === "tuple"
          ? new TupleSensor(this.gridSize)
          : new ConcentrationSensor());
    this.processor = c.action ?? new DiscreteGridActions();
    this.reward = c.reward ?? new SparseGoalReward(this.goal, this.goalRadius);
    const mode = options.renderMode ?? null;
    if (mode !== null && !this.metadata.render_modes.includes(mode)) throw ValidationError.invalid("renderMode", `one of ${this.metadata.render_modes.join(", ")}`, mode);
    this.renderMode = mode;
  }
  get unwrapped(): this {
    return this;
  }
  get observationSpace() {
    return this.sensor.observationSpace;
  }
  get actionSpace() {
    return this.processor.actionSpace;
  }

  reset(options?: ResetOptions): readonly [unknown, EnvInfo] {
    if (this.#state === EnvLifecycle.CLOSED) throw new StateError("reset() after close()", { currentState: this.#state });
    const { seed } = parseWithSchema(resetOptionsSchema, options, { what: "reset options" }) ?? {};
    if (seed !== undefined || this.npRandom === undefined) this.npRandom = Generator.fromSeed(seed);
    this.#seed = seed;
    const rng = this.npRandom;
    if (typeof this.plume.reset === "function") this.plume.reset(seed);
    this.wind?.reset?.(seed);
    this.processor.setRng?.(rng);
    this.sensor.reset?.();
    this.reward.reset?.();
    let start: Coordinates;
    do start = new Coordinates(rng.integers(this.gridSize.width), rng.integers(this.gridSize.height));
    while (start.distanceTo(this.goal) <= this.goalRadius && this.gridSize.totalCells() > 9);
    this.#agent = new AgentState({ position: start });
    this.#episodes += 1;
    this.#state = EnvLifecycle.READY;
    return [this.sensor.getObservation(this.#envState()), this.#info(false)];
  }

  step(action: unknown): StepResult<unknown, EnvInfo> {
    if (this.#state !== EnvLifecycle.READY || this.#agent === undefined) {
      throw new StateError("step() needs a reset() first and an episode that has not ended", { currentState: this.#state, allowedStates: [EnvLifecycle.READY] });
    }
    if (!this.processor.validateAction(action)) throw ValidationError.invalid("action", `a member of ${String(this.actionSpace)}`, action);
    const prev = this.#agent;
    const moved = this.processor.processAction(action, prev, this.gridSize);
    const stepCount = prev.step_count + 1;
    this.plume.advanceToStep?.(stepCount);
    this.wind?.advanceToStep?.(stepCount);
    const next = moved.with({ step_count: stepCount });
    const reward = this.reward.computeReward(prev, action, next, this.plume);
    const terminated = next.position.distanceTo(this.goal) <= this.goalRadius;
    const truncated = stepCount >= this.maxSteps;
    this.#agent = next.with({ total_reward: prev.total_reward + reward, goal_reached: terminated });
    if (terminated) this.#state = EnvLifecycle.TERMINATED;
    else if (truncated) this.#state = EnvLifecycle.TRUNCATED;
    return [this.sensor.getObservation(this.#envState()), reward, terminated, truncated, this.#info(true)];
  }

  render(): RenderResult {
    if (this.renderMode === null) return undefined;
    if (this.#agent === undefined) throw new RenderingError("render() needs a reset() first");
    const { width, height } = this.gridSize;
    if (this.renderMode === "ansi") {
      const rows: string[] = [];
      for (let y = height - 1; y >= 0; y--) {
        let row = "";
        for (let x = 0; x < width; x++) row += this.#agent.position.equals({ x, y }) ? "A" : this.goal.equals({ x, y }) ? "G" : ".";
        rows.push(row);
      }
      return rows.join("\n");
    }
    if (this.renderMode === "rgb_array") {
      const data = new Uint8Array(width * height * 3);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const v = Math.round(255 * this.plume.sample(x, y));
          const i = ((height - 1 - y) * width + x) * 3;
          data[i] = v;
          data[i + 1] = this.#agent.position.equals({ x, y }) ? 255 : 0;
          data[i + 2] = 0;
        }
      }
      return ndarray("uint8", [height, width, 3], data);
    }
    return undefined;
  }

  close(): void {
    this.#state = EnvLifecycle.CLOSED;
  }

  #envState(): EnvState {
    const agent = this.#agent as AgentState;
    return {
      agent_state: agent,
      plume_field: this.plume.fieldArray ?? new Float32Array(this.gridSize.totalCells()),
      concentration_field: this.plume,
      ...(this.wind !== undefined && { wind_field: this.wind }),
      goal_location: this.goal,
      grid_size: this.gridSize,
      step_count: agent.step_count,
      max_steps: this.maxSteps,
      rng: this.npRandom as Generator,
    };
  }

  #info(step: boolean): EnvInfo {
    const agent = this.#agent as AgentState;
    return {
      agent_position: agent.position.toJSON(),
      agent_xy: agent.position.toJSON(),
      goal_location: this.goal.toJSON(),
      source_location: this.goal.toJSON(),
      step_count: agent.step_count,
      episode_count: this.#episodes,
      total_reward: agent.total_reward,
      goal_reached: agent.goal_reached,
      ...(step && { distance_to_goal: agent.position.distanceTo(this.goal) }),
      ...(this.#seed !== undefined && { seed: this.#seed }),
    };
  }
}

/** A CartPole-like env (Gymnasium semantics: no Plume info keys, over-run allowed), for the gymnasium profile. */
export class PoleEnv implements Env<NDArray<"float32">, number, EnvInfo> {
  readonly metadata: EnvMetadata = Object.freeze({ render_modes: Object.freeze([]), render_fps: null });
  readonly renderMode = null;
  readonly #obs = new Box({ low: [-4.8, -10, -0.418, -10], high: [4.8, 10, 0.418, 10], dtype: "float32" });
  readonly #act = new Discrete(2);
  npRandom: Generator | undefined;
  #s: number[] | undefined;
  #closed = false;
  #steps = 0;
  constructor(readonly options: EnvFactoryOptions = {}) {}
  get observationSpace(): Box<"float32"> {
    return this.#obs;
  }
  get actionSpace(): Discrete {
    return this.#act;
  }
  reset(options?: ResetOptions): readonly [NDArray<"float32">, EnvInfo] {
    if (this.#closed) throw new StateError("reset() after close()");
    const { seed } = parseWithSchema(resetOptionsSchema, options, { what: "reset options" }) ?? {};
    if (seed !== undefined || this.npRandom === undefined) this.npRandom = Generator.fromSeed(seed);
    const rng = this.npRandom;
    this.#s = [0, 0, 0, 0].map(() => rng.uniform(-0.05, 0.05));
    this.#steps = 0;
    return [this.#observe(), {}];
  }
  step(action: number): StepResult<NDArray<"float32">, EnvInfo> {
    if (this.#closed || this.#s === undefined) throw new StateError("step() needs an open env and a reset()");
    if (!this.#act.contains(action)) throw ValidationError.invalid("action", "0 or 1", action);
    const [x, v, th, w] = this.#s as [number, number, number, number];
    const force = action === 1 ? 10 : -10;
    const acc = (force + 0.05 * w * w * Math.sin(th)) / 1.1;
    const thAcc = (9.8 * Math.sin(th) - Math.cos(th) * acc) / (0.5 * (4 / 3 - (0.1 * Math.cos(th) ** 2) / 1.1));
    this.#s = [x + 0.02 * v, v + 0.02 * acc, th + 0.02 * w, w + 0.02 * thAcc].map((u, i) => Math.max(-([4.8, 10, 0.418, 10][i] as number), Math.min([4.8, 10, 0.418, 10][i] as number, u)));
    this.#steps += 1;
    const terminated = Math.abs(this.#s[0] as number) >= 2.4 || Math.abs(this.#s[2] as number) >= 0.2095;
    const truncated = this.#steps >= (this.options.maxSteps ?? 200);
    return [this.#observe(), 1, terminated, truncated, {}];
  }
  render(): undefined {
    return undefined;
  }
  close(): void {
    this.#closed = true;
  }
  #observe(): NDArray<"float32"> {
    return ndarray("float32", [4], Float32Array.from(this.#s as number[]));
  }
}

export const REFERENCE_ENVS: Readonly<Record<string, { create: (o?: EnvFactoryOptions) => Env<unknown, unknown, EnvInfo>; options?: Record<string, unknown> }>> = {
  "GridPlumeEnv(Box obs)": { create: (o) => new GridPlumeEnv({ ...o }), options: { capabilities: { componentEnv: true }, goalRadius: 1 } },
  "GridPlumeEnv(Dict obs)": { create: (o) => new GridPlumeEnv({ ...o, observation: "dict" }), options: { goalRadius: 1 } },
  "GridPlumeEnv(Tuple obs)": { create: (o) => new GridPlumeEnv({ ...o, observation: "tuple" }), options: { goalRadius: 1 } },
  "PoleEnv (gymnasium profile)": {
    create: (o) => new PoleEnv(o) as unknown as Env<unknown, unknown, EnvInfo>,
    options: { capabilities: { profile: "gymnasium", allowsStepAfterDone: true } },
  },
};
