/** fast-check arbitraries for observation configs and plain worlds. */
import fc from "fast-check";
import type { ObservationConfigInput, PlainWorldInput, WorldView } from "../src/index.js";

const oddWindow = (min: number, max: number) => fc.integer({ min: (min - 1) / 2, max: (max - 1) / 2 }).map((r) => 2 * r + 1);
const OBJECT_TYPES = ["stove", "Stove", " stove ", "fridge", "bed", "shower", "BED", "sink"];
const AGENT_IDS = ["alice", "bob", "carol", "dave", "eve", "frank", "ünï", ""];

export const configArb: fc.Arbitrary<ObservationConfigInput> = fc
  .integer({ min: 0, max: 8 })
  .chain((friends) => fc.tuple(fc.constant(friends), fc.integer({ min: 0, max: 8 - friends })))
  .chain(([top_friends, top_rivals]) =>
    fc.record({
      variant: fc.constantFrom("hybrid", "full", "compact"),
      personality_channels: fc.boolean(),
      hybrid: fc.record({
        local_window: oddWindow(3, 15),
        include_targets: fc.boolean(),
        time_ticks_per_day: fc.integer({ min: 1, max: 3000 }),
      }),
      compact: fc.record({
        map_window: oddWindow(3, 11),
        include_targets: fc.boolean(),
        object_channels: fc.subarray(OBJECT_TYPES),
        normalize_counts: fc.boolean(),
      }),
      social_snippet: fc.record({
        top_friends: fc.constant(top_friends),
        top_rivals: fc.constant(top_rivals),
        embed_dim: fc.integer({ min: 1, max: 32 }),
        include_aggregates: fc.boolean(),
      }),
      embedding_allocator: fc.record({ max_slots: fc.integer({ min: 8, max: 256 }) }),
      rivalry: fc.record({
        avoid_threshold: fc.double({ min: 0, max: 1, noNaN: true }),
        max_edges: fc.integer({ min: 1, max: 32 }),
      }),
    }),
  );

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const signed = fc.double({ min: -1, max: 1, noNaN: true });
const coord = fc.integer({ min: -6, max: 6 });

export const worldArb: fc.Arbitrary<PlainWorldInput> = fc
  .uniqueArray(fc.constantFrom(...AGENT_IDS), { minLength: 1, maxLength: 6 })
  .chain((ids) => {
    const agent = (id: string) =>
      fc.record({
        id: fc.constant(id),
        position: fc.tuple(coord, coord),
        needs: fc.record({ hunger: unit, hygiene: unit, energy: unit }),
        wallet: fc.double({ min: 0, max: 100, noNaN: true }),
        on_shift: fc.boolean(),
        lateness_counter: fc.nat(10),
        attendance_ratio: unit,
        wages_withheld: fc.double({ min: 0, max: 50, noNaN: true }),
        shift_state: fc.constantFrom("pre_shift", "on_time", "late", "absent", "post_shift", "idle", "await_start"),
        last_action: fc.record({ kind: fc.constantFrom("", "move", "request", "blocked"), success: fc.boolean(), duration: fc.nat(20) }),
        episode_tick: fc.nat(5000),
        personality: fc.record({
          profile: fc.constantFrom("balanced", "socialite", "Stoic", "industrious", "custom", ""),
          extroversion: signed,
          forgiveness: signed,
          ambition: signed,
        }),
      });
    const objects = fc.uniqueArray(
      fc.record({
        id: fc.constantFrom("o1", "o2", "o3", "o4", "o5", "o6", "o7", "o8"),
        type: fc.constantFrom(...OBJECT_TYPES),
        position: fc.option(fc.tuple(coord, coord), { nil: null }),
      }),
      { maxLength: 8, selector: (o) => o.id },
    );
    const others = [...ids, "ghost"];
    const ties = fc.uniqueArray(
      fc.record({ other: fc.constantFrom(...others), trust: signed, familiarity: signed, rivalry: unit }),
      { maxLength: 6, selector: (t) => t.other },
    );
    const edges = fc.uniqueArray(fc.record({ other: fc.constantFrom(...others), score: unit }), {
      maxLength: 6,
      selector: (e) => e.other,
    });
    const ledger = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> =>
      fc.tuple(...ids.map((id) => fc.option(arb, { nil: undefined }).map((v) => [id, v] as const))).map((pairs) => {
        const out: Record<string, T> = {};
        for (const [id, v] of pairs) if (v !== undefined) out[id] = v;
        return out;
      });
    return fc
      .record({
        tick: fc.nat(10000),
        agents: fc.tuple(...ids.map(agent)),
        objects,
        relationships: ledger(ties),
        rivalry: ledger(edges),
        ctx_reset_requests: fc.subarray(ids),
        terminated: fc.subarray(ids),
        holders: fc.array(fc.constantFrom(...ids), { maxLength: 8 }),
        waiting: fc.array(fc.subarray(ids), { maxLength: 8 }),
      })
      .map(({ holders, waiting, ...world }) => ({
        ...world,
        agents: world.agents.map((a, i) => ({ ...a, embedding_slot: i })),
        reservations: world.objects.flatMap((o, i) => (holders[i] ? [{ object_id: o.id, holder: holders[i] }] : [])),
        queues: world.objects.flatMap((o, i) => (waiting[i] ? [{ object_id: o.id, waiting: waiting[i] }] : [])),
      }));
  });

/** A WorldView straight over mutable plain data (no copies, no freezing), to catch writes. */
export function rawWorldView(data: PlainWorldInput): WorldView {
  const agents = data.agents ?? [];
  return {
    tick: data.tick ?? 0,
    agents: () => agents as never,
    objects: () => (data.objects ?? []) as never,
    reservations: () => data.reservations ?? [],
    queue: (id) => data.queues?.find((q) => q.object_id === id)?.waiting ?? [],
    relationships: (id) => (data.relationships?.[id] ?? []) as never,
    rivalry: (id) => data.rivalry?.[id] ?? [],
    embeddingSlot: (id) => agents.findIndex((a) => a.id === id),
    hasCtxResetRequest: (id) => (data.ctx_reset_requests ?? []).includes(id),
    isTerminated: (id) => (data.terminated ?? []).includes(id),
  };
}
