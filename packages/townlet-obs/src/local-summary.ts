/**
 * The local summary of the window around the observer: other agents, positioned objects and
 * reserved tiles in the window, and the distance to the nearest other agent. Every variant emits
 * it (features 29-32) with the variant's own window radius.
 */
import { BASE_INDEX as I } from "./layout.js";
import { clamp, offsetLength } from "./numeric.js";
import type { SpatialIndex } from "./spatial-index.js";
import type { TilePosition } from "./world.js";

/** The reference's `local_summary` metadata block (float64 values). */
export interface LocalSummary {
  readonly agent_count: number;
  readonly object_count: number;
  readonly reserved_tiles: number;
  readonly radius: number;
  readonly agent_ratio: number;
  readonly object_ratio: number;
  readonly reserved_ratio: number;
  /** Raw tiles to the nearest other agent (0 when none; a co-located agent is ignored). */
  readonly nearest_agent_distance: number;
  /** `min(1, nearest_agent_distance / max(1, radius))`. */
  readonly nearest_agent_distance_norm: number;
}

export function localSummary(tiles: SpatialIndex, origin: TilePosition, radius: number): LocalSummary {
  const [cx, cy] = origin;
  const window = 2 * radius + 1;
  const totalTiles = window * window;
  let others = 0;
  let objects = 0;
  let reserved = 0;
  let nearest: number | undefined;
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const x = cx + dx;
      const y = cy + dy;
      const agents = tiles.agentsAt(x, y);
      if (agents.length > 0) {
        // The reference subtracts the observer on its own tile.
        const count = dx === 0 && dy === 0 ? agents.length - 1 : agents.length;
        others += Math.max(0, count);
        if (count > 0) {
          const distance = offsetLength(dx, dy);
          if (distance > 0 && (nearest === undefined || distance < nearest)) nearest = distance;
        }
      }
      objects += tiles.objectsAt(x, y).length;
      if (tiles.isReserved(x, y)) reserved += 1;
    }
  }
  const nearestDistance = nearest ?? 0;
  return {
    agent_count: others,
    object_count: objects,
    reserved_tiles: reserved,
    radius,
    agent_ratio: Math.min(1, others / Math.max(1, totalTiles - 1)),
    object_ratio: Math.min(1, objects / Math.max(1, totalTiles)),
    reserved_ratio: Math.min(1, reserved / Math.max(1, totalTiles)),
    nearest_agent_distance: nearestDistance,
    nearest_agent_distance_norm: nearest === undefined ? 0 : clamp(nearest / Math.max(1, radius), 0, 1),
  };
}

/** Writes features 29-32 from a summary (the distance feature is the normalised one). */
export function encodeLocalSummary(features: Float32Array, summary: LocalSummary): void {
  features[I.neighbor_agent_ratio] = summary.agent_ratio;
  features[I.neighbor_object_ratio] = summary.object_ratio;
  features[I.reserved_tile_ratio] = summary.reserved_ratio;
  features[I.nearest_agent_distance] = summary.nearest_agent_distance_norm;
}
