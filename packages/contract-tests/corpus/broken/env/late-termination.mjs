// @closures/plume-env-king — an odour-search env written as a closure-based object (no class, no shared
// base): 8 king moves, a 64x64 grid with the source at (50, 12), a Box observation (odour, distance
// rank), 400-step episodes.
// BUG (goal): `terminated` is computed from the distance *before* the move (the author computed the
// flags before updating the position). The step onto the goal is not terminated — with
// distance_to_goal 0 in its info — and the episode ends one step later, after the agent has left the
// goal again (seed 001: terminated <=> goal reached on this step). Random rollouts of 200 steps from
// random starts rarely touch the source cell.
import { Coordinates, GridSize, StateError, ValidationError, ndarray, parseWithSchema, resetOptionsSchema } from "@plume/core-types";
import { Box, Discrete, Generator } from "@plume/spaces";

const DX = [0, 1, 1, 1, 0, -1, -1, -1];
const DY = [1, 1, 0, -1, -1, -1, 0, 1];

export function createEnv(hints = {}) {
  const grid = new GridSize(64, 64);
  const goal = new Coordinates(50, 12);
  const maxSteps = hints.maxSteps ?? 400;
  const renderMode = hints.renderMode ?? null;
  const observationSpace = new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });
  const actionSpace = new Discrete(8);
  const metadata = Object.freeze({ render_modes: Object.freeze(["rgb_array"]), render_fps: 15 });
  let rng;
  let phase = "CREATED";
  let x = 0;
  let y = 0;
  let steps = 0;
  let total = 0;
  let episodes = 0;

  const distance = () => Math.hypot(x - goal.x, y - goal.y);
  const observe = () => {
    const d = distance();
    return ndarray("float32", [2], Float32Array.of(Math.exp(-(d * d) / 200), Math.min(1, d / 90.6)));
  };
  const info = (extra) => ({ agent_position: [x, y], agent_xy: [x, y], goal_location: [goal.x, goal.y], source_location: [goal.x, goal.y], step_count: steps, episode_count: episodes, total_reward: total, ...extra });

  return {
    get observationSpace() {
      return observationSpace;
    },
    get actionSpace() {
      return actionSpace;
    },
    metadata,
    renderMode,
    maxSteps,
    goalRadius: 0,
    goalLocation: goal,
    gridSize: grid,
    get npRandom() {
      return rng;
    },
    reset(options) {
      if (phase === "CLOSED") throw new StateError("reset() after close()", { currentState: phase });
      const { seed } = parseWithSchema(resetOptionsSchema, options, { what: "reset options" }) ?? {};
      if (seed !== undefined || rng === undefined) rng = Generator.fromSeed(seed);
      x = rng.integers(0, grid.width);
      y = rng.integers(0, grid.height);
      steps = 0;
      total = 0;
      episodes += 1;
      phase = "READY";
      return [observe(), info({ goal_reached: false, seed: seed ?? null })];
    },
    step(action) {
      if (phase !== "READY") throw new StateError("step() needs a reset() first", { currentState: phase, allowedStates: ["READY"] });
      if (!actionSpace.contains(action)) throw ValidationError.invalid("action", "an integer in [0, 7]", action);
      const terminated = distance() <= 0;
      x = Math.min(grid.width - 1, Math.max(0, x + DX[action]));
      y = Math.min(grid.height - 1, Math.max(0, y + DY[action]));
      steps += 1;
      const truncated = steps >= maxSteps;
      const reward = terminated ? 1 : 0;
      total += reward;
      phase = terminated ? "TERMINATED" : truncated ? "TRUNCATED" : "READY";
      return [observe(), reward, terminated, truncated, info({ goal_reached: terminated, distance_to_goal: distance() })];
    },
    render() {
      if (renderMode !== "rgb_array") return undefined;
      const rgb = new Uint8Array(grid.width * grid.height * 3);
      rgb[(goal.y * grid.width + goal.x) * 3 + 2] = 255;
      rgb[(y * grid.width + x) * 3] = 255;
      return ndarray("uint8", [grid.height, grid.width, 3], rgb);
    },
    close() {
      phase = "CLOSED";
    },
  };
}

export default createEnv;
