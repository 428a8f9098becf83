// @gridworlds/plume-env-heatmap — an odour grid whose rgb_array frames are float heatmaps in [0, 1]
// ("matplotlib's imshow takes floats").
// BUG (a MUST clause): render() in rgb_array mode returns a float32 [H, W, 3] array; seed 001's Render
// Contract requires np.ndarray[shape=(H, W, 3), dtype=uint8]. Video recorders and the CLI's GIF writer
// expect bytes.
import { ndarray } from "@plume/core-types";
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class HeatmapEnv extends OdorGridEnv {
  _frame() {
    const { width, height } = this._grid;
    const pixels = new Float32Array(height * width * 3);
    for (let i = 0; i < width * height; i++) pixels[i * 3 + 1] = this._field[i];
    if (this._agent !== undefined) pixels[(this._agent.position.y * width + this._agent.position.x) * 3] = 1;
    return ndarray("float32", [height, width, 3], pixels);
  }
}

export function createEnv(hints = {}) {
  return new HeatmapEnv(hinted({}, hints));
}

export default createEnv;
