/**
 * `PlumeSearchEnv`: seed 001's environment. Same dynamics as `PlumeEnv` (same start draws, rewards,
 * termination, info), observed as the Dict
 * `{ agent_position: int32[2], concentration_field: float32[H, W], source_location: int32[2] }`.
 */
import {
  GridSize,
  ndarray,
  parseWithSchema,
  type EnvState,
  type NDArray,
  type ObservationMetadata,
  type ObservationModel,
} from "@plume/core-types";
import { Box, Dict } from "@plume/spaces";
import type { z } from "zod";
import { PLUME_ENV_DEFAULTS, PlumeEnv, PlumeEnvOptionsSchema, type PlumeEnvOptions } from "./plume-env.js";

/** One observation of `PlumeSearchEnv`. */
export interface PlumeSearchObservation {
  /** `[x, y]` of the agent. */
  readonly agent_position: NDArray<"int32">;
  /** The whole concentration field, shape `[height, width]`, values in [0, 1]. */
  readonly concentration_field: NDArray<"float32">;
  /** `[x, y]` of the source (the goal). */
  readonly source_location: NDArray<"int32">;
}

type SearchSpace = Dict<{
  agent_position: Box<"int32">;
  concentration_field: Box<"float32">;
  source_location: Box<"int32">;
}>;

/**
 * The observation model behind `PlumeSearchEnv`: reads `agent_state`, `plume_field`, `goal_location`
 * and `grid_size`; every observation is a fresh copy (no buffer is shared between observations).
 */
export class PlumeSearchObservationModel implements ObservationModel<PlumeSearchObservation> {
  readonly #grid: GridSize;
  readonly #space: SearchSpace;

  constructor(gridSize: GridSize) {
    this.#grid = gridSize;
    const { width, height } = gridSize;
    const position = () => new Box({ low: [0, 0], high: [width - 1, height - 1], shape: [2], dtype: "int32" });
    this.#space = new Dict({
      agent_position: position(),
      concentration_field: new Box({ low: 0, high: 1, shape: [height, width], dtype: "float32" }),
      source_location: position(),
    });
  }

  /** `Dict(agent_position: Box(0, [W-1, H-1], (2,), int32), concentration_field: Box(0, 1, (H, W), float32), source_location: ...)`. */
  get observationSpace(): SearchSpace {
    return this.#space;
  }

  getObservation(envState: EnvState): PlumeSearchObservation {
    const { width, height } = this.#grid;
    const field = envState.plume_field;
    const copy = new Float32Array(width * height);
    for (let i = 0; i < copy.length; i++) {
      const v = field[i] as number;
      copy[i] = v > 1 ? 1 : v >= 0 ? v : 0;
    }
    const agent = envState.agent_state.position;
    const goal = envState.goal_location;
    return {
      agent_position: ndarray("int32", [2], Int32Array.of(agent.x, agent.y)),
      concentration_field: ndarray("float32", [height, width], copy),
      source_location: ndarray("int32", [2], Int32Array.of(goal.x, goal.y)),
    };
  }

  getMetadata(): ObservationMetadata {
    return {
      type: "plume_search_observation",
      modality: "composite",
      parameters: { grid_size: this.#grid.toTuple() },
      required_state_keys: ["agent_state", "plume_field", "goal_location", "grid_size"],
    };
  }
}

/** Options of `PlumeSearchEnv`: those of `PlumeEnv` without `sensor` (the observation is fixed). */
export const PlumeSearchEnvOptionsSchema = PlumeEnvOptionsSchema.omit({ sensor: true });
export type PlumeSearchEnvOptions<Act = number> = Omit<PlumeEnvOptions<PlumeSearchObservation, Act>, "sensor">;

/**
 * Seed 001's `PlumeSearchEnv`: `Discrete(4)` actions by default and the Dict observation.
 *
 * ```ts
 * const env = new PlumeSearchEnv({ gridSize: [32, 32] });
 * const [obs] = env.reset({ seed: 42 });
 * obs.agent_position.data; // Int32Array [x, y]
 * ```
 */
export class PlumeSearchEnv<Act = number> extends PlumeEnv<PlumeSearchObservation, Act> {
  /** @throws ValidationError naming the bad option (a `sensor` option is rejected: the observation is fixed). */
  constructor(options: PlumeSearchEnvOptions<Act> = {}) {
    const parsed: z.output<typeof PlumeSearchEnvOptionsSchema> = parseWithSchema(PlumeSearchEnvOptionsSchema, options ?? {}, {
      what: "PlumeSearchEnv options",
    });
    const grid = parsed.gridSize;
    super({
      ...(options as PlumeEnvOptions<PlumeSearchObservation, Act>),
      sensor: new PlumeSearchObservationModel(grid ?? new GridSize(...PLUME_ENV_DEFAULTS.gridSize)),
    });
  }

  override toString(): string {
    return super.toString().replace(/^PlumeEnv/, "PlumeSearchEnv");
  }
}
