import { ConfigurationError, ValidationError } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import { EmbeddingAllocator } from "../src/index.js";

describe("EmbeddingAllocator", () => {
  it("hands out 0, 1, 2... and keeps an agent's slot", () => {
    const a = new EmbeddingAllocator({ max_slots: 4 });
    expect(["x", "y", "z"].map((id) => a.allocate(id, 0))).toEqual([0, 1, 2]);
    expect(a.allocate("y", 5)).toBe(1);
    expect(a.hasAssignment("y")).toBe(true);
    expect(a.slotOf("w")).toBeUndefined();
  });

  it("prefers never-used slots, then slots whose cooldown has passed (oldest release first)", () => {
    const a = new EmbeddingAllocator({ max_slots: 3, cooldown_ticks: 10 });
    a.allocate("a", 0);
    a.allocate("b", 0);
    a.release("a", 5);
    expect(a.allocate("c", 6)).toBe(2); // never-used slot 2 beats released slot 0
    a.release("b", 7);
    expect(a.allocate("d", 17)).toBe(0); // both ready: slot 0 released at 5 is older than slot 1 at 7
    expect(a.metrics()).toEqual({ allocations_total: 4, forced_reuse_count: 0, forced_reuse_rate: 0, reuse_warning: false });
  });

  it("forces reuse of the oldest release inside the cooldown and counts it", () => {
    const a = new EmbeddingAllocator({ max_slots: 2, cooldown_ticks: 100, reuse_warning_threshold: 0.1 });
    a.allocate("a", 0);
    a.allocate("b", 0);
    a.release("b", 3);
    a.release("a", 4);
    expect(a.allocate("c", 5)).toBe(1);
    const m = a.metrics();
    expect(m.forced_reuse_count).toBe(1);
    expect(m.forced_reuse_rate).toBeCloseTo(1 / 3, 15);
    expect(m.reuse_warning).toBe(true);
  });

  it("keeps the reference's quirk: a slot released at tick 0 sorts last under forced reuse", () => {
    const a = new EmbeddingAllocator({ max_slots: 2, cooldown_ticks: 100 });
    a.allocate("a", 0);
    a.allocate("b", 0);
    a.release("a", 0);
    a.release("b", 9);
    expect(a.allocate("c", 10)).toBe(1);
  });

  it("throws a typed error when every slot is held", () => {
    const a = new EmbeddingAllocator({ max_slots: 1 });
    a.allocate("a", 0);
    expect(() => a.allocate("b", 0)).toThrow(ConfigurationError);
  });

  it("round-trips its state", () => {
    const a = new EmbeddingAllocator({ max_slots: 3, cooldown_ticks: 0 });
    a.allocate("a", 0);
    a.allocate("b", 1);
    a.release("a", 2);
    const b = new EmbeddingAllocator({ max_slots: 3, cooldown_ticks: 0 });
    b.importState(JSON.parse(JSON.stringify(a.exportState())));
    expect(b.exportState()).toEqual(a.exportState());
    expect(b.allocate("c", 3)).toBe(a.allocate("c", 3));
    expect(() => b.importState({ assignments: { z: 7 } })).toThrow(ValidationError);
  });

  it("validates its options and arguments", () => {
    expect(() => new EmbeddingAllocator({ max_slots: 300 })).toThrow(/embedding_allocator.max_slots/);
    expect(() => new EmbeddingAllocator().allocate("a", 1.5)).toThrow(ValidationError);
  });
});
