import { describe, expect, it } from "vitest";
import {
  EmbeddingAllocator,
  ObservationBuilder,
  PlainWorld,
  agentEmbedding,
  type PlainWorldInput,
  type TownletObservation,
} from "../src/index.js";

const f32 = Math.fround;

function feature(obs: TownletObservation, name: string): number {
  const index = obs.metadata.feature_names.indexOf(name);
  expect(index, name).toBeGreaterThanOrEqual(0);
  return obs.features.data[index];
}

function cell(obs: TownletObservation, channel: string, dx: number, dy: number): number {
  const [, h, w] = obs.map.shape;
  const r = (w - 1) / 2;
  const c = obs.metadata.map_channels.indexOf(channel);
  expect(c, channel).toBeGreaterThanOrEqual(0);
  return obs.map.data[c * h * w + (dy + r) * w + (dx + r)];
}

const townWorld: PlainWorldInput = {
  tick: 360,
  agents: [
    {
      id: "alice",
      position: [2, 3],
      needs: { hunger: 0.25, hygiene: 0.5, energy: 1 },
      wallet: 12.5,
      on_shift: true,
      lateness_counter: 2,
      attendance_ratio: 0.75,
      wages_withheld: 1.5,
      shift_state: "late",
      last_action: { kind: "move", success: true, duration: 3 },
      episode_tick: 720,
      personality: { profile: "Socialite", extroversion: 0.6, forgiveness: 0.1, ambition: -0.1 },
      embedding_slot: 5,
    },
    { id: "bob", position: [3, 3], shift_state: "idle" },
  ],
  objects: [
    { id: "stove_1", type: "stove", position: [5, 3] },
    { id: "stove_2", type: "stove", position: [-1, 3] },
    { id: "fridge_1", type: "fridge", position: [2, 0] },
    { id: "bed_1", type: "bed", position: null },
    { id: "shower_1", type: "shower", position: [3, 4] },
    { id: "Stove_caps", type: "Stove", position: [2, 4] },
  ],
  reservations: [{ object_id: "shower_1", holder: "bob" }],
  queues: [{ object_id: "bed_1", waiting: ["alice"] }],
  rivalry: {
    alice: [
      { other: "dave", score: 0.2 },
      { other: "bob", score: 0.8 },
      { other: "carol", score: 0.75 },
    ],
  },
  ctx_reset_requests: ["bob"],
};

