/**
 * The batch protocol (`processActionBatch`, `fillObservationBatch`, `computeRewardBatch`, core-types
 * `batch.ts`): the kit builds random structure-of-arrays batches on grids up to 64 wide, lists a random,
 * non-contiguous subset of the environments in random order (with unlisted ones after `count` in
 * `indices`), runs the batch method once, and compares every listed environment with the object method
 * run on that environment's own state, bit for bit (`Object.is`), generator draws included. Unlisted
 * environments, the agents' other arrays and the output slots of unlisted environments must be untouched.
 */
import { AgentState, Coordinates, GridSize, type AgentBatch, type BatchContext, type ConcentrationField, type RandomGenerator, type VectorField } from "@plume/core-types";
import { Generator } from "@plume/spaces";
import fc from "fast-check";
import * as arb from "./arbitraries.js";
import { KitPlume, KitWind, type PlumeKind, type WindSpec } from "./fields.js";
export type { PlumeKind, WindSpec };

/** One environment of a batch: its agent before the step. */
export interface BatchEnvSpec {
  readonly x: number;
  readonly y: number;
  readonly orientation: number;
  readonly stepCount: number;
  readonly totalReward: number;
  readonly rngSeed: number;
}

/** A batch: the grid, the plume and wind, the environments, and which are listed (in order). */
export interface BatchSpec {
  readonly grid: arb.GridSpec;
  readonly plume: PlumeKind;
  readonly source: readonly [number, number];
  readonly sigma: number;
  readonly wind: WindSpec | null;
  readonly envs: readonly BatchEnvSpec[];
  readonly listed: readonly number[];
  readonly trailing: readonly number[];
}

/** Batches of 1-10 environments; the listed subset is random (often non-contiguous) and shuffled. */
export function batchSpec(): fc.Arbitrary<BatchSpec> {
  return arb
    .grid(48)
    .chain((g) =>
      fc.record({
        grid: fc.constant(g),
        plume: fc.constantFrom<PlumeKind>("gaussian", "two-sources", "plateau", "moving"),
        source: arb.pos(g),
        sigma: fc.double({ min: 0.5, max: 12, noNaN: true }),
        wind: arb.wind(),
        envs: fc.array(
          fc.record({
            p: arb.pos(g),
            orientation: arb.orientation(),
            stepCount: fc.oneof(fc.constantFrom(0, 1, 999, 1000), fc.nat(2000)),
            totalReward: fc.oneof(fc.constant(0), fc.double({ min: -100, max: 100, noNaN: true })),
            rngSeed: arb.seed(),
          }).map(({ p, ...e }) => ({ x: p[0], y: p[1], ...e, orientation: new AgentState({ position: new Coordinates(p[0], p[1]), orientation: e.orientation }).orientation })),
          { minLength: 1, maxLength: 10 },
        ),
      }),
    )
    // a time-varying plume is one object at one step for the whole batch (as a vector env advances it): the
    // environments then share that step count, so a sensor may sample it with or without `t`
    .map((b) => (b.plume === "moving" ? { ...b, envs: b.envs.map((e) => ({ ...e, stepCount: (b.envs[0] as BatchEnvSpec).stepCount })) } : b))
    .chain((b) => {
      const all = b.envs.map((_, i) => i);
      return fc.shuffledSubarray(all, { minLength: 1 }).chain((listed) => {
        const unlisted = all.filter((i) => !listed.includes(i));
        return fc.record({ listed: fc.constant(listed), trailing: unlisted.length === 0 ? fc.constant([] as number[]) : fc.shuffledSubarray(unlisted) }).map((r) => ({ ...b, ...r }));
      });
    });
}

/** The agents of a batch as structure-of-arrays (`prev*` = the current cell). */
export function agentBatch(b: BatchSpec): AgentBatch {
  const n = b.envs.length;
  const a = {
    size: n,
    x: new Int32Array(n),
    y: new Int32Array(n),
    prevX: new Int32Array(n),
    prevY: new Int32Array(n),
    orientation: new Float64Array(n),
    stepCount: new Float64Array(n),
    distance: new Float64Array(n),
    totalReward: new Float64Array(n),
  };
  const grid = new GridSize(b.grid[0], b.grid[1]);
  const goal = grid.center();
  b.envs.forEach((e, i) => {
    a.x[i] = e.x;
    a.y[i] = e.y;
    a.prevX[i] = e.x;
    a.prevY[i] = e.y;
    a.orientation[i] = e.orientation;
    a.stepCount[i] = e.stepCount;
    a.totalReward[i] = e.totalReward;
    a.distance[i] = Math.hypot(e.x - goal.x, e.y - goal.y);
  });
  return a;
}

