import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LANDMARKS,
  ObservationBuilder,
  PlainWorld,
  featureVectorLength,
  parseObservationConfig,
  type ObservationConfigInput,
  type TownletObservation,
} from "../src/index.js";
import { configArb, rawWorldView, worldArb } from "./arbitraries.js";

/** The documented count: 33 + 12·targets + 3·personality + (F+R)·(E+3) + 4·aggregates. */
function documentedLength(input: ObservationConfigInput): number {
  const c = parseObservationConfig(input);
  const targets = c.variant === "compact" ? c.compact.include_targets : c.hybrid.include_targets;
  const s = c.social_snippet;
  const slots = s.top_friends + s.top_rivals;
  const aggregates = slots > 0 && s.include_aggregates;
  return 33 + 12 * Number(targets) + 3 * Number(c.personality_channels) + slots * (s.embed_dim + 3) + 4 * Number(aggregates);
}

function plane(obs: TownletObservation, channel: string): number[] {
  const [, h, w] = obs.map.shape;
  const c = obs.metadata.map_channels.indexOf(channel);
  return [...obs.map.data.slice(c * h * w, (c + 1) * h * w)];
}

const within = (values: readonly number[], lo: number, hi: number) => values.every((v) => v >= lo && v <= hi);

describe("layout properties", () => {
  it("feature vector length follows the documented formula for every config", () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const builder = new ObservationBuilder(config);
        const expected = documentedLength(config);
        expect(builder.featureLength).toBe(expected);
        expect(featureVectorLength(builder.config)).toBe(expected);
        expect(builder.featureNames).toHaveLength(expected);
        expect(new Set(builder.featureNames).size).toBe(expected);
      }),
    );
  });

  it("landmark_slices point at each landmark's dx, dy, dist names", () => {
    fc.assert(
      fc.property(configArb, (config) => {
        const builder = new ObservationBuilder(config);
        const slices = builder.landmarkSlices;
        const c = builder.config;
        expect(slices !== undefined).toBe(c.variant === "compact" ? c.compact.include_targets : c.hybrid.include_targets);
        if (slices === undefined) return;
        expect(Object.keys(slices)).toEqual([...LANDMARKS]);
        for (const landmark of LANDMARKS) {
          const [start, stop] = slices[landmark];
          expect(builder.featureNames.slice(start, stop)).toEqual([`${landmark}_dx`, `${landmark}_dy`, `${landmark}_dist`]);
        }
      }),
    );
  });
});

describe("observation properties", () => {
  it("every observation has the layout's shapes, names and in-range maps and scalars", () => {
    fc.assert(
      fc.property(configArb, worldArb, (config, worldData) => {
        const builder = new ObservationBuilder(config);
        const world = PlainWorld.from(worldData);
        for (const obs of builder.buildBatch(world).values()) {
          expect(obs.features.data).toHaveLength(builder.featureLength);
          expect(obs.metadata.feature_names).toHaveLength(obs.features.data.length);
          expect(obs.map.shape).toEqual(builder.mapShape);
          expect(obs.metadata.map_shape).toEqual(obs.map.shape);
          expect(obs.metadata.landmark_slices).toEqual(builder.landmarkSlices);
          expect([...obs.features.data].every(Number.isFinite)).toBe(true);

          const f = (name: string) => obs.features.data[obs.metadata.feature_names.indexOf(name)];
          const oneHot = ["shift_pre", "shift_on_time", "shift_late", "shift_absent", "shift_post"].map(f);
          expect(oneHot.reduce((a, b) => a + b, 0)).toBe(1);
          const ratios = ["neighbor_agent_ratio", "neighbor_object_ratio", "reserved_tile_ratio", "nearest_agent_distance"].map(f);
          expect(within(ratios, 0, 1)).toBe(true);
          const hints = ["north", "south", "east", "west"].map((d) => f(`path_hint_${d}`));
          expect(within(hints, 0, 1)).toBe(true);
          expect([0, 1]).toContain(Math.round(hints.reduce((a, b) => a + b, 0) * 1e5) / 1e5);
          expect(within([f("episode_progress"), f("last_action_id_hash"), f("embedding_slot_norm")], 0, 1)).toBe(true);

          const self = plane(obs, "self");
          expect(self.reduce((a, b) => a + b, 0)).toBe(1);
          expect(self[(self.length - 1) / 2]).toBe(1);
          for (const channel of ["agents", "objects", "reservations"]) {
            const values = plane(obs, channel);
            if (builder.variant !== "compact" || builder.config.compact.normalize_counts || channel === "reservations") {
              expect(within(values, 0, 1), channel).toBe(true);
            } else {
              expect(values.every((v) => Number.isInteger(v) && v >= 0), channel).toBe(true);
            }
          }
          if (builder.variant === "full") {
            const dx = plane(obs, "path_dx");
            const dy = plane(obs, "path_dy");
            expect(within(dx, -1, 1) && within(dy, -1, 1)).toBe(true);
            const centre = (dx.length - 1) / 2;
            const norms = dx.map((x, i) => Math.hypot(x, dy[i] as number));
            expect(norms[centre]).toBe(0);
            expect(norms.every((n, i) => i === centre || Math.abs(n - 1) < 1e-6)).toBe(true);
          }
          if (builder.variant === "compact") {
            expect(plane(obs, "walkable").every((v) => v === 0 || v === 1)).toBe(true);
            for (const channel of obs.metadata.map_channels.filter((c) => c.startsWith("object:"))) {
              const values = plane(obs, channel);
              expect(builder.config.compact.normalize_counts ? within(values, 0, 1) : values.every((v) => v >= 0)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("is deterministic, does not mutate the world view, and builds one agent like the batch", () => {
    fc.assert(
      fc.property(configArb, worldArb, (config, worldData) => {
        const builder = new ObservationBuilder(config);
        const before = JSON.stringify(worldData);
        const view = rawWorldView(worldData);
        const first = builder.buildBatch(view);
        const second = builder.buildBatch(view);
        expect(JSON.stringify(worldData)).toBe(before);
        expect([...second.keys()]).toEqual([...first.keys()]);
        for (const [id, obs] of first) {
          expect(second.get(id)).toEqual(obs);
          expect(builder.build(view, id)).toEqual(obs);
        }
        const frozen = builder.buildBatch(PlainWorld.from(worldData));
        for (const [id, obs] of first) expect(frozen.get(id)).toEqual(obs);
      }),
      { numRuns: 40 },
    );
  });
});