describe("ObservationBuilder on a hand-checked world", () => {
  const builder = new ObservationBuilder({
    variant: "hybrid",
    personality_channels: true,
    hybrid: { include_targets: true },
    rivalry: { avoid_threshold: 0.75, max_edges: 2 },
  });
  const batch = builder.buildBatch(PlainWorld.from(townWorld));
  const alice = batch.get("alice")!;
  const bob = batch.get("bob")!;

  it("keys the batch by agent id in world order", () => {
    expect([...batch.keys()]).toEqual(["alice", "bob"]);
    expect(builder.featureLength).toBe(33 + 12 + 3 + 4 * 11 + 4);
  });

  it("encodes the agent's own scalars", () => {
    expect(feature(alice, "need_hunger")).toBe(0.25);
    expect(feature(alice, "wallet")).toBe(12.5);
    expect(feature(alice, "lateness_counter")).toBe(2);
    expect(feature(alice, "on_shift")).toBe(1);
    expect(feature(alice, "time_sin")).toBe(1);
    expect(feature(alice, "time_cos")).toBe(f32(Math.cos(Math.PI / 2)));
    expect([feature(alice, "shift_pre"), feature(alice, "shift_late")]).toEqual([0, 1]);
    expect([feature(bob, "shift_pre"), feature(bob, "shift_late")]).toEqual([1, 0]); // "idle" counts as pre_shift
    expect(feature(alice, "embedding_slot_norm")).toBe(f32(5 / 64));
    expect(feature(alice, "episode_progress")).toBe(0.5);
    expect(feature(alice, "last_action_id_hash")).toBe(f32(0.7048751648981124));
    expect(feature(alice, "last_action_success")).toBe(1);
    expect(feature(alice, "last_action_duration")).toBe(3);
  });

  it("flags context resets, reservations and queues", () => {
    expect(feature(alice, "ctx_reset_flag")).toBe(0);
    expect(feature(bob, "ctx_reset_flag")).toBe(1);
    expect(feature(bob, "reservation_active")).toBe(1);
    expect(feature(alice, "reservation_active")).toBe(0);
    expect(feature(alice, "in_queue")).toBe(1); // the bed has no position but its queue still counts
  });

  it("reads the top max_edges rivalry edges, threshold inclusive", () => {
    expect(feature(alice, "rivalry_max")).toBe(f32(0.8));
    expect(feature(alice, "rivalry_avoid_count")).toBe(2);
  });

  it("points the path hint at the nearest exact 'stove', earlier object winning ties", () => {
    expect(["north", "south", "east", "west"].map((d) => feature(alice, `path_hint_${d}`))).toEqual([0, 0, 1, 0]);
  });

  it("encodes landmarks as unit vector plus raw distance and publishes their slices", () => {
    expect(alice.metadata.landmark_slices).toEqual({ fridge: [33, 36], stove: [36, 39], bed: [39, 42], shower: [42, 45] });
    expect([feature(alice, "fridge_dx"), feature(alice, "fridge_dy"), feature(alice, "fridge_dist")]).toEqual([0, -1, 3]);
    expect([feature(alice, "stove_dx"), feature(alice, "stove_dist")]).toEqual([1, 3]);
    expect([feature(alice, "bed_dx"), feature(alice, "bed_dy"), feature(alice, "bed_dist")]).toEqual([0, 0, 0]);
    expect(feature(alice, "shower_dx")).toBe(f32(Math.SQRT1_2));
    expect(feature(alice, "shower_dist")).toBe(f32(Math.SQRT2));
  });

  it("exposes personality traits and the built-in profile's multipliers (name lower-cased)", () => {
    expect(feature(alice, "personality_extroversion")).toBe(f32(0.6));
    expect(alice.metadata.personality).toEqual({
      profile: "socialite",
      traits: { extroversion: 0.6, forgiveness: 0.1, ambition: -0.1 },
      multipliers: { needs: { hygiene: 1.1 }, rewards: { social: 1.2 }, behaviour: { chat_preference: 1.3 } },
    });
  });

  it("draws the hybrid map with the observer's tile in the agents channel", () => {
    expect(cell(alice, "self", 0, 0)).toBe(1);
    expect(cell(alice, "agents", 0, 0)).toBe(1);
    expect(cell(alice, "agents", 1, 0)).toBe(1);
    expect(cell(alice, "objects", 3, 0)).toBe(1);
    expect(cell(alice, "reservations", 1, 1)).toBe(1);
    expect(cell(alice, "objects", 0, -3)).toBe(1);
    expect(alice.map.shape).toEqual([4, 11, 11]);
  });

  it("summarises the window", () => {
    expect(alice.metadata.local_summary).toEqual({
      agent_count: 1,
      object_count: 5,
      reserved_tiles: 1,
      radius: 5,
      agent_ratio: 1 / 120,
      object_ratio: 5 / 121,
      reserved_ratio: 1 / 121,
      nearest_agent_distance: 1,
      nearest_agent_distance_norm: 0.2,
    });
    expect(feature(alice, "nearest_agent_distance")).toBe(f32(0.2));
  });

  it("falls back to the rivalry ledger in the friend slots when there are no ties", () => {
    expect(alice.metadata.social_context).toEqual({
      configured_slots: 4,
      slot_dim: 11,
      aggregates: ["social_trust_mean", "social_trust_max", "social_rivalry_mean", "social_rivalry_max"],
      filled_slots: 2,
      relation_source: "rivalry_fallback",
      has_data: true,
    });
    const start = alice.metadata.feature_names.indexOf("social_slot0_d0");
    expect([...alice.features.data.slice(start, start + 8)]).toEqual([...agentEmbedding("bob", 8)]);
    expect(feature(alice, "social_slot0_d10")).toBe(f32(0.8));
    expect(feature(alice, "social_slot1_d10")).toBe(f32(0.75));
    expect(feature(alice, "social_slot2_d10")).toBe(0);
    expect(feature(alice, "social_rivalry_mean")).toBe(f32(0.775));
    expect(feature(alice, "social_trust_max")).toBe(0);
    expect(bob.metadata.social_context?.relation_source).toBe("empty");
  });
});

