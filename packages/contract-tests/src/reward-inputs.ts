/**
 * The reward suite's inputs beyond `arb.transition()` (issue 20, classes 2, 4 and 12): transitions on grids
 * of the size ladder (fields as large as the grid, up to 2^18 cells, so that work per call stays bounded),
 * plumes of every kind the kit builds (several sources, plateaus of exactly 1, all zeros, time-varying
 * without `fieldArray`) at peak strengths below 1, agents past 1,000 steps, moves of a few cells; and the
 * goal a reward declares in its metadata, for transitions onto, from and at it.
 */
import { Coordinates, GridSize, ndarray, type AgentState, type ConcentrationField, type FieldMetadata, type NDArray } from "@plume/core-types";
import fc from "fast-check";
import * as arb from "./arbitraries.js";
import { KitPlume, type PlumeKind } from "./fields.js";
import type { LongRunDraws } from "./long-run.js";
import { isPlainObject } from "./probes/values.js";

/** Fields of at most this many cells (a dense Float32Array of width * height is built per transition). */
export const MAX_FIELD_CELLS = 1 << 18;

/** A plume of another strength: every value times `amplitude` (in (0, 1], so values stay in [0, 1]). */
export class ScaledField implements ConcentrationField {
  readonly gridSize: GridSize;
  readonly sourceLocation: Coordinates;
  readonly fieldArray?: Float32Array;

  constructor(
    private readonly base: KitPlume,
    readonly amplitude: number,
  ) {
    this.gridSize = base.gridSize;
    this.sourceLocation = base.sourceLocation;
    if (base.fieldArray !== undefined) this.fieldArray = base.fieldArray.map((v) => Math.fround(v * amplitude));
  }

  sample(x: number, y: number, t?: number): number {
    return Math.fround(this.base.sample(x, y, t) * this.amplitude);
  }

  advanceToStep(step: number): void {
    this.base.advanceToStep(step);
  }

  reset(): void {
    this.base.reset();
  }

  getMetadata(): FieldMetadata {
    return { ...this.base.getMetadata(), type: `kit_scaled_${this.base.spec.kind}`, amplitude: this.amplitude };
  }
}

/** A transition as plain data, on one grid that the field covers. */
export interface WideTransitionSpec {
  readonly grid: arb.GridSpec;
  readonly prev: arb.AgentSpec;
  readonly action: number | readonly number[];
  readonly next: arb.AgentSpec;
  readonly plume: PlumeKind;
  readonly source: readonly [number, number];
  readonly source2: readonly [number, number];
  readonly sigma: number;
  readonly amplitude: number;
  readonly step: number;
}

const f32 = fc.double({ min: -1, max: 1, noNaN: true }).map((v) => Math.fround(v) + 0);
const rewardAction = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.array(f32, { minLength: 2, maxLength: 2 }), fc.array(f32, { minLength: 3, maxLength: 3 }));

/** Grids for wide transitions: small and odd ones, and the size ladder up to `MAX_FIELD_CELLS` cells. */
function wideGrid(): fc.Arbitrary<arb.GridSpec> {
  return fc.oneof({ arbitrary: arb.grid(), weight: 1 }, { arbitrary: arb.ladderGrid(MAX_FIELD_CELLS), weight: 2 });
}

/** Transitions as a real env makes them: the next cell a few cells from the previous one, on the field's grid. */
export function wideTransition(grids: fc.Arbitrary<arb.GridSpec> = wideGrid()): fc.Arbitrary<WideTransitionSpec> {
  return grids.chain((g) => {
    const [w, h] = g;
    return fc
      .record({
        prev: arb.agent(g),
        step: arb.stepCount(),
        near: fc.oneof(
          { arbitrary: fc.tuple(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 })).map((d) => ({ d })), weight: 3 },
          { arbitrary: arb.pos(g).map((p) => ({ p })), weight: 1 },
          // onto, off and at the field's maximum (the source: Plume's default goal), where c = 1 and distances are 0
          { arbitrary: fc.tuple(fc.constantFrom("onto" as const, "from" as const, "at" as const), fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 })).map(([s, dx, dy]) => ({ s, dx, dy })), weight: 1 },
        ),
        action: rewardAction,
        plume: fc.constantFrom<PlumeKind>("gaussian", "gaussian", "two-sources", "plateau", "zeros", "moving"),
        source: arb.pos(g),
        source2: arb.pos(g),
        sigma: fc.oneof(fc.constantFrom(0.5, 1, 5, 20), fc.double({ min: 0.5, max: 20, noNaN: true })),
        amplitude: fc.constantFrom(1, 1, 0.6, 0.25, 0.05),
        goalReached: fc.boolean(),
      })
      .map(({ prev, step, near, goalReached, ...rest }): WideTransitionSpec => {
        const clampX = (x: number) => Math.min(w - 1, Math.max(0, x));
        const clampY = (y: number) => Math.min(h - 1, Math.max(0, y));
        let from: readonly [number, number] = [prev.x, prev.y];
        let to: readonly [number, number];
        if ("d" in near) to = [clampX(prev.x + near.d[0]), clampY(prev.y + near.d[1])];
        else if ("p" in near) to = near.p;
        else {
          const [sx, sy] = rest.source;
          const beside = [clampX(sx + near.dx), clampY(sy + near.dy)] as const;
          from = near.s === "onto" ? beside : [sx, sy];
          to = near.s === "from" ? beside : [sx, sy];
        }
        const before = { ...prev, x: from[0], y: from[1], step_count: Math.max(0, step - 1), goal_reached: false };
        return { grid: g, prev: before, next: { ...prev, x: to[0], y: to[1], step_count: step, goal_reached: goalReached }, step, ...rest };
      });
  });
}

