// @gridworlds/plume-env-columns — an odour grid whose frames are built column by column (x-major), as
// the author's plotting code expects.
// BUG (independent judgement: render vs state): the frame has shape [width, height, 3] instead of
// [height, width, 3]. On this non-square 48x40 grid every frame is transposed relative to the env's grid
// (it is still a 3-D uint8 array with 3 channels, so a shape-only check passes).
import { ndarray } from "@plume/core-types";
import { OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class ColumnMajorEnv extends OdorGridEnv {
  _frame() {
    const { width, height } = this._grid;
    const pixels = new Uint8Array(width * height * 3);
    for (let x = 0; x < width; x++) {
      for (let y = 0; y < height; y++) pixels[(x * height + y) * 3 + 1] = Math.round(255 * this._field[y * width + x]);
    }
    if (this._agent !== undefined) pixels[(this._agent.position.x * height + this._agent.position.y) * 3] = 255;
    return ndarray("uint8", [width, height, 3], pixels);
  }
}

export function createEnv(hints = {}) {
  return new ColumnMajorEnv(hinted({}, hints));
}

export default createEnv;
