/**
 * Embedding-slot allocation with a reuse cooldown, as the reference's `EmbeddingAllocator`:
 * an agent keeps its slot until released; a new agent gets the lowest never-used slot, else the
 * free slot released longest ago whose cooldown has passed, else (forced reuse) the free slot
 * released longest ago.
 */
import { ConfigurationError, ValidationError, parseWithSchema } from "@plume/core-types";
import * as z from "zod";
import {
  embeddingAllocatorOptionsSchema,
  type EmbeddingAllocatorOptions,
  type EmbeddingAllocatorOptionsInput,
} from "./config.js";

export interface EmbeddingAllocatorMetrics {
  readonly allocations_total: number;
  readonly forced_reuse_count: number;
  readonly forced_reuse_rate: number;
  /** Forced-reuse rate above `reuse_warning_threshold` (never with a threshold of 0). */
  readonly reuse_warning: boolean;
}

/** Serialisable allocator bookkeeping (`export_state` in the reference). */
export interface EmbeddingAllocatorState {
  readonly assignments: Readonly<Record<string, number>>;
  readonly available: readonly number[];
  /** Release tick of each slot (as a string key), or null if never released. */
  readonly slot_state: Readonly<Record<string, number | null>>;
  readonly metrics: { readonly allocations_total: number; readonly forced_reuse_count: number };
}

const tickSchema = z.int({ error: "must be an integer tick" });
const idSchema = z.string({ error: "must be a string agent id" });

const stateSchema = z.object({
  assignments: z.record(z.string(), z.int().min(0)).default({}),
  available: z.array(z.int().min(0)).optional(),
  slot_state: z.record(z.string(), z.int().nullable()).default({}),
  metrics: z
    .object({ allocations_total: z.number().min(0).default(0), forced_reuse_count: z.number().min(0).default(0) })
    .prefault({}),
});

export class EmbeddingAllocator {
  readonly options: EmbeddingAllocatorOptions;
  private assignments = new Map<string, number>();
  private releasedAt: (number | null)[];
  private available: Set<number>;
  private allocationsTotal = 0;
  private forcedReuseCount = 0;

  /** Options are the config's `embedding_allocator` block (`max_slots`, `cooldown_ticks`, ...). */
  constructor(options: EmbeddingAllocatorOptionsInput = {}) {
    this.options = parseWithSchema(embeddingAllocatorOptionsSchema, options ?? {}, {
      what: "embedding allocator options",
      path: "embedding_allocator",
      kind: "configuration",
    });
    this.releasedAt = new Array<number | null>(this.options.max_slots).fill(null);
    this.available = new Set(this.releasedAt.map((_, slot) => slot));
  }

  /** The agent's slot, allocating one at `tick` if it has none. Throws when every slot is taken. */
  allocate(agentId: string, tick: number): number {
    parseWithSchema(idSchema, agentId, { path: "agentId" });
    parseWithSchema(tickSchema, tick, { path: "tick" });
    const existing = this.assignments.get(agentId);
    if (existing !== undefined) return existing;
    const [slot, forced] = this.selectSlot(tick);
    this.assignments.set(agentId, slot);
    this.available.delete(slot);
    this.allocationsTotal += 1;
    if (forced) this.forcedReuseCount += 1;
    return slot;
  }

  /** Frees the agent's slot at `tick` (a no-op for an agent without one). */
  release(agentId: string, tick: number): void {
    parseWithSchema(tickSchema, tick, { path: "tick" });
    const slot = this.assignments.get(agentId);
    if (slot === undefined) return;
    this.assignments.delete(agentId);
    this.available.add(slot);
    this.releasedAt[slot] = tick;
  }

  hasAssignment(agentId: string): boolean {
    return this.assignments.has(agentId);
  }

  /** The agent's slot, or undefined; never allocates. */
  slotOf(agentId: string): number | undefined {
    return this.assignments.get(agentId);
  }

  metrics(): EmbeddingAllocatorMetrics {
    const total = this.allocationsTotal || 1;
    const rate = this.forcedReuseCount / total;
    const threshold = this.options.reuse_warning_threshold;
    return {
      allocations_total: this.allocationsTotal,
      forced_reuse_count: this.forcedReuseCount,
      forced_reuse_rate: rate,
      reuse_warning: threshold > 0 && rate > threshold,
    };
  }

  exportState(): EmbeddingAllocatorState {
    return {
      assignments: Object.fromEntries(this.assignments),
      available: [...this.available].sort((a, b) => a - b),
      slot_state: Object.fromEntries(this.releasedAt.map((tick, slot) => [String(slot), tick])),
      metrics: { allocations_total: this.allocationsTotal, forced_reuse_count: this.forcedReuseCount },
    };
  }

  /** Restores `exportState()` output; slots outside `[0, max_slots)` throw ValidationError. */
  importState(state: unknown): void {
    const parsed = parseWithSchema(stateSchema, state, { what: "embedding allocator state", path: "state" });
    const max = this.options.max_slots;
    const check = (slot: number, parameter: string) => {
      if (slot >= max) throw ValidationError.invalid(parameter, `a slot in [0, ${max - 1}]`, slot);
    };
    for (const [agentId, slot] of Object.entries(parsed.assignments)) check(slot, `state.assignments.${agentId}`);
    parsed.available?.forEach((slot, i) => check(slot, `state.available.${i}`));
    this.assignments = new Map(Object.entries(parsed.assignments));
    this.available = new Set(parsed.available ?? this.releasedAt.map((_, slot) => slot));
    for (const slot of this.assignments.values()) this.available.delete(slot);
    this.releasedAt = this.releasedAt.map((_, slot) => parsed.slot_state[String(slot)] ?? null);
    this.allocationsTotal = parsed.metrics.allocations_total;
    this.forcedReuseCount = parsed.metrics.forced_reuse_count;
  }

  private selectSlot(tick: number): [slot: number, forced: boolean] {
    const cooldown = this.options.cooldown_ticks;
    let ready: number | undefined;
    let readyReleased = Infinity;
    for (const slot of [...this.available].sort((a, b) => a - b)) {
      const released = this.releasedAt[slot] ?? null;
      if (released === null) return [slot, false];
      // Ascending slot order, so a strict comparison keeps the lower slot on equal release ticks.
      if (tick - released >= cooldown && released < readyReleased) {
        ready = slot;
        readyReleased = released;
      }
    }
    if (ready !== undefined) return [ready, false];
    if (this.available.size === 0) {
      throw new ConfigurationError("no embedding slots available", {
        parameter: "embedding_allocator.max_slots",
        expected: "more slots than agents holding one",
        received: this.options.max_slots,
      });
    }
    // Forced reuse. The reference keys on `released_at or inf`, so a slot released at tick 0 sorts last.
    let forced = -1;
    let forcedKey = Infinity;
    for (const slot of [...this.available].sort((a, b) => a - b)) {
      const released = this.releasedAt[slot] ?? null;
      const key = released === null || released === 0 ? Infinity : released;
      if (forced === -1 || key < forcedKey) {
        forced = slot;
        forcedKey = key;
      }
    }
    return [forced, true];
  }
}
