/**
 * Personality channels and metadata. The features are the agent's live traits; the metadata adds
 * the profile name and, for a built-in profile (case-insensitive), its multipliers.
 */
import type { AgentRecord } from "./world-schema.js";

export interface PersonalityMultipliers {
  readonly needs: Readonly<Record<string, number>>;
  readonly rewards: Readonly<Record<string, number>>;
  readonly behaviour: Readonly<Record<string, number>>;
}

/** The reference's `personality` metadata block. */
export interface PersonalityMetadata {
  readonly profile: string;
  readonly traits: { readonly extroversion: number; readonly forgiveness: number; readonly ambition: number };
  /** Present only for a built-in profile. */
  readonly multipliers?: PersonalityMultipliers;
}

/** A built-in profile: its default traits and its multipliers. */
export interface BuiltInProfile {
  readonly traits: readonly [extroversion: number, forgiveness: number, ambition: number];
  readonly multipliers: PersonalityMultipliers;
}

const profile = (
  traits: readonly [number, number, number],
  needs: Record<string, number>,
  rewards: Record<string, number>,
  behaviour: Record<string, number>,
): BuiltInProfile =>
  Object.freeze({
    traits: Object.freeze(traits),
    multipliers: Object.freeze({
      needs: Object.freeze(needs),
      rewards: Object.freeze(rewards),
      behaviour: Object.freeze(behaviour),
    }),
  });

/** The reference's built-in personality profiles (`PersonalityProfiles`). */
export const PERSONALITY_PROFILES: Readonly<Record<string, BuiltInProfile>> = Object.freeze({
  balanced: profile([0, 0, 0], {}, {}, {}),
  socialite: profile([0.6, 0.1, -0.1], { hygiene: 1.1 }, { social: 1.2 }, { chat_preference: 1.3 }),
  industrious: profile([-0.2, -0.1, 0.5], { energy: 0.9 }, { employment: 1.25 }, { work_affinity: 1.4 }),
  stoic: profile([-0.3, 0.5, -0.2], { hunger: 0.95 }, { survival: 1.1 }, { conflict_tolerance: 0.6 }),
});

/** Writes the three trait channels at `start` and returns the metadata block. */
export function encodePersonality(features: Float32Array, start: number, agent: AgentRecord): PersonalityMetadata {
  const { extroversion, forgiveness, ambition } = agent.personality;
  features[start] = extroversion;
  features[start + 1] = forgiveness;
  features[start + 2] = ambition;
  const name = agent.personality.profile || "balanced";
  const key = name.toLowerCase();
  const builtIn = Object.prototype.hasOwnProperty.call(PERSONALITY_PROFILES, key) ? PERSONALITY_PROFILES[key] : undefined;
  const traits = { extroversion, forgiveness, ambition };
  if (builtIn === undefined) return { profile: name, traits };
  const m = builtIn.multipliers;
  return {
    profile: name,
    traits,
    multipliers: { needs: { ...m.needs }, rewards: { ...m.rewards }, behaviour: { ...m.behaviour } },
  };
}
