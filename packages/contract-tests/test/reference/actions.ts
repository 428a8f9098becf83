/** Correct reference action processors (CHECKS.md §12.5). */
import { ValidationError, type ActionMetadata, type ActionProcessor, type AgentState, type GridSize, type NDArray, type RandomGenerator } from "@plume/core-types";
import { Box, Discrete, Generator } from "@plume/spaces";
import { roundHalfEven } from "../../src/kit.js";

const CARDINAL: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

function move(state: AgentState, grid: GridSize, dx: number, dy: number): AgentState {
  const { x, y } = state.position;
  return state.withPosition(grid.clamp({ x: x + dx, y: y + dy }));
}

/** S2: 4 cardinal moves of `stepSize` cells (UP = +y), clamped to the grid. */
export class DiscreteGridActions implements ActionProcessor<number> {
  readonly #space = new Discrete(4);
  constructor(readonly stepSize = 1) {}
  get actionSpace(): Discrete {
    return this.#space;
  }
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const [dx, dy] = CARDINAL[action] as readonly [number, number];
    return move(currentState, gridSize, dx * this.stepSize, dy * this.stepSize);
  }
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }
  getMetadata(): ActionMetadata {
    return { type: "discrete_grid", parameters: { step_size: this.stepSize, n_actions: 4 }, movement_model: "cardinal_directions", orientation_dependent: false };
  }
}

/** S2: 0 = forward along the heading, 1 = turn left 90°, 2 = turn right 90°. */
export class OrientedGridActions implements ActionProcessor<number> {
  readonly #space = new Discrete(3);
  constructor(readonly stepSize = 1) {}
  get actionSpace(): Discrete {
    return this.#space;
  }
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 2]", action);
    if (action === 1) return currentState.withOrientation(currentState.orientation + 90);
    if (action === 2) return currentState.withOrientation(currentState.orientation - 90);
    const rad = (currentState.orientation * Math.PI) / 180;
    return move(currentState, gridSize, roundHalfEven(this.stepSize * Math.cos(rad)), roundHalfEven(this.stepSize * Math.sin(rad)));
  }
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }
  getMetadata(): ActionMetadata {
    return { type: "oriented_grid", parameters: { step_size: this.stepSize, n_actions: 3 }, movement_model: "forward_turn_left_turn_right", orientation_dependent: true };
  }
}

/** Run-and-tumble: 0 = run forward, 1 = tumble to a heading drawn from the injected generator. */
export class OrientedRunTumbleActions implements ActionProcessor<number> {
  readonly #space = new Discrete(2);
  #rng: RandomGenerator = Generator.fromSeed(0);
  get actionSpace(): Discrete {
    return this.#space;
  }
  setRng(rng: RandomGenerator): void {
    this.#rng = rng;
  }
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "0 (run) or 1 (tumble)", action);
    if (action === 1) return currentState.withOrientation(this.#rng.uniform(0, 360));
    const rad = (currentState.orientation * Math.PI) / 180;
    return move(currentState, gridSize, roundHalfEven(Math.cos(rad)), roundHalfEven(Math.sin(rad)));
  }
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }
  getMetadata(): ActionMetadata {
    return { type: "run_tumble", parameters: { n_actions: 2 }, movement_model: "run_tumble", orientation_dependent: true };
  }
}

/** S2: velocity control, (vx, vy) in [-1, 1]² scaled by maxSpeed and rounded half-to-even. */
export class ContinuousActions implements ActionProcessor<NDArray<"float32">> {
  readonly #space = new Box({ low: -1, high: 1, shape: [2], dtype: "float32" });
  constructor(readonly maxSpeed = 2) {}
  get actionSpace(): Box<"float32"> {
    return this.#space;
  }
  processAction(action: NDArray<"float32">, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "a float32 NDArray of shape [2] in [-1, 1]", action);
    return move(currentState, gridSize, roundHalfEven((action.data[0] as number) * this.maxSpeed), roundHalfEven((action.data[1] as number) * this.maxSpeed));
  }
  validateAction(action: unknown): action is NDArray<"float32"> {
    return this.#space.contains(action);
  }
  getMetadata(): ActionMetadata {
    return { type: "continuous", parameters: { max_speed: this.maxSpeed }, movement_model: "velocity_control", orientation_dependent: false };
  }
}

const EIGHT: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
  [0, 0],
];

/** S2: 8 directions plus STAY (8); STAY returns a new instance. */
export class EightDirectionActions implements ActionProcessor<number> {
  readonly #space = new Discrete(9);
  constructor(readonly stepSize = 1) {}
  get actionSpace(): Discrete {
    return this.#space;
  }
  processAction(action: number, currentState: AgentState, gridSize: GridSize): AgentState {
    if (!this.validateAction(action)) throw ValidationError.invalid("action", "an integer in [0, 8]", action);
    const [dx, dy] = EIGHT[action] as readonly [number, number];
    return move(currentState, gridSize, dx * this.stepSize, dy * this.stepSize);
  }
  validateAction(action: unknown): action is number {
    return this.#space.contains(action);
  }
  getMetadata(): ActionMetadata {
    return { type: "eight_direction_stay", parameters: { step_size: this.stepSize, n_actions: 9 }, movement_model: "eight_directions_plus_stay", orientation_dependent: false };
  }
}

export const REFERENCE_ACTIONS: Readonly<Record<string, { create: () => ActionProcessor<unknown>; options?: Record<string, unknown> }>> = {
  "DiscreteGridActions(step 1)": { create: () => new DiscreteGridActions(1) },
  "DiscreteGridActions(step 3)": { create: () => new DiscreteGridActions(3) },
  OrientedGridActions: { create: () => new OrientedGridActions() },
  OrientedRunTumbleActions: { create: () => new OrientedRunTumbleActions() },
  ContinuousActions: { create: () => new ContinuousActions() as ActionProcessor<unknown> },
  EightDirectionActions: { create: () => new EightDirectionActions() },
};
