/**
 * The feature-vector and map-channel layout a config implies: names in the reference's order,
 * the index of each name, landmark slices and the social block's position.
 */
import { ValidationError } from "@plume/core-types";
import { mapWindow, sanitizeObjectChannels, targetsEnabled, type ObservationConfig } from "./config.js";

/** Shift states in one-hot order; any other state counts as the first. */
export const SHIFT_STATES = ["pre_shift", "on_time", "late", "absent", "post_shift"] as const;

/** Landmark object types, in feature order. */
export const LANDMARKS = ["fridge", "stove", "bed", "shower"] as const;
export type Landmark = (typeof LANDMARKS)[number];

/** The 29 leading scalars, then the 4 local-summary scalars: 33 features every variant emits. */
export const BASE_FEATURE_NAMES = Object.freeze([
  "need_hunger",
  "need_hygiene",
  "need_energy",
  "wallet",
  "lateness_counter",
  "on_shift",
  "time_sin",
  "time_cos",
  "attendance_ratio",
  "wages_withheld",
  "shift_pre",
  "shift_on_time",
  "shift_late",
  "shift_absent",
  "shift_post",
  "embedding_slot_norm",
  "ctx_reset_flag",
  "episode_progress",
  "rivalry_max",
  "rivalry_avoid_count",
  "last_action_id_hash",
  "last_action_success",
  "last_action_duration",
  "reservation_active",
  "in_queue",
  "path_hint_north",
  "path_hint_south",
  "path_hint_east",
  "path_hint_west",
  "neighbor_agent_ratio",
  "neighbor_object_ratio",
  "reserved_tile_ratio",
  "nearest_agent_distance",
] as const);
export type BaseFeatureName = (typeof BASE_FEATURE_NAMES)[number];

export const PERSONALITY_FEATURE_NAMES = Object.freeze([
  "personality_extroversion",
  "personality_forgiveness",
  "personality_ambition",
] as const);

export const SOCIAL_AGGREGATE_NAMES = Object.freeze([
  "social_trust_mean",
  "social_trust_max",
  "social_rivalry_mean",
  "social_rivalry_max",
] as const);

export const HYBRID_CHANNELS = Object.freeze(["self", "agents", "objects", "reservations"] as const);
export const FULL_CHANNELS = Object.freeze([...HYBRID_CHANNELS, "path_dx", "path_dy"] as const);

/** Index of each base feature (identical for every config). */
export const BASE_INDEX: Readonly<Record<BaseFeatureName, number>> = Object.freeze(
  Object.fromEntries(BASE_FEATURE_NAMES.map((name, i) => [name, i])) as Record<BaseFeatureName, number>,
);

export interface FeatureLayout {
  readonly names: readonly string[];
  readonly length: number;
  /** `[start, stop)` of each landmark triple, or undefined when targets are off. */
  readonly landmarkSlices: Readonly<Record<Landmark, readonly [number, number]>> | undefined;
  /** Index of `personality_extroversion`, or undefined when personality channels are off. */
  readonly personalityStart: number | undefined;
  readonly socialStart: number;
  /** Number of social slots `S = top_friends + top_rivals`. */
  readonly socialSlots: number;
  /** Floats per slot, `embed_dim + 3`. */
  readonly slotDim: number;
  readonly aggregateNames: readonly string[];
  /** Index of every feature name. */
  readonly index: ReadonlyMap<string, number>;
  /**
   * `[start, stop)` of each named group present in this layout: `needs`, `time`,
   * `shift`, `path_hint`, `local_summary`, each landmark (`fridge`, ...), `landmarks`,
   * `personality`, `social_slot{s}`, `social_slots`, `social_aggregates`, `social`.
   */
  readonly groups: ReadonlyMap<string, readonly [number, number]>;
}

/** Groups of base features, by their first and last names. */
const BASE_GROUPS: readonly (readonly [group: string, first: BaseFeatureName, last: BaseFeatureName])[] = [
  ["needs", "need_hunger", "need_energy"],
  ["time", "time_sin", "time_cos"],
  ["shift", "shift_pre", "shift_post"],
  ["path_hint", "path_hint_north", "path_hint_west"],
  ["local_summary", "neighbor_agent_ratio", "nearest_agent_distance"],
];

/** `33 + 12·targets + 3·personality + S·(E+3) + 4·aggregates`. */
export function featureVectorLength(config: ObservationConfig): number {
  const s = config.social_snippet;
  return (
    BASE_FEATURE_NAMES.length +
    (targetsEnabled(config) ? 3 * LANDMARKS.length : 0) +
    (config.personality_channels ? PERSONALITY_FEATURE_NAMES.length : 0) +
    (s.top_friends + s.top_rivals) * (s.embed_dim + 3) +
    (s.include_aggregates ? SOCIAL_AGGREGATE_NAMES.length : 0)
  );
}

