// @gridworlds/plume-env-urgency — an odour grid whose observation also carries episode progress, for
// long 5000-step searches on a 160x160 grid.
// BUG (time / long episodes): progress is step_count / 1000 (the author's old default limit), declared
// in [0, 1]. From step 1001 on the observation leaves observation_space. Rollouts of 200 steps never
// get there.
import { ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class UrgencyEnv extends OdorGridEnv {
  constructor(options) {
    super(options);
    this._observationSpace = new Box({ low: 0, high: 1, shape: [2], dtype: "float32" });
  }

  _observe() {
    const { x, y } = this._agent.position;
    return ndarray("float32", [2], Float32Array.of(this._concentration(x, y), this._agent.step_count / 1000));
  }
}

export function createEnv(hints = {}) {
  return new UrgencyEnv(hinted({ gridSize: [160, 160], source: [120, 40], sigma: 25, maxSteps: 5000 }, hints));
}

export default createEnv;
