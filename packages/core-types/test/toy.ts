/**
 * Minimal implementations of every protocol, written only against @plume/core-types, to show that the
 * interfaces can express the seeds' contracts (and the contract kit's probes) without @plume/spaces.
 * Test-only: the spaces and generator here are deliberately tiny, not NumPy-compatible.
 */
import {
  AgentState,
  Coordinates,
  EnvLifecycle,
  GridSize,
  StateError,
  ValidationError,
  ndarray,
  parseWithSchema,
  resetOptionsSchema,
  type ActionMetadata,
  type ActionProcessor,
  type ConcentrationField,
  type Env,
  type EnvLifecycleState,
  type EnvMetadata,
  type EnvState,
  type NDArray,
  type ObservationMetadata,
  type ObservationModel,
  type PlumeFieldInput,
  type PlumeInfo,
  type PointLike,
  type Policy,
  type RandomGenerator,
  type ResetOptions,
  type SelectActionOptions,
  type RewardFunction,
  type RewardMetadata,
  type SpaceLike,
  type StepResult,
  type VectorField,
} from "../src/index.js";

/** A seeded toy generator (mulberry32); enough for tests, not NumPy's PCG64. */
export class ToyGenerator implements RandomGenerator {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  random(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  integers(low: number, high?: number): number {
    const [lo, hi] = high === undefined ? [0, low] : [low, high];
    return lo + Math.floor(this.random() * (hi - lo));
  }
  uniform(low: number, high: number): number {
    return low + (high - low) * this.random();
  }
  standardNormal(): number {
    const u = 1 - this.random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.random());
  }
  normal(loc: number, scale: number): number {
    return loc + scale * this.standardNormal();
  }
}

export class ToyDiscrete implements SpaceLike<number> {
  readonly shape: readonly number[] = [];
  readonly dtype = "int64" as const;
  readonly isNpFlattenable = true;
  private rng = new ToyGenerator(0);
  constructor(readonly n: number) {}
  contains(value: unknown): value is number {
    return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < this.n;
  }
  sample(): number {
    return this.rng.integers(this.n);
  }
  seed(seed?: number): number {
    this.rng = new ToyGenerator(seed ?? 0);
    return seed ?? 0;
  }
  equals(other: unknown): boolean {
    return other instanceof ToyDiscrete && other.n === this.n;
  }
  toJSON(): unknown {
    return { type: "Discrete", n: this.n };
  }
}

export class ToyUnitBox implements SpaceLike<NDArray<"float32">> {
  readonly dtype = "float32" as const;
  readonly isNpFlattenable = true;
  private rng = new ToyGenerator(0);
  constructor(readonly shape: readonly number[]) {}
  contains(value: unknown): value is NDArray<"float32"> {
    const v = value as NDArray<"float32">;
    return (
      v !== null &&
      typeof v === "object" &&
      v.data instanceof Float32Array &&
      v.shape.length === this.shape.length &&
      v.shape.every((d, i) => d === this.shape[i]) &&
      v.data.every((x) => x >= 0 && x <= 1)
    );
  }
  sample(): NDArray<"float32"> {
    const out = ndarray("float32", this.shape);
    for (let i = 0; i < out.data.length; i++) out.data[i] = this.rng.random();
    return out;
  }
  seed(seed?: number): number {
    this.rng = new ToyGenerator(seed ?? 0);
    return seed ?? 0;
  }
  equals(other: unknown): boolean {
    return other instanceof ToyUnitBox && other.shape.join() === this.shape.join();
  }
  toJSON(): unknown {
    return { type: "Box", shape: this.shape };
  }
}

