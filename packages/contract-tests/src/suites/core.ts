/**
 * Core oracles (`core.*`, CHECKS.md §9): the types the kit itself relies on as oracles
 * (GridSize, Coordinates, distance, the seeded generator, the movement table, AgentState counters and
 * frozen configs). Run by the kit's self-tests, not against plugins; every oracle can be replaced so
 * that the self-tests can show each check rejecting a broken one.
 */
import { AgentState, Coordinates, GridSize, type PointLike } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import fc from "fast-check";
import { NUMPY_RANDOM_8 } from "../data/numpy-vectors.js";
import { fail, guard, planSuite, type CheckDefinition, type SuitePlan } from "../engine.js";
import { CARDINAL_MOVES, distance, kitConfig } from "../kit.js";
import { commonOptionsSchema, resolveOptions } from "../options.js";
import { describeError } from "../engine.js";
import type { SuiteReport } from "../report.js";
import * as z from "zod";

interface GridLike {
  readonly width: number;
  readonly height: number;
  contains(p: PointLike): boolean;
  clamp(p: PointLike): PointLike;
  totalCells(): number;
  center(): PointLike;
  toJSON(): unknown;
  equals(other: unknown): boolean;
}
interface CoordinatesLike extends PointLike {
  equals(other: unknown): boolean;
  toKey(): string;
  distanceTo(other: PointLike): number;
}
interface AgentLike {
  readonly step_count: number;
  readonly total_reward: number;
  withStepIncremented(): AgentLike;
  withRewardAdded(reward: number): AgentLike;
}

/** The oracles `checkCore` verifies; each defaults to the implementation the kit uses. */
export interface CoreOracles {
  readonly createGrid: (width: number, height: number) => GridLike;
  readonly gridFromJSON: (json: unknown) => GridLike;
  readonly createCoordinates: (x: number, y: number) => CoordinatesLike;
  readonly distance: (a: PointLike, b: PointLike) => number;
  readonly generator: (seed: number) => { random(): number };
  readonly movementVectors: readonly (readonly [number, number])[];
  readonly createAgent: (x: number, y: number) => AgentLike;
  readonly config: (input: { gridSize?: readonly [number, number]; goalRadius?: number }) => object;
}

export const DEFAULT_ORACLES: CoreOracles = Object.freeze({
  createGrid: (w: number, h: number) => new GridSize(w, h),
  gridFromJSON: (json: unknown) => GridSize.fromJSON(json),
  createCoordinates: (x: number, y: number) => new Coordinates(x, y),
  distance,
  generator: (seed: number) => Generator.fromSeed(seed),
  movementVectors: CARDINAL_MOVES,
  createAgent: (x: number, y: number) => new AgentState({ position: [x, y] }),
  config: (input: { gridSize?: readonly [number, number]; goalRadius?: number }) => kitConfig(input),
});

export const coreOptionsSchema = commonOptionsSchema.extend({
  /** Replacement oracles (the self-tests pass broken ones). Default: the implementations the kit uses. */
  oracles: z.custom<Partial<CoreOracles>>((v) => typeof v === "object" && v !== null, { error: "an object of oracle functions" }).optional(),
});
export type CoreOptions = z.infer<typeof coreOptionsSchema>;

function isValidationError(e: unknown): boolean {
  return typeof e === "object" && e !== null && ((e as { name?: unknown }).name === "ValidationError" || (e as { code?: unknown }).code === "PLUME_VALIDATION");
}

