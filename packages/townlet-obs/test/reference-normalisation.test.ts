/**
 * Points where Plume used to differ from the reference (issue 27), written from the reference's
 * code: `AgentSnapshot.__post_init__` (needs clamped to [0, 1], base needs 0.5 when missing,
 * profile names stripped and lower-cased, unknown names falling back to "balanced"), the
 * observation service's metadata order (`personality` from `_build_metadata`, then `compact`
 * added by `_build_compact`) and its feature index.
 */
import { ValidationError } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import {
  BASE_FEATURE_NAMES,
  BASE_NEEDS,
  LANDMARKS,
  ObservationBuilder,
  PERSONALITY_PROFILES,
  PlainWorld,
  type AgentView,
  type PlainWorldInput,
  type WorldView,
} from "../src/index.js";

const agent = (extra: Record<string, unknown>) => ({ id: "a", position: [0, 0] as [number, number], ...extra });
const world = (extra: Record<string, unknown>) => new PlainWorld({ agents: [agent(extra)] } as PlainWorldInput);
const needsFeatures = (w: WorldView) => {
  const builder = new ObservationBuilder();
  const obs = builder.build(w, "a");
  const [start, stop] = builder.featureSlice("needs");
  return [...obs.features.data.subarray(start, stop)];
};

describe("needs, as the reference's AgentSnapshot normalises them", () => {
  it("gives every omitted base need 0.5, in PlainWorld and in the features", () => {
    const w = world({});
    expect(w.agents()[0]!.needs).toEqual({ hunger: 0.5, hygiene: 0.5, energy: 0.5 });
    expect(needsFeatures(w)).toEqual(BASE_NEEDS.map(() => 0.5));
  });

  it("keeps given needs and fills only the missing ones", () => {
    const w = world({ needs: { hunger: 0.25, thirst: 0.75 } });
    expect(w.agents()[0]!.needs).toEqual({ hunger: 0.25, thirst: 0.75, hygiene: 0.5, energy: 0.5 });
    expect(needsFeatures(w)).toEqual([0.25, 0.5, 0.5]);
  });

  it.each([
    [-0.5, 0],
    [1.5, 1],
    [-1e300, 0],
    [7, 1],
    [0, 0],
    [1, 1],
    [0.375, 0.375],
  ])("clamps need %d to %d, extra needs included", (value, clamped) => {
    const w = world({ needs: { hunger: value, hygiene: value, energy: value, comfort: value } });
    expect(w.agents()[0]!.needs).toEqual({ hunger: clamped, hygiene: clamped, energy: clamped, comfort: clamped });
    expect(needsFeatures(w)).toEqual([clamped, clamped, clamped]);
  });

  it("normalises what a host WorldView returns, not only PlainWorld data", () => {
    const base = world({});
    const raw: AgentView = { ...base.agents()[0]!, needs: { hunger: 2, energy: -1 } };
    const host: WorldView = {
      tick: 0,
      agents: () => [raw],
      objects: () => [],
      reservations: () => [],
      queue: () => [],
      relationships: () => [],
      rivalry: () => [],
      embeddingSlot: () => 0,
      hasCtxResetRequest: () => false,
    };
    expect(needsFeatures(host)).toEqual([1, 0.5, 0]);
  });
});

describe("personality profile names, as the reference's AgentSnapshot resolves them", () => {
  const profileOf = (profile: string) => world({ personality: { profile } }).agents()[0]!.personality.profile;
  const metadataOf = (profile: string, traits: Record<string, number> = {}) =>
    new ObservationBuilder({ personality_channels: true }).build(world({ personality: { profile, ...traits } }), "a").metadata
      .personality!;

  it.each(Object.keys(PERSONALITY_PROFILES))("lower-cases and trims built-in %s", (name) => {
    for (const spelled of [name, name.toUpperCase(), `  ${name[0]!.toUpperCase()}${name.slice(1)}\t`]) {
      expect(profileOf(spelled)).toBe(name);
      const meta = metadataOf(spelled);
      expect(meta.profile).toBe(name);
      const { multipliers } = PERSONALITY_PROFILES[name]!;
      expect(meta.multipliers).toEqual({
        needs: { ...multipliers.needs },
        rewards: { ...multipliers.rewards },
        behaviour: { ...multipliers.behaviour },
      });
    }
  });

  it.each(["grumpy", "Mystery Profile", "balanced2", "__proto__", "constructor"])(
    "falls back to balanced for unknown profile %j, keeping the given traits",
    (name) => {
      expect(profileOf(name)).toBe("balanced");
      const meta = metadataOf(name, { extroversion: 0.4, forgiveness: -0.2, ambition: 0.9 });
      expect(meta.profile).toBe("balanced");
      expect(meta.traits).toEqual({ extroversion: 0.4, forgiveness: -0.2, ambition: 0.9 });
      expect(meta.multipliers).toEqual({ needs: {}, rewards: {}, behaviour: {} });
    },
  );

  it("reads an empty profile as balanced in the metadata", () => {
    expect(metadataOf("").profile).toBe("balanced");
  });
});