export class GaussianField implements ConcentrationField {
  readonly fieldArray: Float32Array;
  constructor(
    readonly gridSize: GridSize,
    readonly sourceLocation: Coordinates,
    readonly sigma: number,
  ) {
    this.fieldArray = new Float32Array(gridSize.totalCells());
    for (let y = 0; y < gridSize.height; y++) {
      for (let x = 0; x < gridSize.width; x++) {
        const d2 = (x - sourceLocation.x) ** 2 + (y - sourceLocation.y) ** 2;
        this.fieldArray[gridSize.cellIndex({ x, y })] = Math.exp(-d2 / (2 * sigma * sigma));
      }
    }
  }
  sample(x: number, y: number): number {
    const cell = { x: Math.round(x), y: Math.round(y) };
    return this.gridSize.contains(cell) ? (this.fieldArray[this.gridSize.cellIndex(cell)] ?? 0) : 0;
  }
  reset(): void {}
  getMetadata() {
    return { type: "gaussian", source_location: this.sourceLocation.toJSON(), sigma: this.sigma };
  }
}

export class ConstantWind implements VectorField {
  constructor(private readonly vector: readonly [number, number]) {}
  sample(_position: PointLike): Float32Array {
    return Float32Array.from(this.vector);
  }
}

export class ConcentrationSensor implements ObservationModel<NDArray<"float32">> {
  private readonly space = new ToyUnitBox([1]);
  get observationSpace(): ToyUnitBox {
    return this.space;
  }
  getObservation(envState: EnvState): NDArray<"float32"> {
    const { x, y } = envState.agent_state.position;
    return ndarray("float32", [1], Float32Array.of(envState.concentration_field.sample(x, y)));
  }
  getMetadata(): ObservationMetadata {
    return { type: "concentration_sensor", modality: "olfactory", parameters: {}, required_state_keys: ["agent_state", "concentration_field"] };
  }
}

const MOVES: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

export class DiscreteGridActions implements ActionProcessor<number> {
  private readonly space = new ToyDiscrete(4);
  get actionSpace(): ToyDiscrete {
    return this.space;
  }
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const [dx, dy] = MOVES[action] ?? [0, 0];
    const { x, y } = currentState.position;
    return currentState.withPosition(gridSize.clamp({ x: x + dx, y: y + dy }));
  }
  validateAction(action: unknown): action is number {
    return this.space.contains(action);
  }
  getMetadata(): ActionMetadata {
    return { type: "discrete_grid", parameters: { n_actions: 4 }, movement_model: "cardinal_directions", orientation_dependent: false };
  }
}

export class SparseGoalReward implements RewardFunction<number> {
  constructor(
    private readonly goal: Coordinates,
    private readonly radius: number,
  ) {}
  computeReward(_prev: AgentState, _action: number, next: AgentState, _field: PlumeFieldInput): number {
    return next.position.distanceTo(this.goal) <= this.radius ? 1 : 0;
  }
  getMetadata(): RewardMetadata {
    return { type: "sparse", reward_range: [0, 1], goal_position: this.goal.toJSON(), goal_radius: this.radius };
  }
}

export class RandomPolicy implements Policy<NDArray<"float32">, number> {
  private rng = new ToyGenerator(0);
  private readonly space = new ToyDiscrete(4);
  get actionSpace(): ToyDiscrete {
    return this.space;
  }
  reset(options: { seed?: number | undefined } = {}): void {
    if (options.seed !== undefined) this.rng = new ToyGenerator(options.seed);
  }
  selectAction(_observation: NDArray<"float32">, _options?: SelectActionOptions): number {
    return this.rng.integers(4);
  }
  setRng(rng: RandomGenerator): void {
    this.rng = rng as ToyGenerator;
  }
}

export interface ToyEnvOptions {
  readonly gridSize?: GridSize;
  readonly maxSteps?: number;
  readonly sensor?: ObservationModel<NDArray<"float32">>;
  readonly wind?: VectorField;
}

/** A component environment following design.md §2, written against the `Env` interface. */
export class ToyEnv implements Env<NDArray<"float32">, number, PlumeInfo> {
  readonly metadata: EnvMetadata = Object.freeze({ render_modes: [], render_fps: null });
  readonly renderMode = null;
  readonly gridSize: GridSize;
  readonly maxSteps: number;
  readonly plume: GaussianField;
  readonly sensor: ObservationModel<NDArray<"float32">>;
  readonly actions = new DiscreteGridActions();
  readonly reward: SparseGoalReward;
  readonly wind: VectorField | undefined;
  npRandom: ToyGenerator | undefined;
  private state: EnvLifecycleState = EnvLifecycle.CREATED;
  private agent: AgentState | undefined;
  private episodes = 0;
  private seed: number | undefined;

