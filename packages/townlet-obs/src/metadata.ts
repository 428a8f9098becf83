/** The metadata dict each observation carries, with the reference's keys and key order. */
import type { ObservationVariant } from "./config.js";
import type { Landmark } from "./layout.js";
import type { LocalSummary } from "./local-summary.js";
import type { PersonalityMetadata } from "./personality.js";
import type { SocialContext } from "./social.js";

/** The `compact` block (compact variant only); `object_channels` are the sanitised type names. */
export interface CompactMetadata {
  readonly map_window: number;
  readonly object_channels: readonly string[];
  readonly normalize_counts: boolean;
  readonly include_targets: boolean;
}

export interface ObservationMetadata {
  readonly variant: ObservationVariant;
  /** `[C, W, W]`. */
  readonly map_shape: readonly [number, number, number];
  readonly map_channels: readonly string[];
  readonly feature_names: readonly string[];
  readonly embedding_slot: number;
  /** `[start, stop)` feature indices of each landmark triple; only when targets are on. */
  readonly landmark_slices?: Readonly<Record<Landmark, readonly [number, number]>>;
  /** Only when the config has social slots. */
  readonly social_context?: SocialContext;
  readonly local_summary: LocalSummary;
  /** Only when personality channels are on. */
  readonly personality?: PersonalityMetadata;
  /** Compact variant only; the reference adds it last, after `personality`. */
  readonly compact?: CompactMetadata;
}
