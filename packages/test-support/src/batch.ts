/**
 * Helpers for the batch-protocol tests: random structure-of-arrays batches, a `BatchContext`, and bit-for-bit
 * comparisons against the object methods run per environment.
 */
import {
  AgentState,
  Coordinates,
  GridSize,
  type AgentBatch,
  type BatchContext,
  type ConcentrationField,
  type RandomGenerator,
  type VectorField,
} from "@plume/core-types";
import fc from "fast-check";
import { expect } from "vitest";

/** One environment of a generated batch (its agent before the step). */
export interface BatchEnv {
  readonly x: number;
  readonly y: number;
  /** Already normalised into [0, 360) (an `AgentState`'s orientation). */
  readonly orientation: number;
  readonly stepCount: number;
  readonly totalReward: number;
}

/** A generated batch: the grid, the environments, and which of them are listed (in random order). */
export interface BatchCase {
  readonly grid: GridSize;
  readonly envs: readonly BatchEnv[];
  /** The listed environments, in the order given to the batch method. */
  readonly listed: readonly number[];
  /** Unlisted environments written after the listed ones in `indices` (beyond `count`, so never touched). */
  readonly trailing: readonly number[];
}

const side = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 40 }));
const orientation = fc.oneof(
  fc.constantFrom(0, 45, 90, 135, 180, 225, 270, 315, 359.999, 30, 60, 120),
  fc.double({ min: 0, max: 360, maxExcluded: true, noNaN: true }),
);

/** A random batch of 1-12 environments on a random grid (1xN edges included), agents often on corners and edges. */
export const batchCase: fc.Arbitrary<BatchCase> = fc
  .record({ width: side, height: side, size: fc.integer({ min: 1, max: 12 }) })
  .chain(({ width, height, size }) => {
    const env = fc
      .record({
        x: fc.oneof(fc.constantFrom(0, width - 1), fc.integer({ min: 0, max: width - 1 })),
        y: fc.oneof(fc.constantFrom(0, height - 1), fc.integer({ min: 0, max: height - 1 })),
        orientation,
        stepCount: fc.nat(500),
        totalReward: fc.double({ min: -1000, max: 1000, noNaN: true }),
      })
      // the canonical orientation, as an AgentState holds it
      .map((e) => ({ ...e, orientation: new AgentState({ position: new Coordinates(e.x, e.y), orientation: e.orientation }).orientation }));
    const all = Array.from({ length: size }, (_, i) => i);
    return fc.record({
      grid: fc.constant(new GridSize(width, height)),
      envs: fc.array(env, { minLength: size, maxLength: size }),
      listed: fc.shuffledSubarray(all),
    });
  })
  .chain((c) => {
    const unlisted = c.envs.map((_, i) => i).filter((i) => !c.listed.includes(i));
    return fc.record({
      grid: fc.constant(c.grid),
      envs: fc.constant(c.envs),
      listed: fc.constant(c.listed),
      trailing: unlisted.length === 0 ? fc.constant([]) : fc.shuffledSubarray(unlisted),
    });
  });

/** A batch case plus one value per environment drawn from `value` (e.g. its action). */
export function withPerEnv<T>(
  cases: fc.Arbitrary<BatchCase>,
  value: (c: BatchCase) => fc.Arbitrary<T>,
): fc.Arbitrary<{ readonly c: BatchCase; readonly values: readonly T[] }> {
  return cases.chain((c) =>
    fc.record({
      c: fc.constant(c),
      values: fc.array(value(c), { minLength: c.envs.length, maxLength: c.envs.length }),
    }),
  );
}

/** The structure-of-arrays agents of `envs` (`prev*` = current position, as the env fills it). */
export function agentBatch(envs: readonly BatchEnv[]): AgentBatch {
  const n = envs.length;
  const batch = {
    size: n,
    x: new Int32Array(n),
    y: new Int32Array(n),
    prevX: new Int32Array(n),
    prevY: new Int32Array(n),
    orientation: new Float64Array(n),
    stepCount: new Float64Array(n),
    totalReward: new Float64Array(n),
    // The env measures the distance to its goal before rewards; no plugin method here may read it.
    distance: new Float64Array(n).fill(Number.NaN),
  };
  envs.forEach((e, i) => {
    batch.x[i] = e.x;
    batch.y[i] = e.y;
    batch.prevX[i] = e.x;
    batch.prevY[i] = e.y;
    batch.orientation[i] = e.orientation;
    batch.stepCount[i] = e.stepCount;
    batch.totalReward[i] = e.totalReward;
  });
  return batch;
}

