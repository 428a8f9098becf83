/** The rivalry-ledger features: `rivalry_max` and `rivalry_avoid_count` over the top edges. */
import type { ObservationConfig } from "./config.js";
import { BASE_INDEX as I } from "./layout.js";
import { sortDescendingStable } from "./numeric.js";
import type { RivalryEdgeRecord } from "./world-schema.js";

/** The ledger's `top_rivals(limit)`: edges by score, descending and stable, at most `limit` (none if limit <= 0). */
export function topRivalryEdges(edges: readonly RivalryEdgeRecord[], limit: number): RivalryEdgeRecord[] {
  if (limit <= 0) return [];
  return sortDescendingStable(edges, (e) => e.score).slice(0, limit);
}

export function encodeRivalry(
  features: Float32Array,
  edges: readonly RivalryEdgeRecord[],
  config: ObservationConfig,
): void {
  const top = topRivalryEdges(edges, config.rivalry.max_edges);
  const threshold = config.rivalry.avoid_threshold;
  features[I.rivalry_max] = top.length > 0 ? (top[0] as RivalryEdgeRecord).score : 0;
  features[I.rivalry_avoid_count] = top.filter((e) => e.score >= threshold).length;
}
