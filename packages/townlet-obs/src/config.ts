/**
 * The observation config: every knob the reference's observation code reads, as one zod schema.
 * Keys keep the reference's snake_case spelling so a config transcribed from Python round-trips.
 */
import { parseWithSchema } from "@plume/core-types";
import * as z from "zod";
import { objectTypeKey } from "./numeric.js";

export const OBSERVATION_VARIANTS = ["hybrid", "full", "compact"] as const;
export type ObservationVariant = (typeof OBSERVATION_VARIANTS)[number];

export const RELATIONSHIP_STAGES = ["OFF", "A", "B", "C1", "C2", "C3"] as const;
export type RelationshipStage = (typeof RELATIONSHIP_STAGES)[number];

/** Largest `top_friends + top_rivals` the reference accepts ("tensor budget"). */
export const MAX_SOCIAL_SLOTS = 8;

const windowSize = (fallback: number) =>
  z
    .int({ error: "must be an odd integer >= 3" })
    .min(3, { error: "must be an odd integer >= 3" })
    .refine((value) => value % 2 === 1, { error: "must be an odd integer >= 3 (the window centres on the agent)" })
    .default(fallback);

const boundedInt = (min: number, max: number, fallback: number) =>
  z
    .int({ error: `must be an integer in [${min}, ${max}]` })
    .min(min, { error: `must be an integer in [${min}, ${max}]` })
    .max(max, { error: `must be an integer in [${min}, ${max}]` })
    .default(fallback);

const boundedNumber = (min: number, max: number, fallback: number) =>
  z
    .number({ error: `must be a number in [${min}, ${max}]` })
    .min(min, { error: `must be a number in [${min}, ${max}]` })
    .max(max, { error: `must be a number in [${min}, ${max}]` })
    .default(fallback);

/** A strict object whose unknown-key error lists the allowed keys. */
function knobs<Shape extends z.ZodRawShape>(shape: Shape) {
  const allowed = Object.keys(shape).join(", ");
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? `unknown key; allowed keys: ${allowed}` : undefined),
  });
}

const flag = (fallback: boolean) => z.boolean({ error: "must be true or false" }).default(fallback);

/** `observations_config.hybrid`: hybrid and full map window, hybrid/full landmarks, and the day length. */
export const hybridConfigSchema = knobs({
  /** Side of the square map window around the agent (odd, >= 3). Default 11. */
  local_window: windowSize(11),
  /** Landmark features for hybrid and full. Default `false`. */
  include_targets: flag(false),
  /** Ticks in one simulated day (for the time-of-day features). Default 1440. */
  time_ticks_per_day: z
    .int({ error: "must be an integer >= 1" })
    .min(1, { error: "must be an integer >= 1" })
    .default(1440),
});

/** `observations_config.compact`: compact map window, per-type channels, count clamping, landmarks. */
export const compactConfigSchema = knobs({
  /** Side of the compact map window (odd, >= 3). Default 7. */
  map_window: windowSize(7),
  /** Landmark features for compact. Default `false`. */
  include_targets: flag(false),
  /** One `object:<type>` channel per entry (trimmed, lower-cased, deduplicated). Default `[]`. */
  object_channels: z.array(z.string({ error: "must be a string" }), { error: "must be a list of object types" }).default([]),
  /** Clamp the agent, object and per-type counts of the compact map to 1. Default `true`. */
  normalize_counts: flag(true),
});

/**
 * `observations_config.social_snippet`. As in the reference, `include_aggregates` is forced to
 * false when `top_friends + top_rivals` is 0 (the parsed value is the effective one).
 */
export const socialSnippetConfigSchema = knobs({
  /** Friends in the snippet (0-8; with `top_rivals` at most 8). Default 2. */
  top_friends: boundedInt(0, MAX_SOCIAL_SLOTS, 2),
  /** Rivals in the snippet (0-8). Default 2. */
  top_rivals: boundedInt(0, MAX_SOCIAL_SLOTS, 2),
  /** Size of each relation's embedding (1-32). Default 8. */
  embed_dim: boundedInt(1, 32, 8),
  /** Add the 4 aggregates (forced to false when top_friends + top_rivals = 0). Default `true`. */
  include_aggregates: flag(true),
})
  .refine((cfg) => cfg.top_friends + cfg.top_rivals <= MAX_SOCIAL_SLOTS, {
    error: `top_friends + top_rivals must be <= ${MAX_SOCIAL_SLOTS}`,
    path: ["top_rivals"],
  })
  .transform((cfg) => ({
    ...cfg,
    include_aggregates: cfg.top_friends + cfg.top_rivals === 0 ? false : cfg.include_aggregates,
  }));