describe("metadata key order", () => {
  it.each([
    [{ variant: "compact", personality_channels: true }, ["local_summary", "personality", "compact"]],
    [{ variant: "compact", personality_channels: true, compact: { include_targets: true } }, ["landmark_slices", "social_context", "local_summary", "personality", "compact"]],
    [{ variant: "hybrid", personality_channels: true }, ["local_summary", "personality"]],
    [{ variant: "compact" }, ["local_summary", "compact"]],
  ] as const)("%j ends with %j, as the reference's service builds it", (config, tail) => {
    const obs = new ObservationBuilder(config).build(world({}), "a");
    const keys = Object.keys(obs.metadata);
    expect(keys.slice(0, 5)).toEqual(["variant", "map_shape", "map_channels", "feature_names", "embedding_slot"]);
    expect(keys.slice(-tail.length)).toEqual(tail);
    // JSON output (what a Python consumer reads) keeps the same order.
    expect(Object.keys(JSON.parse(JSON.stringify(obs.metadata)) as object)).toEqual(keys);
  });
});

describe("featureIndex and featureSlice", () => {
  const configs = [
    {},
    { personality_channels: true, hybrid: { include_targets: true } },
    { variant: "compact", compact: { include_targets: true }, social_snippet: { top_friends: 1, top_rivals: 3, embed_dim: 4 } },
    { social_snippet: { top_friends: 0, top_rivals: 0 } },
    { social_snippet: { top_friends: 2, top_rivals: 0, include_aggregates: false } },
  ] as const;

  it.each(configs)("agrees with feature_names for %j", (config) => {
    const builder = new ObservationBuilder(config);
    builder.featureNames.forEach((name, i) => {
      expect(builder.featureIndex(name)).toBe(i);
      expect(builder.featureSlice(name)).toEqual([i, i + 1]);
    });
  });

  it.each(configs)("names each group's features for %j", (config) => {
    const builder = new ObservationBuilder(config);
    const names = (group: string) => builder.featureNames.slice(...builder.featureSlice(group));
    expect(names("needs")).toEqual(["need_hunger", "need_hygiene", "need_energy"]);
    expect(names("time")).toEqual(["time_sin", "time_cos"]);
    expect(names("shift")).toEqual(BASE_FEATURE_NAMES.filter((n) => n.startsWith("shift_")));
    expect(names("path_hint")).toEqual(BASE_FEATURE_NAMES.filter((n) => n.startsWith("path_hint_")));
    expect(names("local_summary")).toEqual(BASE_FEATURE_NAMES.slice(-4));
    const slices = builder.landmarkSlices;
    for (const landmark of LANDMARKS) {
      if (slices) expect(builder.featureSlice(landmark)).toEqual(slices[landmark]);
      else expect(() => builder.featureSlice(landmark)).toThrow(ValidationError);
    }
    if (builder.config.personality_channels) expect(names("personality")).toEqual(builder.featureNames.filter((n) => n.startsWith("personality_")));
    else expect(() => builder.featureSlice("personality")).toThrow(ValidationError);
    const { socialSlots, slotDim, aggregateNames } = builder.layout;
    for (let s = 0; s < socialSlots; s++) {
      expect(names(`social_slot${s}`)).toEqual(Array.from({ length: slotDim }, (_, d) => `social_slot${s}_d${d}`));
    }
    const social = builder.featureNames.filter((n) => n.startsWith("social_"));
    if (social.length > 0) expect(names("social")).toEqual(social);
    else expect(() => builder.featureSlice("social")).toThrow(ValidationError);
    if (aggregateNames.length > 0) expect(names("social_aggregates")).toEqual(aggregateNames);
  });

  it("throws a ValidationError naming the parameter for an unknown name", () => {
    const builder = new ObservationBuilder();
    for (const call of [() => builder.featureIndex("hunger"), () => builder.featureSlice("fridge")]) {
      try {
        call();
        expect.unreachable("expected a ValidationError");
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).parameter).toBe("name");
      }
    }
    expect(() => builder.featureSlice("nope")).toThrow(/needs, time, shift/);
  });
});
