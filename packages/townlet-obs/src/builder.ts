/**
 * The observation builder: one config, any number of builds. `buildBatch` observes every agent of
 * a world view at once (the reference's `build_batch`); `build` observes one agent.
 */
import { ValidationError, ndarray, type NDArray } from "@plume/core-types";
import type { EmbeddingAllocator } from "./allocator.js";
import { encodeCompactMap } from "./compact-map.js";
import {
  mapWindow,
  parseObservationConfig,
  sanitizeObjectChannels,
  type ObservationConfig,
  type ObservationConfigInput,
  type ObservationVariant,
} from "./config.js";
import { encodeEgocentricMap } from "./egocentric-map.js";
import { BASE_INDEX, featureIndexOf, featureLayout, featureSliceOf, mapChannels, mapShape, type FeatureLayout, type Landmark } from "./layout.js";
import { encodeLocalSummary, localSummary } from "./local-summary.js";
import type { CompactMetadata, ObservationMetadata } from "./metadata.js";
import { encodePersonality } from "./personality.js";
import { encodeRivalry } from "./rivalry.js";
import { encodeAgentScalars } from "./scalars.js";
import { encodeSocial } from "./social.js";
import { encodeLandmarks, encodePathHint } from "./targets.js";
import type { WorldView } from "./world.js";
import type { AgentRecord } from "./world-schema.js";
import { checkSlot, readFlag, readRelationships, readRivalry, readWorld, type WorldSnapshot } from "./world-snapshot.js";

/** One agent's observation: the egocentric map, the feature vector and the metadata. */
export interface TownletObservation {
  /** `[C, W, W]` float32, channel-major then row (y) then column (x). */
  readonly map: NDArray<"float32">;
  /** float32 features in `metadata.feature_names` order. */
  readonly features: NDArray<"float32">;
  readonly metadata: ObservationMetadata;
}

export interface BuildOptions {
  /**
   * Agents terminated in this build: their `ctx_reset_flag` is 1 (and with `allocator` their slot is
   * released after their observation is built). Defaults to `world.isTerminated?.(id)`.
   */
  readonly terminated?: Iterable<string>;
  /**
   * Take slots from this allocator (`allocate(id, world.tick)` per agent, in world order) instead of
   * `world.embeddingSlot(id)`, as the reference's `build_batch` does. The allocator is updated.
   */
  readonly allocator?: EmbeddingAllocator;
}

export class ObservationBuilder {
  readonly config: ObservationConfig;
  readonly layout: FeatureLayout;
  readonly mapChannels: readonly string[];
  readonly mapShape: readonly [number, number, number];
  private readonly objectChannels: readonly string[];
  private readonly compactBlock: CompactMetadata | undefined;

  /** Validates the config; a bad knob throws ConfigurationError naming its path. */
  constructor(config: ObservationConfigInput = {}) {
    this.config = parseObservationConfig(config);
    this.layout = featureLayout(this.config);
    this.mapChannels = mapChannels(this.config);
    this.mapShape = mapShape(this.config);
    this.objectChannels = Object.freeze(sanitizeObjectChannels(this.config.compact.object_channels));
    this.compactBlock =
      this.config.variant === "compact"
        ? Object.freeze({
            map_window: this.config.compact.map_window,
            object_channels: this.objectChannels,
            normalize_counts: this.config.compact.normalize_counts,
            include_targets: this.config.compact.include_targets,
          })
        : undefined;
  }

  get variant(): ObservationVariant {
    return this.config.variant;
  }

  /** Feature names in vector order (the same array every observation's metadata carries). */
  get featureNames(): readonly string[] {
    return this.layout.names;
  }

  get featureLength(): number {
    return this.layout.length;
  }

  /** `[start, stop)` of each landmark triple, or undefined when targets are off. */
  get landmarkSlices(): Readonly<Record<Landmark, readonly [number, number]>> | undefined {
    return this.layout.landmarkSlices;
  }

  /** The index of feature `name` (e.g. `"time_sin"`); an unknown name throws ValidationError. */
  featureIndex(name: string): number {
    return featureIndexOf(this.layout, name);
  }

  /**
   * `[start, stop)` of a feature group (`needs`, `time`, `shift`, `path_hint`, `local_summary`,
   * `fridge`/`stove`/`bed`/`shower`, `landmarks`, `personality`, `social_slot{s}`, `social_slots`,
   * `social_aggregates`, `social`) or of one feature; use it as `features.data.subarray(start, stop)`.
   */
  featureSlice(name: string): readonly [number, number] {
    return featureSliceOf(this.layout, name);
  }

