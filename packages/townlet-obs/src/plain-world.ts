/**
 * A plain-data WorldView for tests and JSON replays. Its input is the `world` object of the
 * conformance fixtures: agents (with `embedding_slot`), objects, reservations, queues, the two
 * ledgers, pending context resets and terminated agents.
 */
import { ValidationError, parseWithSchema } from "@plume/core-types";
import * as z from "zod";
import type {
  AgentView,
  ObjectView,
  RelationshipTieView,
  ReservationView,
  RivalryEdgeView,
  WorldView,
} from "./world.js";
import {
  agentSchema,
  findDuplicate,
  objectSchema,
  relationshipTieSchema,
  reservationSchema,
  rivalryEdgeSchema,
  tickSchema,
} from "./world-schema.js";

const idList = z.array(z.string({ error: "must be a string" }), { error: "must be a list of agent ids" });

export const plainAgentSchema = agentSchema.extend({
  /** Slot the embedding allocator gave the agent; defaults to the agent's index (a fresh allocator's answer). */
  embedding_slot: z
    .int({ error: "must be a non-negative integer" })
    .min(0, { error: "must be a non-negative integer" })
    .optional(),
});

export const queueSchema = z.object({
  object_id: z.string({ error: "must be a string" }),
  waiting: idList,
});

/** The plain-data world format (the fixtures' `world` object); every list and ledger defaults to empty. */
export const plainWorldSchema = z
  .object({
    tick: tickSchema.default(0),
    observer: z.string({ error: "must be a string" }).optional(),
    agents: z.array(plainAgentSchema, { error: "must be a list of agents" }).default([]),
    objects: z.array(objectSchema, { error: "must be a list of objects" }).default([]),
    reservations: z.array(reservationSchema, { error: "must be a list of reservations" }).default([]),
    queues: z.array(queueSchema, { error: "must be a list of queues" }).default([]),
    relationships: z
      .record(z.string(), z.array(relationshipTieSchema), { error: "must map agent ids to lists of ties" })
      .default({}),
    rivalry: z
      .record(z.string(), z.array(rivalryEdgeSchema), { error: "must map agent ids to lists of edges" })
      .default({}),
    ctx_reset_requests: idList.default([]),
    terminated: idList.default([]),
  })
  .superRefine((world, ctx) => {
    const duplicate = (path: (string | number)[], what: string, value: string) =>
      ctx.addIssue({ code: "custom", path, input: value, message: `duplicate ${what} ${JSON.stringify(value)}` });
    const agent = findDuplicate(world.agents, (a) => a.id);
    if (agent) duplicate(["agents", agent.index, "id"], "agent id", agent.value);
    const object = findDuplicate(world.objects, (o) => o.id);
    if (object) duplicate(["objects", object.index, "id"], "object id", object.value);
    const reservation = findDuplicate(world.reservations, (r) => r.object_id);
    if (reservation) duplicate(["reservations", reservation.index, "object_id"], "reservation for", reservation.value);
    const queue = findDuplicate(world.queues, (q) => q.object_id);
    if (queue) duplicate(["queues", queue.index, "object_id"], "queue for", queue.value);
    for (const [owner, ties] of Object.entries(world.relationships)) {
      const tie = findDuplicate(ties, (t) => t.other);
      if (tie) duplicate(["relationships", owner, tie.index, "other"], "tie with", tie.value);
    }
    for (const [owner, edges] of Object.entries(world.rivalry)) {
      const edge = findDuplicate(edges, (e) => e.other);
      if (edge) duplicate(["rivalry", owner, edge.index, "other"], "rivalry edge with", edge.value);
    }
  });

export type PlainWorldInput = z.input<typeof plainWorldSchema>;
export type PlainWorldData = z.output<typeof plainWorldSchema>;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const EMPTY: readonly never[] = Object.freeze([]);

/** A WorldView over validated, deep-frozen plain data. */
export class PlainWorld implements WorldView {
  /** The validated data (defaults filled in), deep-frozen. */
  readonly data: PlainWorldData;
  private readonly slots: ReadonlyMap<string, number>;
  private readonly queues: ReadonlyMap<string, readonly string[]>;
  private readonly ties: ReadonlyMap<string, readonly RelationshipTieView[]>;
  private readonly edges: ReadonlyMap<string, readonly RivalryEdgeView[]>;
  private readonly resets: ReadonlySet<string>;
  private readonly ended: ReadonlySet<string>;

  /** Validates `input`; a bad field throws ValidationError naming its path (e.g. `agents.0.position`). */
  constructor(input: PlainWorldInput) {
    this.data = deepFreeze(parseWithSchema(plainWorldSchema, input, { what: "plain world" }));
    this.slots = new Map(this.data.agents.map((a, index) => [a.id, a.embedding_slot ?? index]));
    this.queues = new Map(this.data.queues.map((q) => [q.object_id, q.waiting]));
    this.ties = new Map(Object.entries(this.data.relationships));
    this.edges = new Map(Object.entries(this.data.rivalry));
    this.resets = new Set(this.data.ctx_reset_requests);
    this.ended = new Set(this.data.terminated);
  }

  /** `new PlainWorld(input)` for data of unknown shape, e.g. parsed JSON. */
  static from(input: unknown): PlainWorld {
    return new PlainWorld(input as PlainWorldInput);
  }

  get tick(): number {
    return this.data.tick;
  }

  /** The fixture's `observer`, when given. */
  get observer(): string | undefined {
    return this.data.observer;
  }

  agents(): readonly AgentView[] {
    return this.data.agents;
  }

  objects(): readonly ObjectView[] {
    return this.data.objects;
  }

  reservations(): readonly ReservationView[] {
    return this.data.reservations;
  }

  queue(objectId: string): readonly string[] {
    return this.queues.get(objectId) ?? EMPTY;
  }

  relationships(agentId: string): readonly RelationshipTieView[] {
    return this.ties.get(agentId) ?? EMPTY;
  }

  rivalry(agentId: string): readonly RivalryEdgeView[] {
    return this.edges.get(agentId) ?? EMPTY;
  }

  embeddingSlot(agentId: string): number {
    const slot = this.slots.get(agentId);
    if (slot === undefined) throw ValidationError.invalid("agentId", "an agent id present in the world", agentId);
    return slot;
  }

  hasCtxResetRequest(agentId: string): boolean {
    return this.resets.has(agentId);
  }

  isTerminated(agentId: string): boolean {
    return this.ended.has(agentId);
  }

  /** The validated data, ready for `JSON.stringify`. */
  toJSON(): PlainWorldData {
    return this.data;
  }
}
