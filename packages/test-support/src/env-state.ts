/**
 * Environment states for sensor tests: the reference's Gaussian field, a complete `EnvState` around a
 * dense field, and the reference's constant wind.
 */
import type { AgentState, ConcentrationField, Coordinates, EnvState, GridSize, PointLike, VectorField } from "@plume/core-types";
import { Generator } from "@plume/spaces";

/** The reference's static Gaussian plume: `exp(-((x - sx)^2 + (y - sy)^2) / (2 sigma^2))`, row-major float32. */
export function gaussianField(grid: GridSize, source: readonly [number, number], sigma: number): Float32Array {
  const out = new Float32Array(grid.width * grid.height);
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      const d2 = (x - source[0]) ** 2 + (y - source[1]) ** 2;
      out[y * grid.width + x] = Math.exp(-d2 / (2 * sigma * sigma));
    }
  }
  return out;
}

/** A complete env state (design.md §2) around a dense field. */
export function envState(options: {
  readonly grid: GridSize;
  readonly field: Float32Array;
  readonly agent: AgentState;
  readonly goal?: Coordinates;
  readonly rngSeed?: number;
}): EnvState {
  const { grid, field } = options;
  const concentration: ConcentrationField = {
    // integer cells only: enough for these tests, which never sample the field object
    sample: (x, y) =>
      Number.isInteger(x) && Number.isInteger(y) && grid.contains({ x, y }) ? (field[y * grid.width + x] as number) : 0,
    reset: () => undefined,
    gridSize: grid,
    fieldArray: field,
  };
  return {
    agent_state: options.agent,
    plume_field: field,
    concentration_field: concentration,
    goal_location: options.goal ?? grid.center(),
    grid_size: grid,
    step_count: options.agent.step_count,
    max_steps: 1000,
    rng: Generator.fromSeed(options.rngSeed ?? 0),
  };
}

/**
 * The reference's ConstantWindField: `vector = float32([speed cos(d), -speed sin(d)])` with `d` in radians
 * (`math.radians`); `sample` returns a fresh copy.
 */
export function constantWind(directionDeg: number, speed: number): VectorField & { readonly vector: Float32Array } {
  const theta = directionDeg * (Math.PI / 180);
  const vector = Float32Array.of(speed * Math.cos(theta), -speed * Math.sin(theta));
  return { vector, sample: (_position: PointLike) => vector.slice() };
}