  /** Observations of every agent, keyed by id in world order. The world view is only read. */
  buildBatch(world: WorldView, options: BuildOptions = {}): Map<string, TownletObservation> {
    const snapshot = readWorld(world);
    const terminated = this.terminatedSet(world, snapshot, options);
    const out = new Map<string, TownletObservation>();
    for (const agent of snapshot.agents) {
      const slot = options.allocator
        ? options.allocator.allocate(agent.id, snapshot.tick)
        : checkSlot(world.embeddingSlot(agent.id), this.config.embedding_allocator.max_slots, `world.embeddingSlot(${agent.id})`);
      const isTerminated = terminated.has(agent.id);
      const reset = readFlag(world.hasCtxResetRequest(agent.id), `world.hasCtxResetRequest(${agent.id})`);
      out.set(agent.id, this.observe(world, snapshot, agent, slot, reset || isTerminated));
      if (isTerminated && options.allocator) options.allocator.release(agent.id, snapshot.tick);
    }
    return out;
  }

  /** The observation of one agent (an unknown id throws ValidationError). */
  build(world: WorldView, agentId: string, options: Omit<BuildOptions, "allocator"> = {}): TownletObservation {
    const snapshot = readWorld(world);
    const agent = snapshot.agentsById.get(agentId);
    if (agent === undefined) {
      throw ValidationError.invalid("agentId", "the id of an agent in world.agents()", agentId);
    }
    const slot = checkSlot(world.embeddingSlot(agentId), this.config.embedding_allocator.max_slots, `world.embeddingSlot(${agentId})`);
    const reset =
      readFlag(world.hasCtxResetRequest(agentId), `world.hasCtxResetRequest(${agentId})`) ||
      this.terminatedSet(world, snapshot, options).has(agentId);
    return this.observe(world, snapshot, agent, slot, reset);
  }

  private terminatedSet(world: WorldView, snapshot: WorldSnapshot, options: BuildOptions): ReadonlySet<string> {
    if (options.terminated !== undefined) return new Set(options.terminated);
    const set = new Set<string>();
    if (typeof world.isTerminated === "function") {
      for (const agent of snapshot.agents) {
        if (readFlag(world.isTerminated(agent.id), `world.isTerminated(${agent.id})`)) set.add(agent.id);
      }
    }
    return set;
  }

  private observe(
    world: WorldView,
    snapshot: WorldSnapshot,
    agent: AgentRecord,
    slot: number,
    ctxReset: boolean,
  ): TownletObservation {
    const config = this.config;
    const layout = this.layout;
    const radius = Math.floor(mapWindow(config) / 2);
    const features = new Float32Array(layout.length);

    encodeAgentScalars(features, agent, snapshot.tick, slot, config);
    features[BASE_INDEX.ctx_reset_flag] = ctxReset ? 1 : 0;
    features[BASE_INDEX.reservation_active] = snapshot.holders.has(agent.id) ? 1 : 0;
    features[BASE_INDEX.in_queue] = snapshot.queued.has(agent.id) ? 1 : 0;
    const rivalryEdges = readRivalry(world, agent.id);
    encodeRivalry(features, rivalryEdges, config);
    encodePathHint(features, snapshot.objects, agent.position);
    const summary = localSummary(snapshot.tiles, agent.position, radius);
    encodeLocalSummary(features, summary);
    if (layout.landmarkSlices) encodeLandmarks(features, snapshot.objects, agent.position, layout.landmarkSlices);
    const personality =
      layout.personalityStart === undefined ? undefined : encodePersonality(features, layout.personalityStart, agent);
    const social =
      layout.socialSlots > 0
        ? encodeSocial(features, layout, readRelationships(world, agent.id), rivalryEdges, config)
        : undefined;

    const mapData =
      config.variant === "compact"
        ? encodeCompactMap(
            snapshot.tiles,
            agent.id,
            agent.position,
            radius,
            this.objectChannels,
            config.compact.normalize_counts,
          )
        : encodeEgocentricMap(snapshot.tiles, agent.position, radius, config.variant === "full");

    const metadata: ObservationMetadata = {
      variant: config.variant,
      map_shape: this.mapShape,
      map_channels: this.mapChannels,
      feature_names: layout.names,
      embedding_slot: slot,
      ...(layout.landmarkSlices && { landmark_slices: layout.landmarkSlices }),
      ...(social && { social_context: social }),
      local_summary: summary,
      ...(personality && { personality }),
      ...(this.compactBlock && { compact: this.compactBlock }),
    };
    return {
      map: ndarray("float32", this.mapShape, mapData),
      features: ndarray("float32", [layout.length], features),
      metadata,
    };
  }
}

/** `new ObservationBuilder(config)`. */
export function createObservationBuilder(config: ObservationConfigInput = {}): ObservationBuilder {
  return new ObservationBuilder(config);
}
