/**
 * The hybrid (4 channels) and full (6 channels) egocentric maps. Cell `[c, dy+r, dx+r]` is tile
 * `(x+dx, y+dy)`; no rotation, no bounds. Channels are binary; `path_dx`/`path_dy` are the unit
 * offset from the centre (0 at the centre).
 */
import { offsetLength } from "./numeric.js";
import type { SpatialIndex } from "./spatial-index.js";
import type { TilePosition } from "./world.js";

/** Channel order: self, agents (observer's tile included), objects, reservations[, path_dx, path_dy]. */
export function encodeEgocentricMap(
  tiles: SpatialIndex,
  origin: TilePosition,
  radius: number,
  withPaths: boolean,
): Float32Array {
  const w = 2 * radius + 1;
  const plane = w * w;
  const channels = withPaths ? 6 : 4;
  const out = new Float32Array(channels * plane);
  const [cx, cy] = origin;
  out[radius * w + radius] = 1;
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const x = cx + dx;
      const y = cy + dy;
      const cell = (dy + radius) * w + (dx + radius);
      if (tiles.agentsAt(x, y).length > 0) out[plane + cell] = 1;
      if (tiles.objectsAt(x, y).length > 0) out[2 * plane + cell] = 1;
      if (tiles.isReserved(x, y)) out[3 * plane + cell] = 1;
      if (withPaths) {
        const distance = offsetLength(dx, dy);
        if (distance > 0) {
          out[4 * plane + cell] = dx / distance;
          out[5 * plane + cell] = dy / distance;
        }
      }
    }
  }
  return out;
}
