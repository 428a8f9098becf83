export {
  OBSERVATION_VARIANTS,
  RELATIONSHIP_STAGES,
  MAX_SOCIAL_SLOTS,
  observationConfigSchema,
  hybridConfigSchema,
  compactConfigSchema,
  socialSnippetConfigSchema,
  embeddingAllocatorOptionsSchema,
  rivalryConfigSchema,
  parseObservationConfig,
  targetsEnabled,
  mapWindow,
  sanitizeObjectChannels,
} from "./config.js";
export type {
  ObservationVariant,
  RelationshipStage,
  ObservationConfig,
  ObservationConfigInput,
  EmbeddingAllocatorOptions,
  EmbeddingAllocatorOptionsInput,
} from "./config.js";
export type {
  TilePosition,
  AgentView,
  LastActionView,
  PersonalityView,
  ObjectView,
  ReservationView,
  RelationshipTieView,
  RivalryEdgeView,
  WorldView,
} from "./world.js";
export {
  agentSchema,
  objectSchema,
  reservationSchema,
  relationshipTieSchema,
  rivalryEdgeSchema,
  tilePositionSchema,
  BASE_NEEDS,
  normalizeNeeds,
  resolveProfileName,
} from "./world-schema.js";
export { PlainWorld, plainWorldSchema, plainAgentSchema, queueSchema } from "./plain-world.js";
export type { PlainWorldInput, PlainWorldData } from "./plain-world.js";
export {
  BASE_FEATURE_NAMES,
  PERSONALITY_FEATURE_NAMES,
  SOCIAL_AGGREGATE_NAMES,
  HYBRID_CHANNELS,
  FULL_CHANNELS,
  LANDMARKS,
  SHIFT_STATES,
  featureVectorLength,
  featureLayout,
  featureIndexOf,
  featureSliceOf,
  mapChannels,
  mapShape,
} from "./layout.js";
export type { FeatureLayout, Landmark } from "./layout.js";
export { ObservationBuilder, createObservationBuilder } from "./builder.js";
export type { TownletObservation, BuildOptions } from "./builder.js";
export type { ObservationMetadata, CompactMetadata } from "./metadata.js";
export type { LocalSummary } from "./local-summary.js";
export type { SocialContext, RelationSource } from "./social.js";
export { PERSONALITY_PROFILES } from "./personality.js";
export type { BuiltInProfile, PersonalityMetadata, PersonalityMultipliers } from "./personality.js";
export { EmbeddingAllocator } from "./allocator.js";
export type { EmbeddingAllocatorMetrics, EmbeddingAllocatorState } from "./allocator.js";
export { actionIdHash, agentEmbedding, blake2sDigest } from "./hashing.js";
