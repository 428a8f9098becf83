/**
 * The read-only world view the observation builder reads. A host simulation implements it (or
 * uses {@link PlainWorld} for plain data). Data keys keep the reference's snake_case spelling.
 * The builder only calls these members; it never writes through them.
 */

/** A tile `[x, y]`; integers, unbounded (off-grid tiles are simply empty). */
export type TilePosition = readonly [x: number, y: number];

export interface LastActionView {
  /** Action kind (`"move"`, `"request"`, ...); `""` when the agent has not acted. Hashed by BLAKE2s. */
  readonly kind: string;
  readonly success: boolean;
  /** Duration in ticks (an integer). */
  readonly duration: number;
}

export interface PersonalityView {
  /** Profile name: trimmed and lower-cased; an unknown name becomes `"balanced"`, a blank one reads as `"balanced"`. */
  readonly profile: string;
  readonly extroversion: number;
  readonly forgiveness: number;
  readonly ambition: number;
}

/** One agent's snapshot, as the reference's `AgentSnapshot` exposes it to observations. */
export interface AgentView {
  readonly id: string;
  readonly position: TilePosition;
  /** Needs, clamped to [0, 1]; `hunger`, `hygiene` and `energy` are read (a missing one reads as 0.5). */
  readonly needs: Readonly<Record<string, number>>;
  readonly wallet: number;
  /** Informational only; no feature reads it. */
  readonly job_id?: string | null;
  readonly on_shift: boolean;
  /** An integer. */
  readonly lateness_counter: number;
  readonly attendance_ratio: number;
  readonly wages_withheld: number;
  /** `pre_shift`, `on_time`, `late`, `absent`, `post_shift`; anything else counts as `pre_shift`. */
  readonly shift_state: string;
  readonly last_action: LastActionView;
  /** Tick within the episode (an integer; the world wraps it modulo the day length). */
  readonly episode_tick: number;
  readonly personality: PersonalityView;
}

/** A registered object; `type` keeps its case. Objects without a position never appear spatially. */
export interface ObjectView {
  readonly id: string;
  readonly type: string;
  readonly position: TilePosition | null;
}

/** One entry of the active reservation map (`object_id -> holder`); a `null` holder holds nothing. */
export interface ReservationView {
  readonly object_id: string;
  readonly holder: string | null;
}

/** One tie of an agent's relationship ledger. */
export interface RelationshipTieView {
  readonly other: string;
  readonly trust: number;
  readonly familiarity: number;
  readonly rivalry: number;
}

/** One edge of an agent's rivalry ledger (a separate ledger from the relationship ties). */
export interface RivalryEdgeView {
  readonly other: string;
  readonly score: number;
}

export interface WorldView {
  /** The global world tick (a non-negative integer). */
  readonly tick: number;
  /** Every agent, in world order (the batch order). */
  agents(): readonly AgentView[];
  /** Every object, in registration order (ties in "nearest object" searches go to the earlier one). */
  objects(): readonly ObjectView[];
  /** The active reservations. */
  reservations(): readonly ReservationView[];
  /** Agents waiting for `objectId` (the holder is not listed). Asked for every object in `objects()`. */
  queue(objectId: string): readonly string[];
  /** The agent's relationship ties, in ledger insertion order (at most `rivalry.max_edges` in the reference). */
  relationships(agentId: string): readonly RelationshipTieView[];
  /** The agent's rivalry-ledger edges, in insertion order. */
  rivalry(agentId: string): readonly RivalryEdgeView[];
  /** The agent's embedding slot, an integer in `[0, embedding_allocator.max_slots)`. */
  embeddingSlot(agentId: string): number;
  /** Whether a context reset is pending for the agent (the builder reads it; it never consumes it). */
  hasCtxResetRequest(agentId: string): boolean;
  /** Optional: whether the agent is terminated in this build (a `terminated` build option overrides it). */
  isTerminated?(agentId: string): boolean;
}