describe("social slot selection", () => {
  const ties = [
    { other: "a", trust: 0.1, familiarity: 0.1, rivalry: 0.9 },
    { other: "b", trust: 0.5, familiarity: 0.5, rivalry: 0 },
    { other: "c", trust: 0.3, familiarity: 0.3, rivalry: 0.5 },
    { other: "d", trust: 0, familiarity: 0, rivalry: 0.6 },
  ];
  const world = PlainWorld.from({
    agents: [{ id: "me", position: [0, 0] }],
    relationships: { me: ties },
    rivalry: { me: [{ other: "z", score: 0.99 }] },
  });
  const slotOthers = (obs: TownletObservation, slots: number, embedDim: number) =>
    Array.from({ length: slots }, (_, s) => {
      const start = obs.metadata.feature_names.indexOf(`social_slot${s}_d0`);
      const embedding = [...obs.features.data.slice(start, start + embedDim)];
      return ["a", "b", "c", "d", "z"].find((id) => [...agentEmbedding(id, embedDim)].every((v, i) => v === embedding[i])) ?? null;
    });

  it("takes friends by trust + familiarity, then rivals by rivalry skipping friends", () => {
    const obs = new ObservationBuilder({ social_snippet: { top_friends: 1, top_rivals: 2 } }).build(world, "me");
    expect(slotOthers(obs, 3, 8)).toEqual(["b", "a", "d"]);
    expect(obs.metadata.social_context?.relation_source).toBe("relationships");
    expect(feature(obs, "social_trust_mean")).toBe(f32((0.5 + 0.1 + 0) / 3));
    expect(feature(obs, "social_rivalry_max")).toBe(f32(0.9));
  });

  it("pads missing slots with zeros and counts only filled ones", () => {
    const obs = new ObservationBuilder({ social_snippet: { top_friends: 3, top_rivals: 5, embed_dim: 2 } }).build(world, "me");
    expect(slotOthers(obs, 8, 2)).toEqual(["b", "c", "a", "d", null, null, null, null]);
    expect(obs.metadata.social_context?.filled_slots).toBe(4);
  });

  it("uses no rivalry fallback with top_rivals = 0", () => {
    const lonely = PlainWorld.from({ agents: [{ id: "me", position: [0, 0] }], rivalry: { me: [{ other: "z", score: 0.9 }] } });
    const obs = new ObservationBuilder({ social_snippet: { top_friends: 2, top_rivals: 0 } }).build(lonely, "me");
    expect(obs.metadata.social_context).toMatchObject({ relation_source: "empty", filled_slots: 0, has_data: false });
    expect(feature(obs, "rivalry_max")).toBe(f32(0.9));
  });

  it("omits social_context without slots", () => {
    const obs = new ObservationBuilder({ social_snippet: { top_friends: 0, top_rivals: 0 } }).build(world, "me");
    expect(obs.metadata.social_context).toBeUndefined();
    expect(obs.features.shape).toEqual([33]);
  });
});

