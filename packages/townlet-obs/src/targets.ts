/**
 * Nearest-object features: the path hints toward the nearest `"stove"` and the optional landmark
 * bearings. Matching is on the exact, case-sensitive `type`; the search ignores the map window.
 */
import type { Landmark } from "./layout.js";
import { BASE_INDEX as I } from "./layout.js";
import { libm } from "@plume/core-types";
import type { TilePosition } from "./world.js";
import type { ObjectRecord } from "./world-schema.js";

/** Position of the nearest positioned object of exactly `type` (squared distance; earlier object wins ties). */
export function nearestObjectOfType(
  objects: readonly ObjectRecord[],
  type: string,
  origin: TilePosition,
): TilePosition | undefined {
  let best: TilePosition | undefined;
  let bestDistance = Infinity;
  for (const object of objects) {
    if (object.type !== type || object.position === null) continue;
    const dx = object.position[0] - origin[0];
    const dy = object.position[1] - origin[1];
    const d2 = dx * dx + dy * dy;
    if (d2 < bestDistance) {
      best = object.position;
      bestDistance = d2;
    }
  }
  return best;
}

/** The hard-coded path-hint target of the reference. */
export const PATH_HINT_TARGET = "stove";

/** L1 direction fractions toward the nearest stove (north is -y); all 0 without one or when on it. */
export function encodePathHint(features: Float32Array, objects: readonly ObjectRecord[], origin: TilePosition): void {
  let north = 0;
  let south = 0;
  let east = 0;
  let west = 0;
  const target = nearestObjectOfType(objects, PATH_HINT_TARGET, origin);
  if (target !== undefined) {
    const dx = target[0] - origin[0];
    const dy = target[1] - origin[1];
    const norm = Math.abs(dx) + Math.abs(dy);
    if (norm !== 0) {
      north = Math.max(0, -dy) / norm;
      south = Math.max(0, dy) / norm;
      east = Math.max(0, dx) / norm;
      west = Math.max(0, -dx) / norm;
    }
  }
  features[I.path_hint_north] = north;
  features[I.path_hint_south] = south;
  features[I.path_hint_east] = east;
  features[I.path_hint_west] = west;
}

/** `[dx/d', dy/d', d]` toward each landmark's nearest object (`d' = d || 1`, `d` in raw tiles), or zeros. */
export function encodeLandmarks(
  features: Float32Array,
  objects: readonly ObjectRecord[],
  origin: TilePosition,
  slices: Readonly<Record<Landmark, readonly [number, number]>>,
): void {
  for (const [landmark, [start]] of Object.entries(slices) as [Landmark, readonly [number, number]][]) {
    const target = nearestObjectOfType(objects, landmark, origin);
    if (target === undefined) {
      features.fill(0, start, start + 3);
      continue;
    }
    const dx = target[0] - origin[0];
    const dy = target[1] - origin[1];
    const distance = libm.hypot(dx, dy); // the reference: float(np.hypot(dx, dy))
    const norm = distance > 0 ? distance : 1;
    features[start] = dx / norm;
    features[start + 1] = dy / norm;
    features[start + 2] = distance;
  }
}
