import { ConfigurationError } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import { ObservationBuilder, parseObservationConfig, sanitizeObjectChannels } from "../src/index.js";

function configError(input: unknown): ConfigurationError {
  try {
    parseObservationConfig(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error("expected a ConfigurationError");
}

describe("parseObservationConfig", () => {
  it("fills every default (the reference's poc_hybrid values)", () => {
    expect(parseObservationConfig({})).toEqual({
      variant: "hybrid",
      relationships_stage: "B",
      personality_channels: false,
      hybrid: { local_window: 11, include_targets: false, time_ticks_per_day: 1440 },
      compact: { map_window: 7, include_targets: false, object_channels: [], normalize_counts: true },
      social_snippet: { top_friends: 2, top_rivals: 2, embed_dim: 8, include_aggregates: true },
      embedding_allocator: { max_slots: 64, cooldown_ticks: 2000, reuse_warning_threshold: 0.05 },
      rivalry: { avoid_threshold: 0.7, max_edges: 6 },
    });
    expect(parseObservationConfig(undefined).variant).toBe("hybrid");
  });

  it.each([
    [{ hybrid: { local_window: 10 } }, "hybrid.local_window", /odd integer >= 3/],
    [{ hybrid: { local_window: 1 } }, "hybrid.local_window", /odd integer >= 3/],
    [{ hybrid: { local_window: 5.5 } }, "hybrid.local_window", /odd integer >= 3/],
    [{ compact: { map_window: 4 } }, "compact.map_window", /odd integer >= 3/],
    [{ hybrid: { time_ticks_per_day: 0 } }, "hybrid.time_ticks_per_day", /integer >= 1/],
    [{ social_snippet: { embed_dim: 0 } }, "social_snippet.embed_dim", /\[1, 32\]/],
    [{ social_snippet: { embed_dim: 33 } }, "social_snippet.embed_dim", /\[1, 32\]/],
    [{ social_snippet: { top_friends: 9 } }, "social_snippet.top_friends", /\[0, 8\]/],
    [{ social_snippet: { top_friends: 5, top_rivals: 4 } }, "social_snippet.top_rivals", /<= 8/],
    [{ embedding_allocator: { max_slots: 0 } }, "embedding_allocator.max_slots", /\[1, 256\]/],
    [{ embedding_allocator: { cooldown_ticks: -1 } }, "embedding_allocator.cooldown_ticks", /\[0, 10000\]/],
    [{ rivalry: { avoid_threshold: 1.5 } }, "rivalry.avoid_threshold", /\[0, 1\]/],
    [{ rivalry: { max_edges: 0 } }, "rivalry.max_edges", /\[1, 32\]/],
    [{ variant: "partial" }, "variant", /hybrid, full, compact/],
    [{ relationships_stage: "D" }, "relationships_stage", /OFF, A, B, C1, C2, C3/],
    [{ compact: { object_channels: "stove" } }, "compact.object_channels", /list of object types/],
  ])("rejects %j naming %s", (input, parameter, message) => {
    const error = configError(input);
    expect(error.parameter).toBe(parameter);
    expect(error.message).toMatch(message);
    expect(error.code).toBe("PLUME_CONFIGURATION");
  });

  it.each([
    [{ hybrid: { local_windw: 11 } }, "hybrid.local_windw", /allowed keys: local_window, include_targets, time_ticks_per_day/],
    [{ varient: "full" }, "varient", /allowed keys: variant, relationships_stage/],
  ])("rejects the unknown key in %j and lists the allowed keys", (input, parameter, message) => {
    const error = configError(input);
    // core-types names the unknown key itself (older versions named its parent object).
    expect([parameter, parameter.split(".").slice(0, -1).join(".") || "Townlet observation config"]).toContain(error.parameter);
    expect(error.message).toMatch(message);
  });

  it.each([
    [{ relationships_stage: "OFF" }],
    [{ relationships_stage: "OFF", social_snippet: { top_friends: 0, top_rivals: 0 } }],
    [{ relationships_stage: "OFF", variant: "compact", social_snippet: { top_friends: 0, top_rivals: 0, include_aggregates: false } }],
  ])("refuses relationships stage OFF whatever the social slots, as the reference's service does: %j", (input) => {
    const error = configError(input);
    expect(error.parameter).toBe("relationships_stage");
    expect(error.message).toMatch(/A, B, C1, C2, C3/);
    expect(error.message).toMatch(/OFF/);
  });

  it.each(["A", "B", "C1", "C2", "C3"] as const)("accepts stage %s with and without slots", (stage) => {
    expect(() => parseObservationConfig({ relationships_stage: stage })).not.toThrow();
    expect(() =>
      parseObservationConfig({ relationships_stage: stage, social_snippet: { top_friends: 0, top_rivals: 0 } }),
    ).not.toThrow();
  });

  it("forces include_aggregates to false without slots, as the reference's validator does", () => {
    const config = parseObservationConfig({ social_snippet: { top_friends: 0, top_rivals: 0, include_aggregates: true } });
    expect(config.social_snippet.include_aggregates).toBe(false);
    expect(new ObservationBuilder(config).featureLength).toBe(33);
  });

  it("sanitises compact object channels: trim, lower-case, drop empties and duplicates", () => {
    expect(sanitizeObjectChannels([" Stove", "stove", "", "  ", "BED", "bed\t", "Fridge"])).toEqual(["stove", "bed", "fridge"]);
    const builder = new ObservationBuilder({ variant: "compact", compact: { object_channels: ["Stove ", "stove", "bed"] } });
    expect(builder.mapChannels).toEqual(["self", "agents", "objects", "reservations", "object:stove", "object:bed", "walkable"]);
    expect(builder.mapShape).toEqual([7, 7, 7]);
  });

  it("uses Python's strip() whitespace set (0x1C-0x1F and U+0085 included, U+FEFF not)", () => {
    expect(sanitizeObjectChannels(["\u001cstove\u0085"])).toEqual(["stove"]);
    expect(sanitizeObjectChannels(["\ufeffstove"])).toEqual(["\ufeffstove"]);
  });
});