describe("compact variant", () => {
  const world = PlainWorld.from({
    agents: [
      { id: "me", position: [0, 0] },
      { id: "twin", position: [0, 0] },
      { id: "next", position: [1, 0] },
    ],
    objects: [
      { id: "s1", type: "stove", position: [0, 1] },
      { id: "s2", type: " Stove", position: [0, 1] },
      { id: "b1", type: "bed", position: [-1, -1] },
    ],
    reservations: [{ object_id: "s1", holder: "next" }],
  });

  it("counts other agents and objects per tile, per-type channels and walkable", () => {
    const builder = new ObservationBuilder({
      variant: "compact",
      compact: { map_window: 3, object_channels: ["STOVE"], normalize_counts: false, include_targets: true },
    });
    const obs = builder.build(world, "me");
    expect(obs.metadata.map_channels).toEqual(["self", "agents", "objects", "reservations", "object:stove", "walkable"]);
    expect(obs.map.shape).toEqual([6, 3, 3]);
    expect(cell(obs, "agents", 0, 0)).toBe(1); // the twin; the observer itself is excluded
    expect(cell(obs, "agents", 1, 0)).toBe(1);
    expect(cell(obs, "objects", 0, 1)).toBe(2);
    expect(cell(obs, "object:stove", 0, 1)).toBe(2);
    expect(cell(obs, "reservations", 0, 1)).toBe(1);
    expect(cell(obs, "walkable", 0, 0)).toBe(0);
    expect(cell(obs, "walkable", -1, -1)).toBe(0);
    expect(cell(obs, "walkable", 1, 1)).toBe(1);
    expect(obs.metadata.compact).toEqual({
      map_window: 3,
      object_channels: ["stove"],
      normalize_counts: false,
      include_targets: true,
    });
    expect(obs.metadata.landmark_slices).toBeDefined();
    expect(obs.metadata.local_summary).toMatchObject({
      agent_count: 2,
      object_count: 3,
      radius: 1,
      agent_ratio: 0.25,
      nearest_agent_distance: 1,
      nearest_agent_distance_norm: 1,
    });
    // Landmarks match the type exactly: " Stove" is not a stove there.
    expect(feature(obs, "stove_dy")).toBe(1);
  });

  it("clamps counts with normalize_counts and ignores hybrid.include_targets", () => {
    const obs = new ObservationBuilder({
      variant: "compact",
      hybrid: { include_targets: true },
      compact: { map_window: 3, object_channels: ["stove"] },
    }).build(world, "me");
    expect(cell(obs, "objects", 0, 1)).toBe(1);
    expect(cell(obs, "object:stove", 0, 1)).toBe(1);
    expect(obs.metadata.landmark_slices).toBeUndefined();
    expect(obs.features.shape).toEqual([81]);
  });

  it("treats off-grid tiles as walkable (no bounds)", () => {
    const far = PlainWorld.from({ agents: [{ id: "me", position: [-1000, 5] }] });
    const obs = new ObservationBuilder({ variant: "compact" }).build(far, "me");
    const walkable = obs.metadata.map_channels.indexOf("walkable");
    const plane = [...obs.map.data.slice(walkable * 49, walkable * 49 + 49)];
    expect(plane.filter((v) => v === 1)).toHaveLength(48);
  });
});

describe("full variant", () => {
  it("adds purely geometric path channels", () => {
    const world = PlainWorld.from({ agents: [{ id: "me", position: [7, -3] }] });
    const obs = new ObservationBuilder({ variant: "full", hybrid: { local_window: 5 } }).build(world, "me");
    expect(obs.map.shape).toEqual([6, 5, 5]);
    expect(cell(obs, "path_dx", 0, 0)).toBe(0);
    expect(cell(obs, "path_dx", 2, 0)).toBe(1);
    expect(cell(obs, "path_dy", 0, -2)).toBe(-1);
    expect(cell(obs, "path_dx", 1, 1)).toBe(f32(Math.SQRT1_2));
    expect(cell(obs, "path_dy", -2, 1)).toBe(f32(1 / Math.sqrt(5)));
  });
});

describe("batch options", () => {
  const world = PlainWorld.from({
    tick: 7,
    agents: [
      { id: "a", position: [0, 0] },
      { id: "b", position: [1, 0] },
    ],
    terminated: ["b"],
  });

  it("flags terminated agents from the world or from the option", () => {
    const builder = new ObservationBuilder();
    expect(feature(builder.buildBatch(world).get("b")!, "ctx_reset_flag")).toBe(1);
    expect(feature(builder.buildBatch(world, { terminated: [] }).get("b")!, "ctx_reset_flag")).toBe(0);
    expect(feature(builder.buildBatch(world, { terminated: ["a"] }).get("a")!, "ctx_reset_flag")).toBe(1);
  });

  it("takes slots from an allocator and releases terminated agents after building", () => {
    const builder = new ObservationBuilder({ embedding_allocator: { max_slots: 4 } });
    const allocator = new EmbeddingAllocator({ max_slots: 4, cooldown_ticks: 0 });
    allocator.allocate("old", 0);
    const batch = builder.buildBatch(world, { allocator });
    expect(batch.get("a")!.metadata.embedding_slot).toBe(1);
    expect(batch.get("b")!.metadata.embedding_slot).toBe(2);
    expect(feature(batch.get("b")!, "embedding_slot_norm")).toBe(0.5);
    expect(allocator.hasAssignment("a")).toBe(true);
    expect(allocator.hasAssignment("b")).toBe(false);
  });

  it("builds a single agent exactly like the batch", () => {
    const builder = new ObservationBuilder({ variant: "full", personality_channels: true });
    const world2 = PlainWorld.from(townWorld);
    const batch = builder.buildBatch(world2);
    for (const id of ["alice", "bob"]) expect(builder.build(world2, id)).toEqual(batch.get(id));
  });
});
