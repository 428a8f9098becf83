// @burrow/plume-env-den — a class-based odour-search env that keeps its goal (the "den") private: no
// goalLocation, no goal_location or distance_to_goal in the info; only the odour tells where it is.
// 4 moves (N, E, S, W), a 40x30 grid with the den at (29, 7), a Box observation (odour), 300-step episodes.
// BUG (goal): `terminated` is computed from the cell the agent stood on *before* the move (the author
// tested "am I in the den?" before moving). The step onto the den is not terminated; the next step ends
// the episode on whatever cell it moves to. Since the env declares no goal, a kit that only steers onto a
// declared goal never sees this.
import { StateError, ValidationError, ndarray, parseWithSchema, resetOptionsSchema } from "@plume/core-types";
import { Box, Discrete, Generator } from "@plume/spaces";

const MOVES = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
];

class DenEnv {
  #den = [29, 7];
  #rng = undefined;
  #phase = "CREATED";
  #x = 0;
  #y = 0;
  #steps = 0;
  #total = 0;
  #episodes = 0;

  constructor(hints = {}) {
    this.gridSize = { width: 40, height: 30 };
    this.maxSteps = hints.maxSteps ?? 300;
    this.renderMode = hints.renderMode ?? null;
    this.metadata = Object.freeze({ render_modes: Object.freeze(["rgb_array"]), render_fps: 10 });
    this.observationSpace = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
    this.actionSpace = new Discrete(4);
  }

  get npRandom() {
    return this.#rng;
  }

  #inDen(x, y) {
    return x === this.#den[0] && y === this.#den[1];
  }

  #observe() {
    const d2 = (this.#x - this.#den[0]) ** 2 + (this.#y - this.#den[1]) ** 2;
    return ndarray("float32", [1], Float32Array.of(Math.exp(-d2 / 150)));
  }

  #info(extra) {
    return { agent_xy: [this.#x, this.#y], agent_position: [this.#x, this.#y], step_count: this.#steps, episode_count: this.#episodes, total_reward: this.#total, ...extra };
  }

  reset(options) {
    if (this.#phase === "CLOSED") throw new StateError("reset() after close()", { currentState: this.#phase });
    const { seed } = parseWithSchema(resetOptionsSchema, options, { what: "reset options" }) ?? {};
    if (seed !== undefined || this.#rng === undefined) this.#rng = Generator.fromSeed(seed);
    do {
      this.#x = this.#rng.integers(0, this.gridSize.width);
      this.#y = this.#rng.integers(0, this.gridSize.height);
    } while (this.#inDen(this.#x, this.#y));
    this.#steps = 0;
    this.#total = 0;
    this.#episodes += 1;
    this.#phase = "READY";
    return [this.#observe(), this.#info({ goal_reached: false, seed: seed ?? null })];
  }

  step(action) {
    if (this.#phase !== "READY") throw new StateError("step() needs a reset() first", { currentState: this.#phase, allowedStates: ["READY"] });
    if (!this.actionSpace.contains(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const terminated = this.#inDen(this.#x, this.#y);
    const [dx, dy] = MOVES[action];
    this.#x = Math.min(this.gridSize.width - 1, Math.max(0, this.#x + dx));
    this.#y = Math.min(this.gridSize.height - 1, Math.max(0, this.#y + dy));
    this.#steps += 1;
    const truncated = this.#steps >= this.maxSteps;
    const reward = terminated ? 10 : -0.01;
    this.#total += reward;
    this.#phase = terminated ? "TERMINATED" : truncated ? "TRUNCATED" : "READY";
    return [this.#observe(), reward, terminated, truncated, this.#info({ goal_reached: terminated })];
  }

  render() {
    if (this.renderMode !== "rgb_array") return undefined;
    const { width, height } = this.gridSize;
    const rgb = new Uint8Array(width * height * 3);
    rgb[(this.#y * width + this.#x) * 3] = 255;
    return ndarray("uint8", [height, width, 3], rgb);
  }

  close() {
    this.#phase = "CLOSED";
  }
}

export function createEnv(hints = {}) {
  return new DenEnv(hints);
}

export default createEnv;