/** `embedding_allocator`: slot count (the `embedding_slot_norm` denominator) and reuse cooldown. */
export const embeddingAllocatorOptionsSchema = knobs({
  /** Embedding slots (1-256; the `embedding_slot_norm` denominator). Default 64. */
  max_slots: boundedInt(1, 256, 64),
  /** Ticks before a released slot may be reused (0-10000). Default 2000. */
  cooldown_ticks: boundedInt(0, 10000, 2000),
  /** Forced-reuse rate above which `metrics().reuse_warning` is set (0-0.5). Default 0.05. */
  reuse_warning_threshold: boundedNumber(0, 0.5, 0.05),
});

/** `conflict.rivalry`: the avoidance threshold and the ledger size used by `rivalry_*` features. */
export const rivalryConfigSchema = knobs({
  /** Threshold of `rivalry_avoid_count` (compared with `>=`), in [0, 1]. Default 0.7. */
  avoid_threshold: boundedNumber(0, 1, 0.7),
  /** How many top rivalry-ledger edges `rivalry_max` and `rivalry_avoid_count` read (1-32). Default 6. */
  max_edges: boundedInt(1, 32, 6),
});

const STAGE_MESSAGE = `must be one of ${RELATIONSHIP_STAGES.join(", ")}`;

/** The whole observation config. Every field has a default; `{}` is the reference's poc_hybrid setup. */
export const observationConfigSchema = knobs({
  /** `"hybrid"`, `"full"` or `"compact"`. Default `"hybrid"`. */
  variant: z
    .enum(OBSERVATION_VARIANTS, { error: `must be one of ${OBSERVATION_VARIANTS.join(", ")}` })
    .default("hybrid"),
  /** The relationship system's stage (`A`, `B`, `C1`-`C3`; `OFF` is refused, as the reference does). Default `"B"`. */
  relationships_stage: z.enum(RELATIONSHIP_STAGES, { error: STAGE_MESSAGE }).default("B"),
  /** Adds 3 trait features and the `personality` metadata block. Default `false`. */
  personality_channels: flag(false),
  /** Hybrid/full variant knobs. Default: every knob at its default. */
  hybrid: hybridConfigSchema.prefault({}),
  /** Compact variant knobs. Default: every knob at its default. */
  compact: compactConfigSchema.prefault({}),
  /** Social snippet knobs. Default: every knob at its default. */
  social_snippet: socialSnippetConfigSchema.prefault({}),
  /** Embedding slot allocator knobs. Default: every knob at its default. */
  embedding_allocator: embeddingAllocatorOptionsSchema.prefault({}),
  /** Rivalry knobs. Default: every knob at its default. */
  rivalry: rivalryConfigSchema.prefault({}),
})
  .superRefine((cfg, ctx) => {
    // The reference's observation service refuses OFF outright, whatever the social slots.
    if (cfg.relationships_stage === "OFF") {
      ctx.addIssue({
        code: "custom",
        path: ["relationships_stage"],
        input: cfg.relationships_stage,
        message:
          "one of A, B, C1, C2, C3: the observation builder needs the relationship system enabled " +
          "(the reference's observation service refuses OFF whatever the social slots)",
      });
    }
  });

export type ObservationConfigInput = z.input<typeof observationConfigSchema>;
export type ObservationConfig = z.output<typeof observationConfigSchema>;
export type EmbeddingAllocatorOptionsInput = z.input<typeof embeddingAllocatorOptionsSchema>;
export type EmbeddingAllocatorOptions = z.output<typeof embeddingAllocatorOptionsSchema>;

/** Parses and validates a config; a bad field throws ConfigurationError naming its dotted path. */
export function parseObservationConfig(input: unknown = {}): ObservationConfig {
  return parseWithSchema(observationConfigSchema, input ?? {}, {
    what: "Townlet observation config",
    kind: "configuration",
  });
}

/** Whether landmark features are on: `compact.include_targets` for compact, else `hybrid.include_targets`. */
export function targetsEnabled(config: ObservationConfig): boolean {
  return config.variant === "compact" ? config.compact.include_targets : config.hybrid.include_targets;
}

/** Map window `W` of the variant: `compact.map_window` for compact, else `hybrid.local_window`. */
export function mapWindow(config: ObservationConfig): number {
  return config.variant === "compact" ? config.compact.map_window : config.hybrid.local_window;
}

/** `compact.object_channels` after str/strip/lower-case, empties and duplicates dropped, first-seen order. */
export function sanitizeObjectChannels(channels: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of channels) {
    const key = objectTypeKey(raw);
    if (key !== "" && !out.includes(key)) out.push(key);
  }
  return out;
}