/** The `indices` argument: the listed environments, then `trailing` ones that lie beyond `count`. */
export function indicesOf(c: BatchCase): { readonly indices: Int32Array; readonly count: number } {
  return { indices: Int32Array.from([...c.listed, ...c.trailing]), count: c.listed.length };
}

/** A deep copy of every array of `agents`. */
export function snapshot(agents: AgentBatch): AgentBatch {
  return {
    size: agents.size,
    x: agents.x.slice(),
    y: agents.y.slice(),
    prevX: agents.prevX.slice(),
    prevY: agents.prevY.slice(),
    orientation: agents.orientation.slice(),
    stepCount: agents.stepCount.slice(),
    totalReward: agents.totalReward.slice(),
    distance: agents.distance.slice(),
  };
}

/** Environment `i`'s agent as the object path sees it. */
export function agentStateOf(env: BatchEnv): AgentState {
  return new AgentState({
    position: new Coordinates(env.x, env.y),
    orientation: env.orientation,
    step_count: env.stepCount,
    total_reward: env.totalReward,
  });
}

/** A field object for contexts that never sample it. */
export const UNUSED_FIELD: ConcentrationField = { sample: () => 0, reset: () => undefined };

/** A `BatchContext` for `grid` (goal at the centre). */
export function batchContext(options: {
  readonly grid: GridSize;
  readonly field?: ConcentrationField;
  readonly fieldArray?: Float32Array;
  readonly windField?: VectorField;
  readonly rngs?: readonly RandomGenerator[];
}): BatchContext {
  const { grid } = options;
  const goal = grid.center();
  return {
    gridWidth: grid.width,
    gridHeight: grid.height,
    goalX: goal.x,
    goalY: goal.y,
    goalRadius: 1,
    maxSteps: 1000,
    concentrationField: options.field ?? UNUSED_FIELD,
    fieldArray: options.fieldArray,
    windField: options.windField,
    rngs: options.rngs ?? [],
  };
}

/** `actual` equals `expected` element for element under `Object.is` (bit for bit, -0 and NaN included). */
export function expectSameBits(actual: ArrayLike<number>, expected: ArrayLike<number>, what: string): void {
  expect(actual.length, `${what}: length`).toBe(expected.length);
  for (let k = 0; k < expected.length; k++) {
    if (!Object.is(actual[k], expected[k])) {
      expect.fail(`${what}[${k}]: got ${String(actual[k])}, expected ${String(expected[k])}`);
    }
  }
}

/**
 * Checks a processed batch against the object path: every listed environment `i` holds `expected(i)`'s
 * position and orientation; unlisted environments and `prevX`/`prevY`/`stepCount`/`totalReward` are unchanged.
 */
export function expectAgentsMatch(
  agents: AgentBatch,
  before: AgentBatch,
  listed: readonly number[],
  expected: (i: number) => AgentState,
): void {
  const x = before.x.slice();
  const y = before.y.slice();
  const orientation = before.orientation.slice();
  for (const i of listed) {
    const next = expected(i);
    x[i] = next.position.x;
    y[i] = next.position.y;
    orientation[i] = next.orientation;
  }
  expectSameBits(agents.x, x, "x");
  expectSameBits(agents.y, y, "y");
  expectSameBits(agents.orientation, orientation, "orientation");
  expectSameBits(agents.prevX, before.prevX, "prevX");
  expectSameBits(agents.prevY, before.prevY, "prevY");
  expectSameBits(agents.stepCount, before.stepCount, "stepCount");
  expectSameBits(agents.totalReward, before.totalReward, "totalReward");
}