export function featureLayout(config: ObservationConfig): FeatureLayout {
  const names: string[] = [...BASE_FEATURE_NAMES];
  let landmarkSlices: Record<Landmark, readonly [number, number]> | undefined;
  if (targetsEnabled(config)) {
    const slices = {} as Record<Landmark, readonly [number, number]>;
    for (const landmark of LANDMARKS) {
      const start = names.length;
      names.push(`${landmark}_dx`, `${landmark}_dy`, `${landmark}_dist`);
      slices[landmark] = Object.freeze([start, start + 3] as const);
    }
    landmarkSlices = Object.freeze(slices);
  }
  let personalityStart: number | undefined;
  if (config.personality_channels) {
    personalityStart = names.length;
    names.push(...PERSONALITY_FEATURE_NAMES);
  }
  const socialStart = names.length;
  const social = config.social_snippet;
  const socialSlots = social.top_friends + social.top_rivals;
  const slotDim = social.embed_dim + 3;
  for (let slot = 0; slot < socialSlots; slot++) {
    for (let d = 0; d < slotDim; d++) names.push(`social_slot${slot}_d${d}`);
  }
  const aggregateNames = social.include_aggregates ? [...SOCIAL_AGGREGATE_NAMES] : [];
  names.push(...aggregateNames);

  const groups = new Map<string, readonly [number, number]>();
  const group = (name: string, start: number, stop: number) => groups.set(name, Object.freeze([start, stop] as const));
  for (const [name, first, last] of BASE_GROUPS) group(name, BASE_INDEX[first], BASE_INDEX[last] + 1);
  if (landmarkSlices) {
    for (const landmark of LANDMARKS) group(landmark, ...landmarkSlices[landmark]);
    group("landmarks", landmarkSlices.fridge[0], landmarkSlices.shower[1]);
  }
  if (personalityStart !== undefined) group("personality", personalityStart, personalityStart + PERSONALITY_FEATURE_NAMES.length);
  for (let slot = 0; slot < socialSlots; slot++) {
    group(`social_slot${slot}`, socialStart + slot * slotDim, socialStart + (slot + 1) * slotDim);
  }
  const slotsEnd = socialStart + socialSlots * slotDim;
  if (socialSlots > 0) group("social_slots", socialStart, slotsEnd);
  if (aggregateNames.length > 0) group("social_aggregates", slotsEnd, names.length);
  if (names.length > socialStart) group("social", socialStart, names.length);

  return Object.freeze({
    names: Object.freeze(names),
    length: names.length,
    landmarkSlices,
    personalityStart,
    socialStart,
    socialSlots,
    slotDim,
    aggregateNames: Object.freeze(aggregateNames),
    index: new Map(names.map((name, i) => [name, i])),
    groups,
  });
}

/** The index of feature `name` in `layout`; an unknown name throws ValidationError. */
export function featureIndexOf(layout: FeatureLayout, name: string): number {
  const index = layout.index.get(name);
  if (index === undefined) {
    throw ValidationError.invalid(
      "name",
      `a feature name of this config (${layout.length} features, e.g. ${layout.names.slice(0, 3).join(", ")}; see feature_names)`,
      name,
    );
  }
  return index;
}

/**
 * `[start, stop)` of a feature group (see {@link FeatureLayout.groups}) or of a single feature
 * (`[i, i + 1]`) in `layout`; a name that is neither throws ValidationError listing the groups.
 */
export function featureSliceOf(layout: FeatureLayout, name: string): readonly [number, number] {
  const group = layout.groups.get(name);
  if (group !== undefined) return group;
  const index = layout.index.get(name);
  if (index === undefined) {
    throw ValidationError.invalid(
      "name",
      `a feature group of this config (${[...layout.groups.keys()].join(", ")}) or a feature name`,
      name,
    );
  }
  return Object.freeze([index, index + 1] as const);
}

/** Map channel names of the configured variant (compact: base, `object:<type>`..., `walkable`). */
export function mapChannels(config: ObservationConfig): readonly string[] {
  if (config.variant === "hybrid") return HYBRID_CHANNELS;
  if (config.variant === "full") return FULL_CHANNELS;
  const typed = sanitizeObjectChannels(config.compact.object_channels).map((t) => `object:${t}`);
  return Object.freeze([...HYBRID_CHANNELS, ...typed, "walkable"]);
}

/** `[channels, W, W]`. */
export function mapShape(config: ObservationConfig): readonly [number, number, number] {
  const w = mapWindow(config);
  return Object.freeze([mapChannels(config).length, w, w] as const);
}