  constructor(options: ToyEnvOptions = {}) {
    this.gridSize = options.gridSize ?? new GridSize(16, 12);
    this.maxSteps = options.maxSteps ?? 50;
    this.plume = new GaussianField(this.gridSize, this.gridSize.center(), 3);
    this.sensor = options.sensor ?? new ConcentrationSensor();
    this.reward = new SparseGoalReward(this.plume.sourceLocation, 0);
    this.wind = options.wind;
  }
  get unwrapped(): this {
    return this;
  }
  get observationSpace(): SpaceLike<NDArray<"float32">> {
    return this.sensor.observationSpace;
  }
  get actionSpace(): SpaceLike<number> {
    return this.actions.actionSpace;
  }

  reset(options?: ResetOptions): readonly [NDArray<"float32">, PlumeInfo] {
    if (this.state === EnvLifecycle.CLOSED) throw new StateError("reset() after close()", { currentState: this.state });
    const { seed } = parseWithSchema(resetOptionsSchema, options, { what: "reset options" }) ?? {};
    if (seed !== undefined || this.npRandom === undefined) this.npRandom = new ToyGenerator(seed ?? 0);
    this.seed = seed;
    this.plume.reset();
    const rng = this.npRandom;
    this.agent = new AgentState({ position: [rng.integers(this.gridSize.width), rng.integers(this.gridSize.height)] });
    this.episodes += 1;
    this.state = EnvLifecycle.READY;
    return [this.sensor.getObservation(this.envState()), this.info(false)];
  }

  step(action: number): StepResult<NDArray<"float32">, PlumeInfo> {
    if (this.state !== EnvLifecycle.READY || this.agent === undefined) {
      throw new StateError("step() needs a reset() first", { currentState: this.state, allowedStates: [EnvLifecycle.READY] });
    }
    if (!this.actions.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const prev = this.agent;
    const moved = this.actions.processAction(action, prev, this.gridSize).withStepIncremented();
    const reward = this.reward.computeReward(prev, action, moved, this.plume);
    const terminated = moved.position.distanceTo(this.plume.sourceLocation) <= 0;
    const truncated = moved.step_count >= this.maxSteps;
    this.agent = moved.withRewardAdded(reward).with({ goal_reached: terminated });
    if (terminated) this.state = EnvLifecycle.TERMINATED;
    else if (truncated) this.state = EnvLifecycle.TRUNCATED;
    return [this.sensor.getObservation(this.envState()), reward, terminated, truncated, this.info(true)];
  }

  render(): undefined {
    return undefined;
  }

  close(): void {
    this.state = EnvLifecycle.CLOSED;
  }

  private envState(): EnvState {
    const agent = this.agent as AgentState;
    return {
      agent_state: agent,
      plume_field: this.plume.fieldArray,
      concentration_field: this.plume,
      ...(this.wind !== undefined && { wind_field: this.wind }),
      goal_location: this.plume.sourceLocation,
      grid_size: this.gridSize,
      step_count: agent.step_count,
      max_steps: this.maxSteps,
      rng: this.npRandom as RandomGenerator,
    };
  }

  private info(withDistance: boolean): PlumeInfo {
    const agent = this.agent as AgentState;
    const goal = this.plume.sourceLocation.toJSON();
    return {
      agent_position: agent.position.toJSON(),
      agent_xy: agent.position.toJSON(),
      goal_location: goal,
      source_location: goal,
      step_count: agent.step_count,
      episode_count: this.episodes,
      total_reward: agent.total_reward,
      goal_reached: agent.goal_reached,
      ...(withDistance && { distance_to_goal: agent.position.distanceTo(this.plume.sourceLocation) }),
      ...(this.seed !== undefined && { seed: this.seed }),
    };
  }
}
