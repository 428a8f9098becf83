// @tabular/plume-env-oriented-cells — a tabular odour-search env written from scratch (no shared base):
// the observation is a Tuple (odour level bin Discrete(8), heading Discrete(4)), the actions are
// FORWARD / TURN_LEFT / TURN_RIGHT, the grid is 30x18 with the source at (25, 4), episodes end on the
// source cell or after 90 steps. Declares maxSteps, goalLocation, goalRadius and gridSize as the kit's
// env convention asks, and renders rgb_array frames. Correct: it must be accepted.
import { Coordinates, GridSize, StateError, ValidationError, ndarray, parseWithSchema, resetOptionsSchema } from "@plume/core-types";
import { Discrete, Generator, Tuple } from "@plume/spaces";

const HEADINGS = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
];
const LEVELS = 8;

class TabularOrientedEnv {
  #grid = new GridSize(30, 18);
  #goal = new Coordinates(25, 4);
  #observationSpace = new Tuple([new Discrete(LEVELS), new Discrete(4)]);
  #actionSpace = new Discrete(3);
  #metadata = Object.freeze({ render_modes: Object.freeze(["rgb_array"]), render_fps: 4 });
  #rng;
  #state = "CREATED";
  #x = 0;
  #y = 0;
  #heading = 0;
  #steps = 0;
  #total = 0;
  #episodes = 0;

  constructor({ maxSteps = 90, renderMode = null } = {}) {
    this.maxSteps = maxSteps;
    this.renderMode = renderMode;
    this.goalRadius = 0;
  }

  get observationSpace() {
    return this.#observationSpace;
  }
  get actionSpace() {
    return this.#actionSpace;
  }
  get metadata() {
    return this.#metadata;
  }
  get npRandom() {
    return this.#rng;
  }
  get gridSize() {
    return this.#grid;
  }
  get goalLocation() {
    return this.#goal;
  }

  #level() {
    const d = Math.hypot(this.#x - this.#goal.x, this.#y - this.#goal.y);
    return Math.min(LEVELS - 1, Math.floor(LEVELS * Math.exp(-d / 6)));
  }

  #info(extra) {
    const position = [this.#x, this.#y];
    return { agent_position: position, agent_xy: position, goal_location: [this.#goal.x, this.#goal.y], source_location: [this.#goal.x, this.#goal.y], step_count: this.#steps, episode_count: this.#episodes, total_reward: this.#total, ...extra };
  }

  reset(options) {
    if (this.#state === "CLOSED") throw new StateError("reset() after close()", { currentState: "CLOSED" });
    const { seed, options: resetOptions } = parseWithSchema(resetOptionsSchema, options, { what: "reset options" }) ?? {};
    if (seed !== undefined || this.#rng === undefined) this.#rng = Generator.fromSeed(seed);
    const start = resetOptions?.start_location;
    [this.#x, this.#y] = Array.isArray(start) ? start : [this.#rng.integers(0, this.#grid.width), this.#rng.integers(0, this.#grid.height)];
    this.#heading = this.#rng.integers(0, 4);
    this.#steps = 0;
    this.#total = 0;
    this.#episodes += 1;
    this.#state = "READY";
    return [[this.#level(), this.#heading], this.#info({ goal_reached: false, seed: seed ?? null })];
  }

  step(action) {
    if (this.#state !== "READY") throw new StateError("step() needs a reset() first", { currentState: this.#state, allowedStates: ["READY"] });
    if (!this.#actionSpace.contains(action)) throw ValidationError.invalid("action", "0 (forward), 1 (left) or 2 (right)", action);
    if (action === 1) this.#heading = (this.#heading + 1) % 4;
    else if (action === 2) this.#heading = (this.#heading + 3) % 4;
    else {
      const [dx, dy] = HEADINGS[this.#heading];
      this.#x = Math.min(this.#grid.width - 1, Math.max(0, this.#x + dx));
      this.#y = Math.min(this.#grid.height - 1, Math.max(0, this.#y + dy));
    }
    this.#steps += 1;
    const distance = Math.hypot(this.#x - this.#goal.x, this.#y - this.#goal.y);
    const terminated = distance <= this.goalRadius;
    const truncated = this.#steps >= this.maxSteps;
    const reward = terminated ? 1 : -0.01;
    this.#total += reward;
    this.#state = terminated ? "TERMINATED" : truncated ? "TRUNCATED" : "READY";
    return [[this.#level(), this.#heading], reward, terminated, truncated, this.#info({ goal_reached: terminated, distance_to_goal: distance })];
  }

  render() {
    if (this.renderMode !== "rgb_array") return undefined;
    const { width, height } = this.#grid;
    const rgb = new Uint8Array(width * height * 3);
    rgb[(this.#goal.y * width + this.#goal.x) * 3 + 2] = 255;
    if (this.#state !== "CREATED") rgb[(this.#y * width + this.#x) * 3] = 255;
    return ndarray("uint8", [height, width, 3], rgb);
  }

  close() {
    this.#state = "CLOSED";
  }
}

export function createEnv(hints = {}) {
  return new TabularOrientedEnv({ ...(hints.maxSteps !== undefined && { maxSteps: hints.maxSteps }), ...(hints.renderMode !== undefined && { renderMode: hints.renderMode }) });
}

export default createEnv;
