/**
 * zod schemas for world data. The plain-data world parses whole JSON worlds with them, and the
 * builder re-checks what any WorldView returns, so bad host data fails with a named field.
 */
import * as z from "zod";
import { PERSONALITY_PROFILES } from "./personality.js";

const finite = () => z.number({ error: "must be a finite number" });
const integer = () => z.int({ error: "must be an integer" });
const text = () => z.string({ error: "must be a string" });
const bool = () => z.boolean({ error: "must be true or false" });

export const tilePositionSchema = z.tuple([integer(), integer()], {
  error: "must be an [x, y] pair of integers",
});

export const lastActionSchema = z.object({
  kind: text().default(""),
  success: bool().default(false),
  duration: integer().default(0),
});

/** The needs every agent has; the reference's `AgentSnapshot` gives a missing one 0.5. */
export const BASE_NEEDS = Object.freeze(["hunger", "hygiene", "energy"] as const);
const DEFAULT_NEED = 0.5;

/**
 * The reference's `AgentSnapshot.__post_init__` on needs: every value clamped to [0, 1], then each
 * base need that is missing set to 0.5.
 */
export function normalizeNeeds(needs: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(needs)) out[key] = Math.max(0, Math.min(1, value));
  for (const key of BASE_NEEDS) if (!Object.prototype.hasOwnProperty.call(out, key)) out[key] = DEFAULT_NEED;
  return out;
}

/**
 * The reference's `AgentSnapshot.__post_init__` on the profile name: trimmed and lower-cased; a
 * name that is not a built-in profile falls back to `"balanced"`. A name that is empty after
 * trimming is kept as given (the metadata then reads it as `"balanced"`).
 */
export function resolveProfileName(name: string): string {
  const key = name.trim().toLowerCase();
  if (key === "") return name;
  return Object.prototype.hasOwnProperty.call(PERSONALITY_PROFILES, key) ? key : "balanced";
}

export const personalitySchema = z.object({
  /** Normalised as the reference's `AgentSnapshot` does: see {@link resolveProfileName}. */
  profile: text().default("balanced").transform(resolveProfileName),
  extroversion: finite().default(0),
  forgiveness: finite().default(0),
  ambition: finite().default(0),
});

/**
 * An agent; every field but `id` and `position` defaults to the reference's AgentSnapshot default,
 * and needs and the profile name are normalised as its `__post_init__` does.
 */
export const agentSchema = z.object({
  id: text(),
  position: tilePositionSchema,
  /** Clamped to [0, 1]; missing base needs become 0.5 (see {@link normalizeNeeds}). */
  needs: z
    .record(text(), finite(), { error: "must be an object of need name to number" })
    .default({})
    .transform(normalizeNeeds),
  wallet: finite().default(0),
  job_id: text().nullable().optional(),
  on_shift: bool().default(false),
  lateness_counter: integer().default(0),
  attendance_ratio: finite().default(0),
  wages_withheld: finite().default(0),
  shift_state: text().default("pre_shift"),
  last_action: lastActionSchema.prefault({}),
  episode_tick: integer().min(0, { error: "must be a non-negative integer" }).default(0),
  personality: personalitySchema.prefault({}),
});

export const objectSchema = z.object({
  id: text(),
  type: text(),
  position: tilePositionSchema.nullable().default(null),
});

export const reservationSchema = z.object({
  object_id: text(),
  holder: text().nullable(),
});

export const relationshipTieSchema = z.object({
  other: text(),
  trust: finite().default(0),
  familiarity: finite().default(0),
  rivalry: finite().default(0),
});

export const rivalryEdgeSchema = z.object({
  other: text(),
  score: finite(),
});

export const tickSchema = z.int({ error: "must be a non-negative integer" }).min(0, {
  error: "must be a non-negative integer",
});

export type AgentRecord = z.output<typeof agentSchema>;
export type ObjectRecord = z.output<typeof objectSchema>;
export type ReservationRecord = z.output<typeof reservationSchema>;
export type RelationshipTieRecord = z.output<typeof relationshipTieSchema>;
export type RivalryEdgeRecord = z.output<typeof rivalryEdgeSchema>;

/** The first duplicated value of `key` in `items`, with the index of the repeat, or undefined. */
export function findDuplicate<T>(items: readonly T[], key: (item: T) => string): { value: string; index: number } | undefined {
  const seen = new Set<string>();
  for (let index = 0; index < items.length; index++) {
    const value = key(items[index] as T);
    if (seen.has(value)) return { value, index };
    seen.add(value);
  }
  return undefined;
}
