import { ValidationError } from "@plume/core-types";
import { describe, expect, it } from "vitest";
import { ObservationBuilder, PlainWorld, type WorldView } from "../src/index.js";

function validationError(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error("expected a ValidationError");
}

describe("PlainWorld", () => {
  it("fills the reference's AgentSnapshot defaults and default slots in agent order", () => {
    const world = new PlainWorld({ agents: [{ id: "a", position: [0, 0] }, { id: "b", position: [1, 1] }] });
    expect(world.tick).toBe(0);
    expect(world.agents()[0]).toMatchObject({
      wallet: 0,
      on_shift: false,
      shift_state: "pre_shift",
      last_action: { kind: "", success: false, duration: 0 },
      personality: { profile: "balanced", extroversion: 0, forgiveness: 0, ambition: 0 },
    });
    expect(world.embeddingSlot("b")).toBe(1);
    expect(world.queue("nothing")).toEqual([]);
    expect(world.relationships("a")).toEqual([]);
  });

  it("is deep-frozen", () => {
    const world = new PlainWorld({ agents: [{ id: "a", position: [0, 0] }] });
    expect(Object.isFrozen(world.agents()[0]?.position)).toBe(true);
    expect(() => (world.agents() as unknown as unknown[]).push({})).toThrow(TypeError);
  });

  it.each([
    [{ agents: [{ id: "a", position: [0.5, 0] }] }, "agents.0.position.0"],
    [{ agents: [{ id: "a" }] }, "agents.0.position"],
    [{ agents: [{ id: "a", position: [0, 0], needs: { hunger: "full" } }] }, "agents.0.needs.hunger"],
    [{ agents: [{ id: "a", position: [0, 0] }, { id: "a", position: [1, 0] }] }, "agents.1.id"],
    [{ objects: [{ id: "o", type: "stove", position: [0, 0] }, { id: "o", type: "bed" }] }, "objects.1.id"],
    [{ relationships: { a: [{ other: "b" }, { other: "b" }] } }, "relationships.a.1.other"],
    [{ rivalry: { a: [{ other: "b" }] } }, "rivalry.a.0.score"],
    [{ tick: -1 }, "tick"],
  ])("rejects %j naming %s", (input, parameter) => {
    expect(validationError(() => PlainWorld.from(input)).parameter).toBe(parameter);
  });
});

describe("WorldView validation in the builder", () => {
  const base = new PlainWorld({ agents: [{ id: "a", position: [0, 0] }], objects: [{ id: "o", type: "stove" }] });
  const view = (overrides: Partial<WorldView>): WorldView =>
    Object.assign(Object.create(null) as object, {
      tick: base.tick,
      agents: () => base.agents(),
      objects: () => base.objects(),
      reservations: () => base.reservations(),
      queue: (id: string) => base.queue(id),
      relationships: (id: string) => base.relationships(id),
      rivalry: (id: string) => base.rivalry(id),
      embeddingSlot: (id: string) => base.embeddingSlot(id),
      hasCtxResetRequest: () => false,
      ...overrides,
    }) as WorldView;
  const builder = new ObservationBuilder();

  it.each([
    [{ tick: 1.5 }, "world.tick"],
    [{ agents: () => [{ id: "a", position: [0, "0"] }] }, "world.agents().0.position.1"],
    [{ objects: () => [{ id: "o", type: 3 }] }, "world.objects().0.type"],
    [{ queue: () => [1] }, "world.queue(o).0"],
    [{ rivalry: () => [{ other: "b", score: Number.NaN }] }, "world.rivalry(a).0.score"],
    [{ relationships: () => [{ other: "b", trust: Infinity }] }, "world.relationships(a).0.trust"],
    [{ embeddingSlot: () => 64 }, "world.embeddingSlot(a)"],
    [{ embeddingSlot: () => -1 }, "world.embeddingSlot(a)"],
    [{ hasCtxResetRequest: () => "yes" }, "world.hasCtxResetRequest(a)"],
  ] as [Partial<WorldView>, string][])("names the bad member: %s", (overrides, parameter) => {
    expect(validationError(() => builder.buildBatch(view(overrides))).parameter).toBe(parameter);
  });

  it("rejects an unknown agent id for a single build", () => {
    expect(validationError(() => builder.build(base, "nobody")).parameter).toBe("agentId");
  });
});
