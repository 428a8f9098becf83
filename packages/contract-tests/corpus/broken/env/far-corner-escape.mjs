// @gridworlds/plume-env-arena — a 200x200 arena; every episode starts in the middle, as in the
// author's behavioural experiments.
// BUG (corners / off-by-one): the move clamps x to `width` instead of `width - 1`, so an agent on the
// right wall can step to x = 200, outside the grid (and reads concentration 0 there). The agent only gets
// there by walking ~100 cells in one direction; random walks of 200 steps from the middle never do.
import { Coordinates } from "@plume/core-types";
import { MOVES, OdorGridEnv, hinted } from "../../lib/odor-grid-env.mjs";

class ArenaEnv extends OdorGridEnv {
  _move(position, action) {
    const [dx, dy] = MOVES[action];
    const x = Math.min(this._grid.width, Math.max(0, position.x + dx));
    const y = Math.min(this._grid.height - 1, Math.max(0, position.y + dy));
    return new Coordinates(x, y);
  }
}

export function createEnv(hints = {}) {
  return new ArenaEnv(hinted({ gridSize: [200, 200], source: [40, 160], sigma: 30, startLocation: [100, 100], maxSteps: 2000 }, hints));
}

export default createEnv;
