/**
 * Reads a WorldView once per build: validates what it returns (typed errors name the member and
 * field) and derives the per-build lookups. Nothing here writes to the world view.
 */
import { ValidationError, parseWithSchema } from "@plume/core-types";
import * as z from "zod";
import { SpatialIndex } from "./spatial-index.js";
import type { WorldView } from "./world.js";
import {
  agentSchema,
  findDuplicate,
  objectSchema,
  relationshipTieSchema,
  reservationSchema,
  rivalryEdgeSchema,
  tickSchema,
  type AgentRecord,
  type ObjectRecord,
  type RelationshipTieRecord,
  type RivalryEdgeRecord,
} from "./world-schema.js";

const agentsSchema = z.array(agentSchema, { error: "must return a list of agents" });
const objectsSchema = z.array(objectSchema, { error: "must return a list of objects" });
const reservationsSchema = z.array(reservationSchema, { error: "must return a list of reservations" });
const waitingSchema = z.array(z.string({ error: "must be a string" }), { error: "must return a list of agent ids" });
const tiesSchema = z.array(relationshipTieSchema, { error: "must return a list of ties" });
const edgesSchema = z.array(rivalryEdgeSchema, { error: "must return a list of rivalry edges" });
const slotSchema = z.int({ error: "must be an integer slot" }).min(0, { error: "must be a non-negative slot" });

export interface WorldSnapshot {
  readonly tick: number;
  readonly agents: readonly AgentRecord[];
  readonly agentsById: ReadonlyMap<string, AgentRecord>;
  readonly objects: readonly ObjectRecord[];
  /** Agents holding at least one reservation. */
  readonly holders: ReadonlySet<string>;
  /** Agents waiting in the queue of some registered object. */
  readonly queued: ReadonlySet<string>;
  readonly tiles: SpatialIndex;
}

function noDuplicate<T>(items: readonly T[], key: (item: T) => string, parameter: (index: number) => string, what: string) {
  const dup = findDuplicate(items, key);
  if (dup) throw ValidationError.invalid(parameter(dup.index), `unique ${what}`, dup.value);
}

export function readWorld(world: WorldView): WorldSnapshot {
  if (world === null || typeof world !== "object") {
    throw ValidationError.invalid("world", "a WorldView object", world);
  }
  const tick = parseWithSchema(tickSchema, world.tick, { path: "world.tick" });
  const agents = parseWithSchema(agentsSchema, world.agents(), { path: "world.agents()" });
  noDuplicate(agents, (a) => a.id, (i) => `world.agents().${i}.id`, "agent ids");
  const objects = parseWithSchema(objectsSchema, world.objects(), { path: "world.objects()" });
  noDuplicate(objects, (o) => o.id, (i) => `world.objects().${i}.id`, "object ids");
  const reservations = parseWithSchema(reservationsSchema, world.reservations(), { path: "world.reservations()" });

  const holders = new Set<string>();
  for (const r of reservations) if (r.holder !== null) holders.add(r.holder);
  const queued = new Set<string>();
  for (const object of objects) {
    const waiting = parseWithSchema(waitingSchema, world.queue(object.id), { path: `world.queue(${object.id})` });
    for (const id of waiting) queued.add(id);
  }
  return {
    tick,
    agents,
    agentsById: new Map(agents.map((a) => [a.id, a])),
    objects,
    holders,
    queued,
    tiles: new SpatialIndex(agents, objects, reservations),
  };
}

export function readRelationships(world: WorldView, agentId: string): RelationshipTieRecord[] {
  const ties = parseWithSchema(tiesSchema, world.relationships(agentId), { path: `world.relationships(${agentId})` });
  noDuplicate(ties, (t) => t.other, (i) => `world.relationships(${agentId}).${i}.other`, "ties per agent");
  return ties;
}

export function readRivalry(world: WorldView, agentId: string): RivalryEdgeRecord[] {
  const edges = parseWithSchema(edgesSchema, world.rivalry(agentId), { path: `world.rivalry(${agentId})` });
  noDuplicate(edges, (e) => e.other, (i) => `world.rivalry(${agentId}).${i}.other`, "rivalry edges per agent");
  return edges;
}

/** Validates a slot against `max_slots`; `source` names where it came from for the error. */
export function checkSlot(slot: unknown, maxSlots: number, source: string): number {
  const value = parseWithSchema(slotSchema, slot, { path: source });
  if (value >= maxSlots) {
    throw ValidationError.invalid(source, `an integer slot in [0, ${maxSlots - 1}] (embedding_allocator.max_slots is ${maxSlots})`, value);
  }
  return value;
}

export function readFlag(value: unknown, source: string): boolean {
  if (typeof value !== "boolean") throw ValidationError.invalid(source, "true or false", value);
  return value;
}