/** A deep copy of the agents' arrays. */
export function copyAgents(a: AgentBatch): AgentBatch {
  return { size: a.size, x: a.x.slice(), y: a.y.slice(), prevX: a.prevX.slice(), prevY: a.prevY.slice(), orientation: a.orientation.slice(), stepCount: a.stepCount.slice(), distance: a.distance.slice(), totalReward: a.totalReward.slice() };
}

/** The world of a batch: its context (with one generator per env) and each env's plume and wind objects. */
export function batchWorld(b: BatchSpec): { context: BatchContext; rngs: Generator[]; field: ConcentrationField; wind: VectorField | undefined; grid: GridSize } {
  const grid = new GridSize(b.grid[0], b.grid[1]);
  const field = new KitPlume(grid, { kind: b.plume, source: b.source, source2: b.source, sigma: b.sigma }, b.envs[0]?.stepCount ?? 0);
  const wind = b.wind === null ? undefined : new KitWind(b.wind);
  const goal = grid.center();
  const rngs = b.envs.map((e) => Generator.fromSeed(e.rngSeed));
  const context: BatchContext = {
    gridWidth: grid.width,
    gridHeight: grid.height,
    goalX: goal.x,
    goalY: goal.y,
    goalRadius: 1,
    maxSteps: 5000,
    concentrationField: field,
    fieldArray: field.fieldArray,
    windField: wind,
    rngs: rngs as readonly RandomGenerator[],
  };
  return { context, rngs, field, wind, grid };
}

/** `indices` and `count` of a batch. */
export function indicesOf(b: BatchSpec): { indices: Int32Array; count: number } {
  return { indices: Int32Array.from([...b.listed, ...b.trailing]), count: b.listed.length };
}

/** The first index where two arrays differ under `Object.is`, or -1. */
export function firstBitDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

/** Environment `i`'s agent as the object path sees it (before the step for actions and rewards' `prev`). */
export function agentOf(b: BatchSpec, i: number, at?: { readonly x: number; readonly y: number; readonly orientation: number }): AgentState {
  const e = b.envs[i] as BatchEnvSpec;
  return new AgentState({
    position: new Coordinates(at?.x ?? e.x, at?.y ?? e.y),
    orientation: at?.orientation ?? e.orientation,
    step_count: e.stepCount,
    total_reward: e.totalReward,
  });
}

/** A mismatch between a batch result and the object path: where, and the two values. */
export interface BatchMismatch {
  readonly env: number;
  readonly what: string;
  readonly batch: number;
  readonly object: number;
}

/** Compares two arrays under `Object.is`; the first mismatch, attributed to environment `Math.floor(k / width)`. */
export function compareRows(what: string, got: ArrayLike<number>, want: ArrayLike<number>, width: number): BatchMismatch | undefined {
  const k = firstBitDifference(got, want);
  if (k < 0) return undefined;
  return { env: Math.floor(k / Math.max(1, width)), what: `${what}[${k}]`, batch: got[k] as number, object: want[k] as number };
}

/** Describes a batch for a counterexample. */
export function describeBatch(b: BatchSpec): string {
  return `{grid ${b.grid[0]}x${b.grid[1]}, ${b.envs.length} envs, indices [${[...b.listed, ...b.trailing].join(", ")}] with count ${b.listed.length}, plume ${b.plume}, wind ${b.wind === null ? "none" : b.wind.kind}}`;
}

/** The numbers of an action as the batch protocol lays them out (a Discrete action as one number, a Box action flattened). */
export function actionNumbers(action: unknown): number[] | undefined {
  if (typeof action === "number") return [action];
  if (typeof action === "object" && action !== null && "data" in action) {
    const data = (action as { data: ArrayLike<number | bigint> }).data;
    return Array.from(data, (v) => Number(v));
  }
  return undefined;
}
