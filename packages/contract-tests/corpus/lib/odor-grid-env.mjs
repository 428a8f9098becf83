// The base class of the corpus's environment entries: a small, correct, self-contained odour-search
// environment written against @plume/core-types and @plume/spaces only (no @plume/env), the way an
// outside author writes a whole env. Each broken env entry subclasses it and overrides one method with
// a plausible bug; correct env entries use or extend it as it is.
//
// How it declares itself to the contract kit (the convention of corpus/README.md):
// - the module exports `createEnv(hints)` (and the same function as default): a fresh env per call,
//   honouring the hints `maxSteps` and `renderMode` when given;
// - the env exposes `gridSize` ({ width, height }), `maxSteps`, `goalRadius` and `goalLocation`
//   ({ x, y }) as read-only properties, like PlumeEnv, and reports `goal_location`, `step_count`,
//   `goal_reached` and (on steps) `distance_to_goal` in its info.
import { AgentState, Coordinates, GridSize, StateError, ValidationError, ndarray, parseWithSchema, resetOptionsSchema } from "@plume/core-types";
import { Box, Discrete, Generator } from "@plume/spaces";

export const MOVES = Object.freeze([
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
]);

export class OdorGridEnv {
  constructor({ gridSize = [48, 40], source = [36, 20], sigma = 8, goalRadius = 1, maxSteps = 500, startLocation, renderMode = null } = {}) {
    if (renderMode !== null && renderMode !== "rgb_array") throw ValidationError.invalid("renderMode", '"rgb_array" or null', renderMode);
    if (!Number.isSafeInteger(maxSteps) || maxSteps < 1) throw ValidationError.invalid("maxSteps", "an integer >= 1", maxSteps);
    this._grid = new GridSize(gridSize[0], gridSize[1]);
    this._goal = new Coordinates(source[0], source[1]);
    this._goalRadius = goalRadius;
    this._maxSteps = maxSteps;
    this._start = startLocation === undefined ? undefined : new Coordinates(startLocation[0], startLocation[1]);
    this._renderMode = renderMode;
    this._field = this._buildField(sigma);
    this._observationSpace = new Box({ low: 0, high: 1, shape: [1], dtype: "float32" });
    this._actionSpace = new Discrete(4);
    this._metadata = Object.freeze({ render_modes: Object.freeze(["rgb_array"]), render_fps: 10 });
    this._rng = undefined;
    this._lifecycle = "CREATED";
    this._agent = undefined;
    this._episodes = 0;
    this._seed = null;
  }

