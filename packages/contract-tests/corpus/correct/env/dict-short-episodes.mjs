// @gridworlds/plume-env-dict — an odour grid with a Dict observation (odour float32, position int32,
// step clock int32), 37-step episodes and a goal radius of 2.5 cells, all declared the way the kit
// reads them (maxSteps, goalRadius, goalLocation, gridSize properties; goal_location and
// distance_to_goal in the info). Correct: it must be accepted.
import { ndarray } from "@plume/core-types";
import { Box, Dict } from "@plume/spaces";
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class DictObservationEnv extends OdorGridEnv {
  constructor(options) {
    super(options);
    const { width, height } = this._grid;
    this._observationSpace = new Dict({
      odour: new Box({ low: 0, high: 1, shape: [1], dtype: "float32" }),
      position: new Box({ low: [0, 0], high: [width - 1, height - 1], shape: [2], dtype: "int32" }),
      clock: new Box({ low: 0, high: this._maxSteps, shape: [1], dtype: "int32" }),
    });
  }

  _observe() {
    const { x, y } = this._agent.position;
    return {
      odour: ndarray("float32", [1], Float32Array.of(this._concentration(x, y))),
      position: ndarray("int32", [2], Int32Array.of(x, y)),
      clock: ndarray("int32", [1], Int32Array.of(this._agent.step_count)),
    };
  }
}

export function createEnv(hints = {}) {
  return new DictObservationEnv(hinted({ gridSize: [20, 14], source: [15, 7], sigma: 4, goalRadius: 2.5, maxSteps: 37 }, hints));
}

export default createEnv;
