/**
 * The kit's own small components: the Gaussian field used in generated env states, a constant wind
 * field, the cardinal movement table, and the stub components `checkEnv` builds component envs with.
 * They are oracles for the checks, so they are simple, exact and self-tested (`core.*`).
 */
import {
  AgentState,
  Coordinates,
  GridSize,
  ValidationError,
  ndarray,
  type ActionMetadata,
  type ActionProcessor,
  type ConcentrationField,
  type EnvState,
  type FieldMetadata,
  type NDArray,
  type ObservationMetadata,
  type ObservationModel,
  type PlumeFieldInput,
  type PointLike,
  type RewardFunction,
  type RewardMetadata,
  type VectorField,
  roundHalfEven,
} from "@plume/core-types";
import { Box, Discrete } from "@plume/spaces";

/** Python's `round` (ties to even), re-exported from core-types for suites and broken fixtures. */
export { roundHalfEven };


/** The 4 cardinal moves, indexed like the reference's Discrete(4): UP (+y), RIGHT, DOWN, LEFT. */
export const CARDINAL_MOVES: readonly (readonly [dx: number, dy: number])[] = Object.freeze([
  Object.freeze([0, 1] as const),
  Object.freeze([1, 0] as const),
  Object.freeze([0, -1] as const),
  Object.freeze([-1, 0] as const),
]);

/** Euclidean distance `sqrt(dx² + dy²)`, as the reference computes it. */
export function distance(a: PointLike, b: PointLike): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/** A static Gaussian plume `exp(-d² / (2σ²))` in float32, sampled at the nearest cell (ties half-to-even). */
export class KitGaussianField implements ConcentrationField {
  readonly gridSize: GridSize;
  readonly sourceLocation: Coordinates;
  readonly sigma: number;
  readonly fieldArray: Float32Array;

  constructor(gridSize: GridSize, source: PointLike, sigma: number) {
    this.gridSize = gridSize;
    this.sourceLocation = new Coordinates(source.x, source.y);
    this.sigma = sigma;
    const { width, height } = gridSize;
    const field = new Float32Array(width * height);
    const twoSigma2 = 2 * sigma * sigma;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const dx = x - source.x;
        const dy = y - source.y;
        field[y * width + x] = Math.exp(-(dx * dx + dy * dy) / twoSigma2);
      }
    }
    this.fieldArray = field;
  }

  sample(x: number, y: number): number {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    if (!(cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height)) return 0;
    return this.fieldArray[cy * this.gridSize.width + cx] as number;
  }

  reset(): void {}

  getMetadata(): FieldMetadata {
    return {
      type: "kit_gaussian",
      parameters: { sigma: this.sigma },
      source_location: this.sourceLocation.toJSON(),
      sigma: this.sigma,
    };
  }
}

/** A constant wind `(vx, vy)` everywhere; every sample is a new Float32Array. */
export class KitConstantWind implements VectorField {
  readonly vector: readonly [number, number];
  constructor(vx: number, vy: number) {
    this.vector = Object.freeze([vx, vy] as const);
  }
  sample(_position: PointLike): Float32Array {
    return Float32Array.of(this.vector[0], this.vector[1]);
  }
  reset(): void {}
  getMetadata(): FieldMetadata {
    return { type: "kit_constant_wind", parameters: { vx: this.vector[0], vy: this.vector[1] } };
  }
}

/** A frozen configuration of the kit's stub environment pieces (the oracle of `core.config-frozen`). */
export interface KitConfig {
  readonly gridSize: readonly [width: number, height: number];
  readonly goalRadius: number;
  readonly maxSteps: number;
  readonly sigma: number;
}

