// @gridworlds/plume-env-corridor — an elongated 400x6 corridor: the agent starts at the left end and the
// source is near the right end, episodes last 2500 steps, and the observation holds the odour and the
// episode progress step_count / max_steps (always within [0, 1]). Correct: it must be accepted.
import { ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class CorridorEnv extends OdorGridEnv {
  constructor(options) {
    super(options);
    this._observationSpace = new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });
  }

  _observe() {
    const { x, y } = this._agent.position;
    return ndarray("float32", [2], Float32Array.of(this._concentration(x, y), this._agent.step_count / this._maxSteps));
  }
}

export function createEnv(hints = {}) {
  return new CorridorEnv(hinted({ gridSize: [400, 6], source: [380, 3], sigma: 60, startLocation: [0, 3], maxSteps: 2500 }, hints));
}

export default createEnv;