/** The plume of a wide transition, advanced to its step. */
export function buildWideField(spec: Pick<WideTransitionSpec, "grid" | "plume" | "source" | "source2" | "sigma" | "amplitude" | "step">): ConcentrationField {
  const plume = new KitPlume(new GridSize(spec.grid[0], spec.grid[1]), { kind: spec.plume, source: spec.source, source2: spec.source2, sigma: spec.sigma }, spec.step);
  return spec.amplitude === 1 ? plume : new ScaledField(plume, spec.amplitude);
}

/** Fresh objects for a wide transition: `[prev, action, next, field]`. */
export function buildWideTransition(spec: WideTransitionSpec): [AgentState, number | NDArray<"float32">, AgentState, ConcentrationField] {
  const action = typeof spec.action === "number" ? spec.action : ndarray("float32", [spec.action.length], Float32Array.from(spec.action));
  return [arb.buildAgent(spec.prev), action, arb.buildAgent(spec.next), buildWideField(spec)];
}

/** Describes a wide transition for a counterexample. */
export function describeWide(t: WideTransitionSpec): string {
  return (
    `{prev (${t.prev.x}, ${t.prev.y}), next (${t.next.x}, ${t.next.y}) step_count ${t.next.step_count} goal_reached ${t.next.goal_reached}, ` +
    `grid ${t.grid[0]}x${t.grid[1]}, plume ${t.plume} source (${t.source[0]}, ${t.source[1]}) sigma ${t.sigma} peak x${t.amplitude}}`
  );
}

function asPoint(v: unknown): [number, number] | undefined {
  if (Array.isArray(v) && v.length === 2 && v.every((c) => typeof c === "number" && Number.isFinite(c))) return [v[0] as number, v[1] as number];
  if (isPlainObject(v) && typeof v["x"] === "number" && typeof v["y"] === "number" && Number.isFinite(v["x"]) && Number.isFinite(v["y"])) return [v["x"], v["y"]];
  return undefined;
}

/** Where a reward's metadata may declare its goal (top level first, then `parameters`). */
const GOAL_KEYS = ["goal_position", "goal_location", "goal"] as const;
const RADIUS_KEYS = ["goal_radius", "goalRadius"] as const;

/**
 * The goal a reward declares in its metadata — `goal_position`, `goal_location` or `goal`, as `[x, y]` or
 * `{ x, y }`, at the top level or in `parameters` — with its radius (`goal_radius` / `goalRadius`) when given.
 */
export function declaredGoal(meta: unknown): { readonly goal: readonly [number, number]; readonly radius: number | undefined; readonly key: string } | undefined {
  if (!isPlainObject(meta)) return undefined;
  const params = isPlainObject(meta["parameters"]) ? meta["parameters"] : {};
  for (const [where, obj] of [["", meta], ["parameters.", params]] as const) {
    for (const key of GOAL_KEYS) {
      const goal = asPoint(obj[key]);
      if (goal === undefined) continue;
      let radius: number | undefined;
      for (const o of [meta, params]) {
        for (const r of RADIUS_KEYS) if (radius === undefined && typeof o[r] === "number" && Number.isFinite(o[r]) && (o[r] as number) >= 0) radius = o[r] as number;
      }
      return { goal, radius, key: `${where}${key}` };
    }
  }
  return undefined;
}

/** A wide transition from a long run's draws (grids up to 64 wide: many calls, not large fields). */
export function drawWideTransition(draw: LongRunDraws): WideTransitionSpec {
  const grid = draw.grid([], 64);
  const [w, h] = grid;
  const step = draw.stepCount();
  const prev = draw.agent(grid, Math.max(0, step - 1));
  const [nx, ny] = draw.chance(0.75) ? [Math.min(w - 1, Math.max(0, prev.x + draw.int(-2, 2))), Math.min(h - 1, Math.max(0, prev.y + draw.int(-2, 2)))] : draw.pos(grid);
  const f32 = () => Math.fround(draw.uniform(-1, 1)) + 0;
  return {
    grid,
    prev: { ...prev, goal_reached: false },
    next: { ...prev, x: nx, y: ny, step_count: step, goal_reached: draw.chance(0.5) },
    action: draw.chance(0.5) ? draw.int(0, 3) : Array.from({ length: draw.pick([2, 3]) }, f32),
    plume: draw.pick<PlumeKind>(["gaussian", "gaussian", "two-sources", "plateau", "zeros", "moving"]),
    source: draw.pos(grid),
    source2: draw.pos(grid),
    sigma: draw.chance(0.4) ? draw.pick([0.5, 1, 5, 20]) : draw.uniform(0.5, 20),
    amplitude: draw.pick([1, 1, 0.6, 0.25, 0.05]),
    step,
  };
}
