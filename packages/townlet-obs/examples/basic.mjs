// Build Townlet observations for every agent of a small plain-data world.
import { EmbeddingAllocator, ObservationBuilder, PlainWorld } from "@plume/townlet-obs";

const world = new PlainWorld({
  tick: 360,
  agents: [
    {
      id: "alice",
      position: [2, 3],
      needs: { hunger: 0.4, hygiene: 0.6, energy: 0.8 },
      wallet: 5,
      last_action: { kind: "move", success: true, duration: 1 },
    },
    { id: "bob", position: [3, 3], needs: { hunger: 0.3, hygiene: 0.2, energy: 0.7 } },
  ],
  objects: [
    { id: "stove_1", type: "stove", position: [6, 3] },
    { id: "fridge_1", type: "fridge", position: [2, 0] },
  ],
  reservations: [{ object_id: "stove_1", holder: "bob" }],
  relationships: { alice: [{ other: "bob", trust: 0.6, familiarity: 0.3, rivalry: 0.1 }] },
  rivalry: { alice: [{ other: "bob", score: 0.15 }] },
});

for (const variant of ["hybrid", "full", "compact"]) {
  const builder = new ObservationBuilder({ variant, hybrid: { include_targets: true } });
  const alice = builder.buildBatch(world).get("alice");
  const { features, map, metadata } = alice;
  const value = (name) => features.data[builder.featureIndex(name)].toFixed(4);
  console.log(
    `${variant.padEnd(7)} map [${map.shape}] channels ${metadata.map_channels.join(",")}; ` +
      `${features.shape[0]} features; time_sin=${value("time_sin")} path_hint_east=${value("path_hint_east")} ` +
      `social=${metadata.social_context.relation_source} (${metadata.social_context.filled_slots} filled)`,
  );
}

// Slots from an allocator instead of the world view, as the Python reference's build_batch does.
const allocator = new EmbeddingAllocator({ max_slots: 64, cooldown_ticks: 100 });
const batch = new ObservationBuilder().buildBatch(world, { allocator, terminated: ["bob"] });
console.log(
  `allocator slots: alice=${batch.get("alice").metadata.embedding_slot} bob=${batch.get("bob").metadata.embedding_slot}; ` +
    `bob terminated, slot released: ${!allocator.hasAssignment("bob")}`,
);
