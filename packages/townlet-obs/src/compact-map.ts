/**
 * The compact map: self, agents (observer excluded, counts), objects (counts), reservations,
 * one count channel per configured object type, and walkable. Counts are clamped to 1 with
 * `normalize_counts`. `walkable` is 0 on the observer's tile and on any occupied or reserved
 * tile, 1 elsewhere, off-grid tiles included.
 */
import { objectTypeKey } from "./numeric.js";
import type { SpatialIndex } from "./spatial-index.js";
import type { TilePosition } from "./world.js";

export function encodeCompactMap(
  tiles: SpatialIndex,
  observerId: string,
  origin: TilePosition,
  radius: number,
  objectChannels: readonly string[],
  normalizeCounts: boolean,
): Float32Array {
  const w = 2 * radius + 1;
  const plane = w * w;
  const typed = objectChannels.length;
  const walkableChannel = 4 + typed;
  const out = new Float32Array((walkableChannel + 1) * plane);
  const count = (n: number) => (normalizeCounts ? Math.min(1, n) : n);
  const [cx, cy] = origin;
  out[radius * w + radius] = 1;
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const x = cx + dx;
      const y = cy + dy;
      const cell = (dy + radius) * w + (dx + radius);
      const others = tiles.agentsAt(x, y).filter((id) => id !== observerId).length;
      const objects = tiles.objectsAt(x, y);
      const reserved = tiles.isReserved(x, y);
      if (others > 0) out[plane + cell] = count(others);
      if (objects.length > 0) out[2 * plane + cell] = count(objects.length);
      if (reserved) out[3 * plane + cell] = 1;
      if (typed > 0) {
        for (const object of objects) {
          const channel = objectChannels.indexOf(objectTypeKey(object.type));
          if (channel >= 0) out[(4 + channel) * plane + cell] += 1;
        }
        if (normalizeCounts) {
          for (let c = 0; c < typed; c++) {
            const i = (4 + c) * plane + cell;
            out[i] = Math.min(1, out[i]);
          }
        }
      }
      const blocked = others > 0 || objects.length > 0 || reserved || (dx === 0 && dy === 0);
      out[walkableChannel * plane + cell] = blocked ? 0 : 1;
    }
  }
  return out;
}