  _buildField(sigma) {
    const { width, height } = this._grid;
    const field = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const d2 = (x - this._goal.x) ** 2 + (y - this._goal.y) ** 2;
        field[y * width + x] = Math.exp(-d2 / (2 * sigma * sigma));
      }
    }
    return field;
  }

  get observationSpace() {
    return this._observationSpace;
  }
  get actionSpace() {
    return this._actionSpace;
  }
  get metadata() {
    return this._metadata;
  }
  get renderMode() {
    return this._renderMode;
  }
  get npRandom() {
    return this._rng;
  }
  get unwrapped() {
    return this;
  }
  get gridSize() {
    return this._grid;
  }
  get maxSteps() {
    return this._maxSteps;
  }
  get goalRadius() {
    return this._goalRadius;
  }
  get goalLocation() {
    return this._goal;
  }

  /** The concentration at a cell (0 off the grid). */
  _concentration(x, y) {
    const { width, height } = this._grid;
    if (!(x >= 0 && x < width && y >= 0 && y < height)) return 0;
    return this._field[y * width + x];
  }

  _observe() {
    const { x, y } = this._agent.position;
    return ndarray("float32", [1], Float32Array.of(this._concentration(x, y)));
  }

  _seedGenerator(seed) {
    if (seed !== undefined) this._rng = Generator.fromSeed(seed);
    else if (this._rng === undefined) this._rng = Generator.fromSeed();
  }

  _startPosition() {
    if (this._start !== undefined) return this._start;
    return new Coordinates(this._rng.integers(0, this._grid.width), this._rng.integers(0, this._grid.height));
  }

  _move(position, action) {
    const [dx, dy] = MOVES[action];
    const x = Math.min(this._grid.width - 1, Math.max(0, position.x + dx));
    const y = Math.min(this._grid.height - 1, Math.max(0, position.y + dy));
    return new Coordinates(x, y);
  }

  _distance(position) {
    return Math.hypot(position.x - this._goal.x, position.y - this._goal.y);
  }

  _reward(prev, next) {
    return this._distance(next.position) <= this._goalRadius ? 1 : 0;
  }

  _isTruncated(stepCount) {
    return stepCount >= this._maxSteps;
  }

  _info(extra = {}) {
    const a = this._agent;
    return {
      agent_position: [a.position.x, a.position.y],
      agent_xy: [a.position.x, a.position.y],
      goal_location: [this._goal.x, this._goal.y],
      source_location: [this._goal.x, this._goal.y],
      step_count: a.step_count,
      episode_count: this._episodes,
      total_reward: a.total_reward,
      goal_reached: a.goal_reached,
      ...extra,
    };
  }

  reset(options) {
    if (this._lifecycle === "CLOSED") throw new StateError("reset() after close()", { parameter: "lifecycle" });
    const parsed = parseWithSchema(resetOptionsSchema, options, { what: "reset options" }) ?? {};
    this._seedGenerator(parsed.seed);
    const start = parsed.options?.start_location;
    const position = Array.isArray(start) ? new Coordinates(start[0], start[1]) : this._startPosition();
    this._agent = new AgentState({ position, orientation: 0 });
    this._episodes += 1;
    this._seed = parsed.seed ?? null;
    this._lifecycle = "READY";
    return [this._observe(), this._info({ seed: this._seed })];
  }

  step(action) {
    if (this._lifecycle !== "READY") {
      throw new StateError(`step() in state ${this._lifecycle}: call reset() first`, { parameter: "lifecycle" });
    }
    if (!this._actionSpace.contains(action)) throw ValidationError.invalid("action", "an integer in [0, 3]", action);
    const prev = this._agent;
    const moved = prev.with({ position: this._move(prev.position, action), step_count: prev.step_count + 1 });
    const reward = this._reward(prev, moved);
    const distance = this._distance(moved.position);
    const terminated = distance <= this._goalRadius;
    const truncated = this._isTruncated(moved.step_count);
    this._agent = moved.with({ total_reward: prev.total_reward + reward, goal_reached: prev.goal_reached || terminated });
    if (terminated) this._lifecycle = "TERMINATED";
    else if (truncated) this._lifecycle = "TRUNCATED";
    return [this._observe(), reward, terminated, truncated, this._info({ distance_to_goal: distance })];
  }

  _frame() {
    const { width, height } = this._grid;
    const pixels = new Uint8Array(height * width * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        pixels[i + 1] = Math.round(255 * this._field[y * width + x]);
      }
    }
    const mark = (p, channel) => {
      pixels[(p.y * width + p.x) * 3 + channel] = 255;
    };
    mark(this._goal, 2);
    if (this._agent !== undefined) mark(this._agent.position, 0);
    return ndarray("uint8", [height, width, 3], pixels);
  }

  render() {
    if (this._renderMode === "rgb_array") return this._frame();
    return undefined;
  }

  close() {
    this._lifecycle = "CLOSED";
  }
}

/** Reads the kit's hints into constructor options (only the keys this env understands). */
export function hinted(defaults, hints = {}) {
  return {
    ...defaults,
    ...(hints?.maxSteps !== undefined && { maxSteps: hints.maxSteps }),
    ...(hints?.renderMode !== undefined && { renderMode: hints.renderMode }),
  };
}
