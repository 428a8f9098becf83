/**
 * `ContinuousActions`: velocity control (seed 002). An action is `(vx, vy)` in `[-1, 1]^2` (a float32
 * `NDArray` of shape [2]); the agent moves by `round(v * maxSpeed)` cells per axis, clamped into the grid.
 */
import {
  Coordinates,
  ValidationError,
  parseWithSchema,
  type ActionMetadata,
  type ActionProcessor,
  type AgentBatch,
  type AgentState,
  type BatchActionProcessor,
  type BatchContext,
  type GridSize,
  type NDArray,
  roundHalfEven,
} from "@plume/core-types";
import { Box } from "@plume/spaces";
import * as z from "zod";

/** The largest finite float32: `maxSpeed` must stay finite once cast to float32. */
const FLOAT32_MAX = 3.4028234663852886e38;

/** Options of `ContinuousActions`. */
export const ContinuousActionsOptionsSchema = z.strictObject({
  /** Cells moved per step at full velocity (|v| = 1): a positive finite number. Default 2. */
  maxSpeed: z
    .number({ error: "a positive finite number (cells per step at |v| = 1)" })
    .positive({ error: "a positive finite number (cells per step at |v| = 1)" })
    .max(FLOAT32_MAX, { error: "a positive finite number (cells per step at |v| = 1)" })
    .default(2),
});
export type ContinuousActionsOptions = z.input<typeof ContinuousActionsOptionsSchema>;

/** The action type: a float32 `NDArray` of shape [2] holding `(vx, vy)`. */
export type VelocityAction = NDArray<"float32">;

/**
 * Continuous velocity control. `actionSpace` is `Box(-1, 1, (2,), float32)`; NaN, ±Infinity, values
 * outside `[-1, 1]`, other shapes and plain arrays are not actions.
 *
 * The displacement per axis is `round(v * maxSpeed)` computed as the reference does with NumPy 2: the
 * float32 element times the Python float `max_speed` is a float32 product (NEP 50), then Python's
 * `round` (ties to even). Orientation is never changed.
 */
export class ContinuousActions implements ActionProcessor<VelocityAction>, BatchActionProcessor {
  /** Cells moved per step at |v| = 1. */
  readonly maxSpeed: number;
  readonly #speed32: number;
  readonly #space = new Box({ low: -1, high: 1, shape: [2], dtype: "float32" });

  /** @throws ValidationError (`parameter` `"maxSpeed"`, or the unknown key) for bad options. */
  constructor(options: ContinuousActionsOptions = {}) {
    const { maxSpeed } = parseWithSchema(ContinuousActionsOptionsSchema, options, { what: "ContinuousActions options" });
    this.maxSpeed = maxSpeed;
    this.#speed32 = Math.fround(maxSpeed);
  }

  /** `Box(-1, 1, (2,), float32)`: the same instance on every read. */
  get actionSpace(): Box<"float32"> {
    return this.#space;
  }

  /** The whole-cell displacement `(dx, dy)` for a valid action (no clamping). */
  displacement(action: VelocityAction): [dx: number, dy: number] {
    if (!this.validateAction(action)) throw invalid(action);
    const data = action.data as ArrayLike<number>;
    const step = (v: number) => roundHalfEven(Math.fround(Math.fround(v) * this.#speed32));
    return [step(data[0] as number), step(data[1] as number)];
  }

  /**
   * The state after moving by `displacement(action)`, each axis clamped to `[0, size - 1]`. Returns a new
   * `AgentState`; orientation and counters are carried over; `action` is not modified.
   * @throws ValidationError (`parameter` `"action"`) unless `actionSpace.contains(action)`.
   */
  processAction(action: VelocityAction, currentState: AgentState, gridSize: GridSize): AgentState {
    const [dx, dy] = this.displacement(action);
    const { x, y } = currentState.position;
    return currentState.withPosition(
      new Coordinates(
        Math.max(0, Math.min(x + dx, gridSize.width - 1)),
        Math.max(0, Math.min(y + dy, gridSize.height - 1)),
      ),
    );
  }

  /**
   * The batch form of `processAction` (the batch protocol of `@plume/core-types`): `actions` holds two numbers
   * per environment, `(vx, vy)` of environment `i` at `actions[2 i]` and `actions[2 i + 1]` (the Box action
   * flattened). Each listed agent moves by `round(float32(float32(v) * maxSpeed))` cells per axis (ties to
   * even), clamped into the grid, exactly as `processAction`; orientation is not touched. Actions must already
   * be valid; nothing is allocated.
   */
  processActionBatch(
    actions: ArrayLike<number>,
    agents: AgentBatch,
    context: BatchContext,
    indices: Int32Array,
    count: number,
  ): void {
    const speed = this.#speed32;
    const fround = Math.fround;
    const xs = agents.x;
    const ys = agents.y;
    const maxX = context.gridWidth - 1;
    const maxY = context.gridHeight - 1;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      const offset = i * 2;
      const x = (xs[i] as number) + roundHalfEven(fround(fround(actions[offset] as number) * speed));
      const y = (ys[i] as number) + roundHalfEven(fround(fround(actions[offset + 1] as number) * speed));
      xs[i] = x < 0 ? 0 : x > maxX ? maxX : x;
      ys[i] = y < 0 ? 0 : y > maxY ? maxY : y;
    }
  }

  /** `actionSpace.contains(action)`: an NDArray of shape [2], castable to float32, every element in [-1, 1]. Never throws. */
  validateAction(action: unknown): action is VelocityAction {
    return this.#space.contains(action);
  }

  getMetadata(): ActionMetadata {
    return {
      type: "continuous",
      modality: "velocity",
      parameters: { max_speed: this.maxSpeed, action_bounds: [-1, 1], action_shape: [2] },
      movement_model: "velocity_control",
      orientation_dependent: false,
    };
  }
}

function invalid(action: unknown): ValidationError {
  return ValidationError.invalid(
    "action",
    "a float32 NDArray of shape [2] with finite elements in [-1, 1] (vx, vy)",
    action,
  );
}
