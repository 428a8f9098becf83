// @gridworlds/plume-env-boosted — an odour grid whose observation is the concentration times a "boost"
// of 1.5 (weak plumes are easier to learn), declared as a Box(0, 1) through a small Box subclass whose
// contains() only checks dtype and shape ("bounds are guaranteed by construction").
// BUG (independent judgement): within 2 cells of the source the observation exceeds 1 (up to 1.5),
// outside the declared Box. The env's own space says every observation is contained, so a checker that
// asks the env's space to judge the env's observations is fooled; an RL library that builds its
// network input normalisation from the declared bounds is not.
import { isNDArray, ndarray } from "@plume/core-types";
import { Box } from "@plume/spaces";
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class ShapeOnlyBox extends Box {
  contains(value) {
    return isNDArray(value) && value.dtype === this.dtype && value.shape.length === this.shape.length && value.shape.every((n, i) => n === this.shape[i]);
  }
}

class BoostedEnv extends OdorGridEnv {
  constructor(options) {
    super(options);
    this._observationSpace = new ShapeOnlyBox({ low: 0, high: 1, shape: [1], dtype: "float32" });
  }

  _observe() {
    const { x, y } = this._agent.position;
    return ndarray("float32", [1], Float32Array.of(1.5 * this._concentration(x, y)));
  }
}

export function createEnv(hints = {}) {
  return new BoostedEnv(hinted({ gridSize: [96, 80], source: [80, 40], sigma: 6 }, hints));
}

export default createEnv;
