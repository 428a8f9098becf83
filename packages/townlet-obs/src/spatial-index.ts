/**
 * Per-build tile lookups (the reference's "local cache"): agents per tile, positioned objects per
 * tile, and reserved tiles (the positions of objects that have a holder). Tiles are keyed by row
 * (y) then column (x) in nested maps, which keeps lookups on plain numbers.
 */
import type { AgentRecord, ObjectRecord, ReservationRecord } from "./world-schema.js";

const EMPTY: readonly never[] = Object.freeze([]);

class TileMap<T> {
  private readonly rows = new Map<number, Map<number, T>>();

  get(x: number, y: number): T | undefined {
    return this.rows.get(y)?.get(x);
  }

  set(x: number, y: number, value: T): void {
    let row = this.rows.get(y);
    if (row === undefined) {
      row = new Map();
      this.rows.set(y, row);
    }
    row.set(x, value);
  }
}

function push<T>(map: TileMap<T[]>, x: number, y: number, value: T): void {
  const list = map.get(x, y);
  if (list) list.push(value);
  else map.set(x, y, [value]);
}

export class SpatialIndex {
  private readonly agentTiles = new TileMap<string[]>();
  private readonly objectTiles = new TileMap<ObjectRecord[]>();
  private readonly reservedTiles = new TileMap<true>();

  constructor(
    agents: readonly AgentRecord[],
    objects: readonly ObjectRecord[],
    reservations: readonly ReservationRecord[],
  ) {
    for (const agent of agents) push(this.agentTiles, agent.position[0], agent.position[1], agent.id);
    const held = new Set<string>();
    for (const r of reservations) if (r.holder !== null) held.add(r.object_id);
    for (const object of objects) {
      if (object.position === null) continue;
      const [x, y] = object.position;
      push(this.objectTiles, x, y, object);
      if (held.has(object.id)) this.reservedTiles.set(x, y, true);
    }
  }

  /** Ids of the agents standing on `(x, y)`, in world order. */
  agentsAt(x: number, y: number): readonly string[] {
    return this.agentTiles.get(x, y) ?? EMPTY;
  }

  /** Positioned objects on `(x, y)`, in registration order. */
  objectsAt(x: number, y: number): readonly ObjectRecord[] {
    return this.objectTiles.get(x, y) ?? EMPTY;
  }

  /** Whether a reserved object stands on `(x, y)`. */
  isReserved(x: number, y: number): boolean {
    return this.reservedTiles.get(x, y) === true;
  }
}