/** Builds a frozen `KitConfig`. @throws ValidationError naming the bad field. */
export function kitConfig(input: Partial<KitConfig> = {}): KitConfig {
  const gridSize = input.gridSize ?? [32, 32];
  const grid = new GridSize(gridSize[0], gridSize[1]); // validates
  const goalRadius = input.goalRadius ?? 0;
  if (typeof goalRadius !== "number" || !Number.isFinite(goalRadius) || goalRadius < 0) {
    throw ValidationError.invalid("goalRadius", "a finite number >= 0", goalRadius);
  }
  const maxSteps = input.maxSteps ?? 100;
  if (!Number.isSafeInteger(maxSteps) || maxSteps < 1) throw ValidationError.invalid("maxSteps", "a positive integer", maxSteps);
  const sigma = input.sigma ?? 4;
  if (typeof sigma !== "number" || !(sigma > 0) || !Number.isFinite(sigma)) throw ValidationError.invalid("sigma", "a finite number > 0", sigma);
  return Object.freeze({ gridSize: Object.freeze([grid.width, grid.height] as const), goalRadius, maxSteps, sigma });
}

/** Kit stub sensor: the concentration at the agent, Box(0, 1, [1]) float32. */
export class KitConcentrationSensor implements ObservationModel<NDArray<"float32">> {
  readonly #space = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
  get observationSpace(): Box<"float32"> {
    return this.#space;
  }
  getObservation(envState: EnvState): NDArray<"float32"> {
    const { x, y } = envState.agent_state.position;
    const value = Math.min(1, Math.max(0, envState.concentration_field.sample(x, y)));
    return ndarray("float32", [1], Float32Array.of(value));
  }
  getMetadata(): ObservationMetadata {
    return { type: "kit_concentration", modality: "olfactory", parameters: {}, required_state_keys: ["agent_state", "concentration_field"] };
  }
}

/** Kit stub action processor: cardinal moves on Discrete(4), clamped to the grid. */
export class KitCardinalActions implements ActionProcessor<number> {
  readonly #space = new Discrete(4);
  get actionSpace(): Discrete {
    return this.#space;
  }
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const [dx, dy] = CARDINAL_MOVES[action] as readonly [number, number];
    const { x, y } = currentState.position;
    return currentState.withPosition(gridSize.clamp({ x: x + dx, y: y + dy }));
  }
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }
  getMetadata(): ActionMetadata {
    return { type: "kit_cardinal", parameters: {}, movement_model: "cardinal_directions", orientation_dependent: false };
  }
}

/** Kit stub action processor for Box actions: velocity in [-1, 1]² scaled by 1 and rounded, clamped. */
export class KitBoxActions implements ActionProcessor<NDArray<"float32">> {
  readonly #space = new Box({ low: -1, high: 1, shape: [2], dtype: "float32" });
  get actionSpace(): Box<"float32"> {
    return this.#space;
  }
  processAction(action: NDArray<"float32">, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "a float32 NDArray of shape [2] in [-1, 1]", action);
    const { x, y } = currentState.position;
    return currentState.withPosition(
      gridSize.clamp({ x: x + roundHalfEven(action.data[0] as number), y: y + roundHalfEven(action.data[1] as number) }),
    );
  }
  validateAction(action: unknown): action is NDArray<"float32"> {
    return this.#space.contains(action);
  }
  getMetadata(): ActionMetadata {
    return { type: "kit_box", parameters: {}, movement_model: "velocity_control", orientation_dependent: false };
  }
}

/** Kit stub reward: a constant. */
export class KitConstantReward implements RewardFunction<unknown> {
  constructor(readonly value = 0) {}
  computeReward(_prev: AgentState, _action: unknown, _next: AgentState, _field: PlumeFieldInput): number {
    return this.value;
  }
  getMetadata(): RewardMetadata {
    return { type: "kit_constant", parameters: { value: this.value }, reward_range: [this.value, this.value] };
  }
}

/** Kit stub field: a constant concentration everywhere on the grid (0 off it). */
export class KitConstantField implements ConcentrationField {
  readonly gridSize: GridSize;
  readonly fieldArray: Float32Array;
  constructor(gridSize: GridSize, readonly value = 0.5) {
    this.gridSize = gridSize;
    this.fieldArray = new Float32Array(gridSize.totalCells()).fill(value);
  }
  sample(x: number, y: number): number {
    const cx = roundHalfEven(x);
    const cy = roundHalfEven(y);
    return cx >= 0 && cx < this.gridSize.width && cy >= 0 && cy < this.gridSize.height ? (this.fieldArray[0] as number) : 0;
  }
  reset(): void {}
  getMetadata(): FieldMetadata {
    return { type: "kit_constant_field", parameters: { value: this.value } };
  }
}