/** Builds the core-oracle suite without running it. */
export function planCore(rawOptions?: CoreOptions): SuitePlan {
  const { options, settings } = resolveOptions(coreOptionsSchema, "core", rawOptions);
  const o: CoreOracles = { ...DEFAULT_ORACLES, ...(options.oracles ?? {}) };
  const side = fc.integer({ min: 1, max: 64 });
  const checks: CheckDefinition[] = [
    {
      id: "core.grid-contains",
      run(ctx) {
        const g10 = o.createGrid(10, 10);
        for (const [x, y] of [
          [10, 5],
          [5, 10],
          [15, 15],
          [-1, 0],
        ] as const) {
          if (g10.contains({ x, y })) fail(`GridSize(10, 10).contains((${x}, ${y})) is true; bounds are half-open`);
        }
        ctx.property(fc.tuple(side, side, fc.integer({ min: -5, max: 70 }), fc.integer({ min: -5, max: 70 })), ([w, h, x, y]) => {
          const g = o.createGrid(w, h);
          const want = x >= 0 && x < w && y >= 0 && y < h;
          if (g.contains({ x, y }) !== want) fail(`GridSize(${w}, ${h}).contains((${x}, ${y})) is ${!want}, expected ${want}`);
          const c = g.clamp({ x, y });
          if (!g.contains(c)) fail(`clamp((${x}, ${y})) on ${w}x${h} gives (${c.x}, ${c.y}), outside the grid`);
        });
      },
    },
    {
      id: "core.grid-validation",
      run(ctx) {
        for (const [w, h] of [
          [0, 5],
          [5, 0],
          [-1, 3],
        ] as const) {
          let threw: unknown;
          try {
            o.createGrid(w, h);
          } catch (error) {
            threw = error;
          }
          if (!isValidationError(threw)) fail(`GridSize(${w}, ${h}) ${threw === undefined ? "was accepted" : `threw ${describeError(threw)}`}; it must throw ValidationError`);
        }
        ctx.property(fc.tuple(fc.integer({ min: 1, max: 1024 }), fc.integer({ min: 1, max: 1024 })), ([w, h]) => {
          const g = guard(`GridSize(${w}, ${h})`, () => o.createGrid(w, h));
          if (g.totalCells() !== w * h) fail(`totalCells() of ${w}x${h} is ${g.totalCells()}`);
          const c = g.center();
          if (c.x !== Math.floor(w / 2) || c.y !== Math.floor(h / 2) || !g.contains(c)) fail(`center() of ${w}x${h} is (${c.x}, ${c.y})`);
          const back = guard("GridSize.fromJSON(toJSON())", () => o.gridFromJSON(JSON.parse(JSON.stringify(g.toJSON()))));
          if (!back.equals(g)) fail(`${w}x${h} does not round-trip through its tuple form`);
        });
      },
    },
    {
      id: "core.coordinates",
      run(ctx) {
        const int = fc.integer({ min: -1000, max: 1000 });
        ctx.property(fc.tuple(int, int), ([x, y]) => {
          const a = guard(`Coordinates(${x}, ${y})`, () => o.createCoordinates(x, y));
          const b = o.createCoordinates(x, y);
          if (a.x !== x || a.y !== y) fail(`Coordinates(${x}, ${y}) holds (${a.x}, ${a.y})`);
          if (!a.equals(b) || a.toKey() !== b.toKey()) fail(`two Coordinates(${x}, ${y}) are not equal or have different keys`);
          for (const [cx, cy] of [
            [x + 1, y],
            [x, y + 1],
            [y, x],
          ] as const) {
            if (cx === x && cy === y) continue;
            const c = o.createCoordinates(cx, cy);
            if (a.equals(c) || a.toKey() === c.toKey()) fail(`Coordinates(${x}, ${y}) and (${cx}, ${cy}) compare equal or share a key`);
          }
        });
      },
    },
    {
      id: "core.distance",
      run(ctx) {
        const p = fc.tuple(fc.integer({ min: -200, max: 200 }), fc.integer({ min: -200, max: 200 })).map(([x, y]) => ({ x, y }));
        ctx.property(fc.tuple(p, p, p), ([a, b, c]) => {
          const ab = o.distance(a, b);
          if (!(ab >= 0)) fail(`distance(${a.x},${a.y} -> ${b.x},${b.y}) is ${ab}`);
          if (ab !== o.distance(b, a)) fail("distance is not symmetric");
          if (o.distance(a, a) !== 0) fail("distance to itself is not 0");
          if (o.distance(a, c) > ab + o.distance(b, c) + 1e-9) fail(`the triangle inequality fails for ${JSON.stringify([a, b, c])}`);
        });
      },
    },
    {
      id: "core.seeded-rng",
      run(ctx) {
        ctx.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
          const a = o.generator(seed);
          const b = o.generator(seed);
          for (let i = 0; i < 50; i++) {
            const x = a.random();
            const y = b.random();
            if (!Object.is(x, y)) fail(`two generators seeded ${seed} differ at draw ${i}: ${x} vs ${y}`);
          }
        }, { numRuns: 20 });
        for (const { seed, random_8 } of NUMPY_RANDOM_8) {
          const g = o.generator(seed);
          random_8.forEach((want, i) => {
            const got = g.random();
            if (!Object.is(got, want)) fail(`seed ${seed} draw ${i} is ${got}, NumPy gives ${want}`);
          });
        }
      },
    },
    {
      id: "core.movement-vectors",
      run() {
        const v = o.movementVectors;
        if (v.length < 4) fail(`there are ${v.length} movement vectors, not 4`);
        v.slice(0, 4).forEach(([dx, dy], i) => {
          if (Math.abs(dx) + Math.abs(dy) !== 1) fail(`movement vector ${i} (${dx}, ${dy}) does not have Manhattan length 1`);
        });
        const [up] = v;
        if (up?.[0] !== 0 || up?.[1] !== 1) fail(`UP (action 0) is (${up?.[0]}, ${up?.[1]}), not (0, +1)`);
        const set = new Set(v.slice(0, 4).map(([dx, dy]) => `${dx},${dy}`));
        for (const d of ["0,1", "1,0", "0,-1", "-1,0"]) if (!set.has(d)) fail(`the cardinal vector (${d}) is missing`);
      },
    },
    {
      id: "core.agent-counters",
      run(ctx) {
        ctx.property(fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { maxLength: 30 }), (rewards) => {
          const start = o.createAgent(1, 2);
          let s = start;
          let sum = 0;
          for (const r of rewards) {
            s = s.withStepIncremented().withRewardAdded(r);
            sum += r;
          }
          if (s.step_count !== rewards.length) fail(`after ${rewards.length} increments step_count is ${s.step_count}`);
          if (!Object.is(s.total_reward, sum + 0) && !(s.total_reward === sum)) fail(`total_reward is ${s.total_reward}, the running sum is ${sum}`);
          if (start.step_count !== 0 || start.total_reward !== 0) fail("the original AgentState changed: instances must be independent");
        });
      },
    },
    {
      id: "core.config-frozen",
      run() {
        for (const input of [{}, { gridSize: [1, 1] as const, goalRadius: 0 }, { gridSize: [128, 64] as const, goalRadius: 5.5 }]) {
          const cfg = guard(`config(${JSON.stringify(input)})`, () => o.config(input)) as Record<string, unknown>;
          if (!Object.isFrozen(cfg)) fail(`config(${JSON.stringify(input)}) is not frozen`);
          let threw = false;
          try {
            cfg["goalRadius"] = 99;
          } catch {
            threw = true;
          }
          if (!threw || cfg["goalRadius"] === 99) fail("assigning to a config field did not throw");
        }
      },
    },
  ];
  return planSuite("core", options.name ?? "core oracles", settings, checks);
}

/** Runs the core-oracle suite (the kit's own self-test) and returns its report. */
export function checkCore(options?: CoreOptions): SuiteReport {
  return planCore(options).run();
}
