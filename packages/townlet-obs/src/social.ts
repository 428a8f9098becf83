/**
 * The social snippet: `S = top_friends + top_rivals` slots of `[embedding(E), trust, familiarity,
 * rivalry]`, then the optional aggregates. The source is the observer's relationship ties, or, when
 * it has none, its top `top_rivals` rivalry-ledger edges (trust = familiarity = 0).
 */
import type { ObservationConfig } from "./config.js";
import { agentEmbedding } from "./hashing.js";
import type { FeatureLayout } from "./layout.js";
import { numpyMean, sortDescendingStable } from "./numeric.js";
import { topRivalryEdges } from "./rivalry.js";
import type { RelationshipTieRecord, RivalryEdgeRecord } from "./world-schema.js";

export type RelationSource = "relationships" | "rivalry_fallback" | "empty";

/** The reference's `social_context` metadata block. */
export interface SocialContext {
  readonly configured_slots: number;
  readonly slot_dim: number;
  readonly aggregates: readonly string[];
  readonly filled_slots: number;
  readonly relation_source: RelationSource;
  readonly has_data: boolean;
}

interface SocialEntry {
  readonly other: string;
  readonly trust: number;
  readonly familiarity: number;
  readonly rivalry: number;
}

function resolveEntries(
  ties: readonly RelationshipTieRecord[],
  rivalryEdges: readonly RivalryEdgeRecord[],
  topRivals: number,
): { entries: readonly SocialEntry[]; source: RelationSource } {
  if (ties.length > 0) return { entries: ties, source: "relationships" };
  const fallback = topRivalryEdges(rivalryEdges, topRivals).map((edge) => ({
    other: edge.other,
    trust: 0,
    familiarity: 0,
    rivalry: edge.score,
  }));
  return fallback.length > 0 ? { entries: fallback, source: "rivalry_fallback" } : { entries: [], source: "empty" };
}

/** Friends: the first F by trust + familiarity; rivals: the next R by rivalry, skipping friends. */
export function selectSlots(entries: readonly SocialEntry[], topFriends: number, topRivals: number): SocialEntry[] {
  const friends = sortDescendingStable(entries, (e) => e.trust + e.familiarity).slice(0, topFriends);
  const rivals: SocialEntry[] = [];
  if (topRivals > 0) {
    for (const entry of sortDescendingStable(entries, (e) => e.rivalry)) {
      if (friends.includes(entry)) continue;
      rivals.push(entry);
      if (rivals.length >= topRivals) break;
    }
  }
  return [...friends, ...rivals];
}

/** Writes the social block at `layout.socialStart` and returns its metadata (undefined when S = 0). */
export function encodeSocial(
  features: Float32Array,
  layout: FeatureLayout,
  ties: readonly RelationshipTieRecord[],
  rivalryEdges: readonly RivalryEdgeRecord[],
  config: ObservationConfig,
): SocialContext | undefined {
  const social = config.social_snippet;
  if (layout.socialSlots === 0) return undefined;
  const { entries, source } = resolveEntries(ties, rivalryEdges, social.top_rivals);
  const filled = selectSlots(entries, social.top_friends, social.top_rivals).slice(0, layout.socialSlots);
  let offset = layout.socialStart;
  for (const entry of filled) {
    features.set(agentEmbedding(entry.other, social.embed_dim), offset);
    offset += social.embed_dim;
    features[offset++] = entry.trust;
    features[offset++] = entry.familiarity;
    features[offset++] = entry.rivalry;
  }
  if (social.include_aggregates) {
    const aggregatesStart = layout.socialStart + layout.socialSlots * layout.slotDim;
    const trust = filled.map((e) => e.trust);
    const rivalry = filled.map((e) => e.rivalry);
    features[aggregatesStart] = trust.length > 0 ? numpyMean(trust) : 0;
    features[aggregatesStart + 1] = trust.length > 0 ? Math.max(...trust) : 0;
    features[aggregatesStart + 2] = rivalry.length > 0 ? numpyMean(rivalry) : 0;
    features[aggregatesStart + 3] = rivalry.length > 0 ? Math.max(...rivalry) : 0;
  }
  return {
    configured_slots: layout.socialSlots,
    slot_dim: layout.slotDim,
    aggregates: layout.aggregateNames,
    filled_slots: filled.length,
    relation_source: source,
    has_data: filled.length > 0,
  };
}
